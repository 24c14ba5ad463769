#!/usr/bin/env bash
# Runs a scenario over the cartesian product of --grid values and seeds, one
# run folder per point, on the local cores or as a Slurm job array, then joins
# every summary into sweep.csv (per run) and sweep_points.csv (per grid point:
# mean, sd, n and 95 % confidence half-width over the seeds).
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/sweep.sh SCENARIO OUT_DIR [--grid PATH=V1,V2,...]... [--seeds S1,S2,... | --replications N]
                        [--jobs N] [--binary PATH]
                        [--slurm [--partition P] [--time HH:MM:SS] [--cpus-per-task N]
                                 [--points-per-task K] [--wait]]
                        [-- extra servesim run arguments]

Runs `servesim run SCENARIO --set PATH=V... --set seed=S --out OUT_DIR/<point> --quiet`
for every combination of the grids' values and the seeds. A point's folder is named
from its parameters alone, e.g. slo_ms=50__x=1__seed=1 (the last component of each
PATH; characters other than letters, digits and ._=+- become _), whichever backend
runs it. Each point folder holds the usual <label>/{summary.json,timeseries.csv,
timing.json}, comparison.csv, run.log and point.json (parameters, hash, wall time).

Results (`servesim collect`):
  OUT_DIR/sweep.csv         one row per point and policy: one column per grid, then
                            run_dir (relative to OUT_DIR) and the summary's fields
  OUT_DIR/sweep_points.csv  one row per grid point and policy label: for every numeric
                            field, its mean, sd, n and 95 % Student-t half-width over seeds

Checking: before any point runs, every grid point is checked with its overrides and
the extra arguments (`servesim run --dry-run`); the bad points are named in one line with
servesim's message and the sweep exits 2 with nothing run.

Resuming: a point is run into OUT_DIR/.tmp-<point>.XXXXXX and renamed to its folder
when complete. A point whose folder holds point.json with the same hash (of the
scenario file's text, the point's overrides and seed, and the extra arguments) is
skipped, so after Ctrl-C, a killed task or a lost node, the same command finishes
the sweep without re-running a finished point. (Catalogs and traces the scenario
names are not hashed: after editing one, use a new OUT_DIR.) A failed point leaves
OUT_DIR/<point>.failed/ with run.log and exit_status, and is run again next time.

Progress: points done / total, failures and the estimated time left, one line
updated in place on a terminal, one line per finished point otherwise.

options:
  --grid PATH=V1,V2,...  a --set path and its values (repeatable; values hold no commas
                         or tabs; a value is JSON when it parses as JSON, a string otherwise;
                         not seed: use --seeds or --replications)
  --seeds S1,S2,...      seeds (default: the scenario's own seed, no override)
  --replications N       seeds 1..N
  --jobs N, -j N         local backend: points run at once (default: nproc)
  --binary PATH          the servesim binary (default: $SERVESIM, else build/servesim)
  --slurm                submit one sbatch job array instead of running locally: writes
                         OUT_DIR/sweep.sbatch (one array task per K pending points) and
                         OUT_DIR/points.tsv, runs `sbatch --parsable`, prints the job id.
                         OUT_DIR, the binary and the scenario must be on a filesystem
                         the compute nodes share. Run the same command again to collect
                         (or to resubmit what failed); while the job is still queued or
                         running, a rerun submits nothing (with --wait it waits for it).
  --partition P          #SBATCH --partition
  --time HH:MM:SS        #SBATCH --time (per array task)
  --cpus-per-task N      #SBATCH --cpus-per-task (default 1)
  --points-per-task K    points each array task runs one after another (default 1)
  --wait                 wait for the job, showing progress, then collect
  --                     everything after goes to every `servesim run` (e.g. --policy static-gpu)

Exit status: 0 all points done, 1 some point failed (listed with its exit status and
log), 2 bad arguments, 130 interrupted (run the same command again to finish).
EOF
}

die() { echo "sweep.sh: $*" >&2; exit 2; }

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$repo_root/scripts/lib/sweep_point.sh"
binary=${SERVESIM:-$repo_root/build/servesim}
jobs=$(nproc)
grids=() seeds=() extra=() positional=()
replications="" slurm=0 wait_for_job=0 partition="" time_limit="" cpus_per_task=1 points_per_task=1

