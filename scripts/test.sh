#!/usr/bin/env bash
# The whole test suite: set-up, build, unit and end-to-end tests, and a benchmark smoke run.
# This is what CI runs (.ci/run). SWIPE_LONG_TESTS=1 adds the long variants (docs/OPERATIONS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export LANG=C.UTF-8 LC_ALL=C.UTF-8

python3 scripts/check-imports.py     # every target declares the modules it imports
swift build --build-tests
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift test --skip-build 2>&1 | tee "$log"

# The README's first command runs the release build, so its signal handling is checked there too:
# a release build once inlined the client's main loop into another module, which then read its own
# copy of the signal flag and never saw Ctrl-C (the debug build was fine).
# Linked with the Swift libraries inside, as the Debian package ships them (scripts/package.sh then
# reuses this build instead of compiling everything again).
swift build -c release --static-swift-stdlib --product swipe
swift build -c release --static-swift-stdlib --product swipe-server   # the tests' server comes from the same directory
SWIPE_PRODUCTS_DIR="$(swift build -c release --static-swift-stdlib --show-bin-path)" swift test --skip-build --filter ClientSignalTmuxTests

# The Debian package from that release build: built, installed, used, removed (scripts/test-package.sh).
# It installs into the system, so only as root (CI runs as root on a throwaway machine).
if [ "$(id -u)" -eq 0 ]; then
    bash scripts/test-package.sh
else
    echo "test.sh: not root, so the package test (scripts/test-package.sh) did not run"
fi

# A small smoke run of the benchmark (figures are printed, not asserted): docs/BENCHMARKS.md.
bash scripts/bench-smoke.sh debug

# One closing line for whoever reads the end of the log (swift test already failed the script if
# any test failed; XCTest's own "Executed 0 tests" lines only mean the suite uses Swift Testing).
summary="$(grep -a -E 'Test run with [0-9]+ tests? .*passed' "$log" | tail -n 1 || true)"
passed="$(sed -E 's/.*Test run with ([0-9]+) tests?.*/\1/' <<<"$summary")"
[ -n "$passed" ] || { echo "test.sh: could not find Swift Testing's summary line" >&2; exit 1; }
echo "${passed} passed, 0 failed"
