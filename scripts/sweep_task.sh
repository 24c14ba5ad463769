#!/usr/bin/env bash
# One array task of a `scripts/sweep.sh --slurm` sweep (called by the
# generated OUT_DIR/sweep.sbatch): runs points TASK*K .. TASK*K+K-1 of
# OUT_DIR/points.tsv exactly as the local backend runs a point
# (scripts/lib/sweep_point.sh), so the folders and their summaries are the
# same. Points already done are skipped, so a resubmitted script only
# finishes what is missing.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: scripts/sweep_task.sh --binary PATH --scenario FILE OUT_DIR TASK_INDEX POINTS_PER_TASK [-- servesim run arguments]

OUT_DIR/points.tsv: a first line "columns<TAB>NAME..." (each assignment's column),
then one point per line: "FOLDER<TAB>HASH<TAB>PATH=VALUE..." (written by scripts/sweep.sh).
Exit status: 0 every point of the task done, 1 some point failed, 2 bad arguments.
USAGE
}

die() { echo "sweep_task.sh: $*" >&2; exit 2; }

source "$(dirname "${BASH_SOURCE[0]}")/lib/sweep_point.sh"

sweep_binary="" sweep_scenario="" sweep_extra=() positional=()
while (($#)); do
  case $1 in
    -h|--help) usage; exit 0 ;;
    --binary) (($# >= 2)) || die "--binary needs a path"; sweep_binary=$2; shift 2 ;;
    --scenario) (($# >= 2)) || die "--scenario needs a file"; sweep_scenario=$2; shift 2 ;;
    --) shift; sweep_extra=("$@"); break ;;
    -*) die "unknown option \"$1\" (see --help)" ;;
    *) positional+=("$1"); shift ;;
  esac
done
((${#positional[@]} == 3)) || die "expected OUT_DIR TASK_INDEX POINTS_PER_TASK (see --help)"
sweep_out=${positional[0]} task=${positional[1]} per_task=${positional[2]}
[[ -x $sweep_binary && -f $sweep_scenario ]] || die "--binary and --scenario must name an executable and a file"
[[ $task =~ ^[0-9]+$ && $per_task =~ ^[1-9][0-9]*$ ]] || die "TASK_INDEX and POINTS_PER_TASK must be integers"
[[ -f $sweep_out/points.tsv ]] || die "no points file $sweep_out/points.tsv"

header=()
IFS=$'\t' read -r -a header <"$sweep_out/points.tsv"
[[ ${header[0]:-} == columns ]] || die "$sweep_out/points.tsv: the first line must be \"columns<TAB>NAME...\""
point_columns=("${header[@]:1}")

failed=0
first=$((task * per_task + 2))  # line 1 is the header
while IFS=$'\t' read -r -a fields; do
  echo "sweep_task.sh: point ${fields[0]}" >&2
  sweep_run_point "${fields[@]}" || failed=$((failed + 1))
done < <(tail -n +"$first" "$sweep_out/points.tsv" | head -n "$per_task")
((failed == 0)) || exit 1