need_value() { (($# >= 2)) || die "$1 needs a value"; }
while (($#)); do
  case $1 in
    -h|--help) usage; exit 0 ;;
    --grid) need_value "$@"; grids+=("$2"); shift 2 ;;
    --grid=*) grids+=("${1#--grid=}"); shift ;;
    --seeds) need_value "$@"; IFS=, read -r -a seeds <<<"$2"; shift 2 ;;
    --seeds=*) IFS=, read -r -a seeds <<<"${1#--seeds=}"; shift ;;
    --replications) need_value "$@"; replications=$2; shift 2 ;;
    -j|--jobs) need_value "$@"; jobs=$2; shift 2 ;;
    --jobs=*) jobs=${1#--jobs=}; shift ;;
    --binary) need_value "$@"; binary=$2; shift 2 ;;
    --binary=*) binary=${1#--binary=}; shift ;;
    --slurm) slurm=1; shift ;;
    --partition) need_value "$@"; partition=$2; shift 2 ;;
    --time) need_value "$@"; time_limit=$2; shift 2 ;;
    --cpus-per-task) need_value "$@"; cpus_per_task=$2; shift 2 ;;
    --points-per-task) need_value "$@"; points_per_task=$2; shift 2 ;;
    --wait) wait_for_job=1; shift ;;
    --) shift; extra=("$@"); break ;;
    -*) die "unknown option \"$1\" (see --help)" ;;
    *) positional+=("$1"); shift ;;
  esac
done

