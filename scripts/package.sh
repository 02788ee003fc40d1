#!/usr/bin/env bash
# Builds dist/swipedeck_VERSION_ARCH.deb: swipe and swipe-server (release, --static-swift-stdlib,
# stripped), their man pages (swift-argument-parser's generate-manual plugin), bash, zsh and fish
# completions (--generate-completion-script), docs and copyright, and swipe-server.service with
# /etc/default/swipe-server; the SSH gateway: swipe-ssh.service, its sshd config (a conffile,
# /etc/swipedeck/ssh/sshd_config, from deploy/ssh) and AuthorizedKeysCommand. Depends: from dpkg-shlibdeps. Then lintian (errors fail the script).
# Usage: scripts/package.sh            (prints the .deb's path last)
# Needs: dpkg-dev, fakeroot is not needed (dpkg-deb --root-owner-group), lintian, gzip.
set -euo pipefail
cd "$(dirname "$0")/.."
export LANG=C.UTF-8 LC_ALL=C.UTF-8

# The release binaries: test.sh's release build, relinked with the Swift libraries inside.
swift build -c release --static-swift-stdlib --product swipe-server
swift build -c release --static-swift-stdlib --product swipe
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)"
version="$("$bin/swipe-server" --version)"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "package: swipe-server --version said \"$version\"" >&2; exit 1; }
[ "$("$bin/swipe" --version)" = "$version" ] || { echo "package: swipe and swipe-server disagree on the version" >&2; exit 1; }
arch="$(dpkg --print-architecture)"
name="swipedeck_${version}_${arch}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/$name"

install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/doc/swipedeck" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d" "$root/lib/systemd/system" "$root/etc/default" \
    "$root/etc/swipedeck/ssh" "$root/usr/lib/swipedeck"
for tool in swipe swipe-server; do
    install -m 0755 "$bin/$tool" "$root/usr/bin/$tool"
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/$tool"
    "$bin/$tool" --generate-completion-script bash >"$root/usr/share/bash-completion/completions/$tool"
    "$bin/$tool" --generate-completion-script zsh >"$root/usr/share/zsh/vendor-completions/_$tool"
    "$bin/$tool" --generate-completion-script fish >"$root/usr/share/fish/vendor_completions.d/$tool.fish"
done
sed -i '1{/^#!/d}' "$root/usr/share/bash-completion/completions/"*   # sourced, not run: no #! line
chmod 0644 "$root"/usr/share/*/completions/* "$root"/usr/share/zsh/vendor-completions/* "$root"/usr/share/fish/vendor_completions.d/*

# Man pages from the command definitions: the generate-manual plugin builds every product (debug:
# test.sh's build, so nothing new) and runs its tool over each with --experimental-dump-help.
manuals="$(bash scripts/man-pages.sh)"
for tool in swipe swipe-server; do
    [ -s "$manuals/$tool.1" ] || { echo "package: no man page for $tool in $manuals" >&2; exit 1; }
    gzip -9n <"$manuals/$tool.1" >"$root/usr/share/man/man1/$tool.1.gz"
done

# Docs (compressed, as Debian wants files over 4 KB in /usr/share/doc) and the changelog.
doc="$root/usr/share/doc/swipedeck"
for file in README.md docs/USING.md docs/OPERATIONS.md docs/PROTOCOL.md docs/SECURITY.md docs/SCALING.md; do
    gzip -9n <"$file" >"$doc/$(basename "$file").gz"
done
install -m 0644 deploy/debian/copyright "$doc/copyright"
{
    echo "swipedeck ($version) unstable; urgency=medium"
    echo
    echo "  * Built from git $(git rev-parse --short HEAD 2>/dev/null || echo unknown)."
    echo
    echo " -- SwipeDeck <swipedeck@example.com>  $(date -R -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")"
} | gzip -9n >"$doc/changelog.gz"

install -m 0644 deploy/debian/swipe-server.service "$root/lib/systemd/system/swipe-server.service"
install -m 0644 deploy/debian/default "$root/etc/default/swipe-server"
for script in postinst prerm postrm; do install -m 0755 "deploy/debian/$script" "$root/DEBIAN/$script"; done
# The SSH gateway: port 2222, the server on 127.0.0.1:7681 (swipe-server.service's default), its
# connections from 127.0.0.2 with the member's address (the default file's --trust-proxy 127.0.0.2).
install -m 0644 deploy/debian/swipe-ssh.service "$root/lib/systemd/system/swipe-ssh.service"
install -m 0755 deploy/ssh/authorized-keys "$root/usr/lib/swipedeck/ssh-authorized-keys"
deploy/ssh/render-config 2222 0.0.0.0 /var/lib/swipedeck-ssh swipe /usr/lib/swipedeck/ssh-authorized-keys \
    "gateway --server ws://127.0.0.1:7681 --state /var/lib/swipedeck-ssh --max-sessions 200 --from 127.0.0.2" 0 >"$root/etc/swipedeck/ssh/sshd_config"
chmod 0644 "$root/etc/swipedeck/ssh/sshd_config"
printf '%s\n' /etc/default/swipe-server /etc/swipedeck/ssh/sshd_config >"$root/DEBIAN/conffiles"

# Depends: the shared libraries the binaries link, as dpkg-shlibdeps finds their packages.
mkdir -p "$work/shlibs/debian"
printf 'Source: swipedeck\n\nPackage: swipedeck\nArchitecture: any\n' >"$work/shlibs/debian/control"
depends="$(cd "$work/shlibs" && dpkg-shlibdeps -O -e"$root/usr/bin/swipe" -e"$root/usr/bin/swipe-server" 2>/dev/null \
    | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { echo "package: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
cat >"$root/DEBIAN/control" <<CONTROL
Package: swipedeck
Version: $version
Architecture: $arch
Maintainer: SwipeDeck <swipedeck@example.com>
Installed-Size: $size
Depends: $depends, init-system-helpers (>= 1.54~)
Recommends: libwebsockets-evlib-ev, ncurses-term, openssh-server
Section: net
Priority: optional
Description: group swiping in the terminal: server and client
 SwipeDeck is group swiping in the terminal. swipe-server hosts rooms that each
 own a shared deck of cards; people join with the swipe terminal client and
 drag or flick the top card left (nope), right (like) or up (super-like). The
 server tallies the group's votes and announces matches.
 .
 This package holds both programs, their manual pages and shell completions,
 systemd units for the server and for an SSH gateway through which anyone with
 an ssh client joins a room (installed, not enabled).
CONTROL
(cd "$root" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | sort -z | xargs -0 md5sum >DEBIAN/md5sums)
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/conffiles" "$root/DEBIAN/md5sums"

mkdir -p dist
dpkg-deb --root-owner-group -Zxz --build "$root" "dist/$name.deb" >/dev/null
echo "package: dist/$name.deb ($(du -h "dist/$name.deb" | cut -f1); Depends: $depends)" >&2

# lintian: errors fail the package; the warnings kept are listed in docs/OPERATIONS.md.
if command -v lintian >/dev/null; then
    report="$(lintian --allow-root --suppress-tags-from-file deploy/debian/lintian-kept "dist/$name.deb" 2>&1 || true)"
    [ -z "$report" ] || echo "$report" >&2
    if grep -q '^E: ' <<<"$report"; then echo "package: lintian reported errors" >&2; exit 1; fi
fi
echo "dist/$name.deb"
