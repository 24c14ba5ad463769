#!/usr/bin/env bash
# Figures from servesim outputs, with gnuplot (pngcairo, else png).
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/plot.sh RUN_DIR [--out DIR]
       scripts/plot.sh SWEEP_CSV [--x COLUMN] [--y METRIC]... [--group COLUMN] [--out FILE.png|DIR]
                       [--keep-data DIR]
       scripts/plot.sh SWEEP_CSV --scatter XMETRIC YMETRIC [--logx | --logx=auto] [--out FILE.png|DIR]
                       [--keep-data DIR]

RUN_DIR is what `servesim run --out RUN_DIR` wrote: <label>/timeseries.csv per policy
and comparison.csv. Writes into DIR (default RUN_DIR/plots):
  demand_qps.png throughput_qps.png violations.png effective_accuracy.png
  cost_per_hour.png   one time series each, one line per policy (rows with app == "all")
  timeseries.png      the five above stacked on one time axis
  comparison.png      bars per policy: SLO attainment %, p99 latency, cost
Past eight policies the colours repeat with dashed, then dotted lines. A sweep's point
folder (OUT_DIR/seed=1, say) is such a folder.

SWEEP_CSV is what scripts/sweep.sh writes (or `servesim collect` prints): each METRIC
against the swept parameter, one line per policy label, one PNG per metric.
  - sweep_points.csv (`servesim collect --points`, recognised by its <key>.ci95 columns):
    draws <METRIC>.mean with 95 % confidence-interval bars (<METRIC>.ci95; no bar where
    a point has a single seed), one line per label.
  - sweep.csv, one row per run: uses sweep_points.csv from the same folder when it is
    there; else draws the mean of the rows that share a point (seeds), without bars, one
    line per label (the last part of run_dir).
  In a sweep over several grids, each value of the other grids gets its own line.

--scatter XMETRIC YMETRIC: one labelled point per row of sweep_points.csv (a policy label,
  plus the other grid values in a sweep over a grid), at XMETRIC.mean, YMETRIC.mean, with
  both 95 % intervals as bars (none where a row has a single seed; cut at 0 when no mean
  is negative, and at 1 for a fraction), e.g. --scatter cost.per_million_on_time
  slo_attainment: cost against SLO attainment, one point per policy. Rows without a value
  of either metric are named in the title, not drawn.
  Default output: the CSV's folder, scatter_<YMETRIC>_vs_<XMETRIC>.png.
options:
  --x COLUMN       the x axis (default: the first grid column, before label or run_dir);
                   numbers are placed to scale, anything else as categories
  --y METRIC       a summary key, e.g. goodput_qps, latency_ms.p99 (repeatable); default:
                   slo_attainment goodput_qps latency_ms.p99 cost.total effective_accuracy
  --group COLUMN   one line per value of COLUMN instead of per label (e.g. policy)
  --out FILE.png   the figure, with one --y; --out DIR: where figures go. Default: the
                   CSV's folder, plot_<METRIC>_vs_<X>.png
  --keep-data DIR  also copy the gnuplot scripts and data files (x, y, ci95 or NaN,
                   values, x label per line; with --scatter, one file per point: x, y, x
                   low, x high, y low, y high, name) into DIR
  --logx           with --scatter, a logarithmic x axis; --logx=auto: logarithmic when
                   every x is positive and the largest is over 10 times the smallest
Titles and y labels name the metric and its unit (queries/s, ms, $, fraction, %, ...).

Exit status: 0 done, 1 gnuplot failed, 2 bad arguments or input (e.g. a missing column).
EOF
}

die() { echo "plot.sh: $*" >&2; exit 2; }

command -v gnuplot >/dev/null || die "gnuplot not found (scripts/deps.sh installs gnuplot-nox)"

# The metrics a sweep plot draws when no --y is given.
default_metrics=(slo_attainment goodput_qps latency_ms.p99 cost.total effective_accuracy)

