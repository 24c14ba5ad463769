#!/usr/bin/env bash
# Installs missing dependencies, then configures and builds servesim (Release,
# Ninja) in build/ at the repository root. Shared by run.sh, test.sh, bench.sh.
#   scripts/build.sh [TARGET...]   build only these targets (default: all)
#   BUILD_DIR=dir                  another build folder, relative to the repo root
#   SANITIZE=1                     ASan+UBSan, RelWithDebInfo (give it its own BUILD_DIR)
#   SERVESIM_DEPS=run              install only what servesim needs (scripts/run.sh)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir=${BUILD_DIR:-build}

# SERVESIM_DEPS: the packages to install first (scripts/deps.sh's groups);
# `run` (scripts/run.sh) installs only what building and running servesim need.
deps=${SERVESIM_DEPS:-test}
bash scripts/deps.sh "$deps"
config=(-DCMAKE_BUILD_TYPE=Release)
if [[ ${SANITIZE:-0} == 1 ]]; then
  config=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS=-fsanitize=address,undefined -fno-omit-frame-pointer")
fi
installed() { [[ $(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true) == installed ]]; }
if [[ $deps == run ]] && ! { installed libgtest-dev && installed libbenchmark-dev; }; then
  # Without GoogleTest and Google Benchmark the suite and the benchmarks
  # cannot be configured; scripts/test.sh installs them and turns them on.
  config+=(-DSERVESIM_TESTS=OFF -DSERVESIM_BENCH=OFF)
else
  config+=(-DSERVESIM_TESTS=ON -DSERVESIM_BENCH=ON)
fi
cmake -S . -B "$build_dir" -G Ninja "${config[@]}" >/dev/null
targets=()
(($# == 0)) || targets=(--target "$@")
cmake --build "$build_dir" -j"$(nproc)" "${targets[@]}"
