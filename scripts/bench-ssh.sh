#!/usr/bin/env bash
# The SSH gateway's benchmark (not run by CI; figures in docs/BENCHMARKS.md): a real swipe-server
# and scripts/ssh-gateway.sh on free loopback ports, MEMBERS generated ed25519 keys, and
# scripts/lib/bench_ssh.py driving real `ssh -tt` clients on ptys of their own. Prints:
# connect-to-lobby p50/p99, memory per ssh member, vote latency over ssh beside a local WebSocket
# client, the gateway at idle. Members come from --sources loopback addresses (127.0.0.10 …); the
# gateway connects to the server from 127.0.0.2 (--from, the server's --trust-proxy), so each source
# is its own address to the server too. --stranger: one more address holds its whole share first.
# As root (the gateway needs it).
# Usage: scripts/bench-ssh.sh [--members 100] [--rooms 10] [--sources 10] [--stranger] [debug|release]
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/ports.sh
. scripts/lib/ports.sh
members=100 rooms=10 sources=10 stranger="" config=debug
while [ $# -gt 0 ]; do
    case "$1" in
        --members) members=$2; shift 2 ;;
        --rooms) rooms=$2; shift 2 ;;
        --sources) sources=$2; shift 2 ;;
        --stranger) stranger=--stranger; shift ;;
        debug|release) config=$1; shift ;;
        *) echo "usage: $0 [--members N] [--rooms N] [--sources N] [--stranger] [debug|release]" >&2; exit 64 ;;
    esac
done
[ "$(id -u)" -eq 0 ] || { echo "bench-ssh: needs root (the gateway's sshd)" >&2; exit 1; }
export LANG=C.UTF-8
# SCRATCH=DIR: build there (e.g. a release build beside a debug one's .build).
scratch=(${SCRATCH:+--scratch-path "$SCRATCH"})
swift build -c "$config" "${scratch[@]}" --product swipe-server >&2
swift build -c "$config" "${scratch[@]}" --product swipe >&2
bin="$(swift build -c "$config" "${scratch[@]}" --show-bin-path)"
work="$(mktemp -d)"; chmod 0755 "$work"
server_pid="" gateway_pid=""
cleanup() {
    [ -z "$gateway_pid" ] || { kill -TERM "$gateway_pid" 2>/dev/null; wait "$gateway_pid" 2>/dev/null || true; }
    [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
server_port="$(free_port)" ssh_port="$(free_port)"
# Each source's share: its members at once, plus one.
share=$(( (members + sources - 1) / sources + 1 ))
# The server's per-address limits at their defaults: each ssh source is its own address.
"$bin/swipe-server" --port "$server_port" --data :memory: --log-level error --trust-proxy 127.0.0.2 >"$work/server.log" 2>&1 &
server_pid=$!
scripts/ssh-gateway.sh --port "$ssh_port" --server "ws://127.0.0.1:$server_port" --state "$work/state" --listen 127.0.0.1 \
    --swipe "$bin/swipe" --from 127.0.0.2 --max-sessions $((members + share + 10)) --max-sessions-per-address "$share" --idle-timeout 3600 \
    >"$work/gateway.log" 2>&1 &
gateway_pid=$!
for _ in $(seq 1 300); do grep -q "ssh-gateway: listening" "$work/gateway.log" && break; sleep 0.1; done
grep -q "ssh-gateway: listening" "$work/gateway.log" || { cat "$work/gateway.log" >&2; exit 1; }
sshd_pid="$(pgrep -P "$gateway_pid" -x sshd)"
mkdir -p "$work/keys"
for i in $(seq 0 $((members - 1))); do ssh-keygen -q -t ed25519 -N '' -f "$work/keys/k$i"; done
if [ -n "$stranger" ]; then for i in $(seq 0 "$share"); do ssh-keygen -q -t ed25519 -N '' -f "$work/keys/s$i"; done; fi
echo "bench-ssh: $members members from $sources addresses, $rooms rooms, ${stranger:+a stranger holding its share ($share), }$config build, $(nproc) cores"
python3 scripts/lib/bench_ssh.py --members "$members" --rooms "$rooms" --server-port "$server_port" --ssh-port "$ssh_port" \
    --keys "$work/keys" --swipe "$bin/swipe" --sshd-pid "$sshd_pid" --sources "$sources" --share "$share" $stranger
