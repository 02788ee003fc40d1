#!/usr/bin/env bash
# The Debian package end to end, on this (throwaway, root) machine: build it (scripts/package.sh),
# apt-get install it, check no binary links a Swift toolchain library, run the installed
# swipe-server on a free loopback port and a two-member session with the installed swipe under
# tmux, check `man swipe` and the bash completion, remove the package and check that nothing but
# the data directory is left. Ends with "N passed, 0 failed" or fails on the first failing check.
# Run from scripts/test.sh after the release build (about 1-2 minutes then).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/ports.sh
. scripts/lib/ports.sh
export LANG=C.UTF-8 LC_ALL=C.UTF-8
[ "$(id -u)" -eq 0 ] || { echo "test-package: needs root (it installs and removes the package)" >&2; exit 1; }

passed=0
check() {   # check DESCRIPTION COMMAND...: runs COMMAND; fails the script with DESCRIPTION if it fails
    local what="$1"; shift
    if "$@"; then passed=$((passed + 1)); echo "ok: $what"; else echo "FAILED: $what" >&2; exit 1; fi
}

work="$(mktemp -d)"
server_pid=""
tag="pkg$$"
cleanup() {
    tmux -L "$tag-ann" kill-server 2>/dev/null || true
    tmux -L "$tag-bo" kill-server 2>/dev/null || true
    [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

deb="$(bash scripts/package.sh | tail -n 1)"
check "the package was built ($deb)" test -f "$deb"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq --no-install-recommends "./$deb" >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; exit 1; }
check "dpkg says swipedeck is installed" sh -c "dpkg-query -W -f='\${Status}' swipedeck | grep -q 'install ok installed'"
version="$(dpkg-query -W -f='${Version}' swipedeck)"
check "swipe --version and swipe-server --version say $version" \
    sh -c "[ \"\$(/usr/bin/swipe --version)\" = '$version' ] && [ \"\$(/usr/bin/swipe-server --version)\" = '$version' ]"
no_toolchain_libraries() {
    local tool
    for tool in /usr/bin/swipe /usr/bin/swipe-server; do
        if ldd "$tool" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|/opt/swift|not found'; then
            echo "$tool links the above" >&2; return 1
        fi
    done
}
check "no installed binary links a Swift toolchain library (ldd)" no_toolchain_libraries
check "the unit is installed and not enabled" \
    sh -c 'test -f /lib/systemd/system/swipe-server.service && ! test -e /etc/systemd/system/multi-user.target.wants/swipe-server.service'

check "the SSH gateway's unit, config and login user are installed, the unit not enabled" \
    sh -c 'test -f /lib/systemd/system/swipe-ssh.service && ! test -e /etc/systemd/system/multi-user.target.wants/swipe-ssh.service \
           && test -x /usr/lib/swipedeck/ssh-authorized-keys && grep -q "^ForceCommand gateway " /etc/swipedeck/ssh/sshd_config \
           && [ "$(getent passwd swipe | cut -d: -f7)" = /usr/bin/swipe ]'
if command -v systemd-analyze >/dev/null; then
    check "systemd-analyze verify accepts swipe-ssh.service" sh -c 'systemd-analyze verify /lib/systemd/system/swipe-ssh.service 2>&1 | { ! grep -i "swipe-ssh"; }'
fi
check "the installed sshd config is one sshd accepts (with host keys)" sh -c "
    d=$work/sshkeys; mkdir -p \$d; ssh-keygen -q -t ed25519 -N '' -f \$d/k; install -d -m 0755 /run/sshd
    sed 's|/var/lib/swipedeck-ssh/host-keys/ssh_host_[a-z0-9]*_key|'\$d'/k|' /etc/swipedeck/ssh/sshd_config >\$d/c
    /usr/sbin/sshd -t -f \$d/c"

# The installed server and a two-member session with the installed client, under tmux.
port="$(free_port)"
# A stand-in for systemd's notify socket: the server's first datagram should say READY=1.
python3 -c 'import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); s.bind(sys.argv[1]); s.settimeout(30)
open(sys.argv[2], "w").write(s.recv(4096).decode())' "$work/notify" "$work/notify.txt" &
notify_pid=$!
for _ in $(seq 1 50); do [ -S "$work/notify" ] && break; sleep 0.1; done
NOTIFY_SOCKET="$work/notify" /usr/bin/swipe-server --port "$port" --data "$work/data" --log-format json \
    >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
wait_port "$port" "the installed swipe-server" "$work/server.err"
wait "$notify_pid" || true
check "the server told \$NOTIFY_SOCKET READY=1 (Type=notify)" grep -q '^READY=1' "$work/notify.txt"
printf '# lunch\nPho — noodle soup\nTacos | al pastor\n' >"$work/lunch.txt"
screen() { tmux -L "$1" capture-pane -p -t "$1" 2>/dev/null || true; }
wait_for() {   # wait_for SESSION TEXT: polls the screen for TEXT (15 s)
    local _
    for _ in $(seq 1 150); do screen "$1" | grep -qF -- "$2" && return 0; sleep 0.1; done
    echo "--- $1's screen, without \"$2\":" >&2; screen "$1" >&2; return 1
}
tmux -L "$tag-ann" new-session -d -s "$tag-ann" -x 100 -y 30 \
    "env TERM=xterm-256color XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state /usr/bin/swipe create ws://127.0.0.1:$port --deck $work/lunch.txt --rule unanimous --name Ann"
check "Ann's lobby shows" wait_for "$tag-ann" "press s to start"
code="$(screen "$tag-ann" | grep -oE '[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{2}' | head -n 1)"
check "the lobby shows a room code ($code)" test -n "$code"
tmux -L "$tag-bo" new-session -d -s "$tag-bo" -x 100 -y 30 \
    "env TERM=xterm-256color XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state /usr/bin/swipe join ws://127.0.0.1:$port/$code --name Bo"
check "Bo joins Ann's room" wait_for "$tag-ann" "Bo"
tmux -L "$tag-ann" send-keys -t "$tag-ann" s
check "Bo sees the first card" wait_for "$tag-bo" "noodle soup"
tmux -L "$tag-ann" send-keys -t "$tag-ann" l
tmux -L "$tag-bo" send-keys -t "$tag-bo" l
check "the group matches on Pho" wait_for "$tag-bo" "IT'S A MATCH"
results() { /usr/bin/swipe-server export "$code" --url "http://127.0.0.1:$port" >"$work/results.json" && grep -qE '"likes" ?: ?2' "$work/results.json"; }
check "swipe-server export shows both likes" results
scraped() { python3 - "$port" <<'PY'
import sys, urllib.request
text = urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/metrics", timeout=5).read().decode()
sys.exit(0 if "swipedeck_votes_total 2" in text.splitlines() else 1)
PY
}
check "/metrics counts the two votes" scraped
tmux -L "$tag-ann" send-keys -t "$tag-ann" q
tmux -L "$tag-bo" send-keys -t "$tag-bo" q
kill -TERM "$server_pid"
status=0; wait "$server_pid" || status=$?
server_pid=""
check "the installed server exits 0 on SIGTERM" test "$status" -eq 0
check "its log is JSON lines" python3 -c "import json,sys; [json.loads(l) for l in open(sys.argv[1]) if l.strip()]" "$work/server.err"

# Manual page and completion.
check "man swipe renders and documents create" sh -c "MANWIDTH=100 man -P cat swipe 2>/dev/null | grep -q 'create'"
check "man swipe-server renders" sh -c "MANWIDTH=100 man -P cat swipe-server 2>/dev/null | grep -q -- '--metrics-allow'"
complete_cr() {
    bash -c '. /usr/share/bash-completion/bash_completion 2>/dev/null || true
             . /usr/share/bash-completion/completions/swipe
             COMP_WORDS=(swipe cr); COMP_CWORD=1; COMP_LINE="swipe cr"; COMP_POINT=${#COMP_LINE}
             func="$(complete -p swipe | sed -E "s/.*-F ([^ ]+).*/\1/")"
             "$func" swipe cr swipe
             [ "${COMPREPLY[*]}" = create ]'
}
check "bash completes 'swipe cr' to 'swipe create'" complete_cr

# Removal: nothing but the data directory (the unit's /var/lib/swipedeck, kept) is left.
files="$(dpkg-query -L swipedeck | sort)"
apt-get remove -y -qq swipedeck >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; exit 1; }
left_behind() {
    local path
    for path in $files; do
        [ -d "$path" ] && continue   # shared directories (/usr/bin, …) stay
        [ "$path" = /etc/default/swipe-server ] && continue   # a conffile: kept until purge
        [ "$path" = /etc/swipedeck/ssh/sshd_config ] && continue   # a conffile: kept until purge
        [ -e "$path" ] && { echo "left after remove: $path" >&2; return 1; }
    done
    return 0
}
check "apt-get remove leaves no file of the package but its conffile" left_behind
apt-get purge -y -qq swipedeck >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; exit 1; }
check "purge removes /etc/default/swipe-server" test ! -e /etc/default/swipe-server
check "purge removes the gateway's config and login user" sh -c '! test -e /etc/swipedeck/ssh/sshd_config && ! getent passwd swipe >/dev/null' 
check "the session's data directory is still there" test -f "$work/data/rooms.sqlite"
echo "test-package: ${passed} passed, 0 failed"
