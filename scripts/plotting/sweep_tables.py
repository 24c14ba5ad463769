"""Which sweep table a figure reads, and which of its columns are the grid.

scripts/sweep.sh writes sweep.csv (a row per run) and sweep_points.csv (a
row per grid point and label: each metric's mean, sd, n and 95 % interval
over the seeds). The latter is recognised by its <key>.ci95 columns; a
sweep.csv with one beside it is read through that one, for its intervals."""

import os
import re
import sys

from .csv_table import read_table

POINTS_NAME = "sweep_points.csv"


def _has_intervals(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            header = f.readline()
    except OSError:
        return False
    return re.search(r"\.ci95(,|$)", header.rstrip("\r\n")) is not None


def points_path(path):
    """The per-point table for PATH: PATH itself, the sweep_points.csv beside
    it (said on stderr), or None."""
    if _has_intervals(path):
        return path
    beside = os.path.join(os.path.dirname(path), POINTS_NAME)
    if os.path.basename(path) != POINTS_NAME and os.path.isfile(beside):
        print(f"plot.sh: using {beside} (means and 95 % intervals over seeds)", file=sys.stderr)
        return beside
    return None


def sweep_table(path):
    """(table, kind): kind "points" (means and intervals) or "runs"."""
    points = points_path(path)
    return (read_table(points), "points") if points else (read_table(path), "runs")


def grid_end(table, kind):
    """Where the grid columns end: the label column (per point) or run_dir
    (per run); 0 when the table has none (a hand-made per-run CSV)."""
    stop = "label" if kind == "points" else "run_dir"
    return table.header.index(stop) if table.has(stop) else 0


def grid_columns(table, kind):
    """The columns before label or run_dir (all, when there is neither)."""
    stop = "label" if kind == "points" else "run_dir"
    return table.header[: table.header.index(stop)] if table.has(stop) else list(table.header)


def safe_name(text):
    """TEXT as part of a file name: any byte but A-Z a-z 0-9 . _ - is _."""
    return "".join(chr(b) if chr(b).isascii() and (chr(b).isalnum() or chr(b) in "._-") else "_"
                   for b in text.encode("utf-8"))
