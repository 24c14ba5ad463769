"""A `servesim run --out` folder: <label>/timeseries.csv (and summary.json)
per policy, and comparison.csv."""

import glob
import json
import os
from dataclasses import dataclass

from .csv_table import read_table
from .errors import InputError

# The per-window series a run folder's figures draw; violations is late +
# dropped + rejected; cost_per_hour is the window's whole cost (the `cost`
# column: instances, Lambda's requests and GB-seconds, fixed devices) over
# its length. servesim's own cost_per_hour column is the rate of what is
# running at the window's end, which leaves out per-request charges, so a
# policy that overflows to Lambda would look cheap; it is used only when a
# folder has no `cost` column.
SERIES = ("demand_qps", "throughput_qps", "violations", "effective_accuracy", "cost_per_hour")


@dataclass
class PolicyRun:
    label: str
    t_s: list      # window midpoints, seconds
    end_s: float   # the last window's end
    values: dict   # SERIES name -> list (None: no value in that window)


@dataclass
class RunFolder:
    path: str
    name: str         # the scenario's, titling the figures
    runs: list        # PolicyRun, comparison.csv's order, then the other folders'
    comparison: object  # its Table, or None


def _labels(path, comparison):
    """Policies in the comparison table's order, then any other run folder."""
    labels = []
    if comparison is not None:
        p = comparison.column("policy")
        labels = [row[p] for row in comparison.rows if os.path.isfile(os.path.join(path, row[p], "timeseries.csv"))]
    for f in sorted(glob.glob(os.path.join(glob.escape(path), "*", "timeseries.csv"))):
        label = os.path.basename(os.path.dirname(f))
        if label not in labels:
            labels.append(label)
    return labels


def _policy_run(path, label):
    table = read_table(os.path.join(path, label, "timeseries.csv"))
    app, start, end, demand, thr, late, dropped, rejected, acc, cost = (table.column(c) for c in (
        "app", "window_start_s", "window_end_s", "demand_qps", "throughput_qps", "late", "dropped", "rejected",
        "effective_accuracy", "cost_per_hour"))
    window_cost = table.column("cost") if table.has("cost") else None
    run = PolicyRun(label, [], 0.0, {name: [] for name in SERIES})

    def number(r, c):
        return table.number(r, c) or 0.0  # an empty count is none

    for r, row in enumerate(table.rows):
        if row[app] != "all":
            continue
        run.t_s.append((number(r, start) + number(r, end)) / 2)
        run.end_s = max(run.end_s, number(r, end))
        # None where the window was too short for a rate (the drain's tail,
        # docs/scenario.md): a gap in the line, not a fall to zero.
        run.values["demand_qps"].append(table.number(r, demand))
        run.values["throughput_qps"].append(table.number(r, thr))
        run.values["violations"].append(number(r, late) + number(r, dropped) + number(r, rejected))
        run.values["effective_accuracy"].append(table.number(r, acc))  # None: nothing completed
        run.values["cost_per_hour"].append(_cost_rate(table, r, cost, window_cost, start, end, demand))
    if not run.t_s:
        raise InputError(f'{table.path}: no rows with app == "all"')
    return run


def _cost_rate(table, r, rate, window_cost, start, end, demand):
    """$/h over the window; None where servesim found the window too short
    for a rate (its demand_qps empty: the drain's tail)."""
    if window_cost is None:
        return table.number(r, rate) or 0.0
    if table.number(r, demand) is None:
        return None
    length = (table.number(r, end) or 0.0) - (table.number(r, start) or 0.0)
    return (table.number(r, window_cost) or 0.0) * 3600.0 / length if length > 0 else None


def _scenario_name(path, comparison, first_label):
    """comparison.csv's scenario, else a summary's (a run that failed writes
    no comparison.csv), else the folder's name."""
    if comparison is not None and comparison.has("scenario") and comparison.rows:
        name = comparison.rows[0][comparison.column("scenario")]
        if name:
            return name
    try:
        with open(os.path.join(path, first_label, "summary.json"), encoding="utf-8") as f:
            name = json.load(f).get("scenario")
        if isinstance(name, str) and name:
            return name
    except (OSError, ValueError):
        pass
    return os.path.basename(os.path.abspath(path))


def read_run_folder(path):
    path = path.rstrip("/") or "/"
    csv_path = os.path.join(path, "comparison.csv")
    comparison = read_table(csv_path) if os.path.isfile(csv_path) else None
    labels = _labels(path, comparison)
    if not labels:
        raise InputError(f"{path}: no <label>/timeseries.csv here (is it a servesim run --out folder?)")
    runs = [_policy_run(path, label) for label in labels]
    return RunFolder(path, _scenario_name(path, comparison, labels[0]), runs, comparison)
