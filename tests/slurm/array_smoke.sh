#!/usr/bin/env bash
# slurm.array_smoke: starts a throw-away one-node cluster
# (single_node_cluster.sh), runs a 3-task job array through it the way the
# sweep does (sbatch --parsable, poll squeue, read outputs from the folder),
# checks every task's output, and stops the cluster even on failure.
# Exit 77 (skipped) when single_node_cluster.sh skips: not root, no Slurm.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cluster=$here/single_node_cluster.sh
# Our own deadline, well below the CTest TIMEOUT (180 s): CTest kills a test that
# times out without running its traps, which would leave the daemons behind.
deadline_s=${SLURM_SMOKE_TIMEOUT:-60}

dir=$(mktemp -d "${TMPDIR:-/tmp}/servesim-slurm.XXXXXX")
status=1
cleanup() {
  bash "$cluster" stop "$dir" || true
  # Kept on failure so the logs can be read.
  if ((status == 0 || status == 77)); then rm -rf "$dir"; else echo "array_smoke: cluster folder kept: $dir" >&2; fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM   # runs the EXIT trap on Ctrl-C or kill too

start=$SECONDS
rc=0
bash "$cluster" start "$dir" >/dev/null || rc=$?
if ((rc == 77)); then status=77; exit 77; fi
((rc == 0)) || { echo "array_smoke: the cluster did not start" >&2; exit 1; }
echo "array_smoke: cluster up in $((SECONDS - start)) s"
# shellcheck source=/dev/null  # written by `start`
source "$dir/env.sh"

submitted=$SECONDS
# shellcheck disable=SC2016  # expanded by the job, not here
job=$(sbatch --parsable --array=0-2 --output="$dir/out_%a.txt" \
        --wrap 'echo "task $SLURM_ARRAY_TASK_ID of $SLURM_ARRAY_JOB_ID"')
job=${job%%;*}   # --parsable prints "id" or "id;cluster"
[[ $job =~ ^[0-9]+$ ]] || { echo "array_smoke: sbatch gave no job id: '$job'" >&2; exit 1; }

# squeue lists the array's pending and running tasks; nothing once all ended.
# A failing squeue (controller busy) is retried until the deadline.
queue="(no answer yet)"
while ((SECONDS - submitted < deadline_s)); do
  if queue=$(squeue -h -j "$job" 2>&1); then
    [[ -z $queue ]] && break
  fi
  sleep 0.5
done
if [[ -n $queue ]]; then
  echo "array_smoke: job $job not done after $deadline_s s; squeue: $queue" >&2
  exit 1
fi
echo "array_smoke: array of 3 done in $((SECONDS - submitted)) s"

# Every task COMPLETED with exit 0 (the controller keeps finished jobs for
# MinJobAge, 300 s), and wrote its line.
states=$(scontrol -o show job "$job" | grep -o 'JobState=[A-Z_]*' | sort | uniq -c | xargs)
[[ $states == "3 JobState=COMPLETED" ]] || { echo "array_smoke: task states: $states" >&2; exit 1; }
for i in 0 1 2; do
  want="task $i of $job"
  got=$(cat "$dir/out_$i.txt" 2>/dev/null || echo "(missing)")
  [[ $got == "$want" ]] || { echo "array_smoke: out_$i.txt is '$got', want '$want'" >&2; exit 1; }
done
status=0
echo "array_smoke: passed in $((SECONDS - start)) s"
