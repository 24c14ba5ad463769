#!/usr/bin/env bash
# A policy that fails in every seed (stopped at serving.max_in_flight, exit 2)
# is listed as failed with its exit status; the policies that finished in the
# same runs keep both seeds (scripts/side_by_side.sh collects them from the
# failed points); the command writes the page and exits 1.
#   failed_policy_test.sh SOURCE_DIR SERVESIM WORK_DIR. Exit 0 pass, 1 fail, 77 no matplotlib.
source "$(dirname "${BASH_SOURCE[0]}")/../sweep/test_support.sh"
source "$(dirname "${BASH_SOURCE[0]}")/tiny_scenario.sh"
bash "$source_dir/scripts/lib/matplotlib_python.sh" >/dev/null || { echo "matplotlib not installed: skipped"; exit 77; }

write_tiny_scenario "$work/tiny.json" overloaded
status=0
SERVESIM=$servesim bash "$source_dir/scripts/side_by_side.sh" --seeds 1,2 --jobs 2 --out "$work/out" \
  --doc "$work/page.md" --figures "$work/figures" "$work/tiny.json" 2>"$work/log" || status=$?
((status == 1)) || fail "exited $status, not 1 ($(tail -3 "$work/log"))"
page=$work/page.md
grep -qxF "| cpu-one (static) | failed (exit 2) | – | – | – | – | – | – | – | – |" "$page" ||
  fail "cpu-one is not listed as failed with exit 2: $(cat "$page")"
for label in gpu-big cpu-small; do
  grep -q "^| $label (static) | 2 | " "$page" || fail "$label lost its seeds to cpu-one's failure: $(grep "$label" "$page")"
done
grep -q '^- `seed=1` failed, exit 2: `servesim: .*serving.max_in_flight.*`. No result there for cpu-one;' "$page" ||
  fail "the failed point is not listed: $(grep seed= "$page")"
grep -qF "cpu-one (exit 2) failed and was not compared." "$page" || fail "the sentences do not say cpu-one failed"
[[ -s $work/figures/tiny_timeseries.png ]] || fail "no time series from the failed seed's finished policies"
echo "ok: cpu-one listed as failed; gpu-big and cpu-small kept both seeds"
