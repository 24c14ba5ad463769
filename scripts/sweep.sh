#!/usr/bin/env bash
# Runs a scenario over the cartesian product of --grid values and seeds, in
# parallel, one run folder per point, then joins every summary into sweep.csv.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/sweep.sh SCENARIO OUT_DIR [--grid PATH=V1,V2,...]... [--seeds S1,S2,...]
                        [--jobs N] [--binary PATH] [-- extra servesim run arguments]

Runs `servesim run SCENARIO --set PATH=V... --set seed=S --out OUT_DIR/<point> --quiet`
for every combination of the grids' values and the seeds, N points at a time
(default: the number of cores). A point's folder is named from its parameters,
e.g. slo_ms=50__x=1__seed=1 (the last component of each PATH; characters other
than letters, digits and ._=+- become _). Each point folder holds the usual
<label>/{summary.json,timeseries.csv,timing.json}, comparison.csv and run.log.

OUT_DIR/sweep.csv joins all summaries (`servesim collect`): one row per point and
policy, with one leading column per grid (named like the folder part) and seed,
then run_dir (relative to OUT_DIR) and the summary's fields.

options:
  --grid PATH=V1,V2,...  a --set path and its values (repeatable; values hold no commas;
                         a value is JSON when it parses as JSON, a string otherwise)
  --seeds S1,S2,...      seeds (default: the scenario's own seed, no override)
  --jobs N, -j N         points run at once (default: nproc)
  --binary PATH          the servesim binary (default: $SERVESIM, else build/servesim)
  --                     everything after goes to every `servesim run` (e.g. --policy static-gpu)

Exit status: 0 all points ran, 1 some point failed (see its run.log), 2 bad arguments.
EOF
}

die() { echo "sweep.sh: $*" >&2; exit 2; }

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
binary=${SERVESIM:-$repo_root/build/servesim}
jobs=$(nproc)
grids=()
seeds=()
extra=()
positional=()

