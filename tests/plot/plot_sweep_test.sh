#!/usr/bin/env bash
# usage: plot_sweep_test.sh PLOT_SH. Exit 0 pass, 1 fail, 77 skipped (no gnuplot).
set -uo pipefail
plot=$1
command -v gnuplot >/dev/null || { echo "gnuplot not installed: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_line() {  # FILE LINE
  grep -qxF -- "$2" "$1" || { fail "$1 lacks the line [$2]; it holds:"; cat "$1"; }
}

# A per-point CSV as `servesim collect --points` writes it. goodput at
# slo_ms=50 is the hand case of replication_stats_test.cpp (seeds 10, 12, 17:
# mean 13, ci95 8.9566859); at 150 a single seed (no interval).
mkdir -p "$tmp/sweep"
cat >"$tmp/sweep/sweep_points.csv" <<'CSV'
slo_ms,label,policy,runs,goodput_qps.mean,goodput_qps.sd,goodput_qps.n,goodput_qps.ci95
50,a,policy-a,3,13,3.60555128,3,8.9566859
150,a,policy-a,1,20,,1,
50,b,policy-b,3,7,1,3,2.48413771
150,b,policy-b,3,9,1,3,2.48413771
CSV

# 1. The per-point CSV: mean with ci95 bars, one line per label.
"$plot" "$tmp/sweep/sweep_points.csv" --y goodput_qps --keep-data "$tmp/k1" >"$tmp/out1" 2>"$tmp/err1" ||
  fail "plot.sh on sweep_points.csv exited $? ($(cat "$tmp/err1"))"
png=$tmp/sweep/plot_goodput_qps_vs_slo_ms.png
[[ -s $png ]] || fail "no $png"
expect_line "$tmp/out1" "$png"
dat=$tmp/k1/plot_goodput_qps_vs_slo_ms_1.dat
expect_line "$dat" $'50\t13\t8.9566859\t3\t"50"'
expect_line "$dat" $'150\t20\tNaN\t1\t"150"'
expect_line "$tmp/k1/plot_goodput_qps_vs_slo_ms_2.dat" $'50\t7\t2.48413771\t3\t"50"'
gp=$tmp/k1/plot_goodput_qps_vs_slo_ms.gp
expect_line "$gp" 'set ylabel "goodput_qps (queries/s)"'
expect_line "$gp" 'set xlabel "slo_ms"'
grep -q 'title "a"' "$gp" && grep -q 'title "b"' "$gp" || fail "$gp: no line per label"
grep -q 'yerrorbars' "$gp" || fail "$gp: no error bars"

# 2. A per-run sweep.csv beside it: the per-point one is used.
printf 'slo_ms,run_dir,policy,seed,goodput_qps\n50,slo_ms=50__seed=1/a,policy-a,1,10\n' >"$tmp/sweep/sweep.csv"
"$plot" "$tmp/sweep/sweep.csv" --y goodput_qps --keep-data "$tmp/k2" >/dev/null 2>&1 || fail "plot.sh on sweep.csv exited $?"
expect_line "$tmp/k2/plot_goodput_qps_vs_slo_ms_1.dat" $'50\t13\t8.9566859\t3\t"50"'

# 3. A per-run CSV alone: means over seeds, no bars; default metrics named.
mkdir -p "$tmp/runs"
cat >"$tmp/runs/sweep.csv" <<'CSV'
slo_ms,run_dir,policy,seed,goodput_qps,latency_ms.p99
50,slo_ms=50__seed=1/a,policy-a,1,10,4
50,slo_ms=50__seed=2/a,policy-a,2,12,
100,slo_ms=100__seed=1/a,policy-a,1,11,5
CSV
"$plot" "$tmp/runs/sweep.csv" --y goodput_qps --y latency_ms.p99 --keep-data "$tmp/k3" >/dev/null 2>&1 ||
  fail "plot.sh on a per-run CSV exited $?"
expect_line "$tmp/k3/plot_goodput_qps_vs_slo_ms_1.dat" $'50\t11\tNaN\t2\t"50"'
expect_line "$tmp/k3/plot_latency_ms.p99_vs_slo_ms_1.dat" $'50\t4\tNaN\t1\t"50"'
grep -q yerrorbars "$tmp/k3/plot_goodput_qps_vs_slo_ms.gp" && fail "bars drawn without intervals"
expect_line "$tmp/k3/plot_latency_ms.p99_vs_slo_ms.gp" 'set ylabel "latency_ms.p99 (ms)"'

# 4. Mistakes: one line on stderr, exit 2.
expect_error() {  # EXPECTED_TEXT ARGS...
  local want=$1 status
  shift
  "$plot" "$@" >/dev/null 2>"$tmp/err"
  status=$?
  [[ $status == 2 ]] || fail "plot.sh $* exited $status, not 2"
  [[ $(wc -l <"$tmp/err") == 1 ]] && grep -qF -- "$want" "$tmp/err" || fail "plot.sh $*: stderr [$(cat "$tmp/err")]"
}
expect_error 'no column "cost.total.mean"' "$tmp/sweep/sweep_points.csv" --y cost.total
expect_error 'no column "nope"' "$tmp/runs/sweep.csv" --x nope --y goodput_qps
expect_error 'no column "slo_attainment"' "$tmp/runs/sweep.csv"
expect_error 'unknown option "--bogus"' "$tmp/runs/sweep.csv" --bogus
expect_error '--out FILE.png takes one --y' "$tmp/runs/sweep.csv" --y a --y b --out "$tmp/x.png"

((failures == 0)) && echo "plot.sh sweep tests passed"
((failures == 0))
