"""What a figure shows, as plain data.

The figure modules (run_figures.py, sweep_lines.py, scatter.py) build a
Figure; render.py draws it; save.py writes it as JSON for --keep-data, after
drawing has filled in where each label went. Values are in the units drawn
(a fraction already scaled to %), None where there is none."""

from dataclasses import asdict, dataclass, field

from .styles import Style


@dataclass
class Series:
    name: str
    style: Style | None   # None for a context line
    x: list               # positions drawn
    y: list
    # "line": markers joined by a line; "point": one marker with its bars;
    # "hbar": horizontal bars from 0 to x at y; "context": another policy,
    # a grey line behind the panel's own, not in the legend.
    kind: str = "line"
    x_bars: list | None = None  # per point, the interval's drawn ends [low, high] or None
    y_bars: list | None = None
    n: list | None = None       # per point, the values (seeds) behind it
    markevery: list | None = None  # [first, step]: markers on a long line


@dataclass
class Outlier:
    """A point beyond the rule of outliers.py, drawn on the axis edge."""
    series: str
    value: list      # its [x, y]
    drawn_at: list   # where it is drawn: [x, y] with the far coordinate on the edge
    edges: list      # the edges it was moved to: "right", "top"


@dataclass
class Label:
    text: str
    x: float           # its anchor, in data coordinates
    y: float
    color: str
    # "repel": beside its anchor, where it overlaps no other label or point
    # (label_placement.py); "bar-end": right of a bar's end; "inside-end":
    # inside a bar's end (a bar drawn to the edge).
    placement: str = "repel"
    offset: list | None = None  # points from the anchor, once drawn
    align: list | None = None   # [horizontal, vertical], once drawn
    box: list | None = None     # a repelled label's [x0, y0, x1, y1] in pixels at 100 dpi, once drawn


@dataclass
class Panel:
    title: str = ""
    xlabel: str = ""
    ylabel: str = ""
    xlim: list = field(default_factory=lambda: [0.0, 1.0])
    ylim: list = field(default_factory=lambda: [0.0, 1.0])
    xscale: str = "linear"
    xticks: list | None = None  # [[position, text], ...]: categories
    yticks: list | None = None
    xtick_max: float | None = None  # no tick beyond (a percentage's 100)
    series: list = field(default_factory=list)
    outliers: list = field(default_factory=list)
    labels: list = field(default_factory=list)
    legend: str = "none"  # "right": outside the axes, right of them
    legend_title: str = ""


@dataclass
class Figure:
    stem: str      # the output path without .png / .pdf
    title: str
    subtitle: str = ""
    size: list = field(default_factory=lambda: [7.0, 4.0])  # inches
    rows: int = 1
    cols: int = 1
    panels: list = field(default_factory=list)  # row by row
    share_x: bool = False  # tick labels on the bottom row only
    share_y: bool = False  # tick labels on the first column only

    def as_json(self):
        return asdict(self)
