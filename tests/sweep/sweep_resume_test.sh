#!/usr/bin/env bash
# Ctrl-C in the middle of a local sweep, then the same command again: the
# points finished before the interrupt are not run again (their files keep
# their bytes and modification times), the others are completed, and no
# half-written folder is left or collected.
#   sweep_resume_test.sh SOURCE_DIR SERVESIM WORK_DIR
source "$(dirname "${BASH_SOURCE[0]}")/test_support.sh"

sweep=(bash "$source_dir/scripts/sweep.sh" "$quickstart" "$out"
       --grid 'applications[0].slo_ms=50,100,150' --seeds 1,2 --jobs 1 --binary "$servesim"
       -- --policy static-gpu --set duration_s=6000)

# The folders of finished points, one per line. Not the .tmp-* (or .old-*)
# folders an interrupt leaves: a point interrupted after writing its
# point.json but before its rename is not finished, and the rerun removes it.
finished_points() {
  (cd "$out" 2>/dev/null && find . -mindepth 2 -maxdepth 2 -name point.json -not -path './.*' -printf '%h\n' | sort)
}

# Points run one at a time (about half a second each); interrupt the sweep's
# whole process group, as Ctrl-C does, once two points are complete. Job
# control gives the sweep its own process group and, unlike a plain
# background job, does not start it with SIGINT ignored.
set -m
"${sweep[@]}" 2>"$work/first.log" &
leader=$!
set +m
for _ in $(seq 600); do
  (($(finished_points | wc -l) >= 2)) && break
  sleep 0.05
done
kill -INT -- -"$leader"
status=0
wait "$leader" || status=$?
((status == 130)) || fail "the interrupted sweep exited $status, not 130 (log: $(tail -3 "$work/first.log"))"

finished=$(finished_points)
count=$(wc -l <<<"$finished")
((count >= 2 && count < 6)) || fail "expected 2 to 5 points finished before the interrupt, found $count"
[[ ! -e $out/sweep.csv ]] || fail "an interrupted sweep wrote sweep.csv"
fingerprint() {  # every file of the finished points: path, mtime (ns) and sha256
  local dir
  for dir in $finished; do
    (cd "$out" && find "$dir" -type f -printf '%p %T@ ' -exec sha256sum {} \; | awk '{ print $1, $2, $3 }')
  done | sort
}
before=$(fingerprint)

"${sweep[@]}" 2>"$work/second.log" || fail "the rerun failed: $(tail -3 "$work/second.log")"
grep -q "($count done before)" "$work/second.log" || fail "the rerun did not count $count points done: $(head -1 "$work/second.log")"
after=$(fingerprint)
[[ $before == "$after" ]] || fail "finished points changed on rerun: $(diff <(echo "$before") <(echo "$after"))"
all=$(finished_points | wc -l)
((all == 6)) || fail "expected 6 finished points after the rerun, found $all"
leftovers=$(find "$out" -maxdepth 1 -name '.tmp-*' -o -maxdepth 1 -name '.old-*' -o -maxdepth 1 -name '*.failed')
[[ -z $leftovers ]] || fail "partial folders left: $leftovers"
rows=$(($(wc -l <"$out/sweep.csv") - 1))
((rows == 6)) || fail "sweep.csv has $rows rows, expected 6 (one per point)"
points=$(($(wc -l <"$out/sweep_points.csv") - 1))
((points == 3)) || fail "sweep_points.csv has $points rows, expected 3 (one per SLO, over 2 seeds)"
echo "ok: $count points survived the interrupt untouched; the rerun ran $((6 - count))"
