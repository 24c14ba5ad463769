"""RUN_DIR mode: the figures of one `servesim run --out` folder, into
RUN_DIR/plots (or --out DIR)."""

import os
import sys

from .comparison_figure import comparison_figure
from .errors import InputError
from .output_paths import make_folder
from .policy_families import read_families
from .run_folder import SERIES, read_run_folder
from .timeseries_figures import metric_figure, overview_figure


def run_figures(opts):
    if opts.x or opts.y or opts.group or opts.scatter:
        raise InputError("--x/--y/--group/--scatter apply to a sweep CSV, not a run folder")
    families = read_families(opts.families) if opts.families else None
    folder = read_run_folder(opts.input)
    out = make_folder(opts.out or os.path.join(folder.path, "plots"))
    for key in SERIES:
        yield metric_figure(folder, key, os.path.join(out, key), families)
    yield overview_figure(folder, os.path.join(out, "timeseries"), families)
    if folder.comparison is None:
        print(f"plot.sh: {folder.path}/comparison.csv missing; no comparison.png", file=sys.stderr)
        return
    yield comparison_figure(folder, os.path.join(out, "comparison"))
