#!/usr/bin/env bash
# Generates swipe(1) and swipe-server(1) from the command definitions with swift-argument-parser's
# generate-manual plugin (offline: it builds the package's products in debug, which test.sh has
# already built, and runs its tool on each with --experimental-dump-help). Prints the directory
# that holds swipe.1 and swipe-server.1.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
pages=.build/plugins/GenerateManual/outputs
rm -f "$pages/swipe/swipe.1" "$pages/swipe-server/swipe-server.1"   # never ship a stale page
swift package generate-manual --configuration debug --authors "the SwipeDeck authors" --section 1 >&2
for tool in swipe swipe-server; do
    [ -s "$pages/$tool/$tool.1" ] || { echo "man-pages: the plugin wrote no $pages/$tool/$tool.1" >&2; exit 1; }
    cp "$pages/$tool/$tool.1" "$out/$tool.1"
done
echo "$out"
