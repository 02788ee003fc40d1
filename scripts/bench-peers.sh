#!/usr/bin/env bash
# docs/BENCHMARKS.md's "current figures" against the NIO peer and the lws floor, with one command.
# Builds what is missing (release swipe-server and swipe-bench, benchmarks/nio-peer,
# benchmarks/lws-floor), then runs PAIRS rounds (default 5) of the same load, at saturation
# (--vote-interval-ms 0) and paced (100), each round against swipe-server, the NIO peer and the
# floor one after the other, so a noisy host hits all three alike. Prints a Markdown table of the
# medians, the median of the per-round ratios for every goal, and the host's steal; then, unless
# --no-callgrind, the instruction counts per vote and per delivery (scripts/bench-callgrind.sh, 60 s).
#
#   scripts/bench-peers.sh [-n PAIRS] [-o DIR] [--no-callgrind]
#   CLIENTS=1000 ROOMS=100 DURATION=10 (seconds measured per run) are the defaults.
#
# Every run's JSON stays in DIR (default /tmp/bench-peers). Needs python3; callgrind needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=5
out="${TMPDIR:-/tmp}/bench-peers"
callgrind=1
while [ $# -gt 0 ]; do
    case "$1" in
        -n) pairs="${2:?-n needs a number}"; shift 2 ;;
        -o) out="${2:?-o needs a directory}"; shift 2 ;;
        --no-callgrind) callgrind=0; shift ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "bench-peers: unknown argument $1 (use -n PAIRS, -o DIR, --no-callgrind)" >&2; exit 2 ;;
    esac
done
[[ "$pairs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-peers: -n takes a positive number, not $pairs" >&2; exit 2; }
command -v python3 >/dev/null || { echo "bench-peers: python3 is needed for the table" >&2; exit 1; }

echo "bench-peers: building (release) ..." >&2
swift build -c release --product swipe-server >/dev/null
swift build -c release --product swipe-bench >/dev/null
(cd benchmarks/nio-peer && swift build -c release >/dev/null)
bash benchmarks/lws-floor/build.sh >/dev/null
bench=.build/release/swipe-bench
nio=benchmarks/nio-peer/.build/release/nio-peer
floor=benchmarks/lws-floor/.build/lws-floor

mkdir -p "$out"
rm -f "$out"/*.json
for ((round = 1; round <= pairs; round++)); do
    for mode in saturation paced; do
        interval=0
        [ "$mode" = paced ] && interval=100
        echo "bench-peers: round $round/$pairs, $mode ..." >&2
        if ! "$bench" load --clients "${CLIENTS:-1000}" --rooms "${ROOMS:-100}" --duration "${DURATION:-10}" \
            --vote-interval-ms "$interval" --against nio,floor --nio-peer-path "$nio" --floor-path "$floor" --json \
            2>"$out/$mode-$round.err" | tail -n1 >"$out/$mode-$round.json"; then
            echo "bench-peers: round $round ($mode) failed; swipe-bench said:" >&2
            tail -n5 "$out/$mode-$round.err" >&2
            exit 1
        fi
    done
done

python3 - "$out" "$pairs" <<'PY'
import json, statistics, sys
out, pairs = sys.argv[1], int(sys.argv[2])
runs = {m: [json.load(open(f"{out}/{m}-{i}.json")) for i in range(1, pairs + 1)] for m in ("saturation", "paced")}
med = statistics.median
def col(mode, f):
    return [(f(r), f(r["nio"]), f(r["floor"])) for r in runs[mode]]
def fmt(x, d=1): return f"{x:,.{d}f}"
steal = [r.get("machine_steal_percent") or 0 for m in runs for r in runs[m]]
errors = sum(r["errors"] + r["nio"]["errors"] + r["floor"]["errors"] for m in runs for r in runs[m])
print(f"\n{pairs} rounds, {runs['paced'][0]['clients']} clients in {runs['paced'][0]['rooms']} rooms, "
      f"{runs['paced'][0]['duration_s']} s each; steal {min(steal)}–{max(steal)} %; errors {errors}\n")
print("| figure (median of the rounds) | swipe-server | NIO peer | lws floor | swipe ÷ NIO (median of the rounds' ratios) | goal | |")
print("|---|---|---|---|---|---|---|")
def row(name, mode, f, goal, ok, d=1, ratio_to=1):
    values = col(mode, f)
    s, n, fl = (med([v[i] for v in values]) for i in range(3))
    ratio = med([v[0] / v[ratio_to] for v in values if v[ratio_to]])
    verdict = ("met" if ok(ratio, s) else "missed") if goal else ""
    print(f"| {name} | {fmt(s, d)} | {fmt(n, d)} | {fmt(fl, d)} | {ratio:.2f}× | {goal} | {verdict} |")
row("saturation votes/s", "saturation", lambda r: r["votes_per_s"], "≥ 2×", lambda q, s: q >= 2, 0)
row("saturation vote p50 ms", "saturation", lambda r: r["vote_latency_ms"]["p50"], "", lambda q, s: True)
row("saturation vote p99 ms", "saturation", lambda r: r["vote_latency_ms"]["p99"], "", lambda q, s: True)
row("paced vote p50 ms", "paced", lambda r: r["vote_latency_ms"]["p50"], "", lambda q, s: True)
row("paced vote p99 ms", "paced", lambda r: r["vote_latency_ms"]["p99"], "≤ 0.5×, < 5 ms", lambda q, s: q <= 0.5 and s < 5)
row("RSS per active connection KB (paced)", "paced", lambda r: (r["rss_per_connection_bytes"] or 0) / 1024, "≤ 1×", lambda q, s: q <= 1)
row("RSS per active connection KB (saturation)", "saturation", lambda r: (r["rss_per_connection_bytes"] or 0) / 1024, "", lambda q, s: True)
row("server CPU % (paced)", "paced", lambda r: r["server_cpu_percent"] or 0, "", lambda q, s: True, 0)
values = col("saturation", lambda r: r["deliveries_per_s"])
share = med([v[0] / v[2] for v in values if v[2]])
print(f"| saturation deliveries/s | {fmt(med([v[0] for v in values]), 0)} | {fmt(med([v[1] for v in values]), 0)} | "
      f"{fmt(med([v[2] for v in values]), 0)} | swipe ÷ floor {share:.0%} | ≥ 80 % of the floor | {'met' if share >= 0.8 else 'missed'} |")
PY

if [ "$callgrind" = 1 ]; then
    echo >&2
    echo "bench-peers: instructions per vote and per delivery (callgrind, 60 s) ..." >&2
    SECONDS_LOAD=60 scripts/bench-callgrind.sh "peers-$(git rev-parse --short HEAD)"
fi
