#!/usr/bin/env bash
# Issue 17's results page in one command: every policy of each side-by-side
# scenario over several seeds (scripts/sweep.sh, resumable), each scenario's
# figures (scripts/plot.sh) and the page (scripts/side_by_side/write_page.py),
# naming the commit measured as scripts/claims.sh does.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/side_by_side.sh [--seeds S1,S2,...] [--hours H] [--jobs N] [--out DIR] [--doc FILE]
                               [--figures DIR] [SCENARIO.json ...]

For each scenario (default: every configs/scenarios/side_by_side/*.json, in name order):
  1. scripts/sweep.sh SCENARIO OUT/<name> --seeds ...   every policy, one run per seed;
     <name> is the file name without .json. Resumable: a rerun skips the finished
     points (OUT/<name>/seed=S/), so after Ctrl-C or a failure run the same command.
  2. FIGURES/<name>_scatter.png    cost per million on-time queries against SLO
                                   attainment, one point per policy, 95 % CI bars
                                   (scripts/plot.sh --scatter; log x when costs span
                                   more than a factor 10)
     FIGURES/<name>_timeseries.png the time series of the first seed's runs
                                   (scripts/plot.sh on OUT/<name>/seed=S1), a row per
                                   paper's evaluation (design_envelopes.json's family)
     each also as .pdf beside it, for a paper
Then the page DOC: per scenario its description, a table (goodput, SLO attainment, p99,
effective accuracy, max accuracy drop, total cost, cost per million on-time queries,
mean ± 95 % CI over the seeds, with the seeds' median for SLO attainment and cost per
million from OUT/<name>/sweep.csv; "failed" with the exit status for a policy without
results; a last column "outside its design" with the reason, from
scripts/side_by_side/design_envelopes.json), the Pareto front of (SLO attainment, cost per
million on-time queries) by the seeds' medians, the figures, the policies whose seeds
disagree (each seed's values, and why from scripts/side_by_side/spread_explanations.json)
and who wins what, from the numbers and the policies' counters: a policy beats another
only where their intervals do not overlap. The page ends with each system's worlds: where
it is on the Pareto front, where the world is outside its paper's design, and a note on how
it fares on its own ground, from scripts/side_by_side/ground_explanations.json.
The page names this command and the commit measured, not the date: the same runs give
the same bytes.

Builds servesim first (scripts/build.sh servesim), unless SERVESIM names a binary.

options:
  --seeds S1,S2,...  seeds (default 1,2,3,4,5)
  --hours H          simulate H hours per run instead of the scenario's own duration
                     (--set duration_s=H*3600, for a quick look; the page says so; must
                     exceed the scenarios' 600 s warm-up). Changing it re-runs the points.
  --jobs N, -j N     runs at once (default: nproc); each run is one seed of one scenario
  --out DIR          the sweeps (default results/side_by_side)
  --doc FILE         the page (default docs/side_by_side.md)
  --figures DIR      the figures (default docs/figures/side_by_side)

Exit status: 0 done; 1 some run or figure failed (the page is written all the same and
lists the failures); 2 bad arguments or input; 130 interrupted (run it again to finish).
EOF
}

die() { echo "side_by_side.sh: $*" >&2; exit 2; }

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# The page names the command as it was typed, quoting only what a shell would need.
shell_word() {
  if [[ $1 =~ ^[A-Za-z0-9_./,=:+@%-]+$ ]]; then printf '%s' "$1"; else printf "'%s'" "${1//\'/\'\\\'\'}"; fi
}
command_text="scripts/side_by_side.sh"
for arg in "$@"; do command_text+=" $(shell_word "$arg")"; done

seeds=1,2,3,4,5 hours="" jobs=$(nproc) scenarios=()
out=results/side_by_side doc=docs/side_by_side.md figures=docs/figures/side_by_side
need_value() { (($# >= 2)) || die "$1 needs a value"; }
while (($#)); do
  case $1 in
    -h|--help) usage; exit 0 ;;
    --seeds) need_value "$@"; seeds=$2; shift 2 ;;
    --seeds=*) seeds=${1#*=}; shift ;;
    --hours) need_value "$@"; hours=$2; shift 2 ;;
    --hours=*) hours=${1#*=}; shift ;;
    -j|--jobs) need_value "$@"; jobs=$2; shift 2 ;;
    --jobs=*) jobs=${1#*=}; shift ;;
    --out) need_value "$@"; out=$2; shift 2 ;;
    --out=*) out=${1#*=}; shift ;;
    --doc) need_value "$@"; doc=$2; shift 2 ;;
    --doc=*) doc=${1#*=}; shift ;;
    --figures) need_value "$@"; figures=$2; shift 2 ;;
    --figures=*) figures=${1#*=}; shift ;;
    -*) die "unknown option \"$1\" (see --help)" ;;
    *) scenarios+=("$1"); shift ;;
  esac
done

[[ $seeds =~ ^[0-9]+(,[0-9]+)*$ ]] || die "--seeds expects non-negative integers separated by commas, got \"$seeds\""
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "--jobs expects a positive integer, got \"$jobs\""
extra=() duration=""
if [[ -n $hours ]]; then
  [[ $hours =~ ^([0-9]+\.?[0-9]*|\.[0-9]+)$ ]] && awk -v h="$hours" 'BEGIN { exit !(h > 0) }' ||
    die "--hours expects a positive number of hours, got \"$hours\""
  duration=$(awk -v h="$hours" 'BEGIN { printf "%.10g", h * 3600 }')
  extra=(-- --set "duration_s=$duration")
fi
command -v python3 >/dev/null || die "python3 not found (scripts/deps.sh installs it)"

# Paths as given are relative to where the command runs; it then works from
# the repository root, so that the page names repository paths alike from
# anywhere.
absolute() { realpath -m -- "$1"; }
if ((${#scenarios[@]} == 0)); then
  for s in "$repo_root"/configs/scenarios/side_by_side/*.json; do [[ -f $s ]] && scenarios+=("$s"); done
  ((${#scenarios[@]})) || die "no scenario in configs/scenarios/side_by_side/ (or give SCENARIO.json ...)"
fi
stems=()
for i in "${!scenarios[@]}"; do
  [[ -f ${scenarios[i]} ]] || die "no such scenario file: ${scenarios[i]}"
  scenarios[i]=$(absolute "${scenarios[i]}")
  stem=$(basename "${scenarios[i]}" .json)
  [[ " ${stems[*]} " != *" $stem "* ]] || die "two scenarios named $stem: their runs and figures would share a folder"
  stems+=("$stem")
done
out=$(absolute "$out") doc=$(absolute "$doc") figures=$(absolute "$figures")
cd "$repo_root"

if [[ -n ${SERVESIM:-} ]]; then
  binary=$(absolute "$SERVESIM")
else
  bash scripts/build.sh servesim >/dev/null
  binary=$repo_root/${BUILD_DIR:-build}/servesim
fi
[[ -x $binary ]] || die "servesim binary not found or not executable: $binary"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [[ -n $(git status --porcelain 2>/dev/null -- sim policies traces configs) ]]; then commit="$commit+changes"; fi

# Every scenario is checked before the first long sweep starts: servesim's
# own one-line message and exit 2.
for s in "${scenarios[@]}"; do
  "$binary" validate "$s" ${duration:+--set "duration_s=$duration"} >/dev/null || exit 2
done

first_seed=${seeds%%,*}
IFS=, read -r -a seed_list <<<"$seeds"

# sweep.sh's tables leave a failed point out whole. But a point is one
# `servesim run` of every policy, which finishes the other policies before it
# exits with the failure: their runs (<label>/summary.json) are whole, so the
# tables are collected again with them, and one failing policy does not cost
# the others a seed. A seed's latest attempt is seed=S.failed when there is
# one (a success removes it), else seed=S (sweep.sh's folder names).
collect_finished_runs() {  # STEM
  local dir=$out/$1 runs=() any_failed=0 s label
  for s in "${seed_list[@]}"; do
    if [[ -d $dir/seed=$s.failed ]]; then
      any_failed=1
      for label in "$dir/seed=$s.failed"/*/; do
        [[ -f $label/summary.json ]] && runs+=("seed=$s.failed/$(basename "$label")")
      done
    elif [[ -f $dir/seed=$s/point.json ]]; then
      runs+=("seed=$s")
    fi
  done
  ((any_failed && ${#runs[@]})) || return 0
  (cd "$dir" && "$binary" collect "${runs[@]}" --points sweep_points.csv.tmp >sweep.csv.tmp &&
    mv sweep.csv.tmp sweep.csv && mv sweep_points.csv.tmp sweep_points.csv) ||
    { rm -f "$dir/sweep.csv.tmp" "$dir/sweep_points.csv.tmp"; echo "side_by_side.sh: $1: servesim collect failed" >&2; return 1; }
}

# The two figures of one scenario, each as NAME.png and NAME.pdf (plot.sh
# writes both). Old ones are removed first, so that a figure never outlives
# the runs it was drawn from.
draw_figures() {  # STEM -> 0, or 1 when a figure could not be drawn
  local dir=$out/$1 scatter=$figures/$1_scatter series=$figures/$1_timeseries status=0
  local point=$dir/seed=$first_seed  # sweep.sh's folder for a point with a seed alone
  [[ ! -d $point.failed ]] || point=$point.failed  # the policies that finished there
  mkdir -p "$figures"
  rm -f "$scatter".{png,pdf} "$series".{png,pdf}
  if [[ -f $dir/sweep_points.csv ]]; then
    bash scripts/plot.sh "$dir/sweep_points.csv" --scatter cost.per_million_on_time slo_attainment --logx=auto \
      --out "$scatter.png" >/dev/null || status=1
  fi
  if compgen -G "$point/*/timeseries.csv" >/dev/null; then
    local tmp
    tmp=$(mktemp -d)
    # A row per paper's evaluation (design_envelopes.json's "family"), not
    # per label prefix, which would put Clipper+ (INFaaS') with Clipper-HA/HT
    # (Proteus').
    python3 -c 'import json, os, sys
d = json.load(open(sys.argv[1])).get(sys.argv[2], {}) if os.path.exists(sys.argv[1]) else {}
print(json.dumps({label: e["family"] for label, e in d.items() if e.get("family")}))' \
      scripts/side_by_side/design_envelopes.json "$1" >"$tmp/families.json"
    bash scripts/plot.sh "$point" --out "$tmp" --families "$tmp/families.json" >/dev/null &&
      mv "$tmp/timeseries.png" "$series.png" && mv "$tmp/timeseries.pdf" "$series.pdf" || status=1
    rm -rf "$tmp"
  fi
  return "$status"
}

status=0
for i in "${!scenarios[@]}"; do
  stem=${stems[i]}
  echo "side_by_side.sh: $stem: seeds $seeds${hours:+, $hours h each} -> $out/$stem" >&2
  # sweep.sh rewrites both tables from the finished points; removed first so
  # that a sweep whose every point failed leaves none from earlier runs.
  rm -f "$out/$stem/sweep_points.csv" "$out/$stem/sweep.csv"
  sweep_status=0
  bash scripts/sweep.sh "${scenarios[i]}" "$out/$stem" --seeds "$seeds" --jobs "$jobs" --binary "$binary" \
    "${extra[@]}" || sweep_status=$?
  case $sweep_status in
    0) ;;
    1) status=1 ;;  # some point failed: listed by sweep.sh, and on the page
    *) exit "$sweep_status" ;;
  esac
  collect_finished_runs "$stem" || status=1
  draw_figures "$stem" || { echo "side_by_side.sh: $stem: a figure could not be drawn" >&2; status=1; }
done

python3 scripts/side_by_side/write_page.py --out "$out" --seeds "$seeds" --doc "$doc" --figures "$figures" \
  ${duration:+--duration-s "$duration"} --command "$command_text" --commit "$commit" "${scenarios[@]}"
echo "side_by_side.sh: wrote $doc" >&2
exit "$status"
