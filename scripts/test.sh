#!/usr/bin/env bash
# The whole test suite: set-up, build, unit and end-to-end tests, and a benchmark smoke run.
# This is what CI runs (.ci/run). SWIPE_LONG_TESTS=1 adds the long variants (docs/OPERATIONS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export LANG=C.UTF-8 LC_ALL=C.UTF-8

swift build --build-tests
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift test --skip-build 2>&1 | tee "$log"

# The README's first command runs the release build, so its signal handling is checked there too:
# a release build once inlined the client's main loop into another module, which then read its own
# copy of the signal flag and never saw Ctrl-C (the debug build was fine).
swift build -c release --product swipe
swift build -c release --product swipe-server   # the tests' server comes from the same directory
SWIPE_PRODUCTS_DIR="$(swift build -c release --show-bin-path)" swift test --skip-build --filter ClientSignalTmuxTests

# A small smoke run of the benchmark (figures are printed, not asserted): docs/BENCHMARKS.md.
bash scripts/bench-smoke.sh debug

# One closing line for whoever reads the end of the log (swift test already failed the script if
# any test failed; XCTest's own "Executed 0 tests" lines only mean the suite uses Swift Testing).
summary="$(grep -a -E 'Test run with [0-9]+ tests? .*passed' "$log" | tail -n 1 || true)"
passed="$(sed -E 's/.*Test run with ([0-9]+) tests?.*/\1/' <<<"$summary")"
[ -n "$passed" ] || { echo "test.sh: could not find Swift Testing's summary line" >&2; exit 1; }
echo "${passed} passed, 0 failed"
