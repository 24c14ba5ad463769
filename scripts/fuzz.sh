#!/usr/bin/env bash
# Builds servesim and the mutation fuzzer (tests/fuzz/) and fuzzes for N
# minutes: mutated scenarios and trace files through `servesim validate` and a
# short `servesim run`, checking exit 0, or 2 with one line, never a signal, a
# sanitizer report, a hang or exit 3. Prints the count of each outcome; keeps
# violating inputs under OUT/findings/. Exits 1 if there was any violation.
#   scripts/fuzz.sh [--minutes N] [--sanitize] [--out DIR] [--seed S] [--jobs J]
#   --minutes N   how long (default 5)
#   --sanitize    against an ASan+UBSan build in build-sanitize/ (slow to build)
#   --out DIR     campaign folder (default <build dir>/fuzz-campaign)
#   --seed S      the mutants' seed (default 1); a seed and an index reproduce a mutant
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
minutes=5 sanitize=0 out="" seed=1 jobs=$(nproc)
while (($#)); do
  case $1 in
    --minutes) minutes=$2; shift 2 ;;
    --sanitize) sanitize=1; shift ;;
    --out) out=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    -h | --help) sed -n 2,11p "$0"; exit 0 ;;
    *) echo "fuzz.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

extra=()
if ((sanitize)); then
  export BUILD_DIR=${BUILD_DIR:-build-sanitize} SANITIZE=1
  extra=(--asan)  # the memory cap becomes ASan's, see tests/fuzz/child_process.hpp
fi
build_dir=${BUILD_DIR:-build}
bash scripts/build.sh servesim scenario_fuzzer
exec "$build_dir/tests/fuzz/scenario_fuzzer" --servesim "$build_dir/servesim" --source . \
  --out "${out:-$build_dir/fuzz-campaign}" --seed "$seed" --minutes "$minutes" --jobs "$jobs" "${extra[@]}"