((${#positional[@]} == 2)) || die "expected SCENARIO and OUT_DIR, got ${#positional[@]} arguments (see --help)"
scenario=${positional[0]}
out_dir=${positional[1]}
[[ -f $scenario ]] || die "no such scenario file: $scenario"
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "--jobs expects a positive integer, got \"$jobs\""
# `command -v -- NAME`: a NAME starting with "-" is a name, not an option.
[[ $binary == */* ]] || binary=$(command -v -- "$binary" 2>/dev/null || echo "$binary")
[[ -f $binary && -x $binary ]] || die "servesim binary not found or not executable: $binary (build it, or use --binary / SERVESIM)"
binary=$(realpath "$binary")  # collect runs from inside OUT_DIR; Slurm tasks from anywhere
scenario=$(realpath "$scenario")
if [[ -n $replications ]]; then
  ((${#seeds[@]} == 0)) || die "give --seeds or --replications, not both"
  [[ $replications =~ ^[1-9][0-9]*$ ]] || die "--replications expects a positive integer, got \"$replications\""
  mapfile -t seeds < <(seq 1 "$replications")
fi
for s in "${seeds[@]}"; do
  [[ $s =~ ^[0-9]+$ ]] || die "--seeds expects non-negative integers, got \"$s\""
done
if ((slurm)); then
  [[ $cpus_per_task =~ ^[1-9][0-9]*$ ]] || die "--cpus-per-task expects a positive integer, got \"$cpus_per_task\""
  [[ $points_per_task =~ ^[1-9][0-9]*$ ]] || die "--points-per-task expects a positive integer, got \"$points_per_task\""
  [[ -z $time_limit || $time_limit =~ ^([0-9]+-)?[0-9]+(:[0-9]{2}){0,2}$ ]] ||
    die "--time expects a Slurm time such as 01:30:00, got \"$time_limit\""
  command -v sbatch >/dev/null && command -v squeue >/dev/null || die "--slurm needs sbatch and squeue on PATH"
elif ((wait_for_job)) || [[ -n $partition$time_limit ]] || ((cpus_per_task != 1 || points_per_task != 1)); then
  die "--partition, --time, --cpus-per-task, --points-per-task and --wait go with --slurm"
fi

sanitize() { printf '%s' "$1" | tr -c 'A-Za-z0-9._=+-' '_'; }

# The last K components of a --set path, as a column and folder name:
# short_name policies[0].params.placement[1].batcher.max_batch 1 -> max_batch,
# ... 3 -> placement.1.batcher.max_batch (an index alone keeps its parent).
short_name() {
  local parts=() k=$2 n
  IFS=. read -r -a parts <<<"$(sed -E 's/\[([0-9]+)\]/.\1/g' <<<"$1")"
  n=${#parts[@]}
  ((k <= n)) || k=$n
  ((k < n)) && [[ ${parts[n - k]:-} =~ ^[0-9]+$ ]] && k=$((k + 1))
  sanitize "$(IFS=.; echo "${parts[*]:n-k}")"
}

# Per grid: its path, its column name and its values (newline-joined).
paths=() names=() values=()
for g in "${grids[@]}"; do
  [[ $g == *=* ]] || die "--grid \"$g\" is not PATH=V1,V2,..."
  path=${g%%=*}
  list=${g#*=}
  [[ -n $path ]] || die "--grid \"$g\" has an empty path"
  [[ $path != seed ]] || die "--grid \"$g\": the seed is the sweep's own dimension: give --seeds S1,S2,... or --replications N"
  [[ -n $list && $list != *,, && $list != ,* && $list != *, && $list != *,,* ]] ||
    die "--grid \"$g\" has an empty value"
  [[ $g != *$'\t'* ]] || die "--grid \"$g\" holds a tab"
  # applications[0].slo_ms -> slo_ms; a path ending in an index keeps its parent
  # (policies[0].params.weights[1] -> weights_1).
  name=$(short_name "$path" 1)
  for p in "${paths[@]}"; do [[ $p != "$path" ]] || die "--grid \"$path\" given twice"; done
  paths+=("$path")
  names+=("$name")
  values+=("$(tr , '\n' <<<"$list")")
done
# Grids whose paths end alike would share a name: lengthen those names by
# path components until they differ ("seed" is taken by --seeds).
for depth in 2 3 4 5 6 7 8; do
  dups=$(printf '%s\n' "${names[@]}" seed | sort | uniq -d)
  [[ -n $dups ]] || break
  for i in "${!paths[@]}"; do
    grep -qxF -- "${names[i]}" <<<"$dups" && names[i]=$(short_name "${paths[i]}" "$depth")
  done
done
[[ -z $(printf '%s\n' "${names[@]}" seed | sort | uniq -d) ]] || die "grid paths give the same name: ${names[*]}"

# Expand the cartesian product. A point is "<assignments>\t<folder name>",
# assignments joined by \x1f (a byte no shell argument or path will hold).
points=($'\t')
add_dimension() {  # NAME PATH VALUES(newline-separated)
  local name=$1 path=$2 v pt sets nm next=()
  while IFS= read -r v; do
    for pt in "${points[@]}"; do
      sets=${pt%%$'\t'*}
      nm=${pt#*$'\t'}
      next+=("${sets:+$sets$'\x1f'}$path=$v"$'\t'"${nm:+${nm}__}$name=$(sanitize "$v")")
    done
  done <<<"$3"
  points=("${next[@]}")
}
for i in "${!paths[@]}"; do add_dimension "${names[i]}" "${paths[i]}" "${values[i]}"; done
grid_points=("${points[@]}")
((${#seeds[@]} == 0)) || add_dimension seed seed "$(printf '%s\n' "${seeds[@]}")"
[[ ${points[0]} != $'\t' ]] || die "nothing to sweep: give at least one --grid or --seeds"

# Check every grid point before launching anything: its overrides (with the
# first seed) and the extra arguments, as `servesim run --dry-run` reads them,
# so that a bad value or a bad argument fails fast, every bad point named in one line
# with servesim's own message, and nothing runs (exit 2).
check_points() {
  local dir i pt
  dir=$(mktemp -d)
  # In a subshell: its background jobs never reach run_local's `wait -n`,
  # which would otherwise count a check's end as a point's.
  (
    i=0 running=0
    for pt in "${grid_points[@]}"; do
      args=()
      IFS=$'\x1f' read -r -a sets <<<"${pt%%$'\t'*}"
      for s in "${sets[@]}"; do args+=(--set "$s"); done
      ((${#seeds[@]} == 0)) || args+=(--set "seed=${seeds[0]}")
      if ((running >= jobs)); then
        wait -n || true
        running=$((running - 1))
      fi
      running=$((running + 1))
      { "$binary" run "$scenario" --dry-run --quiet "${args[@]}" "${extra[@]}" >/dev/null 2>"$dir/$i.err" ||
          echo $? >"$dir/$i.status"; } &
      i=$((i + 1))
    done
    wait || true
  )
  local bad=()
  for i in "${!grid_points[@]}"; do
    [[ -e $dir/$i.status ]] || continue
    pt=${grid_points[i]#*$'\t'}
    bad+=("${pt:-the scenario}: $(tail -n 1 "$dir/$i.err")")
  done
  rm -rf "$dir"
  # One line however many points are bad: each point's message, joined.
  ((${#bad[@]} != 0)) || return 0
  ((${#bad[@]} != 1)) || die "${bad[0]} (nothing run)"
  local joined
  joined=$(printf '%s; ' "${bad[@]}")
  die "${#bad[@]} points refused, nothing run: ${joined%; }"
}
check_points

mkdir -p "$out_dir"
out_dir=$(cd "$out_dir" && pwd)
exec 9>"$out_dir/.lock"
flock -n 9 || die "another sweep.sh is using $out_dir"
sweep_binary=$binary sweep_scenario=$scenario sweep_out=$out_dir
sweep_extra=("${extra[@]}")
point_columns=("${names[@]}")
((${#seeds[@]} == 0)) || point_columns+=(seed)

# Every point as points.tsv holds it, "FOLDER<TAB>HASH<TAB>PATH=VALUE...", and
# those not done yet.
scenario_sha=$(sha256sum <"$scenario" | cut -c1-64)
point_lines=() pending=()
for pt in "${points[@]}"; do
  IFS=$'\x1f' read -r -a sets <<<"${pt%%$'\t'*}"
  name=${pt#*$'\t'}
  hash=$(sweep_point_hash "$scenario_sha" "${sets[@]}")
  line=$(IFS=$'\t'; echo "$name"$'\t'"$hash"$'\t'"${sets[*]}")
  point_lines+=("$line")
  sweep_point_done "$name" "$hash" || pending+=("$line")
done
total=${#point_lines[@]}
already=$((total - ${#pending[@]}))

# The progress line: points done (before this command and by it) of all,
# failures, and the time left: the mean wall time of the points finished by
# this command, times the points left, over the points running at once.
touch "$out_dir/.progress"
progress_from=$(($(wc -l <"$out_dir/.progress") + 1))
last_progress=""
show_progress() {  # CONCURRENCY
  local line
  line=$(tail -n +"$progress_from" "$out_dir/.progress" |
    awk -F'\t' -v total="$total" -v already="$already" -v conc="$1" '
      $1 == "ok" { ok++; wall += $3 } $1 == "failed" { failed++ }
      END {
        done = already + ok; left = total - done - failed
        line = sprintf("sweep.sh: %d/%d points done, %d failed", done, total, failed)
        if (ok > 0 && left > 0) {
          s = int(wall / ok * left / (conc < left ? conc : left) + 0.5)
          line = line sprintf(", about %d:%02d:%02d left", s / 3600, s % 3600 / 60, s % 60)
        }
        print line
      }')
  if [[ -t 2 ]]; then
    printf '\r\033[K%s' "$line" >&2
  elif [[ $line != "$last_progress" ]]; then
    echo "$line" >&2
  fi
  last_progress=$line
}
end_progress() { [[ ! -t 2 ]] || echo >&2; }

# A run interrupted by a kill leaves .tmp-* (and, between two renames,
# .old-*) folders: never results, removed before running points again.
remove_partial_folders() { rm -rf "$out_dir"/.tmp-* "$out_dir"/.old-*; }

# Ctrl-C: stop the running points (each stops its servesim) and say how to
# finish; their .tmp-* folders are removed by the next run.
interrupt_local() {
  local running
  running=$(jobs -p)
  [[ -z $running ]] || kill -TERM $running 2>/dev/null || true
  wait || true
  end_progress
  echo "sweep.sh: interrupted; run the same command again to finish" >&2
  exit 130
}

run_local() {
  echo "sweep.sh: $total points ($already done before), $jobs at a time -> $out_dir" >&2
  remove_partial_folders
  trap interrupt_local INT TERM
  local running=0 line fields
  show_progress "$jobs"
  for line in "${pending[@]}"; do
    if ((running >= jobs)); then
      wait -n || true
      running=$((running - 1))
      show_progress "$jobs"
    fi
    IFS=$'\t' read -r -a fields <<<"$line"
    sweep_run_point "${fields[@]}" &
    running=$((running + 1))
  done
  while ((running > 0)); do
    wait -n || true
    running=$((running - 1))
    show_progress "$jobs"
  done
  trap - INT TERM
  end_progress
}

slurm_job_active() { [[ -n $(squeue -h -j "$1" -o %i 2>/dev/null) ]]; }

# The job array: one task per --points-per-task pending points, each running
# scripts/sweep_task.sh on its share of OUT_DIR/points.tsv.
write_sbatch_script() {  # TASKS
  local tasks=$1 command
  command=$(printf '%q ' bash "$repo_root/scripts/sweep_task.sh" --binary "$binary" --scenario "$scenario" "$out_dir")
  command+='"$SLURM_ARRAY_TASK_ID" '"$points_per_task"
  ((${#extra[@]} == 0)) || command+=" --$(printf ' %q' "${extra[@]}")"
  {
    echo "#!/bin/bash"
    echo "# servesim sweep of $scenario, written by scripts/sweep.sh:"
    echo "# ${#pending[@]} points to run (of $total), $points_per_task per array task -> $tasks tasks."
    echo "# Task i runs lines i*$points_per_task+1 .. i*$points_per_task+$points_per_task after the header of points.tsv."
    echo "# Resubmitting this script by hand (sbatch $out_dir/sweep.sbatch) runs only what is not done."
    echo "#SBATCH --job-name=servesim-sweep"
    echo "#SBATCH --array=0-$((tasks - 1))"
    echo "#SBATCH --cpus-per-task=$cpus_per_task"
    echo "#SBATCH --output=$out_dir/slurm/%A_%a.out"
    [[ -z $partition ]] || echo "#SBATCH --partition=$partition"
    [[ -z $time_limit ]] || echo "#SBATCH --time=$time_limit"
    echo "exec $command"
  } >"$out_dir/sweep.sbatch"
}

# An array's indices must stay below the cluster's MaxArraySize (1001 by
# default): say so before sbatch refuses with a less helpful message.
check_array_size() {  # TASKS
  local max
  max=$(scontrol show config 2>/dev/null | awk '$1 == "MaxArraySize" { print $3 }')
  [[ $max =~ ^[0-9]+$ ]] && (($1 > max)) || return 0
  die "${#pending[@]} points in $1 array tasks exceed this cluster's MaxArraySize $max; give --points-per-task $(((${#pending[@]} + max - 1) / max)) or more"
}

run_slurm() {
  [[ $out_dir != *[[:space:]]* ]] || die "--slurm: OUT_DIR must not hold whitespace (#SBATCH lines cannot quote it)"
  local job="" tasks
  mkdir -p "$out_dir/slurm"
  [[ ! -f $out_dir/slurm/job_id ]] || job=$(<"$out_dir/slurm/job_id")
  if [[ -n $job ]] && slurm_job_active "$job"; then
    echo "sweep.sh: job $job (submitted earlier) is still queued or running; not submitting again" >&2
  elif ((${#pending[@]} == 0)); then
    job=""
  else
    remove_partial_folders
    tasks=$(((${#pending[@]} + points_per_task - 1) / points_per_task))
    check_array_size "$tasks"
    { printf 'columns'; printf '\t%s' "${point_columns[@]}"; echo; printf '%s\n' "${pending[@]}"; } >"$out_dir/points.tsv"
    write_sbatch_script "$tasks"
    job=$(sbatch --parsable "$out_dir/sweep.sbatch") || { echo "sweep.sh: sbatch failed" >&2; exit 1; }
    job=${job%%;*}  # "id;cluster" on a multi-cluster site
    echo "$job" >"$out_dir/slurm/job_id"
    echo "sweep.sh: submitted job $job: ${#pending[@]} points, $tasks array tasks ($out_dir/sweep.sbatch)" >&2
    echo "$job"
  fi
  if [[ -n $job ]] && ! ((wait_for_job)); then
    echo "sweep.sh: run the same command again (with --wait to wait) to collect the results" >&2
    exit 0
  fi
  local running
  while [[ -n $job ]] && slurm_job_active "$job"; do
    running=$(squeue -h -j "$job" -t RUNNING -o %i 2>/dev/null | wc -l)
    show_progress $((running > 0 ? running : 1))
    sleep 2
  done
  show_progress 1
  end_progress
}

if ((slurm)); then run_slurm; else run_local; fi

# The report: every point not done, with its exit status and log.
done_dirs=() failed=0
for line in "${point_lines[@]}"; do
  IFS=$'\t' read -r name hash _ <<<"$line"
  if sweep_point_done "$name" "$hash"; then
    done_dirs+=("$name")
  elif [[ -f $out_dir/$name.failed/exit_status ]]; then
    echo "sweep.sh: FAILED $name (exit $(<"$out_dir/$name.failed/exit_status"); see $out_dir/$name.failed/run.log)" >&2
    failed=$((failed + 1))
  else
    echo "sweep.sh: NOT RUN $name (task killed or node lost? see $out_dir/slurm/)" >&2
    failed=$((failed + 1))
  fi
done
if ((${#done_dirs[@]} == 0)); then
  echo "sweep.sh: no point done; no sweep.csv" >&2
  exit 1
fi
# collect runs inside OUT_DIR so run_dir is <point>/<label>.
(cd "$out_dir" && "$binary" collect "${done_dirs[@]}" --points sweep_points.csv >sweep.csv.tmp && mv sweep.csv.tmp sweep.csv) ||
  { rm -f "$out_dir/sweep.csv.tmp"; echo "sweep.sh: servesim collect failed; the runs are in $out_dir" >&2; exit 1; }
echo "sweep.sh: wrote $out_dir/sweep.csv and sweep_points.csv (${#done_dirs[@]}/$total points done)" >&2
((failed == 0)) || exit 1
