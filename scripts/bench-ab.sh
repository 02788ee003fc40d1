#!/usr/bin/env bash
# Compare swipe-server builds (or flags) under the same load, alternating, so a noisy shared host
# hits every variant alike. Each variant is "LABEL=BINARY [server flags…]"; every round runs each
# once and prints vote latency, deliveries/s, server CPU, CPU per delivery and the host's steal.
#
#   scripts/bench-ab.sh -r 2 "before=/tmp/swipe-server-old" "poll=.build/release/swipe-server --event-loop poll" \
#       "epoll=.build/release/swipe-server"
#
# CLIENTS, ROOMS, DURATION (s) and VOTE_INTERVAL_MS (0: saturation; default 100, paced) set the load.
# Needs a release swipe-bench (swift build -c release --product swipe-bench) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=1
if [[ "${1:-}" == "-r" ]]; then rounds=$2; shift 2; fi
if [[ $# -eq 0 ]]; then sed -n '2,8p' "$0"; exit 2; fi
bench=.build/release/swipe-bench
[[ -x $bench ]] || { echo "bench-ab: $bench is missing: swift build -c release --product swipe-bench" >&2; exit 1; }
port=${BENCH_AB_PORT:-7850}
for ((round = 1; round <= rounds; round++)); do
  for variant in "$@"; do
    label=${variant%%=*}
    read -r -a command <<< "${variant#*=}"
    [[ -x ${command[0]} ]] || { echo "bench-ab: ${command[0]} (variant $label) is not an executable" >&2; exit 1; }
    # Every client comes from 127.0.0.1: lift the per-address caps, as swipe-bench does for the server it starts.
    "${command[@]}" --host 127.0.0.1 --port "$port" --data :memory: --log-level warning \
      --max-connections-per-address 0 --max-rooms-per-address 0 >/dev/null 2>&1 &
    server=$!
    sleep 0.7
    "$bench" load --clients "${CLIENTS:-1000}" --rooms "${ROOMS:-100}" --duration "${DURATION:-10}" \
      --vote-interval-ms "${VOTE_INTERVAL_MS:-100}" --url "ws://127.0.0.1:$port/" --server-pid "$server" --json 2>/dev/null | tail -n1 |
      LABEL=$label python3 -c '
import json, os, sys
d = json.loads(sys.stdin.read()); v = d["vote_latency_ms"]; cpu = d.get("server_cpu_percent") or 0
per = cpu * 1e4 / d["deliveries_per_s"] if d["deliveries_per_s"] else 0
votes = d.get("votes_per_s") or 0
print("%-12s vote p50 %6.1f p99 %6.1f ms | %6d votes/s | %7d deliveries/s | server CPU %5.1f %% = %5.2f us/delivery, %4.0f us/vote | steal %s %% | errors %d"
      % (os.environ["LABEL"], v["p50"], v["p99"], votes, d["deliveries_per_s"], cpu, per, cpu * 1e4 / votes if votes else 0,
         d.get("machine_steal_percent"), d["errors"]))'
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  done
done
