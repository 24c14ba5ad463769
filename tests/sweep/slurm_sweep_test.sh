#!/usr/bin/env bash
# The Slurm backend against the local one: a 2 x 2 grid x 3 seeds, run by
# `scripts/sweep.sh --slurm --wait` as a job array on a throw-away one-node
# Slurm cluster on this machine, gives the same points, each with a
# summary.json byte-identical to the local run's, and the same sweep CSVs.
#   slurm_sweep_test.sh SOURCE_DIR SERVESIM WORK_DIR
# Exit 77 (skipped) when a cluster cannot be started here (not root, or the
# Slurm packages missing; scripts/deps.sh installs them).
source "$(dirname "${BASH_SOURCE[0]}")/test_support.sh"
cluster=$source_dir/tests/slurm/single_node_cluster.sh

status=0
bash "$cluster" start "$work/cluster" || status=$?
((status != 77)) || exit 77
((status == 0)) || fail "the one-node cluster did not start (exit $status)"
trap 'bash "$cluster" stop "$work/cluster"' EXIT
source "$work/cluster/env.sh"

grid=(--grid 'applications[0].slo_ms=50,100' --grid 'applications[0].workload.mean_qps=100,150' --seeds 1,2,3)
run=(-- --set duration_s=300)
sweep="$source_dir/scripts/sweep.sh"

bash "$sweep" "$quickstart" "$work/local" "${grid[@]}" --binary "$servesim" "${run[@]}" 2>"$work/local.log" ||
  fail "the local sweep failed: $(tail -3 "$work/local.log")"
bash "$sweep" "$quickstart" "$work/slurm" "${grid[@]}" --binary "$servesim" --slurm --wait --points-per-task 3 \
  "${run[@]}" >"$work/slurm.out" 2>"$work/slurm.log" || fail "the Slurm sweep failed: $(tail -5 "$work/slurm.log")"

grep -qx -- '#SBATCH --array=0-3' "$work/slurm/sweep.sbatch" || fail "12 points at 3 per task should be array 0-3"
[[ $(<"$work/slurm.out") =~ ^[0-9]+$ ]] || fail "sbatch's job id was not printed alone on stdout: $(<"$work/slurm.out")"
local_summaries=$(cd "$work/local" && find . -name summary.json | sort)
slurm_summaries=$(cd "$work/slurm" && find . -name summary.json | sort)
(($(wc -l <<<"$local_summaries") == 36)) || fail "expected 12 points x 3 policies locally"
[[ $local_summaries == "$slurm_summaries" ]] || fail "the backends wrote different run folders"
for f in $local_summaries; do
  cmp -s "$work/local/$f" "$work/slurm/$f" || fail "$f differs between the local and the Slurm backend"
done
for f in sweep.csv sweep_points.csv; do
  cmp -s "$work/local/$f" "$work/slurm/$f" || fail "$f differs between the local and the Slurm backend"
done
echo "ok: 12 points x 3 policies byte-identical on both backends"
