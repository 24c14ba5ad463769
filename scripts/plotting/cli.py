"""plot.sh's command line: its help, its options, and which mode draws.

Parsed by hand rather than with argparse, for plot.sh's own messages: one
line on stderr ("plot.sh: ..."), exit status 2."""

import os
import sys
from dataclasses import dataclass, field

from .errors import DrawError, InputError
from .output_paths import make_folder
from .save import write_figure

USAGE = """\
usage: scripts/plot.sh RUN_DIR [--out DIR] [--families FILE.json] [--keep-data DIR]
       scripts/plot.sh SWEEP_CSV [--x COLUMN] [--y METRIC]... [--group COLUMN] [--out FILE.png|DIR]
                       [--keep-data DIR]
       scripts/plot.sh SWEEP_CSV --scatter XMETRIC YMETRIC [--logx | --logx=auto] [--out FILE.png|DIR]
                       [--keep-data DIR]

Figures from servesim's outputs, drawn with matplotlib (scripts/plotting/). Every
figure is written twice with one name: NAME.png, and NAME.pdf (vector, for a paper).
The paths written are printed, one a line.

RUN_DIR is what `servesim run --out RUN_DIR` wrote: <label>/timeseries.csv per policy
and comparison.csv. Writes into DIR (default RUN_DIR/plots):
  demand_qps violations throughput_qps effective_accuracy cost_per_hour
                      one time series each, one line per policy (rows with app == "all")
  timeseries          the five above, a panel each
  comparison          bars per policy: SLO attainment %, p99 latency, cost
Past seven policies (the palette's colours) the time series get a panel per policy
family, the label's part before its first '-' (mark-spot and mark-ondemand: mark),
with the other policies in grey behind; timeseries is then a grid, a row per family
and a column per metric. --families FILE.json names the families instead, a JSON
object {"<label>": "<family>"} (a label it leaves out keeps its prefix): e.g. the
paper whose comparison each baseline belongs to. A sweep's point folder
(OUT_DIR/seed=1, say) is such a folder.

SWEEP_CSV is what scripts/sweep.sh writes (or `servesim collect` prints): each METRIC
against the swept parameter, one line per policy label, one figure per metric.
  - sweep_points.csv (`servesim collect --points`, recognised by its <key>.ci95 columns):
    draws <METRIC>.mean with 95 % confidence-interval bars (<METRIC>.ci95; no bar where
    a point has a single seed), one line per label.
  - sweep.csv, one row per run: uses sweep_points.csv from the same folder when it is
    there; else draws the mean of the rows that share a point (seeds), without bars, one
    line per label (the last part of run_dir).
  In a sweep over several grids, each value of the other grids gets its own line.

--scatter XMETRIC YMETRIC: one labelled point per row of sweep_points.csv (a policy label,
  plus the other grid values in a sweep over a grid), at XMETRIC.mean, YMETRIC.mean, with
  both 95 % intervals as bars (none where a row has a single seed; cut at 0 when no mean
  is negative, and at 100 % for a fraction), e.g. --scatter cost.per_million_on_time
  slo_attainment: cost against SLO attainment, one point per policy. Rows without a value
  of either metric are named in the title, not drawn.
  Default output: the CSV's folder, scatter_<YMETRIC>_vs_<XMETRIC>.png and .pdf.
options:
  --x COLUMN       the x axis (default: the first grid column, before label or run_dir);
                   numbers are placed to scale, anything else as categories
  --y METRIC       a summary key, e.g. goodput_qps, latency_ms.p99 (repeatable); default:
                   slo_attainment goodput_qps latency_ms.p99 cost.total effective_accuracy
  --group COLUMN   one line per value of COLUMN instead of per label (e.g. policy)
  --out FILE.png   the figure (and FILE.pdf), with one --y; --out DIR: where figures go.
                   Default: the CSV's folder, plot_<METRIC>_vs_<X>.png and .pdf
  --keep-data DIR  also write what each figure draws as DIR/NAME.json: per panel its
                   axis labels and limits, per series its name, colour, marker, line
                   style and points (x, y, the bars' ends, the seeds), the values drawn
                   on the axis edge, and each label with where it went
  --logx           with --scatter, a logarithmic x axis; --logx=auto: logarithmic when
                   every x drawn is positive and the largest is over 10 times the smallest

How figures are drawn:
  - Axis labels name the metric and its unit, from one table (scripts/plotting/
    metric_labels.py); fractions such as SLO attainment are drawn as percentages. A
    column it does not know is shown by its name, as written.
  - Colours are Okabe and Ito's colour-blind-safe palette without its yellow, a marker
    per series; past seven series the colours come back with other markers and line
    styles, so that no two series look alike. Legends sit outside the axes; labels
    beside points are moved until they overlap nothing.
  - Outliers: in sweep lines, scatters and bars, going down from the largest value, at
    the first step where a value is more than 10 times the next one, the values above
    it (if fewer than half of all) are drawn on the axis edge as a triangle, with their
    value written beside; the axis is set from the others. Time series are drawn whole.
  - The files carry no date or software version: the same inputs give the same bytes.

Exit status: 0 done, 1 matplotlib failed, 2 bad arguments or input (e.g. a missing
column, or matplotlib not installed: scripts/deps.sh installs python3-matplotlib).
"""


