#!/usr/bin/env python3
"""Finds the scale of a side-by-side world's fixed cluster by the rule stated
before any result (side_by_side_world.py, FIXED_CLUSTER_SCALE):

    the smallest factor k of the ladder at which the best policy on the
    fixed cluster keeps at least 99 % of the queries on time at the peak,
    the peak being the busiest tenth of the day's windows (by arrivals),
    seed 1; every device count of the capacity rule's cluster times k,
    rounded up.

It runs the scenario's fixed-cluster policies (those with their own
"cluster") at each factor, overriding their device counts with --set, and
prints one line per factor and policy, then the factor found. The scenario
should be generated with scale 1 (what the capacity rule gives). A factor
whose runs are all in OUT already (comparison.csv written) is read, not
run again.
"""
import argparse
import csv
import json
import math
import subprocess
import sys
from pathlib import Path

PEAK_SHARE = 0.1
TARGET = 0.99
# Up to 4 at first; raised to 8 when pipeline_day's InferLine kept 97.9 % at
# 4 with every CPU of the cluster busy in its worst spike (a cap on compute,
# not on the target).
LADDER = (1, 1.5, 2, 3, 4, 6, 8)


def fixed_policies(scenario):
    return [(i, p) for i, p in enumerate(scenario["policies"]) if "cluster" in p]


def scaled_overrides(scenario, k):
    out = []
    for i, p in fixed_policies(scenario):
        for j, d in enumerate(p["cluster"]["devices"]):
            out += ["--set", f"policies[{i}].cluster.devices[{j}].count={math.ceil(d['count'] * k - 1e-9)}"]
    return out


def windows(timeseries):
    """{window start: (arrivals, on time)} of the whole run (app "all")."""
    with open(timeseries) as f:
        return {float(r["window_start_s"]): (float(r["arrivals"]), float(r["on_time"]))
                for r in csv.DictReader(f) if r["app"] == "all"}


def peak_starts(rows):
    """The busiest tenth of the windows (at least one), by arrivals."""
    ranked = sorted((w for w in rows if rows[w][0] > 0), key=lambda w: (-rows[w][0], w))
    return ranked[:max(1, math.ceil(PEAK_SHARE * len(ranked)))]


def peak_attainment(rows, starts):
    arrivals = sum(rows[w][0] for w in starts)
    return sum(rows[w][1] for w in starts) / arrivals


def run(binary, scenario_path, scenario, k, out, seed, jobs):
    labels = [p["label"] for _, p in fixed_policies(scenario)]
    cmd = [binary, "run", str(scenario_path), "--out", str(out), "--quiet", "--jobs", str(jobs),
           "--set", f"seed={seed}"] + scaled_overrides(scenario, k)
    for label in labels:
        cmd += ["--policy", label]
    if not (out / "comparison.csv").exists():
        subprocess.run(cmd, check=True)
    rows = {label: windows(out / label / "timeseries.csv") for label in labels}
    starts = peak_starts(rows[labels[0]])
    return {label: peak_attainment(r, starts) for label, r in rows.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", type=Path)
    parser.add_argument("--servesim", default="build/servesim")
    parser.add_argument("--out", type=Path, default=Path("results/sizing"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    scenario = json.loads(args.scenario.read_text())
    if not fixed_policies(scenario):
        print(f"{args.scenario}: no policy has its own fixed cluster", file=sys.stderr)
        return 2
    for k in LADDER:
        attainment = run(args.servesim, args.scenario, scenario, k, args.out / f"k={k:g}", args.seed, args.jobs)
        for label, a in sorted(attainment.items()):
            print(f"k={k:g}\t{label}\t{100 * a:.2f} % on time at the peak", flush=True)
        if max(attainment.values()) >= TARGET:
            print(f"{args.scenario.stem}: fixed cluster scale {k:g}")
            return 0
    print(f"{args.scenario.stem}: no factor up to {LADDER[-1]:g} reaches {100 * TARGET:g} %")
    return 1


if __name__ == "__main__":
    sys.exit(main())
