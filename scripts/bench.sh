#!/usr/bin/env bash
# Performance check: builds Release, runs the Google Benchmark
# micro-benchmarks (every bench/*_bench.cpp, e.g. inferline_estimator_bench
# and inferline_planner_bench) briefly, then each end-to-end scenario bench/e2e_<name>.json
# for 1 h, 24 h and 48 h of simulated time on one core, and reports simulated
# queries per wall second, wall time and peak RSS against the targets:
#   every scenario: 48 h peak RSS within 10 % of 24 h (memory does not grow
#                   with simulated time: both runs end at the same point of
#                   the day, after a whole day has passed; the 1 h run can
#                   still be in the start's transient, as INFaaS' cluster
#                   grows for about two hours from its initial workers),
#                   and the 24 h run under 2 minutes;
#   static:         at least 2M simulated queries per wall second.
# The scenarios: static (1000 QPS Poisson on 16 fixed replicas: the engine
# alone), infaas (Figure 5's world on a real 1000-QPS-mean diurnal day, with
# autoscaling), proteus (the end-to-end 40-device world on the same day).
# side_by_side (only when named; about 40 minutes): every policy of every
# configs/scenarios/side_by_side/ scenario alone for its full simulated day on
# one core, each against the same 2-minute target (issue 17).
#   scripts/bench.sh [--report-only] [NAME...]   NAME: static, infaas, proteus (default: all three),
#                                                side_by_side
#   --report-only         print the numbers; exit 0 whether or not targets are met
#   BENCH_MIN_TIME=0.05   seconds per micro-benchmark (default 0.05); a benchmark with
#                         fixed iterations ignores it (inferline_planner_bench: 3 plans
#                         per case, about 18 s, on the shipped
#                         configs/scenarios/papers/inferline/planner_sensitivity.json)
#   BUILD_DIR=dir         build folder (default build)
# Exit status: 0 targets met (or --report-only), 1 a target missed or a step failed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir=${BUILD_DIR:-build}

# Targets.
max_rss_growth=1.10      # 48 h peak RSS / 24 h peak RSS
max_day_wall_s=120       # wall seconds for 24 h of simulated time
min_static_rate=2000000  # simulated queries per wall second, static

report_only=false
names=()
side_by_side=false
for arg in "$@"; do
  case $arg in
    --report-only) report_only=true ;;
    static | infaas | proteus) names+=("$arg") ;;
    side_by_side) side_by_side=true ;;
    *) echo "usage: scripts/bench.sh [--report-only] [static|infaas|proteus|side_by_side ...]" >&2; exit 1 ;;
  esac
done
((${#names[@]} > 0)) || $side_by_side || names=(static infaas proteus)

bench_targets=()
for src in bench/*_bench.cpp; do
  [[ -e $src ]] && bench_targets+=("$(basename "$src" .cpp)")
done
bash scripts/build.sh servesim "${bench_targets[@]}" >/dev/null

echo "== micro-benchmarks"
for target in "${bench_targets[@]}"; do
  "$build_dir/bench/$target" --benchmark_min_time="${BENCH_MIN_TIME:-0.05}" 2>/dev/null
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One field of the flat timing.json the runner writes.
field() { sed -n "s/^ *\"$2\": *\([^,]*\),\{0,1\}$/\1/p" "$1"; }

e2e() {  # NAME LABEL [servesim args]; one policy per scenario, one run folder
  local name=$1 label=$2
  shift 2
  "$build_dir/servesim" run "bench/e2e_$name.json" --quiet --jobs 1 --out "$tmp/$name-$label" "$@" >/dev/null
}
run_dir() { local dirs=("$tmp/$1-$2"/*/); echo "${dirs[0]%/}"; }

echo
echo "== end to end (1 core)"
printf '%-8s %-4s %12s %11s %9s %12s %14s\n' policy sim queries events wall_s queries/s peak_rss_mib
missed=0
for name in "${names[@]+"${names[@]}"}"; do
  e2e "$name" 1h
  e2e "$name" 24h --set duration_s=86400
  e2e "$name" 48h --set duration_s=172800
  for label in 1h 24h 48h; do
    dir=$(run_dir "$name" "$label")
    queries=$(grep -m1 '"arrived"' "$dir/summary.json" | tr -dc 0-9)
    printf '%-8s %-4s %12s %11s %9.2f %12.0f %14.2f\n' "$name" "$label" "$queries" "$(field "$dir/timing.json" events)" \
      "$(field "$dir/timing.json" wall_s)" "$(field "$dir/timing.json" queries_per_wall_s)" \
      "$(field "$dir/timing.json" process_peak_rss_mib)"
  done
done

echo
for name in "${names[@]+"${names[@]}"}"; do
  t1=$(run_dir "$name" 1h)/timing.json
  t24=$(run_dir "$name" 24h)/timing.json
  t48=$(run_dir "$name" 48h)/timing.json
  min_rate=0
  [[ $name == static ]] && min_rate=$min_static_rate
  awk -v name="$name" -v r24="$(field "$t24" process_peak_rss_mib)" -v r48="$(field "$t48" process_peak_rss_mib)" \
      -v wall="$(field "$t24" wall_s)" -v q1="$(field "$t1" queries_per_wall_s)" \
      -v q24="$(field "$t24" queries_per_wall_s)" -v max_growth="$max_rss_growth" \
      -v max_wall="$max_day_wall_s" -v min_rate="$min_rate" '
    function verdict(ok) { if (!ok) failed = 1; return ok ? "ok" : "MISSED" }
    BEGIN {
      ratio = r48 / r24
      printf "%-8s peak RSS 48h/24h = %.3f (target <= %.2f): %s\n", name, ratio, max_growth, verdict(ratio <= max_growth)
      printf "%-8s 24 h wall = %.1f s (target <= %d s): %s\n", name, wall, max_wall, verdict(wall <= max_wall)
      if (min_rate > 0) {
        rate = (q1 < q24) ? q1 : q24
        printf "%-8s queries/s (slower of the two) = %.2fM (target >= %.0fM): %s\n", name, rate / 1e6, min_rate / 1e6,
               verdict(rate >= min_rate)
      }
      exit failed
    }' || missed=1
done
if $side_by_side; then
  echo
  echo "== side by side: each policy's full day alone (1 core; target <= $max_day_wall_s s)"
  printf '%-14s %-16s %12s %11s %9s %12s %14s\n' scenario policy queries events wall_s queries/s peak_rss_mib
  for scenario in configs/scenarios/side_by_side/*.json; do
    name=$(basename "$scenario" .json)
    labels=$(sed -n 's/^ *"label": "\(.*\)",\{0,1\}$/\1/p' "$scenario")
    for label in $labels; do
      out="$tmp/sbs-$name-$label"
      "$build_dir/servesim" run "$scenario" --quiet --jobs 1 --policy "$label" --out "$out" >/dev/null
      t="$out/$label/timing.json"
      wall=$(field "$t" wall_s)
      printf '%-14s %-16s %12s %11s %9.2f %12.0f %14.2f' "$name" "$label" \
        "$(grep -m1 '"arrived"' "$out/$label/summary.json" | tr -dc 0-9)" "$(field "$t" events)" "$wall" \
        "$(field "$t" queries_per_wall_s)" "$(field "$t" process_peak_rss_mib)"
      if awk -v w="$wall" -v m="$max_day_wall_s" 'BEGIN { exit !(w <= m) }'; then echo "  ok"; else echo "  MISSED"; missed=1; fi
    done
  done
fi
if $report_only; then exit 0; fi
exit "$missed"