@dataclass
class Options:
    input: str = ""
    out: str = ""
    x: str = ""
    y: list = field(default_factory=list)
    group: str = ""
    keep: str = ""
    families: str = ""
    scatter: list = field(default_factory=list)
    logx: str = "off"  # "on", "auto"
    help: bool = False


# Option -> (the Options field it sets, what it says when its value is missing).
_VALUED = {
    "--out": ("out", "--out needs a value"),
    "-o": ("out", "-o needs a value"),
    "--x": ("x", "--x needs a column"),
    "--y": ("y", "--y needs a column"),
    "--group": ("group", "--group needs a column"),
    "--keep-data": ("keep", "--keep-data needs a folder"),
    "--families": ("families", "--families needs a JSON file"),
}


def parse(argv):
    opts, i = Options(), 0
    while i < len(argv):
        arg = argv[i]
        if arg in ("-h", "--help"):
            opts.help = True
            return opts
        if arg == "--scatter":
            if len(argv) - i < 3:
                raise InputError("--scatter needs two metrics, XMETRIC YMETRIC")
            opts.scatter, i = argv[i + 1: i + 3], i + 3
        elif arg in ("--logx", "--logx=auto"):
            opts.logx, i = ("on" if arg == "--logx" else "auto"), i + 1
        elif arg in _VALUED:
            name, missing = _VALUED[arg]
            if len(argv) - i < 2:
                raise InputError(missing)
            if name == "y":
                opts.y.append(argv[i + 1])
            else:
                setattr(opts, name, argv[i + 1])
            i += 2
        elif arg.startswith("-"):
            raise InputError(f'unknown option "{arg}" (see --help)')
        elif opts.input:
            raise InputError(f'unexpected argument "{arg}" (one RUN_DIR or SWEEP_CSV)')
        else:
            opts.input, i = arg, i + 1
    if not opts.input:
        raise InputError("expected a RUN_DIR or a SWEEP_CSV (see --help)")
    return opts


def _require_matplotlib():
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError(f"matplotlib not found by {sys.executable} "
                         "(scripts/deps.sh installs Debian's python3-matplotlib)") from None


def figures(opts):
    """The mode's figures, built one at a time (an error stops at the one at fault)."""
    if opts.logx != "off" and not opts.scatter:
        raise InputError("--logx goes with --scatter")
    if opts.families and not os.path.isdir(opts.input):
        raise InputError("--families applies to a run folder, not a sweep CSV")
    if os.path.isdir(opts.input):
        from .run_figures import run_figures
        return run_figures(opts)
    if os.path.isfile(opts.input) and opts.scatter:
        from .scatter import scatter_figures
        return scatter_figures(opts)
    if os.path.isfile(opts.input):
        from .sweep_lines import sweep_figures
        return sweep_figures(opts)
    raise InputError(f"no such run folder or CSV file: {opts.input}")


def main(argv):
    try:
        opts = parse(argv)
        if opts.help:
            sys.stdout.write(USAGE)
            return 0
        _require_matplotlib()
        keep = make_folder(opts.keep) if opts.keep else None
        for spec in figures(opts):
            for path in write_figure(spec, keep):
                print(path, flush=True)
    except InputError as e:
        print(f"plot.sh: {e}", file=sys.stderr)
        return 2
    except DrawError as e:
        print(f"plot.sh: {e}", file=sys.stderr)
        return 1
    return 0
