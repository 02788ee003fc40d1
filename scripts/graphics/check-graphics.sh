#!/usr/bin/env bash
# Checks the client's pixel pictures on real terminals under Xvfb: sixels in xterm (VT340 mode) and
# kitty's graphics protocol in kitty, with `swipe demo --pictures sixel|kitty`. Screenshots are
# measured against the bundled pictures: the picture at its card's cells, gone while the card moves,
# under the help, after a resize and Ctrl-Z, back at rest, and no pixel left anywhere else.
# usage: scripts/graphics/check-graphics.sh [xterm] [kitty]      (both by default; about 3 minutes)
# env:   SWIPE_BIN (default .build/debug/swipe, built when missing), SWIPE_SHOTS (default
#        .build/graphics-check: screenshots, typescripts, results.json), SWIFT_LIB (the Swift runtime).
# Installs what it needs when missing (root, Debian 12). Not part of scripts/test.sh: it needs an
# X server, two terminal emulators and Mesa (kitty draws with OpenGL; llvmpipe is enough).
# Prints PASS/FAIL lines; exit status 0 when every check passed, 1 otherwise, 2 when it cannot run.
set -euo pipefail
export LANG=C.UTF-8 LC_ALL=C.UTF-8
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

needed=(xvfb xterm kitty x11-utils x11-apps xdotool imagemagick python3-numpy python3-pil libgl1-mesa-dri xauth fonts-dejavu-core bc bsdutils)
missing=()
for pkg in "${needed[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "check-graphics: need root to apt-get install ${missing[*]}" >&2
        exit 2
    fi
    echo "check-graphics: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

export SWIPE_BIN="${SWIPE_BIN:-$repo/.build/debug/swipe}"
if [ ! -x "$SWIPE_BIN" ]; then
    echo "check-graphics: building swipe" >&2
    (cd "$repo" && swift build --product swipe)
fi
export SWIFT_LIB="${SWIFT_LIB:-$(dirname "$(dirname "$(command -v swift || echo /opt/swift/usr/bin/swift)")")/lib/swift/linux}"

start=$(date +%s.%N)
/usr/bin/python3 "$here/check_graphics.py" "$@" &
pid=$!
trap 'kill -TERM $pid 2>/dev/null; wait $pid' INT TERM
status=0
wait $pid || status=$?
printf 'check-graphics: %.1f s\n' "$(echo "$(date +%s.%N) - $start" | bc)"
exit $status
