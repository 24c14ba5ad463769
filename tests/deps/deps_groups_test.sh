#!/usr/bin/env bash
# scripts/run.sh installs what building and running servesim need and nothing
# for the tests, the benchmarks or Slurm (scripts/deps.sh's `run` group);
# scripts/test.sh's `test` group has all of it. An unknown group is a usage
# error (exit 2).
# usage: deps_groups_test.sh SOURCE_DIR
set -euo pipefail
deps="$1/scripts/deps.sh"
fail() { echo "FAIL: $*"; exit 1; }

run=$(bash "$deps" --list run)
grep -q -x 'g++' <<<"$run" || fail "run installs no compiler"
grep -q -x 'libglpk-dev' <<<"$run" || fail "run installs no GLPK"
extra=$(grep -E 'slurm|munge|gtest|gmock|benchmark|matplotlib' <<<"$run" || true)
[[ -z $extra ]] || fail "run installs $(tr '\n' ' ' <<<"$extra")"

test=$(bash "$deps" --list test)
for p in $run slurmctld munge libgtest-dev libbenchmark-dev python3-matplotlib; do
  grep -q -x -- "$p" <<<"$test" || fail "test does not install $p"
done
[[ $(bash "$deps" --list) == "$test" ]] || fail "no group is not the test group"

status=0
bash "$deps" --list runn 2>/dev/null || status=$?
((status == 2)) || fail "an unknown group exits $status, not 2"
echo "run: $(wc -l <<<"$run") packages; test: $(wc -l <<<"$test")"
