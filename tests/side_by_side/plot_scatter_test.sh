#!/usr/bin/env bash
# scripts/plot.sh --scatter on a hand-written sweep_points.csv: one point per
# label at the two means, bars from the two ci95 columns (cut where the
# metric cannot go), rows without a value named and not drawn, a log x axis
# when asked or when the costs span a decade, and mistakes as one line, exit 2.
#   plot_scatter_test.sh SOURCE_DIR. Exit 0 pass, 1 fail, 77 skipped (no gnuplot).
set -uo pipefail
plot=$1/scripts/plot.sh
command -v gnuplot >/dev/null || { echo "gnuplot not installed: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_line() {  # FILE LINE
  grep -qxF -- "$2" "$1" || { fail "$1 lacks the line [$2]; it holds:"; cat "$1"; }
}

# a: attainment 0.9 ± 0.2 (the bar's top cut at 1); b: one seed, no bars;
# c: no cost per on-time query (none on time): named, not drawn.
cat >"$tmp/sweep_points.csv" <<'CSV'
label,policy,runs,cost.per_million_on_time.mean,cost.per_million_on_time.sd,cost.per_million_on_time.n,cost.per_million_on_time.ci95,slo_attainment.mean,slo_attainment.sd,slo_attainment.n,slo_attainment.ci95
a,static,3,2,1,3,3,0.9,0.1,3,0.2
b,mark,1,40,,1,,0.99,,1,
c,infaas,3,,,0,,0,0,3,0
CSV
scatter() {  # KEEP_DIR ARGS...
  local keep=$1
  shift
  "$plot" "$tmp/sweep_points.csv" --scatter cost.per_million_on_time slo_attainment --keep-data "$tmp/$keep" "$@" \
    >"$tmp/$keep.out" 2>"$tmp/$keep.err" || fail "plot.sh --scatter $* exited $? ($(cat "$tmp/$keep.err"))"
}

# 1. Linear axes: a's cost bar reaches -1, cut at 0 (no mean is negative).
scatter k1
png=$tmp/scatter_slo_attainment_vs_cost.per_million_on_time.png
[[ -s $png ]] || fail "no $png"
expect_line "$tmp/k1.out" "$png"
stem=scatter_slo_attainment_vs_cost.per_million_on_time
expect_line "$tmp/k1/${stem}_1.dat" $'2\t0.9\t0\t5\t0.7\t1\t"a"'
expect_line "$tmp/k1/${stem}_2.dat" $'40\t0.99\t40\t40\t0.99\t0.99\t"b"'
[[ ! -e $tmp/k1/${stem}_3.dat ]] || fail "c, without a cost, was drawn"
gp=$tmp/k1/$stem.gp
grep -q 'not drawn (no value): c"' "$gp" || fail "$gp: c is not named as not drawn"
grep -q 'xyerrorbars' "$gp" || fail "$gp: no xyerrorbars"
grep -q 'title "a"' "$gp" && grep -q 'title "b"' "$gp" || fail "$gp: no legend entry per label"
expect_line "$gp" 'set xlabel "cost.per_million_on_time ($)"'
expect_line "$gp" 'set ylabel "slo_attainment (fraction)"'
grep -q 'logscale' "$gp" && fail "$gp: a log axis nobody asked for"

# 2. --logx: a's cost bar, reaching below 0, is cut at half the smallest cost.
scatter k2 --logx --out "$tmp/log.png"
[[ -s $tmp/log.png ]] || fail "--out FILE.png: no $tmp/log.png"
expect_line "$tmp/k2/log_1.dat" $'2\t0.9\t1\t5\t0.7\t1\t"a"'
grep -q 'set logscale x' "$tmp/k2/log.gp" || fail "--logx: no log axis"

# 3. --logx=auto: 40 / 2 spans more than a decade -> log; 2 and 4 would not.
scatter k3 --logx=auto --out "$tmp/auto"
grep -q 'set logscale x' "$tmp/k3/$stem.gp" || fail "--logx=auto on costs 2 and 40: no log axis"
sed -i 's/^b,mark,1,40,/b,mark,1,4,/' "$tmp/sweep_points.csv"
scatter k4 --logx=auto --out "$tmp/auto"
grep -q 'logscale' "$tmp/k4/$stem.gp" && fail "--logx=auto on costs 2 and 4: a log axis"

# 4. Mistakes: one line on stderr, exit 2.
expect_error() {  # EXPECTED_TEXT ARGS...
  local want=$1 status
  shift
  "$plot" "$@" >/dev/null 2>"$tmp/err"
  status=$?
  [[ $status == 2 ]] || fail "plot.sh $* exited $status, not 2"
  [[ $(wc -l <"$tmp/err") == 1 ]] && grep -qF -- "$want" "$tmp/err" || fail "plot.sh $*: stderr [$(cat "$tmp/err")]"
}
expect_error 'no column "nope.mean"' "$tmp/sweep_points.csv" --scatter nope slo_attainment
expect_error '--scatter needs two metrics' "$tmp/sweep_points.csv" --scatter slo_attainment
expect_error '--logx goes with --scatter' "$tmp/sweep_points.csv" --y slo_attainment --logx
mkdir -p "$tmp/runs"
printf 'run_dir,policy,slo_attainment\nx/a,static,1\n' >"$tmp/runs/sweep.csv"
expect_error '--scatter needs a sweep_points.csv' "$tmp/runs/sweep.csv" --scatter cost.total slo_attainment

((failures == 0)) && echo "plot.sh --scatter tests passed"
((failures == 0))
