#!/usr/bin/env bash
# Redis failover under SwipeDeck (docs/SCALING.md, issue 32): a primary with two replicas and three
# Sentinels (down-after-milliseconds 1000) on loopback ports chosen here, stopped by pid at the end.
# Prints (1) vote latency p50/p99 with --store-replicas 1 (every vote waits for WAIT 1) beside the
# same load on the same set-up with --store-replicas 0, one node each, `swipe-bench load` paced;
# (2) failover time: from the primary's SIGKILL to the first acknowledged vote after it, over RUNS
# runs of the end-to-end test that measures it (ClusterSentinelFailoverTests, debug build: the time
# is Sentinel's, not the node's). Not run by CI. Usage: scripts/bench-failover.sh [CLIENTS ROOMS SECONDS RUNS]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
clients="${1:-200}"; rooms="${2:-20}"; seconds="${3:-10}"; runs="${4:-5}"
work="$(mktemp -d)"
pids=()
cleanup() { for pid in "${pids[@]}"; do kill -CONT "$pid" 2>/dev/null || true; kill -9 "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

swift build -c release --product swipe-server >/dev/null
swift build -c release --product swipe-bench >/dev/null
server=.build/release/swipe-server
bench=.build/release/swipe-bench

# shellcheck source=lib/ports.sh
. scripts/lib/ports.sh

ports=("$(free_port)" "$(free_port)" "$(free_port)")
for i in 0 1 2; do
    mkdir -p "$work/redis$i"
    replicaof=(); [ "$i" -gt 0 ] && replicaof=(--replicaof 127.0.0.1 "${ports[0]}")
    redis-server --port "${ports[$i]}" --bind 127.0.0.1 --save "" --appendonly yes --appendfsync always \
        --dir "$work/redis$i" "${replicaof[@]}" >"$work/redis$i.log" 2>&1 &
    pids+=($!); wait_port "${ports[$i]}" redis-server "$work/redis$i.log"
done
sentinels=()
for i in 0 1 2; do
    port="$(free_port)"
    printf 'port %s\nbind 127.0.0.1\ndir %s\nsentinel monitor main 127.0.0.1 %s 2\nsentinel down-after-milliseconds main 1000\nsentinel failover-timeout main 3000\n' \
        "$port" "$work" "${ports[0]}" > "$work/sentinel$i.conf"
    redis-sentinel "$work/sentinel$i.conf" >"$work/sentinel$i.log" 2>&1 &
    pids+=($!); wait_port "$port" redis-sentinel "$work/sentinel$i.log"
    sentinels+=("127.0.0.1:$port")
done
store="redis-sentinel://$(IFS=,; echo "${sentinels[*]}")/main"
for _ in $(seq 1 200); do   # the Sentinels know both replicas and each other
    ready=1
    for s in "${sentinels[@]}"; do
        info="$(redis-cli -p "${s#*:}" SENTINEL master main | paste -sd' ')"
        [[ "$info" == *"num-slaves 2 "* && "$info" == *"num-other-sentinels 2 "* ]] || ready=0
    done
    [ "$ready" = 1 ] && break
    sleep 0.1
done
[ "$ready" = 1 ] || { echo "the Sentinels did not find the replicas and each other" >&2; exit 1; }

run() {   # replicas → $work/replicas-N.json
    local port; port="$(free_port)"
    "$server" --host 127.0.0.1 --port "$port" --log-level error --max-connections-per-address 0 --max-rooms-per-address 0 \
        --store "$store" --store-replicas "$1" --node-id "bench$1" >"$work/node$1.log" 2>&1 &
    local node=$!; pids+=("$node"); wait_port "$port" swipe-server "$work/node$1.log"
    "$bench" load --clients "$clients" --rooms "$rooms" --duration "$seconds" --vote-interval-ms 100 \
        --url "ws://127.0.0.1:$port/" --server-pid "$node" --json > "$work/replicas-$1.json"
    kill "$node"; wait "$node" 2>/dev/null || true
}
run 0
run 1

echo "Failover (end-to-end test, $runs runs):"
failovers=()
for _ in $(seq 1 "$runs"); do
    line="$(swift test --filter 'ClusterSentinelFailoverTests/aPrimaryKilledMidSession' 2>&1 | grep -o 'first acknowledged vote [0-9.]* s' || true)"
    echo "  ${line:-run failed}"
    [ -n "$line" ] && failovers+=("$(echo "$line" | grep -o '[0-9.]*')")
done

python3 - "$work" "$clients" "$rooms" "${failovers[@]}" <<'PY'
import json, sys, os, statistics
work, clients, rooms, failovers = sys.argv[1], sys.argv[2], sys.argv[3], [float(x) for x in sys.argv[4:]]
print(f"\n{clients} clients in {rooms} rooms, paced (a vote per client every 100 ms), one node; primary + 2 replicas + 3 Sentinels")
print()
print("| --store-replicas | vote p50 / p99 ms | votes/s | errors |")
print("|---|---|---|---|")
for n in (0, 1):
    with open(os.path.join(work, f"replicas-{n}.json")) as f: d = json.load(f)
    v = d["vote_latency_ms"]
    print(f"| {n} | {v['p50']:.2f} / {v['p99']:.2f} | {d['votes_per_s']} | {d['errors']} |")
if failovers:
    print()
    print(f"Failover, primary SIGKILLed → first acknowledged vote: median {statistics.median(failovers):.2f} s, "
          f"min {min(failovers):.2f} s, max {max(failovers):.2f} s over {len(failovers)} runs")
PY
