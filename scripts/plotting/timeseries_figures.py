"""RUN_DIR mode's time series: a figure per series (demand, throughput,
violations, accuracy, cost rate) and one of all five, one line per policy.

Past the palette's seven colours, lines in one axes stop being readable:
the policies are then split by family (policy_families.py), a panel each,
with every other policy in grey behind for scale. The overview is then a
grid, a row per family and a column per series; y axes are shared down a
column, so that panels compare at a glance."""

from .axis_limits import linear_limits
from .figure_spec import Figure, Panel, Series
from .metric_labels import label
from .policy_families import panel_groups
from .run_folder import SERIES
from .styles import series_style

TITLES = {
    "demand_qps": "Demand (arrival rate)",
    "throughput_qps": "Throughput (completed queries)",
    "violations": "SLO violations per window (late + dropped + rejected)",
    "effective_accuracy": "Effective accuracy of served queries",
    "cost_per_hour": "Cost rate",
}
MARKERS_PER_LINE = 8  # a marker per window would hide the line on a day's run


def time_axis(folder):
    """(unit, seconds per unit): the unit that keeps tick labels short."""
    end = max(run.end_s for run in folder.runs)
    if end > 3 * 3600:
        return "h", 3600.0
    if end > 600:
        return "min", 60.0
    return "s", 1.0


def _lines(folder, group, key, scale):
    """The group's lines in their policies' styles, then the others in grey."""
    index = {run.label: i for i, run in enumerate(folder.runs)}
    own = [run for run in folder.runs if run.label in group]
    series = []
    for k, run in enumerate(own):
        step = max(1, len(run.t_s) // MARKERS_PER_LINE)
        # Markers staggered along the line, so that lines on top of each
        # other (the same demand) still show every policy's marker.
        series.append(Series(run.label, series_style(index[run.label]), [t / scale for t in run.t_s],
                             run.values[key], "line", markevery=[(k * step) // len(own), step]))
    context = [Series(run.label, None, [t / scale for t in run.t_s], run.values[key], "context")
               for run in folder.runs if run.label not in group]
    return context + series


def _ylim(folder, key):
    return list(linear_limits([v for run in folder.runs for v in run.values[key]]))


def _grouping(families):
    return "the families given" if families else "the label before '-'"


def metric_figure(folder, key, stem, families=None):
    unit, scale = time_axis(folder)
    groups = panel_groups([run.label for run in folder.runs], families)
    xlim, ylim = [0.0, max(run.end_s for run in folder.runs) / scale], _ylim(folder, key)
    panels = []
    for row, (family, group) in enumerate(groups):
        panels.append(Panel(xlabel=f"Simulated time ({unit})" if row == len(groups) - 1 else "",
                            ylabel=label(key) if row == len(groups) // 2 else "",
                            xlim=xlim, ylim=ylim, series=_lines(folder, group, key, scale),
                            legend="right", legend_title=family))
    return Figure(stem, f"{TITLES[key]} - {folder.name}", "" if len(groups) == 1 else
                  f"a panel per policy family ({_grouping(families)}), the other policies in grey",
                  [7.0, 3.6 if len(groups) == 1 else 1.5 * len(groups) + 1.0], rows=len(groups), panels=panels,
                  share_x=True)


def _stacked(folder, stem, unit, scale):
    """Few policies: the five series stacked, all lines in each."""
    labels = [run.label for run in folder.runs]
    xlim = [0.0, max(run.end_s for run in folder.runs) / scale]
    panels = [Panel(title=TITLES[key], ylabel=label(key), xlim=xlim, ylim=_ylim(folder, key),
                    xlabel=f"Simulated time ({unit})" if key == SERIES[-1] else "",
                    series=_lines(folder, labels, key, scale), legend="right" if key == SERIES[0] else "none")
              for key in SERIES]
    return Figure(stem, f"{folder.name}: time series per policy", "", [7.5, 10.5], rows=len(SERIES),
                  panels=panels, share_x=True)


def _grid(folder, stem, unit, scale, groups, families):
    """Many policies: a row per family, a column per series."""
    xlim = [0.0, max(run.end_s for run in folder.runs) / scale]
    ylims = {key: _ylim(folder, key) for key in SERIES}
    panels = []
    for row, (family, group) in enumerate(groups):
        for col, key in enumerate(SERIES):
            panels.append(Panel(title=label(key) if row == 0 else "",
                                xlabel=f"Simulated time ({unit})" if row == len(groups) - 1 else "",
                                xlim=xlim, ylim=ylims[key], series=_lines(folder, group, key, scale),
                                legend="right" if col == len(SERIES) - 1 else "none", legend_title=family))
    return Figure(stem, f"{folder.name}: time series per policy",
                  f"a row per policy family ({_grouping(families)}), the other policies in grey",
                  [2.4 * len(SERIES) + 1.8, 1.45 * len(groups) + 1.1], rows=len(groups), cols=len(SERIES),
                  panels=panels, share_x=True, share_y="col")


def overview_figure(folder, stem, families=None):
    unit, scale = time_axis(folder)
    groups = panel_groups([run.label for run in folder.runs], families)
    if len(groups) == 1:
        return _stacked(folder, stem, unit, scale)
    return _grid(folder, stem, unit, scale, groups, families)
