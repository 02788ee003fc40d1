#!/usr/bin/env bash
# Instructions per vote and per delivery: swipe-server under callgrind (valgrind counts
# instructions, which the host's steal does not move), first idle, then under a small paced load
# (20 clients, 2 rooms) for as long (SECONDS, default 10; 60 gives about 1,200 votes); the load's
# instructions less the idle run's, over its votes and deliveries.
# Usage: [SECONDS_LOAD=60] scripts/bench-callgrind.sh LABEL [SERVER_BINARY] — default the release build;
# give an older build's binary to compare (its flags must include --port, --data, --log-level).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/ports.sh
. scripts/lib/ports.sh
label="${1:?usage: $0 LABEL [SERVER_BINARY]}"
bin="${2:-.build/release/swipe-server}"
seconds="${SECONDS_LOAD:-10}"
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
[ -x .build/release/swipe-bench ] || swift build -c release --product swipe-bench >/dev/null
out="${TMPDIR:-/tmp}/callgrind-$label"
mkdir -p "$out"
for mode in idle load; do
    port="$(free_port)"
    valgrind --tool=callgrind --callgrind-out-file="$out/$mode.out" "$bin" --port "$port" --data :memory: --log-level warning \
        --max-connections-per-address 0 --max-rooms-per-address 0 \
        >/dev/null 2>"$out/$mode.err" &
    vpid=$!
    WAIT_PORT_TENTHS=300 wait_port "$port" "swipe-server under callgrind" "$out/$mode.err"
    if [ "$mode" = load ]; then
        .build/release/swipe-bench load --clients 20 --rooms 2 --duration "$seconds" --vote-interval-ms 100 \
            --url "ws://127.0.0.1:$port/" --json 2>/dev/null | tail -n1 >"$out/bench.json"
    else
        sleep $((seconds + 2))   # as long as the load run (connecting takes about 2 s)
    fi
    kill -TERM "$vpid"; wait "$vpid" || true
done
python3 - "$out" "$label" <<'PY'
import json, re, sys
out, label = sys.argv[1], sys.argv[2]
def ir(mode): return int(re.search(r"Collected : (\d+)", open(f"{out}/{mode}.err").read()).group(1))
d = json.load(open(f"{out}/bench.json"))
votes = d["votes_per_s"] * d["duration_s"]; deliveries = d["deliveries_per_s"] * d["duration_s"]
work = ir("load") - ir("idle")
print(f"{label}: {work/1e9:.2f} G instructions for {votes:.0f} votes and {deliveries:.0f} deliveries: "
      f"{work/votes/1e3:.0f} k per vote, {work/deliveries/1e3:.1f} k per delivery (vote p50 {d['vote_latency_ms']['p50']} ms under callgrind, errors {d['errors']})")
PY
