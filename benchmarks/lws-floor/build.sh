#!/usr/bin/env bash
# Builds lws-floor (benchmarks/lws-floor/floor.c) into benchmarks/lws-floor/.build/lws-floor.
# Needs only what scripts/setup.sh installs (libwebsockets-dev, a C compiler).
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p .build
cc -O2 -Wall -Wextra -o .build/lws-floor floor.c $(pkg-config --cflags --libs libwebsockets)
echo ".build/lws-floor built"
