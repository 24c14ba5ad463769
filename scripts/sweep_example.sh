#!/usr/bin/env bash
# Regenerates docs/figures/quickstart_load_*: the quickstart scenario's three
# static configurations over four mean loads x 5 seeds (scripts/sweep.sh),
# the per-run and per-point CSVs, and figures of SLO attainment and p99
# latency with 95 % confidence-interval bars (scripts/plot.sh; PNG and PDF).
#   scripts/sweep_example.sh [WORK_DIR]   (default results/quickstart_load; about 10 s)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
work=${1:-results/quickstart_load}
figures=docs/figures

bash scripts/build.sh servesim >&2
bash scripts/sweep.sh configs/scenarios/quickstart.json "$work" \
  --grid 'applications[0].workload.mean_qps=100,150,200,250' --replications 5
mkdir -p "$figures"
cp "$work/sweep.csv" "$figures/quickstart_load_sweep.csv"
cp "$work/sweep_points.csv" "$figures/quickstart_load_points.csv"
for metric in slo_attainment latency_ms.p99; do
  bash scripts/plot.sh "$figures/quickstart_load_points.csv" --x mean_qps --y "$metric" \
    --out "$figures/quickstart_load_${metric//./_}.png"
done
echo "sweep_example.sh: wrote $figures/quickstart_load_{sweep,points}.csv and two figures (PNG and PDF)" >&2
