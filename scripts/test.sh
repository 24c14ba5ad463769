#!/usr/bin/env bash
# Builds servesim and its tests, then runs the whole CTest suite and exits with
# ctest's status. Extra arguments go to ctest (e.g. -L unit, -R regression).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir=${BUILD_DIR:-build}

bash scripts/build.sh
status=0
ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)" "$@" || status=$?
exit "$status"
