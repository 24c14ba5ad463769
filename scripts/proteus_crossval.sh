#!/usr/bin/env bash
# Cross-validation against the Proteus artifact's own simulator (issue:
# "Cross-validation against the Proteus artifact"): runs servesim on the
# artifact's three experiments, set up as the artifact sets them up
# (configs/scenarios/papers/proteus/artifact_*.json, docs/policies.md "The
# artifact flavour"), and prints per experiment and policy servesim's SLO
# violations, effective accuracy, maximum accuracy drop and wall time, beside
# the artifact simulator's for zipf_exponential.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: PROTEUS_ARTIFACT=/path/to/Proteus scripts/proteus_crossval.sh [OUT_DIR] [--binary PATH]

Runs configs/scenarios/papers/proteus/artifact_{zipf_exponential,medium_normal_load,
zipf_exponential_bursty}.json into OUT_DIR/<experiment>/ (default: results/proteus_crossval)
and prints one table per experiment:

  violations %   the artifact's run.py ratio: (dropped + late) / (served + dropped)
                 (summary.json "proteus_artifact_violation_ratio": queries that never
                 finish count in neither part)
  eff. acc.      effective accuracy over served queries (plotting/endtoend.py)
  max drop       100 - the lowest 10 s window's effective accuracy (plotting/endtoend.py)
  wall s         the policy's wall time (timing.json)

For zipf_exponential each row also shows the artifact simulator's numbers (its
run.py with seed 10, MIPGap 0.5; its wall time without its fixed sleeps on a
2-core machine like this project's CI), the differences, and whether each is
within the cross-validation tolerance (1 pp violations, 0.5 pp accuracy, 2 pp
max drop); the other two experiments print ours only.

PROTEUS_ARTIFACT must name a checkout of UMass-LIDS/Proteus (or its data files).
Exit status: 0 done, 1 a run failed, 2 bad arguments or no artifact.
EOF
}

die() { echo "proteus_crossval.sh: $*" >&2; exit 2; }

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
binary=${SERVESIM:-$repo_root/build/servesim}
out_dir=results/proteus_crossval
while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) usage; exit 0 ;;
    --binary) [ $# -ge 2 ] || die "--binary needs a path"; binary=$2; shift 2 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) out_dir=$1; shift ;;
  esac
done
[ -n "${PROTEUS_ARTIFACT:-}" ] || die "set PROTEUS_ARTIFACT to a checkout of UMass-LIDS/Proteus"
[ -d "$PROTEUS_ARTIFACT/profiling" ] || die "PROTEUS_ARTIFACT=$PROTEUS_ARTIFACT has no profiling/ folder"
[ -x "$binary" ] || die "no servesim binary at $binary (build first: scripts/build.sh)"

# One table: the CSV of `servesim collect` (columns found by name) and a file
# of "label wall_s" lines. The artifact simulator's numbers on
# zipf_exponential (300 ms): violations %, effective accuracy, max drop, wall s.
print_table() {
  local experiment=$1 csv=$2 walls=$3
  echo
  echo "== $experiment"
  awk -F'[, ]' -v experiment="$experiment" '
    function artifact(p) {
      if (p == "proteus") return "5.98 98.30 4.20 127.7"
      if (p == "sommelier") return "5.81 92.19 12.24 84.6"
      if (p == "infaas-accuracy") return "7.91 96.10 7.06 17.5"
      if (p == "clipper-ha") return "28.18 99.88 0.20 8.0"
      if (p == "clipper-ht") return "11.32 80.23 21.43 7.2"
      return ""
    }
    function ok(d, tol) { return (d <= tol && d >= -tol) ? "ok" : "OUT" }
    FNR == NR { wall[$1] = $2; next }
    FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    {
      p = $col["policy"]; v = 100 * $col["proteus_artifact_violation_ratio"]
      a = $col["effective_accuracy"]; d = $col["max_accuracy_drop"]; w = wall[p]
      if (experiment == "zipf_exponential" && artifact(p) != "") {
        split(artifact(p), r, " ")
        if (!header) {
          printf "%-16s | %-24s | %-24s | %-24s | %-24s\n", "policy", "violations %: ours art", "eff. acc.: ours art", "max drop: ours art", "wall s: ours art speedup"
          header = 1
        }
        printf "%-16s | %6.2f %6.2f %+6.2f %-3s | %6.2f %6.2f %+6.2f %-3s | %6.2f %6.2f %+6.2f %-3s | %6.3f %6.1f %6.0fx\n", p,
               v, r[1], v - r[1], ok(v - r[1], 1), a, r[2], a - r[2], ok(a - r[2], 0.5), d, r[3], d - r[3], ok(d - r[3], 2),
               w, r[4], (w > 0 ? r[4] / w : 0)
      } else {
        if (!header) { printf "%-16s %12s %10s %9s %8s\n", "policy", "violations %", "eff. acc.", "max drop", "wall s"; header = 1 }
        printf "%-16s %12.2f %10.2f %9.2f %8.3f\n", p, v, a, d, w
      }
    }
  ' "$walls" "$csv"
}

status=0
for experiment in zipf_exponential medium_normal_load zipf_exponential_bursty; do
  scenario=$repo_root/configs/scenarios/papers/proteus/artifact_$experiment.json
  dir=$out_dir/$experiment
  mkdir -p "$out_dir"
  if ! "$binary" run "$scenario" --out "$dir" > "$dir.log" 2>&1; then
    echo "proteus_crossval.sh: $experiment failed (log: $dir.log)" >&2
    status=1
    continue
  fi
  "$binary" collect "$dir" > "$dir.csv"
  # Wall times from each run's timing.json, by the run folder's (policy's) label.
  for t in "$dir"/*/timing.json; do
    printf '%s %s\n' "$(basename "$(dirname "$t")")" "$(sed -n 's/^  "wall_s": \([0-9.e+-]*\),*$/\1/p' "$t")"
  done > "$dir.walls"
  print_table "$experiment" "$dir.csv" "$dir.walls"
done
exit $status
