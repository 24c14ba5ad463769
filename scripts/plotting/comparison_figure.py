"""RUN_DIR mode's comparison.png: from comparison.csv, a panel each for SLO
attainment, p99 latency and the run's cost, a horizontal bar per policy
(names read across, however many), its value written at its end."""

from . import outliers
from .figure_spec import Figure, Label, Outlier, Panel, Series
from .metric_labels import metric
from .styles import series_style
from .value_text import value_text

COLUMNS = ("slo_pct", "p99_ms", "cost_usd")
VALUE_ROOM = 1.3  # the axis reaches 30 % past the longest bar, for its value


def _panel(table, column, key, policies, style_index):
    m = metric(key)
    values = [None if v is None else v * m.scale for v in (table.number(r, column) for r in range(len(table.rows)))]
    far = outliers.far_above(values)
    longest = max((v for k, v in enumerate(values) if k not in far and v is not None), default=0.0)
    edge = (longest or 1.0) * VALUE_ROOM
    panel = Panel(title=m.label(), xlim=[0.0, edge], ylim=[len(policies) - 0.5, -0.5],  # first policy on top
                  yticks=[[k, p] for k, p in enumerate(policies)], xtick_max=m.upper)
    for k, (policy, v) in enumerate(zip(policies, values)):
        style = series_style(style_index(policy, k))
        drawn = edge if k in far else v
        panel.series.append(Series(policy, style, [drawn], [k], "hbar"))
        if k in far:
            panel.outliers.append(Outlier(policy, [v, k], [edge, k], ["right"]))
        panel.labels.append(Label(value_text(v), drawn or 0.0, k, style.color,
                                  "inside-end" if k in far else "bar-end"))
    return panel


def comparison_figure(folder, stem):
    table = folder.comparison
    p = table.column("policy")
    columns = [table.column(c) for c in COLUMNS]
    policies = [row[p] for row in table.rows]
    index = {run.label: i for i, run in enumerate(folder.runs)}

    def style_index(policy, k):
        # The policy's colour in the time series; one without a series after them.
        return index.get(policy, len(folder.runs) + k)

    panels = [_panel(table, c, key, policies, style_index) for c, key in zip(columns, COLUMNS)]
    return Figure(stem, f"{folder.name}: policy comparison", "", [10.0, 0.32 * len(policies) + 1.6],
                  cols=len(COLUMNS), panels=panels, share_y=True)
