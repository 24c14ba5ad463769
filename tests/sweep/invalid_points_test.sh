#!/usr/bin/env bash
# Bad input to a sweep is refused before any point runs, with exit 2: every
# grid point is checked first (`servesim run --dry-run`), in one line naming every bad
# point, wherever it stands in the grid; a grid on the seed and an extra
# argument missing its value are usage errors, not failed points. A point's
# folder ends as mkdir makes one (755 under umask 022), not mktemp's 700.
#   invalid_points_test.sh SOURCE_DIR SERVESIM WORK_DIR
source "$(dirname "${BASH_SOURCE[0]}")/test_support.sh"

refused() {  # NAME ARGS...: exit 2, nothing run, stderr in $work/NAME.log
  local name=$1 status=0
  shift
  rm -rf "$out"
  bash "$source_dir/scripts/sweep.sh" "$quickstart" "$out" --binary "$servesim" "$@" 2>"$work/$name.log" || status=$?
  ((status == 2)) || fail "$name: exited $status, not 2: $(tail -3 "$work/$name.log")"
  [[ ! -e $out ]] || fail "$name: the sweep made $out before refusing"
  ! grep -q "bad array subscript\|line [0-9]*:" "$work/$name.log" || fail "$name: bash's own error: $(cat "$work/$name.log")"
}

# Two bad values, the first and the last of the grid; 50 is fine.
refused late_and_early --grid 'applications[0].slo_ms=1,50,nonsense' -- --policy static-gpu
(($(wc -l <"$work/late_and_early.log") == 1)) || fail "two bad points take more than one line: $(cat "$work/late_and_early.log")"
grep -q "^sweep.sh: 2 points refused, nothing run: slo_ms=1: .*applications\[0\].slo_ms" "$work/late_and_early.log" ||
  fail "the point slo_ms=1 is not named with servesim's message: $(cat "$work/late_and_early.log")"
grep -q "; slo_ms=nonsense: .*applications\[0\].slo_ms" "$work/late_and_early.log" ||
  fail "the point slo_ms=nonsense is not named: $(cat "$work/late_and_early.log")"
! grep -q "slo_ms=50:" "$work/late_and_early.log" || fail "the good point slo_ms=50 was reported"

refused seed_grid --grid seed=1,2
grep -q "use\|--seeds" "$work/seed_grid.log" || fail "a grid on the seed does not point to --seeds: $(cat "$work/seed_grid.log")"

refused missing_value --grid 'applications[0].slo_ms=50' -- --policy
(($(wc -l <"$work/missing_value.log") == 1)) || fail "a missing value takes more than one line: $(cat "$work/missing_value.log")"
grep -q "policy" "$work/missing_value.log" || fail "the missing value is not named: $(cat "$work/missing_value.log")"

refused unknown_label --grid 'applications[0].slo_ms=50' -- --policy no-such-label
grep -q "no-such-label" "$work/unknown_label.log" || fail "the unknown label is not named: $(cat "$work/unknown_label.log")"

# A good sweep: its point folders are 755 under umask 022.
umask 022
rm -rf "$out"
bash "$source_dir/scripts/sweep.sh" "$quickstart" "$out" --binary "$servesim" --grid 'applications[0].slo_ms=50' \
  -- --policy static-gpu --set duration_s=30 2>"$work/good.log" || fail "the good sweep failed: $(tail -3 "$work/good.log")"
[[ $(stat -c %a "$out/slo_ms=50") == 755 ]] || fail "a point folder is $(stat -c %a "$out/slo_ms=50"), not 755"
echo "ok: bad points, a seed grid and bad extra arguments refused before any run; point folders 755"
