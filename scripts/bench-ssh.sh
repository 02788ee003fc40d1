#!/usr/bin/env bash
# The SSH gateway's benchmark (not run by CI; figures in docs/BENCHMARKS.md): a real swipe-server
# and scripts/ssh-gateway.sh on free loopback ports, MEMBERS generated ed25519 keys, and
# scripts/lib/bench_ssh.py driving real `ssh -tt` clients on ptys of their own. Prints:
# connect-to-lobby p50/p99, memory per ssh member, vote latency over ssh beside a local WebSocket
# client, the gateway at idle. As root (the gateway needs it).
# Usage: scripts/bench-ssh.sh [--members 100] [--rooms 10] [debug|release]
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/ports.sh
. scripts/lib/ports.sh
members=100 rooms=10 config=debug
while [ $# -gt 0 ]; do
    case "$1" in
        --members) members=$2; shift 2 ;;
        --rooms) rooms=$2; shift 2 ;;
        debug|release) config=$1; shift ;;
        *) echo "usage: $0 [--members N] [--rooms N] [debug|release]" >&2; exit 64 ;;
    esac
done
[ "$(id -u)" -eq 0 ] || { echo "bench-ssh: needs root (the gateway's sshd)" >&2; exit 1; }
export LANG=C.UTF-8
swift build -c "$config" --product swipe-server >&2
swift build -c "$config" --product swipe >&2
bin="$(swift build -c "$config" --show-bin-path)"
work="$(mktemp -d)"; chmod 0755 "$work"
server_pid="" gateway_pid=""
cleanup() {
    [ -z "$gateway_pid" ] || { kill -TERM "$gateway_pid" 2>/dev/null; wait "$gateway_pid" 2>/dev/null || true; }
    [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
server_port="$(free_port)" ssh_port="$(free_port)"
# Everyone comes from 127.0.0.1 (the gateway's host), so the per-address limits are the group's.
"$bin/swipe-server" --port "$server_port" --data :memory: --log-level error --max-rooms-per-address 0 \
    --max-connections-per-address 0 >"$work/server.log" 2>&1 &
server_pid=$!
scripts/ssh-gateway.sh --port "$ssh_port" --server "ws://127.0.0.1:$server_port" --state "$work/state" --listen 127.0.0.1 \
    --swipe "$bin/swipe" --max-sessions $((members + 10)) >"$work/gateway.log" 2>&1 &
gateway_pid=$!
for _ in $(seq 1 300); do grep -q "ssh-gateway: listening" "$work/gateway.log" && break; sleep 0.1; done
grep -q "ssh-gateway: listening" "$work/gateway.log" || { cat "$work/gateway.log" >&2; exit 1; }
sshd_pid="$(pgrep -P "$gateway_pid" -x sshd)"
mkdir -p "$work/keys"
for i in $(seq 0 $((members - 1))); do ssh-keygen -q -t ed25519 -N '' -f "$work/keys/k$i"; done
echo "bench-ssh: $members members, $rooms rooms, $config build, $(nproc) cores"
python3 scripts/lib/bench_ssh.py --members "$members" --rooms "$rooms" --server-port "$server_port" --ssh-port "$ssh_port" \
    --keys "$work/keys" --swipe "$bin/swipe" --sshd-pid "$sshd_pid"
