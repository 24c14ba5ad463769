"""sweep_points.csv as `servesim collect --points` writes it: one row per
policy label, and for every numeric summary key its mean, sd, n and ci95 over
the seeds (docs/scenario.md, "Sweep outputs"). The seeds' own values, which
the means hide, come from sweep.csv (seed_values.py)."""

import csv
import math
from dataclasses import dataclass, field

from input_error import InputError

_SUFFIXES = (".mean", ".sd", ".n", ".ci95")


@dataclass(frozen=True)
class Stat:
    mean: float | None  # None: no seed had a value (a p99 with nothing completed)
    ci95: float | None  # None with fewer than two values
    n: int


NO_VALUE = Stat(None, None, 0)


@dataclass(frozen=True)
class PolicyPoint:
    label: str
    policy: str
    runs: int    # seeds with a result
    stats: dict  # summary key -> Stat
    # summary key -> ((seed, value or None), ...) in seed order, for the keys
    # seed_values.py read from sweep.csv; empty until it has.
    seeds: dict = field(default_factory=dict)

    def stat(self, key):
        return self.stats.get(key, NO_VALUE)

    def values(self, key):
        """The seeds' values of a key that have one, in seed order."""
        return [v for _, v in self.seeds.get(key, ()) if v is not None]


def csv_number(text, path, line, column):
    """A CSV cell as a number, None when empty; anything else not finite is
    bad input naming the file, line and column."""
    if text == "":
        return None
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise InputError(f'{path}: line {line}: {column} = "{text}" is not a number')
    return value


def _keys(header):
    """The summary keys with all four columns, and where each column is."""
    index = column_index(header)
    keys = [c[: -len(".mean")] for c in header if c.endswith(".mean")]
    return [k for k in keys if all(k + s in index for s in _SUFFIXES)], index


def read_sweep_csv(path):
    """A sweep's CSV (sweep.csv or sweep_points.csv) as rows, the header
    first; a missing, unreadable or empty file is bad input naming it."""
    try:
        with open(path, encoding="utf-8", newline="") as f:
            rows = list(csv.reader(f))
    except FileNotFoundError:
        raise InputError(f"{path}: no such file (scripts/sweep.sh writes it)") from None
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise InputError(f"{path}: cannot read ({e})") from None
    if not rows:
        raise InputError(f"{path}: empty, no header")
    return rows


def column_index(header):
    """Where each column is (a name given twice: its first)."""
    return {name: i for i, name in reversed(list(enumerate(header)))}


def checked_rows(path, rows, index, required):
    """The data rows as (line, row), once the required columns are there
    and every row has the header's number of fields; else bad input naming
    the file (and the line)."""
    for column in required:
        if column not in index:
            raise InputError(f'{path}: no column "{column}"')
    header = rows[0]
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise InputError(f"{path}: line {line}: {len(row)} fields, the header has {len(header)}")
    return list(enumerate(rows[1:], start=2))


def read_sweep_points(path):
    """The rows by label, in the file's order."""
    rows = read_sweep_csv(path)
    keys, index = _keys(rows[0])
    points = {}
    for line, row in checked_rows(path, rows, index, ("label", "policy", "runs")):
        label = row[index["label"]]
        if label in points:
            # A sweep over a grid has a row per grid point: not one policy's result.
            raise InputError(f'{path}: line {line}: label "{label}" again (one row per policy expected, no --grid)')
        stats = {}
        for key in keys:
            n = csv_number(row[index[key + ".n"]], path, line, key + ".n")
            stats[key] = Stat(csv_number(row[index[key + ".mean"]], path, line, key + ".mean"),
                              csv_number(row[index[key + ".ci95"]], path, line, key + ".ci95"),
                              int(n or 0))
        runs = csv_number(row[index["runs"]], path, line, "runs")
        points[label] = PolicyPoint(label, row[index["policy"]], int(runs or 0), stats)
    return points
