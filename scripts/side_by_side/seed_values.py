"""Each seed's own value of a metric, from sweep.csv (one row per run: point
and policy label, docs/scenario.md "Sweep outputs"). sweep_points.csv gives
only the mean and its interval; a median, or a list of what each seed
measured, needs the runs themselves. Both tables come from the same
`servesim collect`, so a policy's row count here must be its `runs` there."""

import dataclasses
import statistics

from input_error import InputError
from sweep_points import checked_rows, column_index, csv_number, read_sweep_csv


def _seed_order(seed):
    """Seeds sort as numbers (2 before 10); anything else after, as text."""
    return (0, int(seed), "") if seed.isdigit() else (1, 0, seed)


def read_seed_values(path, keys):
    """{label: [(seed, {key: value or None}), ...]} in seed order, the label
    being run_dir's last part as in sweep_points.csv (a run a failed point
    finished is seed=S.failed/<label>: its seed is the summary's own)."""
    rows = read_sweep_csv(path)
    index = column_index(rows[0])
    runs = {}
    for line, row in checked_rows(path, rows, index, ("run_dir", "seed")):
        label = row[index["run_dir"]].rstrip("/").rsplit("/", 1)[-1]
        values = {key: csv_number(row[index[key]], path, line, key) if key in index else None for key in keys}
        runs.setdefault(label, []).append((row[index["seed"]], values))
    return {label: sorted(seeds, key=lambda s: _seed_order(s[0])) for label, seeds in runs.items()}


def with_seed_values(points, seed_values, path):
    """The points of sweep_points.csv, each with its seeds' values of the keys
    read. A disagreement in the count of runs, or of values, means the two
    tables are not from one collect: the median would not be of the mean's seeds."""
    joined = {}
    for label, point in points.items():
        runs = seed_values.get(label, [])
        if len(runs) != point.runs:
            raise InputError(f'{path}: label "{label}" has {len(runs)} runs, sweep_points.csv counts {point.runs} '
                             "(the two tables are from different collects)")
        keys = runs[0][1].keys() if runs else ()
        seeds = {key: tuple((seed, values[key]) for seed, values in runs) for key in keys}
        for key, pairs in seeds.items():
            n = sum(v is not None for _, v in pairs)
            if n != point.stat(key).n:
                raise InputError(f'{path}: label "{label}": {key} has {n} values, sweep_points.csv counts '
                                 f"{point.stat(key).n} (the two tables are from different collects)")
        joined[label] = dataclasses.replace(point, seeds=seeds)
    return joined


def median(values):
    """The middle value; with an even count, the mean of the two middle ones.
    None without values."""
    return statistics.median(values) if values else None


def dominating_seed(pairs):
    """The seed whose value is more than all the other seeds' together (so
    more than half the sum the mean divides), among three or more values;
    None when no seed dominates. With two values the larger always "dominates"
    a little and the median is the mean, so two are never said to."""
    valued = [(seed, v) for seed, v in pairs if v is not None]
    if len(valued) < 3:
        return None
    seed, top = max(valued, key=lambda s: s[1])
    return seed if top > sum(v for _, v in valued) - top else None
