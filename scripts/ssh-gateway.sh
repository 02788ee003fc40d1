#!/usr/bin/env bash
# Runs SwipeDeck's SSH gateway from a source build, in the foreground, as root: a second sshd on
# its own port, config (deploy/ssh/sshd_config, filled in here), host keys and state directory,
# whose only job is to put a login into `swipe gateway` (the full client, restricted).
#
#   scripts/ssh-gateway.sh --port 2222 --server ws://127.0.0.1:7681 --state /var/lib/swipedeck-ssh \
#       [--guests] [--swipe PATH] [--max-sessions N] [--max-sessions-per-address N] [--idle-timeout S]
#       [--listen ADDR] [--public ws://HOST:PORT] [--from 127.0.0.2]
#       [--forget-members-after DAYS] [--max-members-bytes N]
#
# Members then type: ssh -t -p 2222 swipe@HOST CODE (docs/OPERATIONS.md, "The SSH gateway").
# It makes what it needs and is missing: the group and users `swipe` (and `guest` with --guests;
# their login shell is the swipe binary, which runs only the gateway; password field `*`, or empty
# for guest, which only this sshd accepts and only for guest), host keys in STATE/host-keys, the
# per-key state STATE/members (0700, owned by swipe). Without --guests an existing guest's empty
# password is locked again (`*`). It refuses to start while /etc/ssh/sshrc exists (sshd would run it
# with /bin/sh for every login, before the gateway). Prints a line with `listening` once an ssh
# client gets an answer; SIGTERM or SIGINT stops sshd and ends with status 0.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
port="" server="" state="" guests=0 swipe="" max_sessions=200 per_address="" idle_timeout="" listen=0.0.0.0 public="" from="" forget_after="" members_bytes=""
usage() { echo "usage: $0 --port P --server ws://127.0.0.1:S --state DIR [--guests] [--swipe PATH] [--max-sessions N] [--max-sessions-per-address N] [--idle-timeout S] [--listen ADDR] [--public ws://HOST:PORT] [--from ADDR] [--forget-members-after DAYS] [--max-members-bytes N]" >&2; exit 64; }
while [ $# -gt 0 ]; do
    case "$1" in
        --port) port=${2:-}; shift 2 ;;
        --server) server=${2:-}; shift 2 ;;
        --state) state=${2:-}; shift 2 ;;
        --guests) guests=1; shift ;;
        --swipe) swipe=${2:-}; shift 2 ;;
        --max-sessions) max_sessions=${2:-}; shift 2 ;;
        --max-sessions-per-address) per_address=${2:-}; shift 2 ;;
        --idle-timeout) idle_timeout=${2:-}; shift 2 ;;
        --listen) listen=${2:-}; shift 2 ;;
        --public) public=${2:-}; shift 2 ;;
        --from) from=${2:-}; shift 2 ;;
        --forget-members-after) forget_after=${2:-}; shift 2 ;;
        --max-members-bytes) members_bytes=${2:-}; shift 2 ;;
        -h|--help) usage ;;
        *) echo "ssh-gateway: unknown argument \"$1\"" >&2; usage ;;
    esac
done
[ -n "$port" ] && [ -n "$server" ] && [ -n "$state" ] || usage
case "$port" in ''|*[!0-9]*) echo "ssh-gateway: --port must be a number (got \"$port\")" >&2; exit 64 ;; esac
for pair in "--max-sessions=$max_sessions" "--max-sessions-per-address=${per_address:-1}" "--idle-timeout=${idle_timeout:-1}" \
        "--forget-members-after=${forget_after:-1}" "--max-members-bytes=${members_bytes:-1}"; do
    case "${pair#*=}" in ''|*[!0-9]*) echo "ssh-gateway: ${pair%%=*} must be a number (got \"${pair#*=}\")" >&2; exit 64 ;; esac
done
case "$server" in ws://*|wss://*) ;; *) echo "ssh-gateway: --server must be ws://HOST:PORT or wss://… (got \"$server\")" >&2; exit 64 ;; esac
[ "$(id -u)" -eq 0 ] || { echo "ssh-gateway: must run as root (sshd needs it to switch to the login user)" >&2; exit 1; }
[ ! -e /etc/ssh/sshrc ] || { echo "ssh-gateway: /etc/ssh/sshrc exists: sshd would run it (with /bin/sh, as the login user) for every gateway login; move it away first" >&2; exit 1; }
[ -x /usr/sbin/sshd ] || { echo "ssh-gateway: /usr/sbin/sshd is missing (apt-get install openssh-server)" >&2; exit 1; }
if [ -z "$swipe" ]; then
    for candidate in "$here/.build/debug/swipe" "$here/.build/release/swipe" /usr/bin/swipe; do
        [ -x "$candidate" ] && { swipe=$candidate; break; }
    done
