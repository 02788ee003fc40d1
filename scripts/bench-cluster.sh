#!/usr/bin/env bash
# One run, side by side: one node on SQLite, one node on Redis, three nodes on Redis (members of
# every room spread over the three). Paced (--vote-interval-ms 100) and saturation (0) loads;
# prints a Markdown table for docs/BENCHMARKS.md. Release build; Redis and the nodes on loopback
# ports chosen here, stopped by pid at the end. Usage: scripts/bench-cluster.sh [CLIENTS ROOMS SECONDS]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
clients="${1:-600}"; rooms="${2:-60}"; seconds="${3:-10}"
work="$(mktemp -d)"
pids=()
cleanup() { for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

swift build -c release --product swipe-server >/dev/null
swift build -c release --product swipe-bench >/dev/null
server=.build/release/swipe-server
bench=.build/release/swipe-bench
limits=(--max-connections-per-address 0 --max-rooms-per-address 0)

# shellcheck source=lib/ports.sh
. scripts/lib/ports.sh

start_node() {   # port, extra args…  → sets node_pid
    local port="$1"; shift
    "$server" --host 127.0.0.1 --port "$port" --log-level error "${limits[@]}" "$@" >/dev/null 2>&1 &
    node_pid=$!; pids+=("$node_pid"); wait_port "$port" swipe-server
}

redis_port="$(free_port)"
redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly yes --appendfsync always --dir "$work" >/dev/null 2>&1 &
redis_pid=$!; pids+=("$redis_pid"); wait_port "$redis_port" redis-server

run() {   # label, interval, urls… (pids in $load_pids)
    local label="$1" interval="$2"; shift 2
    local args=() url
    for url in "$@"; do args+=(--url "$url"); done
    for pid in $load_pids; do args+=(--server-pid "$pid"); done
    "$bench" load --clients "$clients" --rooms "$rooms" --duration "$seconds" --vote-interval-ms "$interval" "${args[@]}" --json \
        > "$work/$label-$interval.json"
}

p1="$(free_port)"; start_node "$p1" --data "$work/sqlite"; load_pids="$node_pid"
run sqlite 100 "ws://127.0.0.1:$p1/"; run sqlite 0 "ws://127.0.0.1:$p1/"
kill "$node_pid"

p2="$(free_port)"; start_node "$p2" --store "redis://127.0.0.1:$redis_port" --node-id solo; load_pids="$node_pid $redis_pid"
run redis1 100 "ws://127.0.0.1:$p2/"; run redis1 0 "ws://127.0.0.1:$p2/"
kill "$node_pid"

urls=(); load_pids="$redis_pid"
for n in 1 2 3; do
    port="$(free_port)"; start_node "$port" --store "redis://127.0.0.1:$redis_port" --node-id "n$n"
    urls+=("ws://127.0.0.1:$port/"); load_pids="$load_pids $node_pid"
done
run redis3 100 "${urls[@]}"; run redis3 0 "${urls[@]}"

python3 - "$work" "$clients" "$rooms" <<'PY'
import json, sys, os
work, clients, rooms = sys.argv[1], sys.argv[2], sys.argv[3]
names = {"sqlite": "1 node, SQLite", "redis1": "1 node, Redis", "redis3": "3 nodes, Redis"}
def load(label, interval):
    with open(os.path.join(work, f"{label}-{interval}.json")) as f: return json.load(f)
print(f"{clients} clients in {rooms} rooms; server CPU and RSS summed over the nodes and Redis")
print()
print("| setup | load | vote p50 / p99 ms | votes/s | deliveries/s | server CPU % | CPU µs / delivery | steal % | errors |")
print("|---|---|---|---|---|---|---|---|---|")
p50 = {}
for label in ["sqlite", "redis1", "redis3"]:
    for interval, load_name in [(100, "paced"), (0, "saturation")]:
        d = load(label, interval)
        v = d["vote_latency_ms"]
        cpu = d.get("server_cpu_percent") or 0
        per = cpu / 100 * 1e6 / d["deliveries_per_s"] if d["deliveries_per_s"] else 0
        if interval == 100: p50[label] = v["p50"]
        print(f"| {names[label]} | {load_name} | {v['p50']:.2f} / {v['p99']:.2f} | {d['votes_per_s']} | {d['deliveries_per_s']} | {cpu:.0f} | {per:.1f} | {d['machine_steal_percent']} | {d['errors']} |")
print()
print(f"Paced vote p50: the Redis hop adds {p50['redis1'] - p50['sqlite']:+.2f} ms on one node; three nodes {p50['redis3'] - p50['sqlite']:+.2f} ms.")
PY
