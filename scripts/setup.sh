#!/usr/bin/env bash
# Installs what SwipeDeck needs on a Debian machine, only what is missing. Run as root.
# Needs: the Swift toolchain (on PATH), libwebsockets-dev, libncurses-dev, libsqlite3-dev,
# libutf8proc-dev (grapheme clusters and widths), libfribidi-dev (bidi and Arabic shaping),
# libhiredis-dev (Redis, for rooms shared by several nodes), redis-server and haproxy (the cluster's
# end-to-end test and scripts/cluster.sh), redis-sentinel (the failover test and scripts/bench-failover.sh), libchafa-dev, libglib2.0-dev, libpng-dev and
# libjpeg62-turbo-dev (card pictures), ncurses-term (direct-colour terminfo entries such as
# xterm-direct and tmux-direct: 24-bit colour on screen, and their tests), pkg-config, gcc (benchmarks/lws-floor), openssl (the TLS tests make a certificate and send raw
# bytes over TLS), tmux (the end-to-end tests drive the real client in it), and openssh-server and
# openssh-client (the SSH gateway, scripts/ssh-gateway.sh, and its end-to-end test: a second sshd and
# real ssh logins). libwebsockets-dev
# already depends on libev-dev and lws's libev plugin (libwebsockets-evlib-ev), which the server's
# epoll loop uses; they are listed so a machine that lost one gets it back.
# The Debian package (scripts/package.sh, scripts/test-package.sh): dpkg-dev (dpkg-shlibdeps), lintian,
# man-db and bash-completion (its test), systemd (systemd-analyze for the unit), valgrind
# (scripts/bench-callgrind.sh) and libcurl4-openssl-dev: --static-swift-stdlib links Foundation's
# networking, which needs -lcurl.
set -euo pipefail

needed=(gcc openssl libwebsockets-dev libwebsockets-evlib-ev libev-dev libncurses-dev libsqlite3-dev libutf8proc-dev libfribidi-dev libhiredis-dev redis-server redis-sentinel haproxy libchafa-dev libglib2.0-dev libpng-dev libjpeg62-turbo-dev ncurses-term pkg-config tmux openssh-server openssh-client dpkg-dev lintian man-db bash-completion systemd valgrind libcurl4-openssl-dev)
missing=()
for pkg in "${needed[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done

if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    if [ "$(id -u)" -ne 0 ]; then
        echo "setup: need root to apt-get install ${missing[*]} (try: sudo $0)" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
    for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        [ -x "$dir/swift" ] && { echo "setup: swift is at $dir; add it to PATH" >&2; break; }
    done
    echo "setup: no swift on PATH; install the Swift 6 toolchain first (https://swift.org/install)" >&2
    exit 1
fi
echo "setup: ok ($(swift --version 2>/dev/null | head -n 1))"