fi
[ -n "$swipe" ] && [ -x "$swipe" ] || { echo "ssh-gateway: no swipe binary (build it: swift build --product swipe, or pass --swipe PATH)" >&2; exit 1; }
swipe=$(readlink -f "$swipe")
for value in "$swipe" "$state" "$server" "$public" "$from"; do
    case "$value" in *[[:space:]\"\'\\]*) echo "ssh-gateway: \"$value\" has a space or quote; sshd's ForceCommand cannot carry it" >&2; exit 64 ;; esac
done

mkdir -p "$state"
state=$(cd "$state" && pwd)

# The login users: their shell is the swipe binary, which runs nothing but `swipe gateway`; their
# home is / (nothing of theirs is there). Changed only where it differs (usermod refuses while a
# session runs), under a lock: several gateways may start at once (the tests do).
exec 9>/run/swipedeck-ssh-users.lock
flock 9
getent group swipe >/dev/null || groupadd --system swipe
ensure_user() { # NAME PASSWORD COMMENT
    if ! getent passwd "$1" >/dev/null; then
        useradd --system --gid swipe --home-dir / --no-create-home --shell "$swipe" --comment "$3" "$1"
    fi
    [ "$(getent passwd "$1" | cut -d: -f7)" = "$swipe" ] || usermod --shell "$swipe" "$1"
    [ "$(getent passwd "$1" | cut -d: -f6)" = / ] || usermod --home / "$1"
    [ "$(getent shadow "$1" | cut -d: -f2)" = "$2" ] || usermod --password "$2" "$1"
}
ensure_user swipe '*' "SwipeDeck SSH gateway"
# Guests' empty password is open only while a gateway with --guests runs: each holds a shared lock
# on /run/swipedeck-ssh-guests.lock for its life (fd 8, sshd inherits it); a gateway without
# --guests that can lock it exclusively locks the password again (`*`).
exec 8>/run/swipedeck-ssh-guests.lock
if [ "$guests" -eq 1 ]; then
    flock -s 8
    ensure_user guest '' "SwipeDeck SSH gateway guest"
else
    if flock -x -n 8 && getent passwd guest >/dev/null && [ "$(getent passwd guest | cut -d: -f7)" = "$swipe" ] \
            && [ -z "$(getent shadow guest | cut -d: -f2)" ]; then
        usermod --password '*' guest
    fi
    exec 8>&-
fi
flock -u 9
exec 9>&-

# The state: root's (config, host keys) and the gateway's (members by key: swipe's alone; the
# session slots: swipe's group, which guest is in).
chown root:root "$state"; chmod 0711 "$state"
install -d -m 0700 -o root -g root "$state/host-keys"
[ -f "$state/host-keys/ssh_host_ed25519_key" ] || ssh-keygen -q -t ed25519 -N '' -C swipedeck-gateway -f "$state/host-keys/ssh_host_ed25519_key"
[ -f "$state/host-keys/ssh_host_rsa_key" ] || ssh-keygen -q -t rsa -b 3072 -N '' -C swipedeck-gateway -f "$state/host-keys/ssh_host_rsa_key"
# The ed25519 key's fingerprint, for the lobby and the menu (members check it the first time).
ssh-keygen -lf "$state/host-keys/ssh_host_ed25519_key.pub" | awk '{print $2}' > "$state/host-key-fingerprint"
chmod 0644 "$state/host-key-fingerprint"
install -d -m 0700 -o swipe -g swipe "$state/members"
install -d -m 0770 -o swipe -g swipe "$state/sessions"

# sshd runs an AuthorizedKeysCommand only from a root-owned path closed to others (not /tmp).
keys_dir=/run/swipedeck-ssh-$port
install -d -m 0755 -o root -g root "$keys_dir"
install -m 0755 -o root -g root "$here/deploy/ssh/authorized-keys" "$keys_dir/authorized-keys"

users=swipe
[ "$guests" -eq 1 ] && users="swipe guest"
force="gateway --server $server --state $state --max-sessions $max_sessions"
[ -n "$per_address" ] && force="$force --max-sessions-per-address $per_address"
[ -n "$idle_timeout" ] && force="$force --idle-timeout $idle_timeout"
[ -n "$public" ] && force="$force --public $public"
[ -n "$from" ] && force="$force --from $from"
[ -n "$forget_after" ] && force="$force --forget-members-after $forget_after"
[ -n "$members_bytes" ] && force="$force --max-members-bytes $members_bytes"
[ "$guests" -eq 1 ] && force="$force --guest-user guest"
config="$state/sshd_config"
"$here/deploy/ssh/render-config" "$port" "$listen" "$state" "$users" "$keys_dir/authorized-keys" "$force" "$guests" > "$config.tmp"
chmod 0644 "$config.tmp"; mv "$config.tmp" "$config"
install -d -m 0755 -o root -g root /run/sshd   # sshd's privilege separation directory
/usr/sbin/sshd -t -f "$config" || { echo "ssh-gateway: sshd refused $config (above)" >&2; exit 1; }

sshd_pid=""
stop() {
    trap - TERM INT
    if [ -n "$sshd_pid" ]; then
        # The sessions (sshd's children, one per connection) end with the gateway.
        pkill -TERM -P "$sshd_pid" 2>/dev/null || true
        kill -TERM "$sshd_pid" 2>/dev/null || true
        wait "$sshd_pid" 2>/dev/null || true
    fi
    rm -rf "$keys_dir"
    echo "ssh-gateway: stopped"
    exit 0
}
trap stop TERM INT
/usr/sbin/sshd -D -e -f "$config" &
sshd_pid=$!

# Logins work once sshd answers a key exchange.
probe=$listen; [ "$probe" = 0.0.0.0 ] && probe=127.0.0.1; [ "$probe" = "::" ] && probe=::1
for _ in $(seq 1 100); do
    kill -0 "$sshd_pid" 2>/dev/null || { wait "$sshd_pid" || true; echo "ssh-gateway: sshd ended before it was listening" >&2; rm -rf "$keys_dir"; exit 1; }
    if ssh-keyscan -T 1 -t ed25519 -p "$port" "$probe" >/dev/null 2>&1; then
        echo "ssh-gateway: listening on port $port (members: ssh -t -p $port swipe@HOST CODE); server $server, state $state"
        while kill -0 "$sshd_pid" 2>/dev/null; do wait "$sshd_pid" || true; done
        echo "ssh-gateway: sshd ended" >&2
        rm -rf "$keys_dir"
        exit 1
    fi
    sleep 0.1
done
echo "ssh-gateway: sshd did not answer on port $port within 10 s" >&2
stop
