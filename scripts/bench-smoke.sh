#!/usr/bin/env bash
# Smoke run of swipe-bench: a tiny load against swipe-server (and the NIO peer when its build is
# present). Checks that the benchmark runs end to end and prints its JSON; figures are NOT asserted.
# Usage: scripts/bench-smoke.sh [debug|release]   (default: debug, which CI has built already)
# SWIPE_BENCH_SERVER=/path/to/swipe-server loads that binary instead of the one just built.
set -euo pipefail
cd "$(dirname "$0")/.."
config="${1:-debug}"
export LANG=C.UTF-8

swift build -c "$config" --product swipe-server
swift build -c "$config" --product swipe-bench
bin="$(swift build -c "$config" --show-bin-path)"

server=(--server-path "${SWIPE_BENCH_SERVER:-$bin/swipe-server}")
# The lws floor is plain C against the system libwebsockets: always built (a second or two).
bash benchmarks/lws-floor/build.sh
peers=floor
against=(--floor-path benchmarks/lws-floor/.build/lws-floor)
if [[ -x benchmarks/nio-peer/.build/release/nio-peer ]]; then
    peers=floor,nio
    against+=(--nio-peer-path benchmarks/nio-peer/.build/release/nio-peer)
fi
against+=(--against "$peers")

out="$("$bin/swipe-bench" load --clients 20 --rooms 4 --duration 2 --validate --json "${server[@]}" "${against[@]}")"
echo "$out"
# The report must be one JSON object with the documented keys.
python3 - "$out" <<'PY'
import json, sys
report = json.loads(sys.argv[1])
for key in ("vote_latency_ms", "drag_latency_ms", "deliveries_per_s", "connections", "rss_per_connection_bytes", "errors"):
    assert key in report, f"swipe-bench report lacks {key!r}"
assert report["connections"] == 20, f"expected 20 connections, got {report['connections']}"
# The exact counts behind the rounded rates (what per-vote figures divide by).
for count, rate in (("votes", "votes_per_s"), ("deliveries", "deliveries_per_s")):
    assert isinstance(report.get(count), int), f"swipe-bench report lacks the exact {count!r}"
    # duration_s is rounded to 10 ms and the rate to a whole one per second
    assert abs(report[count] / report["duration_s"] - report[rate]) <= 0.5 + report[rate] * 0.01, (count, report[count], rate, report[rate])
assert report["floor"]["connections"] == 20 and report["floor"]["errors"] == 0, report["floor"]
print("bench smoke: report has every key; connections", report["connections"], "errors", report["errors"])
PY

# The render benchmark: a few frames, checks that it produces figures for the size asked.
render="$("$bin/swipe-bench" render --frames 50 --sizes 80x24 --json)"
python3 - "$render" <<'PY'
import json, sys
rows = json.loads(sys.argv[1])["render"]
assert {r["scenario"] for r in rows} == {"local-drag", "remote-drags", "still"}, rows
print("bench smoke: render produced", len(rows), "rows")
PY

# The restart benchmark: a small history, one timed start; checks the report, not the time.
restart="$("$bin/swipe-bench" restart --events 5000 --active-rooms 20 --kept-rooms 40 --starts 1 --checkpoint-every 50 --json)"
python3 - "$restart" <<'PY'
import json, sys
report = json.loads(sys.argv[1])
assert report["events"] >= 5000, report
assert len(report["restart_ms"]) == 1, report
print("bench smoke: restart of", report["events"], "events in", round(report["restart_ms_median"]), "ms")
PY
