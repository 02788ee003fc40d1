#!/usr/bin/env bash
# A SwipeDeck cluster on this machine, for trying it out: Redis, three swipe-server nodes sharing
# rooms through it, and HAProxy in front (deploy/haproxy.cfg). Everything binds 127.0.0.1.
#
#   scripts/cluster.sh up      build (release), start everything, print the address to give `swipe`
#   scripts/cluster.sh status  what runs, and each node's /healthz
#   scripts/cluster.sh down    stop everything this script started (by the pids it wrote)
#
# Ports: SWIPE_CLUSTER_PORT (default 7680) for the proxy, the next three for the nodes, and
# SWIPE_REDIS_PORT (default 7679) for Redis. State and logs: $SWIPE_CLUSTER_DIR (default
# ${XDG_STATE_HOME:-~/.local/state}/swipedeck-cluster).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
proxy_port="${SWIPE_CLUSTER_PORT:-7680}"
redis_port="${SWIPE_REDIS_PORT:-7679}"
state="${SWIPE_CLUSTER_DIR:-${XDG_STATE_HOME:-$HOME/.local/state}/swipedeck-cluster}"
server="$root/.build/release/swipe-server"

die() { echo "cluster: $*" >&2; exit 1; }
# shellcheck source=lib/ports.sh
. "$root/scripts/lib/ports.sh"

running() { [ -f "$state/$1.pid" ] && kill -0 "$(cat "$state/$1.pid")" 2>/dev/null; }

up() {
    for tool in redis-server haproxy; do
        command -v "$tool" >/dev/null || die "$tool is not installed (run scripts/setup.sh as root)"
    done
    mkdir -p "$state" && chmod 700 "$state"
    for name in redis node1 node2 node3 haproxy; do
        running "$name" && die "$name is already running (pid $(cat "$state/$name.pid")); run: $0 down"
    done
    echo "cluster: building swipe-server (release)"
    (cd "$root" && swift build -c release --product swipe-server >/dev/null)

    redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly yes --appendfsync always \
        --dir "$state" >"$state/redis.log" 2>&1 &
    echo $! >"$state/redis.pid"
    wait_port "$redis_port" redis "$state/redis.log"

    for n in 1 2 3; do
        port=$((proxy_port + n))
        "$server" --host 127.0.0.1 --port "$port" --store "redis://127.0.0.1:$redis_port" --node-id "n$n" \
            --durability full --trust-proxy 127.0.0.1/32 >"$state/node$n.log" 2>&1 &
        echo $! >"$state/node$n.pid"
        wait_port "$port" "node n$n" "$state/node$n.log"
    done

    SWIPE_PROXY_BIND="127.0.0.1:$proxy_port" SWIPE_NODE1="127.0.0.1:$((proxy_port + 1))" \
        SWIPE_NODE2="127.0.0.1:$((proxy_port + 2))" SWIPE_NODE3="127.0.0.1:$((proxy_port + 3))" \
        haproxy -f "$root/deploy/haproxy.cfg" -db >"$state/haproxy.log" 2>&1 &
    echo $! >"$state/haproxy.pid"
    wait_port "$proxy_port" haproxy "$state/haproxy.log"

    echo "cluster: up. Redis 127.0.0.1:$redis_port, nodes 127.0.0.1:$((proxy_port + 1))-$((proxy_port + 3)), proxy 127.0.0.1:$proxy_port"
    echo "  create: swipe create ws://127.0.0.1:$proxy_port --name Ann --deck movies"
    echo "  join:   swipe join ws://127.0.0.1:$proxy_port/ROOM-CODE --name Bo"
    echo "  logs:   $state/*.log      stop: $0 down"
}

status() {
    for name in redis node1 node2 node3 haproxy; do
        if running "$name"; then echo "$name: running (pid $(cat "$state/$name.pid"))"; else echo "$name: not running"; fi
    done
    for n in 1 2 3; do
        port=$((proxy_port + n))
        echo "n$n /healthz: $(curl -s --max-time 2 "http://127.0.0.1:$port/healthz" || echo unreachable)"
    done
}

down() {
    local stopped=0
    for name in haproxy node1 node2 node3 redis; do
        if running "$name"; then
            kill "$(cat "$state/$name.pid")" && stopped=$((stopped + 1))
        fi
        rm -f "$state/$name.pid"
    done
    echo "cluster: stopped $stopped process(es); data and logs stay in $state"
}

case "${1:-}" in
    up) up ;;
    down) down ;;
    status) status ;;
    *) echo "usage: $0 up|status|down" >&2; exit 64 ;;
esac
