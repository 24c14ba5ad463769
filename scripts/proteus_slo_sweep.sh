#!/usr/bin/env bash
# Proteus (ASPLOS'24) section 6.6, Figure 8: the end-to-end scenario at SLO
# multiples 1x..3.5x (scripts/sweep.sh), then three figures (scripts/plot.sh).
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/proteus_slo_sweep.sh OUT_DIR [--multiples M1,M2,...] [--scenario FILE]
                                    [--jobs N] [--binary PATH]

Proteus section 6.6 (Figure 8): runs scripts/sweep.sh on the end-to-end scenario
with --grid serving.slo_cpu_multiple=M1,M2,... (each query type's SLO is M times its
family's fastest CPU batch-1 latency), which writes OUT_DIR/sweep.csv (one row per
multiple and policy label), then draws with scripts/plot.sh, one line per policy
(each figure also as .pdf beside it):
  OUT_DIR/slo_throughput.png          throughput_qps against the multiple
  OUT_DIR/slo_max_accuracy_drop.png   max_accuracy_drop (percent) against the multiple
  OUT_DIR/slo_violation_ratio.png     violation_ratio against the multiple

options:
  --multiples LIST   SLO multiples (default: 1,1.5,2,2.5,3,3.5, the paper's)
  --scenario FILE    the scenario (default: configs/scenarios/papers/proteus/end_to_end.json)
  --jobs N, -j N     points run at once (default: nproc)
  --binary PATH      the servesim binary (default: $SERVESIM, else build/servesim)

A multiple at which some application has no variant meeting its SLO on any device
(`servesim validate` fails: the Proteus policies need a batch of 1 within half the
SLO) is skipped with a message; on this project's profiles 1x and 1.5x are (MobileNet).

Exit status: 0 done, 1 a run or a figure failed (or no multiple is feasible), 2 bad arguments.
EOF
}

die() { echo "proteus_slo_sweep.sh: $*" >&2; exit 2; }

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scenario=$repo_root/configs/scenarios/papers/proteus/end_to_end.json
multiples=1,1.5,2,2.5,3,3.5
jobs=$(nproc)
binary=${SERVESIM:-$repo_root/build/servesim}
out_dir=""

while (($#)); do
  case $1 in
    -h|--help) usage; exit 0 ;;
    --multiples) (($# >= 2)) || die "--multiples needs M1,M2,..."; multiples=$2; shift 2 ;;
    --scenario) (($# >= 2)) || die "--scenario needs a file"; scenario=$2; shift 2 ;;
    -j|--jobs) (($# >= 2)) || die "--jobs needs a number"; jobs=$2; shift 2 ;;
    --binary) (($# >= 2)) || die "--binary needs a path"; binary=$2; shift 2 ;;
    -*) die "unknown option \"$1\" (see --help)" ;;
    *) [[ -z $out_dir ]] || die "unexpected argument \"$1\" (one OUT_DIR; see --help)"; out_dir=$1; shift ;;
  esac
done
[[ -n $out_dir ]] || die "expected OUT_DIR (see --help)"
[[ -f $scenario ]] || die "no such scenario file: $scenario"
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "--jobs expects a positive integer, got \"$jobs\""
[[ $multiples =~ ^([0-9]+(\.[0-9]+)?)(,[0-9]+(\.[0-9]+)?)*$ ]] ||
  die "--multiples expects positive numbers separated by commas, got \"$multiples\""
bash "$repo_root/scripts/lib/matplotlib_python.sh" >/dev/null ||
  die "matplotlib not found (scripts/deps.sh installs python3-matplotlib)"

[[ $binary == */* ]] || binary=$(command -v "$binary" || echo "$binary")
[[ -f $binary && -x $binary ]] || die "servesim binary not found or not executable: $binary (build it, or use --binary / SERVESIM)"

# A multiple at which some application has no variant that meets its SLO on any
# device (the policies' rule: a batch of 1 within half the SLO) is a scenario the
# policies refuse; it is skipped with servesim's reason rather than failing the
# sweep (on this project's profiles, 1x and 1.5x are, for MobileNet).
feasible=()
IFS=, read -r -a wanted <<<"$multiples"
for m in "${wanted[@]}"; do
  if reason=$("$binary" validate "$scenario" --set "serving.slo_cpu_multiple=$m" 2>&1 >/dev/null); then
    feasible+=("$m")
  else
    reason=$(tail -n 1 <<<"$reason")
    echo "proteus_slo_sweep.sh: skipping SLO multiple $m (${reason#servesim: })" >&2
  fi
done
((${#feasible[@]})) || { echo "proteus_slo_sweep.sh: no SLO multiple in \"$multiples\" is feasible" >&2; exit 1; }

SERVESIM=$binary bash "$repo_root/scripts/sweep.sh" "$scenario" "$out_dir" \
  --grid "serving.slo_cpu_multiple=$(IFS=,; echo "${feasible[*]}")" --jobs "$jobs"
csv=$out_dir/sweep.csv
[[ -s $csv ]] || { echo "proteus_slo_sweep.sh: $csv was not written" >&2; exit 1; }

# One figure per metric, x = the grid's column (sweep.sh names it slo_cpu_multiple).
for metric in throughput_qps:slo_throughput max_accuracy_drop:slo_max_accuracy_drop violation_ratio:slo_violation_ratio; do
  bash "$repo_root/scripts/plot.sh" "$csv" --x slo_cpu_multiple --y "${metric%%:*}" --group policy \
    --out "$out_dir/${metric#*:}.png" || exit 1
done
