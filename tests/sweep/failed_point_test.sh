#!/usr/bin/env bash
# A point that fails while it runs does not stop the others: it is listed at
# the end with its exit status and log, kept as <point>.failed/, left out of
# the CSVs, and the sweep exits 1. Fixing the grid and rerunning runs only that
# point. (A point servesim refuses before running is refused before any point
# runs: invalid_points_test.sh.) The failing point is valid but stops its run:
# an in-flight cap of 1 query (serving.max_in_flight) that the load exceeds.
#   failed_point_test.sh SOURCE_DIR SERVESIM WORK_DIR
source "$(dirname "${BASH_SOURCE[0]}")/test_support.sh"

sweep() {  # in-flight caps
  bash "$source_dir/scripts/sweep.sh" "$quickstart" "$out" \
    --grid "serving.max_in_flight=$1" --binary "$servesim" -- --policy static-gpu --set duration_s=60
}

status=0
sweep 1000000,1,2000000 2>"$work/first.log" || status=$?
((status == 1)) || fail "a sweep with a failing point exited $status, not 1"
grep -qF "FAILED max_in_flight=1 (exit 2; see $out/max_in_flight=1.failed/run.log)" "$work/first.log" ||
  fail "the failed point is not listed with its exit status and log: $(tail -3 "$work/first.log")"
[[ $(<"$out/max_in_flight=1.failed/exit_status") == 2 ]] || fail "exit_status does not hold servesim's 2"
grep -q "max_in_flight" "$out/max_in_flight=1.failed/run.log" || fail "run.log lacks servesim's message"
[[ ! -e $out/max_in_flight=1 ]] || fail "a failed point got a result folder"
(($(wc -l <"$out/sweep.csv") == 3)) || fail "sweep.csv should hold the two good points"

sweep 1000000,2000000,3000000 2>"$work/second.log" || fail "the fixed sweep failed: $(tail -3 "$work/second.log")"
grep -q "(2 done before)" "$work/second.log" || fail "the rerun did not skip the two finished points"
(($(wc -l <"$out/sweep.csv") == 4)) || fail "sweep.csv should hold three points"
echo "ok: the failed point was listed and kept apart; the rerun ran only the new point"
