"""SWEEP_CSV mode: each metric against the swept parameter, one line per
policy label (or per --group value, and per value of the other grids), with
95 % interval bars when the table has them (sweep_points.csv), else the mean
of the runs at each point, without bars."""

import os
from dataclasses import dataclass

from . import interval_bounds, outliers
from .axis_limits import linear_limits
from .csv_table import is_number
from .errors import InputError
from .figure_spec import Figure, Label, Outlier, Panel, Series
from .metric_labels import label, metric
from .output_paths import figure_stem, make_folder
from .styles import series_style
from .sweep_tables import grid_columns, grid_end, safe_name, sweep_table
from .value_text import value_text

DEFAULT_METRICS = ("slo_attainment", "goodput_qps", "latency_ms.p99", "cost.total", "effective_accuracy")
X_PAD = 0.03  # of the x span, each side: end points and their bars clear the frame


@dataclass
class _Point:
    x: str           # as written in the CSV
    total: float = 0.0
    rows: int = 0
    values: float = 0  # seeds behind it: <metric>.n summed, or the runs
    ci95: float | None = None

    def mean(self):
        return self.total / self.rows

    def interval(self):
        # Two rows at one point (a --group that merges labels): their mean, no bar.
        return self.ci95 if self.rows == 1 else None


def _line_namer(table, kind, ycol, gcol):
    """(how a row's line is named, the column it came from or None)."""
    if gcol:
        g = table.column(gcol)
        return (lambda row: row[g]), g
    if kind == "points":
        last = table.column("label")
        return (lambda row: row[last]), last
    if table.has("run_dir"):
        run_dir = table.column("run_dir")
        return (lambda row: row[run_dir].rsplit("/", 1)[-1]), None  # the label: the run folder's name
    if table.has("policy"):
        p = table.column("policy")
        return (lambda row: row[p]), p
    return (lambda row: ycol), None


def _lines(table, kind, xcol, ycol, gcol):
    """({line: {x as written: _Point}}, the x values as written): lines,
    points and x values in first-seen order."""
    x = table.column(xcol)
    if kind == "points":
        y, e, c = (table.column(ycol + s) for s in (".mean", ".ci95", ".n"))
    else:
        y = table.column(ycol)
    name_of, g = _line_namer(table, kind, ycol, gcol)
    # In a sweep over several grids, each value of the other grids is its own line.
    others = [i for i in range(grid_end(table, kind)) if i not in (x, g)]
    lines, x_texts = {}, {}
    for r, row in enumerate(table.rows):
        if row[y] == "":
            continue  # e.g. a p99 of a run with no completed query
        value = table.number(r, y)
        name = name_of(row) + "".join(f", {table.header[i]}={row[i]}" for i in others)
        x_texts.setdefault(row[x], None)
        point = lines.setdefault(name, {}).setdefault(row[x], _Point(row[x]))
        point.total += value
        point.rows += 1
        if kind == "points":
            point.values += table.number(r, c) or 0
            point.ci95 = table.number(r, e) if row[e] != "" else point.ci95
        else:
            point.values += 1
    return lines, list(x_texts)


def _x_axis(x_texts):
    """(position of each x as written, x limits, ticks or None): numbers to
    scale, anything else as categories in first-seen order."""
    if all(is_number(t) for t in x_texts):
        position = {t: float(t) for t in x_texts}
        lo, hi = min(position.values()), max(position.values())
        span = (hi - lo) or (abs(hi) or 1.0)
        return position, [lo - X_PAD * span, hi + X_PAD * span], None
    position = {t: float(i) for i, t in enumerate(x_texts)}
    return position, [-0.5, len(x_texts) - 0.5], [[p, t] for t, p in position.items()]


def sweep_figure(table, kind, xcol, ycol, gcol, stem):
    lines, x_texts = _lines(table, kind, xcol, ycol, gcol)
    if not lines:
        raise InputError(f'{table.path}: no rows with a value in "{ycol}"')
    m = metric(ycol)
    position, xlim, xticks = _x_axis(x_texts)
    # Every point of every line, sorted along x, in the metric's unit.
    drawn = [(name, sorted(points.values(), key=lambda p: position[p.x])) for name, points in lines.items()]
    flat = [(i, p) for i, (_, points) in enumerate(drawn) for p in points]
    means = [p.mean() * m.scale for _, p in flat]
    far = outliers.far_above(means)
    limits = interval_bounds.bounds(means, m.upper)
    bars = [interval_bounds.bar_ends(v, None if p.interval() is None else p.interval() * m.scale, limits)
            for v, (_, p) in zip(means, flat)]
    kept = [v for k, v in enumerate(means) if k not in far]
    kept += [end for k, b in enumerate(bars) if k not in far for end in b if end is not None]
    ylim = list(linear_limits(kept))

    panel = Panel(xlabel=label(xcol), ylabel=m.label(), xlim=xlim, ylim=ylim, xticks=xticks, legend="right")
    k = 0
    for i, (name, points) in enumerate(drawn):
        style = series_style(i)
        series = Series(name, style, [], [], "line", y_bars=[], n=[])
        for p in points:
            x, v = position[p.x], means[k]
            if k in far:
                series.y.append(ylim[1])
                series.y_bars.append(None)
                panel.outliers.append(Outlier(name, [x, v], [x, ylim[1]], ["top"]))
                panel.labels.append(Label(f"{name}: {value_text(v)}", x, ylim[1], style.color))
            else:
                series.y.append(v)
                series.y_bars.append(None if bars[k][0] is None else list(bars[k]))
            series.x.append(x)
            series.n.append(p.values)
            k += 1
        panel.series.append(series)

    what = ("mean over seeds, bars: 95 % confidence interval" if kind == "points"
            else "per-run values (the mean of the runs at a point), no intervals")
    if far:
        what += "; a triangle on the frame: a value far beyond the others, written beside it"
    return Figure(stem, f"{m.label()} against {label(xcol)}", f"{os.path.basename(table.path)}: {what}",
                  [7.0, 4.2], panels=[panel])


def sweep_figures(opts):
    """The figures of SWEEP_CSV mode, one per --y metric, built one by one."""
    table, kind = sweep_table(opts.input)
    xcol = opts.x
    if not xcol:
        grid = grid_columns(table, kind)
        if not grid:
            stop = "label" if kind == "points" else "run_dir"
            raise InputError(f"{table.path}: no grid column before {stop}; give --x COLUMN")
        xcol = grid[0]
    ycols = opts.y or list(DEFAULT_METRICS)
    folder, single = os.path.dirname(table.path), figure_stem(opts.out)
    if single and len(ycols) != 1:
        raise InputError("--out FILE.png takes one --y; give --out DIR for several metrics")
    if opts.out and not single:
        folder = make_folder(opts.out)
    for ycol in ycols:
        stem = single or os.path.join(folder, f"plot_{safe_name(ycol)}_vs_{safe_name(xcol)}")
        yield sweep_figure(table, kind, xcol, ycol, opts.group, stem)
