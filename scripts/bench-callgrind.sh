#!/usr/bin/env bash
# Instructions per vote and per delivery: swipe-server under callgrind (valgrind counts
# instructions, which the host's steal does not move), first idle, then under a small paced load
# (20 clients, 2 rooms) for as long (SECONDS, default 10; 60 gives about 1,200 votes); the load's
# instructions less the idle run's, over its votes and deliveries.
# Usage: [SECONDS_LOAD=60] scripts/bench-callgrind.sh LABEL [SERVER_BINARY] — default this tree's
# release build as CI makes it (--static-swift-stdlib), built in its own scratch directory
# (.build-callgrind, so the everyday .build is left alone); give an older build's binary to compare
# (its flags must include --port, --data, --log-level).
#
# valgrind 3.19 cannot read the DWARF that Swift 6.3's toolchain writes ("Possibly corrupted
# debuginfo file", then it gives up on the binary), so the server runs from a copy with its debug
# sections stripped (`strip --strip-debug`: the symbol table stays, so callgrind_annotate still
# names functions; the code is the same bytes).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/ports.sh
. scripts/lib/ports.sh
label="${1:?usage: $0 LABEL [SERVER_BINARY]}"
seconds="${SECONDS_LOAD:-10}"
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
scratch=.build-callgrind
build() { swift build -c release --static-swift-stdlib --scratch-path "$scratch" "$@"; }
if [ -z "${2:-}" ]; then
    build --product swipe-server >/dev/null
fi
built="$(build --show-bin-path)"
[ -x "$built/swipe-bench" ] || build --product swipe-bench >/dev/null
out="${TMPDIR:-/tmp}/callgrind-$label"
mkdir -p "$out"
bin="$out/swipe-server"
cp "${2:-$built/swipe-server}" "$bin"
strip --strip-debug "$bin"
for mode in idle load; do
    port="$(free_port)"
    valgrind --tool=callgrind --callgrind-out-file="$out/$mode.out" "$bin" --port "$port" --data :memory: --log-level warning \
        --max-connections-per-address 0 --max-rooms-per-address 0 \
        >/dev/null 2>"$out/$mode.err" &
    vpid=$!
    WAIT_PORT_TENTHS=300 wait_port "$port" "swipe-server under callgrind" "$out/$mode.err"
    if [ "$mode" = load ]; then
        "$built/swipe-bench" load --clients 20 --rooms 2 --duration "$seconds" --vote-interval-ms 100 \
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
# The exact counts (the rates are rounded to whole votes/s: 19 against 20 moved the figure by 5 %).
votes = d.get("votes") or d["votes_per_s"] * d["duration_s"]; deliveries = d.get("deliveries") or d["deliveries_per_s"] * d["duration_s"]
work = ir("load") - ir("idle")
print(f"{label}: {work/1e9:.2f} G instructions for {votes:.0f} votes and {deliveries:.0f} deliveries: "
      f"{work/votes/1e3:.0f} k per vote, {work/deliveries/1e3:.1f} k per delivery (vote p50 {d['vote_latency_ms']['p50']} ms under callgrind, errors {d['errors']})")
PY
