#!/usr/bin/env bash
# The whole test suite: set-up, build, unit and end-to-end tests. This is what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export LANG=C.UTF-8 LC_ALL=C.UTF-8
swift build --build-tests
swift test --skip-build
# A small smoke run of the benchmark (figures are printed, not asserted): docs/BENCHMARKS.md.
bash scripts/bench-smoke.sh debug
