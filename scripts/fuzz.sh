#!/usr/bin/env bash
# Builds servesim and the mutation fuzzer (tests/fuzz/) and fuzzes for N
# minutes every entry point: mutated scenarios and trace files through
# `servesim validate` and a short `servesim run`; damaged run folders through
# `collect`; mutated ledgers through `claims`; mutated argument lists of every
# subcommand and of scripts/sweep.sh. Checks exit 0, or 2 with one line, never
# a signal, a sanitizer report, a hang or exit 3 (a usage text and sweep.sh's
# exit 1 for a failed point are counted as documented). Prints the count of
# each outcome per stage; keeps violating inputs under OUT/findings/. Exits 1
# if there was any violation.
#   scripts/fuzz.sh [--minutes N | --inputs N] [--first I] [--sanitize] [--out DIR] [--seed S] [--jobs J] [--entry NAME]...
#   --minutes N   how long (default 5)
#   --inputs N    this many inputs instead, however long they take
#   --entry NAME  only these entry points (scenario, collect, claims, args, sweep; default all)
#   --sanitize    against an ASan+UBSan build in build-sanitize/ (slow to build)
#   --out DIR     campaign folder (default <build dir>/fuzz-campaign)
#   --seed S      the mutants' seed (default 1); a seed and an index reproduce a mutant
#   --first I     start at mutant I (default 0): a long campaign split over several runs, each
#                 starting where the last one's summary ("inputs A..B") ended
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
minutes=5 inputs="" first=0 sanitize=0 out="" seed=1 jobs=$(nproc) entries=()
need_value() { (($# >= 2)) || { echo "fuzz.sh: $1 needs a value" >&2; exit 2; }; }
while (($#)); do
  case $1 in
    --minutes) need_value "$@"; minutes=$2; shift 2 ;;
    --inputs) need_value "$@"; inputs=$2; shift 2 ;;
    --entry) need_value "$@"; entries+=(--entry "$2"); shift 2 ;;
    --sanitize) sanitize=1; shift ;;
    --out) need_value "$@"; out=$2; shift 2 ;;
    --seed) need_value "$@"; seed=$2; shift 2 ;;
    --first) need_value "$@"; first=$2; shift 2 ;;
    --jobs) need_value "$@"; jobs=$2; shift 2 ;;
    -h | --help) sed -n 2,19p "$0"; exit 0 ;;
    *) echo "fuzz.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

extra=("${entries[@]}")
if [[ -n $inputs ]]; then extra+=(--inputs "$inputs"); else extra+=(--minutes "$minutes"); fi
if ((sanitize)); then
  export BUILD_DIR=${BUILD_DIR:-build-sanitize} SANITIZE=1
  extra+=(--asan)  # the memory cap becomes ASan's, see tests/fuzz/child_process.hpp
fi
build_dir=${BUILD_DIR:-build}
bash scripts/build.sh servesim scenario_fuzzer
exec "$build_dir/tests/fuzz/scenario_fuzzer" --servesim "$build_dir/servesim" --source . \
  --out "${out:-$build_dir/fuzz-campaign}" --seed "$seed" --first "$first" --jobs "$jobs" "${extra[@]}"