while (($#)); do
  case $1 in
    -h|--help) usage; exit 0 ;;
    --grid) (($# >= 2)) || die "--grid needs PATH=V1,V2,..."; grids+=("$2"); shift 2 ;;
    --grid=*) grids+=("${1#--grid=}"); shift ;;
    --seeds) (($# >= 2)) || die "--seeds needs S1,S2,..."; IFS=, read -r -a seeds <<<"$2"; shift 2 ;;
    --seeds=*) IFS=, read -r -a seeds <<<"${1#--seeds=}"; shift ;;
    -j|--jobs) (($# >= 2)) || die "--jobs needs a number"; jobs=$2; shift 2 ;;
    --jobs=*) jobs=${1#--jobs=}; shift ;;
    --binary) (($# >= 2)) || die "--binary needs a path"; binary=$2; shift 2 ;;
    --binary=*) binary=${1#--binary=}; shift ;;
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
[[ $binary == */* ]] || binary=$(command -v "$binary" || echo "$binary")
[[ -f $binary && -x $binary ]] || die "servesim binary not found or not executable: $binary (build it, or use --binary / SERVESIM)"
binary=$(realpath "$binary")  # collect runs from inside OUT_DIR
for s in "${seeds[@]}"; do
  [[ $s =~ ^[0-9]+$ ]] || die "--seeds expects non-negative integers, got \"$s\""
done

sanitize() { printf '%s' "$1" | tr -c 'A-Za-z0-9._=+-' '_'; }

# The last K components of a --set path, as a column and folder name:
# short_name policies[0].params.placement[1].batcher.max_batch 1 -> max_batch,
# ... 3 -> placement.1.batcher.max_batch (an index alone keeps its parent).
short_name() {
  local parts=() k=$2 n
  IFS=. read -r -a parts <<<"$(sed -E 's/\[([0-9]+)\]/.\1/g' <<<"$1")"
  n=${#parts[@]}
  [[ ${parts[n - k]:-} =~ ^[0-9]+$ ]] && ((k < n)) && k=$((k + 1))
  ((k <= n)) || k=$n
  sanitize "$(IFS=.; echo "${parts[*]:n-k}")"
}

# Per grid: its path, its column name and its values (newline-joined).
paths=() names=() values=()
for g in "${grids[@]}"; do
  [[ $g == *=* ]] || die "--grid \"$g\" is not PATH=V1,V2,..."
  path=${g%%=*}
  list=${g#*=}
  [[ -n $path ]] || die "--grid \"$g\" has an empty path"
  [[ -n $list && $list != *,, && $list != ,* && $list != *, && $list != *,,* ]] ||
    die "--grid \"$g\" has an empty value"
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
((${#seeds[@]} == 0)) || add_dimension seed seed "$(printf '%s\n' "${seeds[@]}")"
[[ ${points[0]} != $'\t' ]] || die "nothing to sweep: give at least one --grid or --seeds"

# Check the scenario and every override once before launching anything, so a
# typo fails fast with servesim's own one-line message (exit 2).
first_sets=()
IFS=$'\x1f' read -r -a first_sets <<<"${points[0]%%$'\t'*}"
check_args=()
for s in "${first_sets[@]}"; do check_args+=(--set "$s"); done
"$binary" validate "$scenario" "${check_args[@]}" >/dev/null || exit 2

mkdir -p "$out_dir"
out_dir=$(cd "$out_dir" && pwd)

run_point() {
  local pt=$1 sets=() args=() s dir
  IFS=$'\x1f' read -r -a sets <<<"${pt%%$'\t'*}"
  dir=$out_dir/${pt#*$'\t'}
  mkdir -p "$dir"
  for s in "${sets[@]}"; do args+=(--set "$s"); done
  if "$binary" run "$scenario" "${args[@]}" --out "$dir" --quiet "${extra[@]}" >"$dir/run.log" 2>&1; then
    echo "done   ${pt#*$'\t'}" >&2
  else
    echo "FAILED ${pt#*$'\t'} (exit $?; see $dir/run.log)" >&2
    return 1
  fi
}

echo "sweep.sh: ${#points[@]} points, $jobs at a time -> $out_dir" >&2
failed=0
running=0
for pt in "${points[@]}"; do
  if ((running >= jobs)); then
    wait -n || failed=$((failed + 1))
    running=$((running - 1))
  fi
  run_point "$pt" &
  running=$((running + 1))
done
while ((running > 0)); do
  wait -n || failed=$((failed + 1))
  running=$((running - 1))
done

# Join: collect from inside OUT_DIR so run_dir is <point>/<label>; prepend the
# point's parameter columns, looked up by the folder name.
index=$(mktemp)
trap 'rm -f "$index"' EXIT
header="$(IFS=,; echo "${names[*]}")"
for pt in "${points[@]}"; do
  nm=${pt#*$'\t'}
  row=()
  IFS=$'\x1f' read -r -a sets <<<"${pt%%$'\t'*}"
  for s in "${sets[@]}"; do
    [[ $s != seed=* ]] || continue  # the summary has its own seed column
    v=${s#*=}
    # Quote a value holding a quote or a comma for CSV.
    if [[ $v == *[\",]* ]]; then v="\"${v//\"/\"\"}\""; fi
    row+=("$v")
  done
  printf '%s\t%s\n' "$nm" "$(IFS=,; echo "${row[*]}")" >>"$index"
done
dirs=()
for pt in "${points[@]}"; do
  nm=${pt#*$'\t'}
  [[ -f $out_dir/$nm/comparison.csv ]] && dirs+=("$nm")
done
if ((${#dirs[@]} == 0)); then
  echo "sweep.sh: every point failed; no sweep.csv" >&2
  exit 1
fi
(cd "$out_dir" && "$binary" collect "${dirs[@]}") |
  awk -F'\t' -v header="$header" '
    NR == FNR { params[$1] = $2; next }
    FNR == 1 { print (header == "" ? "" : header ",") $0; next }
    { name = substr($0, 1, index($0, "/") - 1); print (header == "" ? "" : params[name] ",") $0 }
  ' "$index" - >"$out_dir/sweep.csv"

echo "sweep.sh: wrote $out_dir/sweep.csv ($((${#points[@]} - failed))/${#points[@]} points ok)" >&2
((failed == 0)) || exit 1
