#!/usr/bin/env bash
# Figures from servesim outputs, with gnuplot (pngcairo, else png).
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/plot.sh RUN_DIR [--out DIR]
       scripts/plot.sh SWEEP_CSV [--x COLUMN] [--y METRIC]... [--group COLUMN] [--out FILE.png|DIR]
                       [--keep-data DIR]

RUN_DIR is what `servesim run --out RUN_DIR` wrote: <label>/timeseries.csv per policy
and comparison.csv. Writes into DIR (default RUN_DIR/plots):
  demand_qps.png throughput_qps.png violations.png effective_accuracy.png
  cost_per_hour.png   one time series each, one line per policy (rows with app == "all")
  timeseries.png      the five above stacked on one time axis
  comparison.png      bars per policy: SLO attainment %, p99 latency, cost

SWEEP_CSV is what scripts/sweep.sh writes (or `servesim collect` prints): each METRIC
against the swept parameter, one line per policy label, one PNG per metric.
  - sweep_points.csv (`servesim collect --points`, recognised by its <key>.ci95 columns):
    draws <METRIC>.mean with 95 % confidence-interval bars (<METRIC>.ci95; no bar where
    a point has a single seed), one line per label.
  - sweep.csv, one row per run: uses sweep_points.csv from the same folder when it is
    there; else draws the mean of the rows that share a point (seeds), without bars, one
    line per label (the last part of run_dir).
  In a sweep over several grids, each value of the other grids gets its own line.
options:
  --x COLUMN       the x axis (default: the first grid column, before label or run_dir);
                   numbers are placed to scale, anything else as categories
  --y METRIC       a summary key, e.g. goodput_qps, latency_ms.p99 (repeatable); default:
                   slo_attainment goodput_qps latency_ms.p99 cost.total effective_accuracy
  --group COLUMN   one line per value of COLUMN instead of per label (e.g. policy)
  --out FILE.png   the figure, with one --y; --out DIR: where figures go. Default: the
                   CSV's folder, plot_<METRIC>_vs_<X>.png
  --keep-data DIR  also copy the gnuplot scripts and data files (x, y, ci95 or NaN,
                   values, x label per line) into DIR
Titles and y labels name the metric and its unit (queries/s, ms, $, fraction, %, ...).

Exit status: 0 done, 1 gnuplot failed, 2 bad arguments or input (e.g. a missing column).
EOF
}

die() { echo "plot.sh: $*" >&2; exit 2; }

command -v gnuplot >/dev/null || die "gnuplot not found (scripts/deps.sh installs gnuplot-nox)"

# The metrics a sweep plot draws when no --y is given.
default_metrics=(slo_attainment goodput_qps latency_ms.p99 cost.total effective_accuracy)

