"""Draws a figure_spec.Figure with matplotlib's Agg backend (no display).

The look is set once here (RC); every figure of plot.sh shares it. Labels
beside points are placed after the layout is final (label_placement.py), in
the pixels they will be drawn at, and where they went is written back into
the Figure for --keep-data."""

import math
import textwrap

import matplotlib

matplotlib.use("Agg")  # before anything draws: no display, same pixels everywhere
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure as MplFigure  # noqa: E402
import matplotlib.ticker  # noqa: E402

from . import label_placement  # noqa: E402
from .styles import CONTEXT_COLOR, HATCHES  # noqa: E402

RC = {
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.titlesize": 9,
    "axes.labelsize": 9,
    "figure.titlesize": 10,
    "legend.fontsize": 8,
    "legend.title_fontsize": 8,
    "xtick.labelsize": 8,
    "ytick.labelsize": 8,
    "axes.grid": True,
    "axes.axisbelow": True,
    "grid.color": "#DDDDDD",
    "grid.linewidth": 0.6,
    "lines.linewidth": 1.4,
    "text.parse_math": False,  # "$" in a label is a dollar, not mathtext
    "pdf.fonttype": 42,        # TrueType: text in the PDF stays text, as publishers ask
    "figure.dpi": 100,
}
LINE_MARKER_PT = 5
POINT_MARKER_PT = 7
EDGE_MARKER_PT = 9
LABEL_FONT_PT = 7.5
CHARS_PER_INCH = 13  # of 9 pt DejaVu Sans, roughly: where axis titles wrap


def context():
    """The look, for drawing and saving alike (savefig reads pdf.fonttype)."""
    return matplotlib.rc_context(RC)


def _floats(values):
    return [math.nan if v is None else v for v in values]


def _error_bars(ax, series, zorder):
    """The 95 % intervals as bars, on the points that have one."""
    for axis, bars in (("y", series.y_bars), ("x", series.x_bars)):
        with_bar = [k for k, bar in enumerate(bars or []) if bar is not None]
        if not with_bar:
            continue
        xs, ys = [series.x[k] for k in with_bar], [series.y[k] for k in with_bar]
        centres = ys if axis == "y" else xs
        below = [c - bars[k][0] for c, k in zip(centres, with_bar)]
        above = [bars[k][1] - c for c, k in zip(centres, with_bar)]
        ax.errorbar(xs, ys, **{axis + "err": [below, above]}, fmt="none", ecolor=series.style.color,
                    elinewidth=1.0, capsize=3, zorder=zorder)


def _draw_series(ax, series):
    x, y = _floats(series.x), _floats(series.y)
    if series.kind == "context":
        ax.plot(x, y, color=CONTEXT_COLOR, linewidth=0.8, zorder=1)
        return
    style = series.style
    if series.kind == "hbar":
        ax.barh(y, x, height=0.65, color=style.color, hatch=HATCHES[style.linestyle] or None,
                edgecolor="white", linewidth=0.5, label=series.name, zorder=2)
    elif series.kind == "line":
        ax.plot(x, y, color=style.color, marker=style.marker, linestyle=style.linestyle,
                markersize=LINE_MARKER_PT, markevery=tuple(series.markevery) if series.markevery else None,
                label=series.name, zorder=3)
        _error_bars(ax, series, 2)
    elif series.kind == "point":
        ax.plot(x, y, linestyle="none", color=style.color, marker=style.marker,
                markersize=POINT_MARKER_PT, label=series.name, zorder=4)
        _error_bars(ax, series, 3)


def _plain_log_ticks(ax):
    """A log axis labelled 2, 5, 10, 20 ... as plain numbers: matplotlib's
    default writes them as mathtext, which text.parse_math (off, for "$")
    would print as raw "$\\mathdefault{10^{1}}$"."""
    plain = matplotlib.ticker.FuncFormatter(lambda value, _: f"{value:g}")
    ax.xaxis.set_major_locator(matplotlib.ticker.LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    ax.xaxis.set_major_formatter(plain)
    ax.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())


def _ticks(ax, panel):
    if panel.xscale == "log":
        _plain_log_ticks(ax)
    if panel.xticks is not None:
        texts = [t for _, t in panel.xticks]
        slanted = sum(len(t) for t in texts) > 40 or max((len(t) for t in texts), default=0) > 8
        ax.set_xticks([p for p, _ in panel.xticks], texts,
                      rotation=30 if slanted else 0, ha="right" if slanted else "center")
    if panel.yticks is not None:
        ax.set_yticks([p for p, _ in panel.yticks], [t for _, t in panel.yticks])
    if panel.xtick_max is not None:
        ax.set_xticks([t for t in ax.get_xticks() if panel.xlim[0] <= t <= panel.xtick_max * (1 + 1e-9)])


def _wrapped(text, inches):
    """TEXT in lines that fit INCHES, so that a long label does not run
    into the next panel's."""
    return "\n".join(textwrap.wrap(text, max(12, int(inches * CHARS_PER_INCH)))) if text else text


