"""--scatter XMETRIC YMETRIC: one labelled point per row of sweep_points.csv
(a policy label, plus the other grid values in a sweep over a grid) at the
two means, with both 95 % intervals as bars; e.g. cost per million on-time
queries against SLO attainment, one point per policy."""

import os
from dataclasses import dataclass

from . import interval_bounds, outliers
from .axis_limits import linear_limits, log_limits
from .csv_table import read_table
from .errors import InputError
from .figure_spec import Figure, Label, Outlier, Panel, Series
from .metric_labels import metric
from .output_paths import figure_stem, make_folder
from .styles import series_style
from .sweep_tables import points_path, safe_name
from .value_text import value_text

LOG_AUTO_SPAN = 10.0  # --logx=auto: log when the largest x is over 10 times the smallest
LABEL_ROOM = 0.12     # of each axis' span above the data, for the labels beside points


@dataclass
class _Row:
    name: str
    x: float
    y: float
    x_ci: float | None
    y_ci: float | None


def _rows(table, xkey, ykey):
    """(rows with both means, names of rows lacking one), in file order."""
    columns = [table.column(c) for c in ("label", xkey + ".mean", xkey + ".ci95", ykey + ".mean", ykey + ".ci95")]
    label = columns[0]
    drawn, skipped = [], []
    for r, row in enumerate(table.rows):
        name = row[label] + "".join(f", {table.header[i]}={row[i]}" for i in range(label))
        xm, xe, ym, ye = (table.number(r, c) for c in columns[1:])
        if xm is None or ym is None:
            skipped.append(name)  # e.g. a cost per on-time query with none on time
        else:
            drawn.append(_Row(name, xm, ym, xe, ye))
    return drawn, skipped


def _wants_log(logx, xs):
    if logx == "on":
        return True
    return logx == "auto" and bool(xs) and min(xs) > 0 and max(xs) > LOG_AUTO_SPAN * min(xs)


def _scaled(rows, xm, ym):
    return [_Row(r.name, r.x * xm.scale, r.y * ym.scale,
                 None if r.x_ci is None else r.x_ci * xm.scale,
                 None if r.y_ci is None else r.y_ci * ym.scale) for r in rows]


def scatter_figure(table, xkey, ykey, logx, stem):
    xm, ym = metric(xkey), metric(ykey)
    rows, skipped = _rows(table, xkey, ykey)
    if not rows:
        raise InputError(f'{table.path}: no row with values of both "{xkey}" and "{ykey}"')
    rows = _scaled(rows, xm, ym)
    far_x = outliers.far_above([r.x for r in rows])
    far_y = outliers.far_above([r.y for r in rows])
    log = _wants_log(logx, [r.x for k, r in enumerate(rows) if k not in far_x])
    if log:
        skipped += [r.name + " (x <= 0 on a log axis)" for r in rows if r.x <= 0]
        rows = [r for r in rows if r.x > 0]
        if not rows:
            raise InputError(f'{table.path}: no positive "{xkey}" to draw on a log axis')
        far_x = outliers.far_above([r.x for r in rows])
        far_y = outliers.far_above([r.y for r in rows])

    x_bounds = interval_bounds.bounds([r.x for r in rows], xm.upper)
    if log:  # a bar reaching 0 or below ends at the axis' left end
        x_bounds = (max(x_bounds[0], min(r.x for k, r in enumerate(rows) if k not in far_x) / 1.5), x_bounds[1])
    y_bounds = interval_bounds.bounds([r.y for r in rows], ym.upper)
    x_bars = [interval_bounds.bar_ends(r.x, r.x_ci, x_bounds) for r in rows]
    y_bars = [interval_bounds.bar_ends(r.y, r.y_ci, y_bounds) for r in rows]

    def extent(values, bars, far):
        return [v for k, v in enumerate(values) if k not in far] + \
               [e for k, b in enumerate(bars) if k not in far for e in b if e is not None]

    xs = extent([r.x for r in rows], x_bars, far_x)
    if log:
        xlim = [x_bounds[0], log_limits(xs)[1]]
    else:
        xlim = list(linear_limits(xs, pad_high=LABEL_ROOM))
    ylim = list(linear_limits(extent([r.y for r in rows], y_bars, far_y), pad_high=LABEL_ROOM))

    panel = Panel(xlabel=xm.label(), ylabel=ym.label(), xlim=xlim, ylim=ylim,
                  xscale="log" if log else "linear", legend="right")
    for k, r in enumerate(rows):
        style = series_style(k)
        x, y = (xlim[1] if k in far_x else r.x), (ylim[1] if k in far_y else r.y)
        series = Series(r.name, style, [x], [y], "point",
                        x_bars=[None if k in far_x or k in far_y or x_bars[k][0] is None else list(x_bars[k])],
                        y_bars=[None if k in far_x or k in far_y or y_bars[k][0] is None else list(y_bars[k])])
        panel.series.append(series)
        text = r.name
        edges = (["right"] if k in far_x else []) + (["top"] if k in far_y else [])
        if edges:
            panel.outliers.append(Outlier(r.name, [r.x, r.y], [x, y], edges))
            text += ": " + ", ".join(f"{axis} = {value_text(v)}" for axis, v, far in
                                     (("x", r.x, k in far_x), ("y", r.y, k in far_y)) if far)
        panel.labels.append(Label(text, x, y, style.color))

    subtitle = f"{os.path.basename(table.path)}: mean over seeds, bars: 95 % confidence interval, " \
               "cut at the bounds of the metric"
    if panel.outliers:
        subtitle += "; a triangle on the frame: a value far beyond the others, written beside it"
    if skipped:
        subtitle += "; not drawn (no value): " + ", ".join(skipped)
    return Figure(stem, f"{ym.label()} against {xm.label()}", subtitle, [7.5, 5.0], panels=[panel])


def scatter_figures(opts):
    if opts.x or opts.y or opts.group:
        raise InputError("--x/--y/--group do not go with --scatter")
    path = points_path(opts.input)
    if not path:
        raise InputError(f"{opts.input}: --scatter needs a sweep_points.csv (<metric>.mean and .ci95 columns)")
    xkey, ykey = opts.scatter
    stem = os.path.join(os.path.dirname(path), f"scatter_{safe_name(ykey)}_vs_{safe_name(xkey)}")
    if figure_stem(opts.out):
        stem = figure_stem(opts.out)
    elif opts.out:
        stem = os.path.join(make_folder(opts.out), os.path.basename(stem))
    yield scatter_figure(read_table(path), xkey, ykey, opts.logx, stem)
