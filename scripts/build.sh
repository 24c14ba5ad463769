#!/usr/bin/env bash
# Installs missing dependencies, then configures and builds servesim (Release,
# Ninja) in build/ at the repository root. Shared by run.sh, test.sh, bench.sh.
#   scripts/build.sh [TARGET...]   build only these targets (default: all)
#   BUILD_DIR=dir                  another build folder, relative to the repo root
#   SANITIZE=1                     ASan+UBSan, RelWithDebInfo (give it its own BUILD_DIR)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir=${BUILD_DIR:-build}

bash scripts/deps.sh
config=(-DCMAKE_BUILD_TYPE=Release)
if [[ ${SANITIZE:-0} == 1 ]]; then
  config=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS=-fsanitize=address,undefined -fno-omit-frame-pointer")
fi
cmake -S . -B "$build_dir" -G Ninja "${config[@]}" >/dev/null
targets=()
(($# == 0)) || targets=(--target "$@")
cmake --build "$build_dir" -j"$(nproc)" "${targets[@]}"