input="" out="" xcol="" gcol="" keep="" ycols=()
while (($#)); do
  case $1 in
    -h|--help) usage; exit 0 ;;
    --out|-o) (($# >= 2)) || die "$1 needs a value"; out=$2; shift 2 ;;
    --x) (($# >= 2)) || die "--x needs a column"; xcol=$2; shift 2 ;;
    --y) (($# >= 2)) || die "--y needs a column"; ycols+=("$2"); shift 2 ;;
    --group) (($# >= 2)) || die "--group needs a column"; gcol=$2; shift 2 ;;
    --keep-data) (($# >= 2)) || die "--keep-data needs a folder"; keep=$2; shift 2 ;;
    -*) die "unknown option \"$1\" (see --help)" ;;
    *) [[ -z $input ]] || die "unexpected argument \"$1\" (one RUN_DIR or SWEEP_CSV)"; input=$1; shift ;;
  esac
done
[[ -n $input ]] || die "expected a RUN_DIR or a SWEEP_CSV (see --help)"

# pngcairo draws antialiased text; plain png is the fallback gnuplot always has.
if gnuplot -e 'set terminal pngcairo' >/dev/null 2>&1; then
  terminal() { echo "set terminal pngcairo size $1,$2 font 'Sans,11' noenhanced"; }
else
  terminal() { echo "set terminal png size $1,$2 noenhanced"; }
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# POSIX awk (Debian's default is mawk): a CSV splitter that honours quotes,
# and col(name), the index of a header column.
awk_csv='
function csv_split(line, out,    n, i, c, field, quoted) {
  n = 0; field = ""; quoted = 0
  for (i = 1; i <= length(line); i++) {
    c = substr(line, i, 1)
    if (quoted) {
      if (c == "\"") {
        if (substr(line, i + 1, 1) == "\"") { field = field "\""; i++ } else quoted = 0
      } else field = field c
    } else if (c == "\"") quoted = 1
    else if (c == ",") { out[++n] = field; field = "" }
    else field = field c
  }
  sub(/\r$/, "", field)
  out[++n] = field
  return n
}
function read_header(line,    i, n) {
  n = csv_split(line, H)
  for (i = n; i >= 1; i--) COL[H[i]] = i  # the first of duplicate names wins
  return n
}
function need(name) {
  if (!(name in COL)) { printf "plot.sh: %s: no column \"%s\"\n", FILENAME, name > "/dev/stderr"; exit 2 }
  return COL[name]
}
function numeric(s) { return s ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ }
'

# Linetype colours that stay apart in print and for colour-blind readers.
palette='set linetype 1 lc rgb "#0072B2" lw 2
set linetype 2 lc rgb "#D55E00" lw 2
set linetype 3 lc rgb "#009E73" lw 2
set linetype 4 lc rgb "#CC79A7" lw 2
set linetype 5 lc rgb "#E69F00" lw 2
set linetype 6 lc rgb "#56B4E9" lw 2
set linetype 7 lc rgb "#000000" lw 2
set linetype 8 lc rgb "#F0E442" lw 2
set linetype cycle 8
set grid lc rgb "#dddddd"
set key outside right top box opaque'

# A column name as part of a file name.
safe_name() { printf '%s' "$1" | tr -c 'A-Za-z0-9._-' _; }

gp_quote() { local s=${1//\\/\\\\}; printf '"%s"' "${s//\"/\\\"}"; }

run_gnuplot() {  # SCRIPT_FILE OUTPUT
  if ! gnuplot "$1" 2>"$tmp/gnuplot.err"; then
    cat "$tmp/gnuplot.err" >&2
    echo "plot.sh: gnuplot failed on $2" >&2
    exit 1
  fi
  echo "$2"
}

# --- run folder ----------------------------------------------------------------
plot_run_dir() {
  local dir=${input%/} labels=() label
  [[ -z $xcol && ${#ycols[@]} == 0 && -z $gcol && -z $keep ]] ||
    die "--x/--y/--group/--keep-data apply to a sweep CSV, not a run folder"
  out=${out:-$dir/plots}
  # Policies in the comparison table's order, then any other run folder.
  if [[ -f $dir/comparison.csv ]]; then
    while IFS= read -r label; do
      [[ -f $dir/$label/timeseries.csv ]] && labels+=("$label")
    done < <(awk "$awk_csv"'NR == 1 { read_header($0); p = need("policy"); next } { csv_split($0, F); print F[p] }' \
               "$dir/comparison.csv")
  fi
  for f in "$dir"/*/timeseries.csv; do
    [[ -f $f ]] || continue
    label=$(basename "$(dirname "$f")")
    [[ " ${labels[*]} " == *" $label "* ]] || labels+=("$label")
  done
  ((${#labels[@]})) || die "$dir: no <label>/timeseries.csv here (is it a servesim run --out folder?)"
  mkdir -p "$out"

  # One whitespace-separated file per policy: t_s demand thr violations acc cost.
  local i=0 end_s=0
  for label in "${labels[@]}"; do
    i=$((i + 1))
    awk "$awk_csv"'
      NR == 1 {
        read_header($0)
        a = need("app"); s = need("window_start_s"); e = need("window_end_s"); d = need("demand_qps")
        t = need("throughput_qps"); l = need("late"); dr = need("dropped"); r = need("rejected")
        acc = need("effective_accuracy"); c = need("cost_per_hour"); next
      }
      { csv_split($0, F) }
      F[a] == "all" {
        acc_v = F[acc] == "" ? "NaN" : F[acc]
        print (F[s] + F[e]) / 2, F[d], F[t], F[l] + F[dr] + F[r], acc_v, F[c], F[e]
      }' "$dir/$label/timeseries.csv" >"$tmp/ts$i.dat" || exit 2
    [[ -s $tmp/ts$i.dat ]] || die "$dir/$label/timeseries.csv: no rows with app == \"all\""
    end_s=$(awk -v m="$end_s" '$7 > m { m = $7 } END { print m }' "$tmp/ts$i.dat")
  done

  # Time axis in the unit that keeps tick labels short.
  local unit scale
  if awk -v e="$end_s" 'BEGIN { exit !(e > 3 * 3600) }'; then unit=h scale=3600
  elif awk -v e="$end_s" 'BEGIN { exit !(e > 600) }'; then unit=min scale=60
  else unit=s scale=1; fi

  # Figures are titled with the scenario's name, else the folder's.
  local name
  name=$(awk "$awk_csv"'NR == 1 { read_header($0); if (!("scenario" in COL)) exit; s = COL["scenario"]; next }
                        { csv_split($0, F); print F[s]; exit }' "$dir/comparison.csv" 2>/dev/null || true)
  [[ -n $name ]] || name=$(basename "$(cd "$dir" && pwd)")
  # metric: file stem, data column, y label, title
  local metrics=(
    "demand_qps|2|queries / s|Demand (arrival rate)"
    "throughput_qps|3|queries / s|Throughput (completed queries)"
    "violations|4|queries per window|SLO violations per window (late + dropped + rejected)"
    "effective_accuracy|5|accuracy (% of the family's best)|Effective accuracy of served queries"
    "cost_per_hour|6|dollars / hour|Cost rate"
  )
  plot_lines() {  # COLUMN -> a gnuplot plot command over all policies
    local col=$1 cmd="plot" k
    for k in "${!labels[@]}"; do
      cmd+=" '$tmp/ts$((k + 1)).dat' using (\$1/$scale):$col with lines lt $((k + 1)) title $(gp_quote "${labels[k]}"),"
    done
    echo "${cmd%,}"
  }
  local m stem col ylabel title
  for m in "${metrics[@]}"; do
    IFS='|' read -r stem col ylabel title <<<"$m"
    {
      terminal 1100 500
      echo "$palette"
      echo "set output $(gp_quote "$out/$stem.png")"
      echo "set title $(gp_quote "$title - $name")"
      echo "set xlabel 'simulated time ($unit)'"
      echo "set ylabel $(gp_quote "$ylabel")"
      echo "set yrange [0:*]"
      [[ $stem == effective_accuracy ]] && echo "set yrange [*:*]"
      plot_lines "$col"
    } >"$tmp/$stem.gp"
    run_gnuplot "$tmp/$stem.gp" "$out/$stem.png"
  done

  # All five on one time axis; the legend once, on top.
  {
    terminal 1100 1400
    echo "$palette"
    echo "set output $(gp_quote "$out/timeseries.png")"
    echo "set multiplot layout 5,1 title $(gp_quote "$name: time series per policy") margins 0.08,0.84,0.05,0.95 spacing 0,0.045"
    echo "set key outside right top vertical nobox"
    for m in "${metrics[@]}"; do
      IFS='|' read -r stem col ylabel title <<<"$m"
      echo "set title $(gp_quote "$title")"
      echo "set ylabel $(gp_quote "$ylabel")"
      [[ $stem == effective_accuracy ]] && echo "set yrange [*:*]" || echo "set yrange [0:*]"
      [[ $stem == cost_per_hour ]] && echo "set xlabel 'simulated time ($unit)'" || echo "unset xlabel"
      plot_lines "$col"
    done
    echo "unset multiplot"
  } >"$tmp/timeseries.gp"
  run_gnuplot "$tmp/timeseries.gp" "$out/timeseries.png"

  # Bars from comparison.csv: three panels, as their units differ.
  [[ -f $dir/comparison.csv ]] || { echo "plot.sh: $dir/comparison.csv missing; no comparison.png" >&2; return 0; }
  awk "$awk_csv"'
    NR == 1 { read_header($0); p = need("policy"); s = need("slo_pct"); q = need("p99_ms"); c = need("cost_usd"); next }
    { csv_split($0, F); gsub(/"/, "", F[p]); printf "%d \"%s\" %s %s %s\n", NR - 2, F[p], F[s], F[q], F[c] }
  ' "$dir/comparison.csv" >"$tmp/cmp.dat" || exit 2
  local bars=(
    "3|SLO attainment (%)|%|%.2f"
    "4|p99 latency (ms)|ms|%.1f"
    "5|Cost of the run (\$)|dollars|%.2f"
  )
  {
    terminal 1300 480
    echo "$palette"
    echo "set output $(gp_quote "$out/comparison.png")"
    echo "set multiplot layout 1,3 title $(gp_quote "$name: policy comparison")"
    echo "set style fill solid 0.8 border -1"
    echo "set boxwidth 0.6"
    echo "unset key"
    echo "set xtics rotate by -30 left nomirror"
    echo "set xrange [-0.6:$(($(wc -l <"$tmp/cmp.dat") - 1)).6]"
    local b c t y f
    for b in "${bars[@]}"; do
      IFS='|' read -r c t y f <<<"$b"
      echo "set title $(gp_quote "$t")"
      echo "set ylabel $(gp_quote "$y")"
      [[ $c == 3 ]] && echo "set yrange [0:105]" || echo "set yrange [0:*]"
      echo "plot '$tmp/cmp.dat' using 1:$c:(0.6):(\$1+1):xtic(2) with boxes lc variable, \\"
      echo "     '' using 1:$c:(sprintf('$f', \$$c)) with labels offset 0,0.7 font ',10'"
    done
    echo "unset multiplot"
  } >"$tmp/comparison.gp"
  run_gnuplot "$tmp/comparison.gp" "$out/comparison.png"
}

# --- sweep CSV -----------------------------------------------------------------
# Unit of a summary key, for titles and axis labels; empty when it has none.
# per_app.<app>.<key> has the unit of <key>.
metric_unit() {
  local key=$1
  [[ $key == per_app.*.* ]] && key=${key#per_app.*.}
  case $key in
    *_qps) echo "queries/s" ;;
    latency_ms.*) echo "ms" ;;
    cost.memory_normalized) echo "normalized memory cost" ;;
    cost.*) echo "\$" ;;
    slo_attainment|violation_ratio|proteus_artifact_violation_ratio|utilisation.*) echo "fraction" ;;
    *accuracy*) echo "%" ;;
    memory_gb_seconds.*) echo "GB s" ;;
    queries.*) echo "queries" ;;
    *_s) echo "s" ;;
    *) echo "" ;;
  esac
}

# One line per label and (in a several-grid sweep) per value of the other
# grids, from a per-point CSV (mean and ci95 columns) or a per-run one (mean
# over the rows that share a point, no bars). Writes "line<TAB>x<TAB>y<TAB>
# ci95 or NaN<TAB>values (seeds)" per point, lines and points in first-seen order.
sweep_points_tsv() {  # CSV KIND X Y GROUP
  awk "$awk_csv"'
    NR == 1 {
      ncol = read_header($0)
      x = need(X)
      if (KIND == "points") { y = need(Y ".mean"); e = need(Y ".ci95"); c = need(Y ".n"); last = need("label") }
      else { y = need(Y); last = ("run_dir" in COL) ? COL["run_dir"] : 0 }
      if (G != "") g = need(G)
      else if (KIND == "points") g = last
      else if (last) g = -last  # the label: the run folder name
      else if ("policy" in COL) g = COL["policy"]
      # The other grids: the columns before label or run_dir, but x.
      np = 0
      for (i = 1; i < last; i++) if (i != x && i != g) other[++np] = i
      next
    }
    {
      csv_split($0, F)
      if (F[y] == "") next  # e.g. a p99 of a run with no completed query
      if (!numeric(F[y])) { printf "plot.sh: %s line %d: %s = \"%s\" is not a number\n", FILENAME, NR, H[y], F[y] > "/dev/stderr"; exit 2 }
      if (g < 0) { line = F[-g]; sub(/.*\//, "", line) } else line = g ? F[g] : Y
      for (i = 1; i <= np; i++) line = line ", " H[other[i]] "=" F[other[i]]
      k = line SUBSEP F[x]
      if (!(k in n)) { n[k] = 0; order[++m] = k; err[k] = "NaN" }
      n[k]++; sum[k] += F[y]
      values[k] += KIND == "points" ? F[c] : 1
      if (KIND == "points" && F[e] != "") err[k] = F[e]
    }
    END {
      for (i = 1; i <= m; i++) {
        k = order[i]; split(k, parts, SUBSEP)
        # Two rows at one point (a --group that merges labels): their mean, no bar.
        printf "%s\t%s\t%.10g\t%s\t%d\n", parts[1], parts[2], sum[k] / n[k], n[k] == 1 ? err[k] : "NaN", values[k]
      }
    }' X="$3" Y="$4" G="$5" KIND="$2" "$1"
}

plot_metric() {  # CSV KIND Y OUTPUT
  local csv=$1 kind=$2 ycol=$3 png=$4 unit
  unit=$(metric_unit "$ycol")
  sweep_points_tsv "$csv" "$kind" "$xcol" "$ycol" "$gcol" >"$tmp/points.tsv" || exit 2
  [[ -s $tmp/points.tsv ]] || die "$csv: no rows with a value in \"$ycol\""

  # Numeric x: sorted positions. Otherwise categories in first-seen order.
  local categorical=0
  awk -F'\t' "$awk_csv"'!numeric($2) { bad = 1 } END { exit bad }' "$tmp/points.tsv" || categorical=1
  local lines=() lv i=0 cmd="plot" stem
  stem=$(basename "$png" .png)
  while IFS= read -r lv; do lines+=("$lv"); done < <(cut -f1 "$tmp/points.tsv" | awk '!seen[$0]++')
  cut -f2 "$tmp/points.tsv" | awk '!seen[$0]++' >"$tmp/categories"
  for lv in "${lines[@]}"; do
    i=$((i + 1))
    local dat="$tmp/${stem}_$i.dat"
    # x position, y, ci95 (NaN: no bar), values (seeds), x as written.
    awk -F'\t' -v lv="$lv" -v cat="$categorical" '
      NR == FNR { pos[$0] = NR - 1; next }
      $1 == lv { printf "%s\t%s\t%s\t%s\t\"%s\"\n", cat ? pos[$2] : $2, $3, $4, $5, $2 }
    ' "$tmp/categories" "$tmp/points.tsv" | sort -g -k1,1 >"$dat"
    local xt=""
    ((categorical)) && xt=":xtic(5)"
    cmd+=" '$dat' using 1:2$xt with linespoints lt $i pt 7 ps 1.2 title $(gp_quote "$lv"),"
    # Bars only where there is an interval (two or more seeds).
    if awk -F'\t' '$3 != "NaN" { found = 1 } END { exit !found }' "$dat"; then
      cmd+=" '$dat' using 1:2:3 with yerrorbars lt $i pt 7 ps 1.2 notitle,"
    fi
  done
  local what="per-run values" ylabel=$ycol
  [[ $kind == points ]] && what="mean over seeds, bars: 95 % confidence interval"
  [[ -z $unit ]] || ylabel="$ycol ($unit)"
  {
    terminal 1000 600
    echo "$palette"
    echo "set datafile separator tab"
    echo "set datafile missing 'NaN'"
    echo "set output $(gp_quote "$png")"
    echo "set title $(gp_quote "$ylabel against $xcol") . \"\\n\" . $(gp_quote "$(basename "$csv"): $what")"
    echo "set xlabel $(gp_quote "$xcol")"
    echo "set ylabel $(gp_quote "$ylabel")"
    # Non-negative metrics (most are) keep 0 on the axis.
    if awk -F'\t' '$3 - ($4 == "NaN" ? 0 : $4) < 0 { exit 1 }' "$tmp/points.tsv"; then
      echo "set offsets graph 0.03, graph 0.03, graph 0.05, 0"
      echo "set yrange [0:*]"
    else
      echo "set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05"
    fi
    ((categorical)) && echo "set xtics rotate by -30 left"
    echo "${cmd%,}"
  } >"$tmp/$stem.gp"
  [[ -z $keep ]] || cp "$tmp/$stem.gp" "$tmp/${stem}"_*.dat "$keep/"
  run_gnuplot "$tmp/$stem.gp" "$png"
}

# The columns before label (per-point CSV) or run_dir (per-run CSV): the grid.
grid_columns() {  # CSV KIND
  awk "$awk_csv"'NR == 1 { n = read_header($0); for (i = 1; i <= n && H[i] != STOP; i++) print H[i]; exit }' \
    STOP="$([[ $2 == points ]] && echo label || echo run_dir)" "$1"
}

plot_sweep() {
  local csv=$input kind=runs
  if head -n1 "$csv" | grep -q '\.ci95\(,\|$\)'; then
    kind=points
  elif [[ $(basename "$csv") != sweep_points.csv && -f $(dirname "$csv")/sweep_points.csv ]]; then
    # sweep.sh writes both; the per-point one has the intervals.
    csv=$(dirname "$csv")/sweep_points.csv kind=points
    echo "plot.sh: using $csv (means and 95 % intervals over seeds)" >&2
  fi
  if [[ -z $xcol ]]; then
    xcol=$(grid_columns "$csv" "$kind" | head -n1)
    [[ -n $xcol ]] || die "$csv: no grid column before $([[ $kind == points ]] && echo label || echo run_dir); give --x COLUMN"
  fi
  ((${#ycols[@]})) || ycols=("${default_metrics[@]}")
  local dir
  dir=$(dirname "$csv")
  if [[ $out == *.png ]]; then
    ((${#ycols[@]} == 1)) || die "--out FILE.png takes one --y; give --out DIR for several metrics"
  elif [[ -n $out ]]; then
    dir=$out
    mkdir -p "$dir" || die "cannot create $dir"
  fi
  [[ -z $keep ]] || mkdir -p "$keep" || die "cannot create $keep"
  local y png
  for y in "${ycols[@]}"; do
    png=$dir/plot_$(safe_name "$y")_vs_$(safe_name "$xcol").png
    [[ $out == *.png ]] && png=$out
    plot_metric "$csv" "$kind" "$y" "$png"
  done
}

if [[ -d $input ]]; then
  plot_run_dir
elif [[ -f $input ]]; then
  plot_sweep
else
  die "no such run folder or CSV file: $input"
fi