def _draw_panel(ax, panel, cell):
    """CELL: the (width, height) in inches the panel's grid cell has."""
    for series in panel.series:
        _draw_series(ax, series)
    for outlier in panel.outliers:
        color = next(s.style.color for s in panel.series if s.name == outlier.series)
        # A triangle pointing off the axes: the value is beyond this edge.
        ax.plot([outlier.drawn_at[0]], [outlier.drawn_at[1]], linestyle="none",
                marker=">" if "right" in outlier.edges else "^", markersize=EDGE_MARKER_PT,
                color=color, markeredgecolor="white", clip_on=False, zorder=6)
    ax.set_xscale(panel.xscale)
    ax.set_xlim(*panel.xlim)
    ax.set_ylim(*panel.ylim)
    _ticks(ax, panel)
    ax.set_title(_wrapped(panel.title, cell[0] * 0.9))
    ax.set_xlabel(panel.xlabel)
    ax.set_ylabel(_wrapped(panel.ylabel, cell[1] * 0.8))
    if any(s.kind == "hbar" for s in panel.series):
        ax.grid(axis="y", visible=False)
    if panel.legend == "right":
        handles, names = ax.get_legend_handles_labels()
        if handles:
            ax.legend(handles, names, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0,
                      frameon=False, title=panel.legend_title or None, ncol=1 if len(handles) <= 18 else 2)


def _obstacles(ax, panel, px_per_pt):
    """Pixel boxes of what a label should not cover: (markers, error bars)."""
    to_px = ax.transData.transform
    markers, bars = [], []

    def box(into, corner, other, pad_pt):
        (x0, y0), (x1, y1) = to_px(corner), to_px(other)
        pad = pad_pt * px_per_pt
        into.append(label_placement.Box(min(x0, x1) - pad, min(y0, y1) - pad, max(x0, x1) + pad, max(y0, y1) + pad))

    for s in panel.series:
        if s.kind not in ("line", "point"):
            continue
        marker_pt = POINT_MARKER_PT if s.kind == "point" else LINE_MARKER_PT
        for k, (x, y) in enumerate(zip(s.x, s.y)):
            if x is None or y is None:
                continue
            box(markers, (x, y), (x, y), marker_pt / 2 + 1)
            if s.y_bars and s.y_bars[k]:
                box(bars, (x, s.y_bars[k][0]), (x, s.y_bars[k][1]), 1)
            if s.x_bars and s.x_bars[k]:
                box(bars, (s.x_bars[k][0], y), (s.x_bars[k][1], y), 1)
    for o in panel.outliers:
        box(markers, o.drawn_at, o.drawn_at, EDGE_MARKER_PT / 2 + 1)
    return markers, bars


def _place_labels(fig, ax, panel, renderer):
    px_per_pt = fig.dpi / 72.0
    repelled = [lab for lab in panel.labels if lab.placement == "repel"]
    if repelled:
        sizes = []
        for lab in repelled:
            probe = ax.text(0, 0, lab.text, fontsize=LABEL_FONT_PT)
            extent = probe.get_window_extent(renderer)
            probe.remove()
            sizes.append((extent.width, extent.height))
        a = ax.get_window_extent(renderer)
        spots = label_placement.place([ax.transData.transform((lab.x, lab.y)) for lab in repelled], sizes,
                                      label_placement.Box(a.x0, a.y0, a.x1, a.y1),
                                      *_obstacles(ax, panel, px_per_pt), px_per_pt)
        for lab, spot in zip(repelled, spots):
            lab.offset, lab.align = [round(v, 2) for v in spot.offset_pt], list(spot.align)
            lab.box = [round(v, 1) for v in (spot.box.x0, spot.box.y0, spot.box.x1, spot.box.y1)]
            leader = None
            if spot.ring >= 1:
                leader = dict(arrowstyle="-", color=lab.color, linewidth=0.6, shrinkA=0, shrinkB=3)
            ax.annotate(lab.text, (lab.x, lab.y), xytext=spot.offset_pt, textcoords="offset points",
                        ha=spot.align[0], va=spot.align[1], fontsize=LABEL_FONT_PT, color=lab.color,
                        arrowprops=leader, annotation_clip=False, zorder=7)
    for lab in panel.labels:
        if lab.placement == "repel":
            continue
        # A bar drawn to the edge has its value inside its end, clear of the
        # edge's triangle, on white so that it reads on any colour.
        inside = lab.placement == "inside-end"
        lab.offset, lab.align = [-8.0 if inside else 3.0, 0.0], ["right" if inside else "left", "center"]
        ax.annotate(lab.text, (lab.x, lab.y), xytext=lab.offset, textcoords="offset points",
                    ha=lab.align[0], va="center", fontsize=LABEL_FONT_PT, color="#333333",
                    bbox=dict(boxstyle="round,pad=0.2", facecolor="white", edgecolor="none") if inside else None,
                    annotation_clip=False, zorder=7)


def draw(spec):
    """A matplotlib Figure of SPEC; call inside context()."""
    fig = MplFigure(figsize=spec.size, layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(spec.rows, spec.cols, squeeze=False, sharex=spec.share_x, sharey=spec.share_y)
    flat = list(axes.flat)
    cell = (spec.size[0] / spec.cols, spec.size[1] / spec.rows)
    for panel, ax in zip(spec.panels, flat):
        _draw_panel(ax, panel, cell)
    for ax in flat[len(spec.panels):]:
        ax.set_visible(False)
    title = spec.title
    if spec.subtitle:
        title += "\n" + "\n".join(textwrap.wrap(spec.subtitle, width=int(spec.size[0] * 11)))
    fig.suptitle(title)
    # Lay out once, then freeze it: labels are placed in final pixels and
    # must not make the layout shrink the axes under them.
    fig.canvas.draw()
    fig.set_layout_engine("none")
    renderer = fig.canvas.get_renderer()
    for panel, ax in zip(spec.panels, flat):
        _place_labels(fig, ax, panel, renderer)
    return fig
