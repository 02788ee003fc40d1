#!/usr/bin/env bash
# Builds the libFuzzer target for the wire decoder with swiftc -sanitize=fuzzer (outside SwiftPM, so
# the normal build is unaffected). Usage: bash server/fuzz/build.sh && .build/fuzz/swipe-fuzz-decoder -max_total_time=60
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/.build/fuzz"
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -O -wmo -I "$out")
swiftc "${flags[@]}" -module-name SwipeCore -emit-module -emit-module-path "$out/SwipeCore.swiftmodule" \
  -c $(find "$root/Sources/SwipeCore" -name '*.swift') -o "$out/SwipeCore.o"
swiftc "${flags[@]}" -module-name SwipeProtocol -emit-module -emit-module-path "$out/SwipeProtocol.swiftmodule" \
  -c $(find "$root/Sources/SwipeProtocol" -name '*.swift') -o "$out/SwipeProtocol.o"
swiftc "${flags[@]}" "$root/server/fuzz/FuzzDecoder.swift" "$out/SwipeCore.o" "$out/SwipeProtocol.o" -o "$out/swipe-fuzz-decoder"
echo "built $out/swipe-fuzz-decoder"
