#!/usr/bin/env bash
# Common random numbers across a sweep: with the same seed, every policy at
# every grid point that does not change the workload (here the SLO) sees the
# same queries arrive at the same times; another seed draws other arrivals.
#   common_random_numbers_test.sh SOURCE_DIR SERVESIM WORK_DIR
source "$(dirname "${BASH_SOURCE[0]}")/test_support.sh"

bash "$source_dir/scripts/sweep.sh" "$quickstart" "$out" \
  --grid 'applications[0].slo_ms=50,100' --seeds 1,2 --binary "$servesim" \
  -- --set duration_s=120 --set outputs.queries_csv=true 2>"$work/sweep.log" || fail "the sweep failed: $(tail -3 "$work/sweep.log")"

# id, app, arrival_s, by id (rows are written in the order queries finish).
arrivals() { tail -n +2 "$1" | cut -d, -f1,2,4 | sort -t, -k1,1n; }
for seed in 1 2; do
  reference=$out/slo_ms=50__seed=$seed/static-gpu/queries.csv
  (($(wc -l <"$reference") > 1000)) || fail "$reference holds too few queries to compare"
  for run in "$out"/slo_ms=*__seed=$seed/*/queries.csv; do
    [[ $(arrivals "$run") == "$(arrivals "$reference")" ]] || fail "$run: other arrivals than $reference"
  done
done
[[ $(arrivals "$out/slo_ms=50__seed=1/static-gpu/queries.csv") != \
   "$(arrivals "$out/slo_ms=50__seed=2/static-gpu/queries.csv")" ]] || fail "seeds 1 and 2 drew the same arrivals"
echo "ok: 3 policies x 2 SLOs share each seed's arrivals; the seeds differ"
