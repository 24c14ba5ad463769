#!/usr/bin/env bash
# Engine performance check: builds Release, runs the Google Benchmark
# micro-benchmarks briefly, then the end-to-end scenario bench/e2e_static.json
# for 1 h and 24 h of simulated time, and reports simulated queries per wall
# second and peak RSS against the targets (>= 2M queries/s on one core; 24 h
# peak RSS within 10 % of 1 h, i.e. memory does not grow with simulated time).
#   BENCH_MIN_TIME=0.05   seconds per micro-benchmark (default 0.05)
#   BUILD_DIR=dir         build folder (default build)
# Exit status: 0 targets met, 1 a target missed or a step failed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir=${BUILD_DIR:-build}
scenario=bench/e2e_static.json

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

e2e() {  # LABEL [servesim args]
  local label=$1
  shift
  "$build_dir/servesim" run "$scenario" --quiet --jobs 1 --out "$tmp/$label" "$@" >/dev/null
}

echo
echo "== end to end: $scenario (1 core)"
e2e 1h
e2e 24h --set duration_s=86400
printf '%-4s %12s %10s %8s %12s %14s\n' sim queries events wall_s queries/s peak_rss_mib
for label in 1h 24h; do
  t=$tmp/$label/static/timing.json
  queries=$(grep -m1 '"arrived"' "$tmp/$label/static/summary.json" | tr -dc 0-9)
  printf '%-4s %12s %10s %8.2f %12.0f %14.2f\n' "$label" "$queries" "$(field "$t" events)" \
    "$(field "$t" wall_s)" "$(field "$t" queries_per_wall_s)" "$(field "$t" peak_rss_mib)"
done

awk -v q1="$(field "$tmp/1h/static/timing.json" queries_per_wall_s)" \
    -v q24="$(field "$tmp/24h/static/timing.json" queries_per_wall_s)" \
    -v r1="$(field "$tmp/1h/static/timing.json" peak_rss_mib)" \
    -v r24="$(field "$tmp/24h/static/timing.json" peak_rss_mib)" '
  BEGIN {
    ratio = r24 / r1
    rate = (q1 < q24) ? q1 : q24
    printf "\npeak RSS 24h/1h = %.3f (target <= 1.10): %s\n", ratio, (ratio <= 1.10 ? "ok" : "MISSED")
    printf "queries/s (slower of the two) = %.2fM (target >= 2M): %s\n", rate / 1e6, (rate >= 2e6 ? "ok" : "MISSED")
    exit !(ratio <= 1.10 && rate >= 2e6)
  }'