input="" out="" xcol="" gcol="" keep="" ycols=() scatter=() logx=off
while (($#)); do
  case $1 in
    -h|--help) usage; exit 0 ;;
    --scatter) (($# >= 3)) || die "--scatter needs two metrics, XMETRIC YMETRIC"; scatter=("$2" "$3"); shift 3 ;;
    --logx) logx=on; shift ;;
    --logx=auto) logx=auto; shift ;;
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
  [[ -z $xcol && ${#ycols[@]} == 0 && -z $gcol && -z $keep && ${#scatter[@]} == 0 ]] ||
    die "--x/--y/--group/--keep-data/--scatter apply to a sweep CSV, not a run folder"
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

  # Figures are titled with the scenario's name (from comparison.csv, else
  # from a summary: a run that failed writes no comparison.csv), else the folder's.
  local name
  name=$(awk "$awk_csv"'NR == 1 { read_header($0); if (!("scenario" in COL)) exit; s = COL["scenario"]; next }
                        { csv_split($0, F); print F[s]; exit }' "$dir/comparison.csv" 2>/dev/null || true)
  [[ -n $name ]] || name=$(sed -n 's/^  "scenario": "\(.*\)",$/\1/p' "$dir/${labels[0]}/summary.json" 2>/dev/null | head -n1)
  [[ -n $name ]] || name=$(basename "$(cd "$dir" && pwd)")
  # metric: file stem, data column, y label, title
  local metrics=(
    "demand_qps|2|queries / s|Demand (arrival rate)"
    "throughput_qps|3|queries / s|Throughput (completed queries)"
    "violations|4|queries per window|SLO violations per window (late + dropped + rejected)"
    "effective_accuracy|5|accuracy (% of the family's best)|Effective accuracy of served queries"
    "cost_per_hour|6|dollars / hour|Cost rate"
  )
  # The palette has eight colours: policies 9-16 reuse them dashed, 17-24 dotted.
  plot_lines() {  # COLUMN -> a gnuplot plot command over all policies
    local col=$1 cmd="plot" k
    for k in "${!labels[@]}"; do
      cmd+=" '$tmp/ts$((k + 1)).dat' using (\$1/$scale):$col with lines lt $((k + 1)) dt $((k / 8 % 3 + 1))"
      cmd+=" title $(gp_quote "${labels[k]}"),"
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

  # All five on one time axis, each panel with its legend in one column right
  # of it (gnuplot would wrap a long one into the plot); a panel grows with
  # the policies so that the legend fits.
  local panel_px=$((${#labels[@]} * 18 + 100))
  ((panel_px >= 280)) || panel_px=280
  {
    terminal 1100 $((panel_px * 5))
    echo "$palette"
    echo "set output $(gp_quote "$out/timeseries.png")"
    echo "set multiplot layout 5,1 title $(gp_quote "$name: time series per policy") margins 0.08,0.80,0.05,0.95 spacing 0,0.045"
    echo "set key outside right top vertical nobox maxrows ${#labels[@]}"
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

# The per-point CSV with the intervals: CSV itself, or the sweep_points.csv
# sweep.sh wrote beside a per-run one; empty when there is none.
points_csv() {  # CSV
  if head -n1 "$1" | grep -q '\.ci95\(,\|$\)'; then
    echo "$1"
  elif [[ $(basename "$1") != sweep_points.csv && -f $(dirname "$1")/sweep_points.csv ]]; then
    echo "plot.sh: using $(dirname "$1")/sweep_points.csv (means and 95 % intervals over seeds)" >&2
    echo "$(dirname "$1")/sweep_points.csv"
  fi
}

plot_sweep() {
  local csv=$input kind=runs points
  points=$(points_csv "$csv")
  [[ -z $points ]] || csv=$points kind=points
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

# --- scatter of two metrics ---------------------------------------------------
# One point per row of a per-point CSV: "name<TAB>x<TAB>y<TAB>x ci95<TAB>y ci95"
# (0 where a row has one seed), the name being the label and the other grid
# values; rows lacking either mean (a cost per on-time query with none on
# time) come out as "-<TAB>name", to be named, not drawn.
scatter_tsv() {  # CSV X Y
  awk "$awk_csv"'
    NR == 1 {
      read_header($0)
      l = need("label"); xm = need(X ".mean"); xe = need(X ".ci95"); ym = need(Y ".mean"); ye = need(Y ".ci95")
      next
    }
    {
      csv_split($0, F)
      name = F[l]
      for (i = 1; i < l; i++) name = name ", " H[i] "=" F[i]
      if (F[xm] == "" || F[ym] == "") { print "-\t" name; next }
      split(xm " " xe " " ym " " ye, cols, " ")
      for (i = 1; i <= 4; i++) {
        v = F[cols[i]]
        if (v != "" && !numeric(v)) { printf "plot.sh: %s line %d: %s = \"%s\" is not a number\n", FILENAME, NR, H[cols[i]], v > "/dev/stderr"; exit 2 }
      }
      printf "%s\t%s\t%s\t%s\t%s\n", name, F[xm], F[ym], F[xe] == "" ? 0 : F[xe], F[ye] == "" ? 0 : F[ye]
    }' X="$2" Y="$3" "$1"
}

# Whether --logx=auto asks for a logarithmic x: every x positive and the
# largest over ten times the smallest (costs spanning decades).
scatter_wants_logx() {  # POINTS_TSV
  awk -F'\t' '$1 != "-" { if ($2 <= 0) bad = 1; if (n++ == 0 || $2 < lo) lo = $2; if ($2 > hi) hi = $2 }
               END { exit !(n > 0 && !bad && hi > 10 * lo) }' "$1"
}

# How far the bars may reach, "XLO YLO YHI" (-inf, inf: no limit). A
# Student-t interval over few seeds can reach past what the metric can be:
# bars are cut at 0 when no mean is negative, at 1 for a fraction (SLO
# attainment), and on a log axis at half the smallest x, the axis' left end.
scatter_bar_limits() {  # POINTS_TSV LOG YKEY
  awk -F'\t' -v uselog="$2" -v fraction="$([[ $(metric_unit "$3") == fraction ]] && echo 1 || echo 0)" '
    $1 == "-" { next }
    n++ == 0 || $2 < xmin { xmin = $2 }
    $2 < 0 { xneg = 1 } $3 < 0 { yneg = 1 }
    END {
      printf "%s %s %s\n", uselog ? sprintf("%.10g", xmin / 2) : (xneg ? "-inf" : 0), yneg ? "-inf" : 0,
             fraction ? 1 : "inf"
    }' "$1"
}

# One data file per point, STEM_<i>.dat (its own colour, symbol and legend
# entry): x, y, the bars' ends, the name. Prints the gnuplot plot command.
scatter_point_files() {  # POINTS_TSV STEM XLO YLO YHI
  local i=0 cmd="plot" name x y ex ey symbols=(7 5 9 11 13 15)
  while IFS=$'\t' read -r name x y ex ey; do
    [[ $name != - ]] || continue
    i=$((i + 1))
    awk -v x="$x" -v y="$y" -v ex="$ex" -v ey="$ey" -v xlo="$3" -v ylo="$4" -v yhi="$5" -v name="$name" '
      function cut(v, lo, hi) { return (lo != "-inf" && v < lo) ? lo : (hi != "inf" && v > hi) ? hi : v }
      BEGIN {
        printf "%.10g\t%.10g\t%.10g\t%.10g\t%.10g\t%.10g\t\"%s\"\n", x, y, cut(x - ex, xlo, "inf"), x + ex,
               cut(y - ey, ylo, "inf"), cut(y + ey, "-inf", yhi), name
      }' >"$tmp/${2}_$i.dat"
    cmd+=" '$tmp/${2}_$i.dat' using 1:2:3:4:5:6 with xyerrorbars lt $i dt 1 pt ${symbols[(i - 1) % 6]} ps 1.4"
    cmd+=" title $(gp_quote "$name"),"
    cmd+=" '' using 1:2:7 with labels left offset char 0.7,0.6 font ',9' tc lt $i notitle,"
  done <"$1"
  echo "${cmd%,}"
}

# The axes: the bars' extent and a margin for the labels, never past a limit.
scatter_ranges() {  # STEM LOG XLO YLO
  cat "$tmp/$1"_*.dat | awk -F'\t' -v uselog="$2" -v xlo="$3" -v ylo="$4" '
    function padded(lo, hi, bound, axis,    pad) {
      pad = (hi > lo ? hi - lo : (hi != 0 ? hi : 1)) * 0.08
      lo = lo - pad; if (bound != "-inf" && lo < bound) lo = bound
      printf "set %srange [%.10g:%.10g]\n", axis, lo, hi + 2 * pad
    }
    NR == 1 || $3 < x0 { x0 = $3 } NR == 1 || $4 > x1 { x1 = $4 }
    NR == 1 || $5 < y0 { y0 = $5 } NR == 1 || $6 > y1 { y1 = $6 }
    END {
      if (uselog) printf "set logscale x\nset xrange [%.10g:%.10g]\n", xlo, x1 * 2
      else padded(x0, x1, xlo, "x")
      padded(y0, y1, ylo, "y")
    }'
}

plot_scatter() {
  local csv xkey=${scatter[0]} ykey=${scatter[1]} png
  [[ -z $xcol && ${#ycols[@]} == 0 && -z $gcol ]] || die "--x/--y/--group do not go with --scatter"
  csv=$(points_csv "$input")
  [[ -n $csv ]] || die "$input: --scatter needs a sweep_points.csv (<metric>.mean and .ci95 columns)"
  png=$(dirname "$csv")/scatter_$(safe_name "$ykey")_vs_$(safe_name "$xkey").png
  if [[ $out == *.png ]]; then
    png=$out
  elif [[ -n $out ]]; then
    mkdir -p "$out" || die "cannot create $out"
    png=$out/$(basename "$png")
  fi
  [[ -z $keep ]] || mkdir -p "$keep" || die "cannot create $keep"
  local points=$tmp/scatter.tsv stem log=0 xlo ylo yhi
  scatter_tsv "$csv" "$xkey" "$ykey" >"$points" || exit 2
  grep -qv '^-'$'\t' "$points" || die "$csv: no row with values of both \"$xkey\" and \"$ykey\""
  [[ $logx == on ]] && log=1
  [[ $logx == auto ]] && scatter_wants_logx "$points" && log=1
  read -r xlo ylo yhi < <(scatter_bar_limits "$points" "$log" "$ykey")
  stem=$(basename "$png" .png)

  local xlabel=$xkey ylabel=$ykey unit skipped
  unit=$(metric_unit "$xkey"); [[ -z $unit ]] || xlabel="$xkey ($unit)"
  unit=$(metric_unit "$ykey"); [[ -z $unit ]] || ylabel="$ykey ($unit)"
  local subtitle="$(basename "$csv"): mean over seeds, bars: 95 % confidence interval, cut at the bounds of the metric"
  skipped=$(awk -F'\t' '$1 == "-" { printf "%s%s", n++ ? ", " : "", $2 }' "$points")
  [[ -z $skipped ]] || subtitle+="; not drawn (no value): $skipped"
  local plot_command
  plot_command=$(scatter_point_files "$points" "$stem" "$xlo" "$ylo" "$yhi")
  {
    terminal 1100 700
    echo "$palette"
    echo "set datafile separator tab"
    echo "set output $(gp_quote "$png")"
    echo "set title $(gp_quote "$ykey against $xkey") . \"\\n\" . $(gp_quote "$subtitle")"
    echo "set xlabel $(gp_quote "$xlabel")"
    echo "set ylabel $(gp_quote "$ylabel")"
    scatter_ranges "$stem" "$log" "$xlo" "$ylo"
    echo "$plot_command"
  } >"$tmp/$stem.gp"
  [[ -z $keep ]] || cp "$tmp/$stem.gp" "$tmp/${stem}"_*.dat "$keep/"
  run_gnuplot "$tmp/$stem.gp" "$png"
}

[[ $logx == off || ${#scatter[@]} == 2 ]] || die "--logx goes with --scatter"
if [[ -d $input ]]; then
  plot_run_dir
elif [[ -f $input && ${#scatter[@]} == 2 ]]; then
  plot_scatter
elif [[ -f $input ]]; then
  plot_sweep
else
  die "no such run folder or CSV file: $input"
fi
