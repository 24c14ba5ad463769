"""The Pareto front of a scenario's policies in (SLO attainment, cost per
million on-time queries): those no other policy matches or beats in both
with one better, so that a policy cheap but worse is not hidden by the
sentences' one winner per metric. Each policy is placed by its seeds'
medians, as the table shows them: a seed that served almost nothing on time
moves a mean, not a median (with fewer than MEDIAN_MIN_SEEDS seeds there is
no median and the mean, as shown, stands in). A policy without a cost per
million on-time queries (no query on time) is off the front and pushes no
one off it."""

from counter_phrases import join
from table_metrics import ATTAINMENT, PER_MILLION


def middle(point, metric):
    """The seeds' median as the table shows it, else the mean as shown; None without a value."""
    median = metric.median(point)
    return metric.shown(point) if median is None else round(median, metric.decimals)


def _dominates(a, b):
    """(attainment, cost) a at least as good as b in both, better in one."""
    return a[0] >= b[0] and a[1] <= b[1] and a != b


def pareto_front(rows):
    """The labels on the front, in table order. rows: (label, PolicyPoint)
    of the policies with results, as findings.py takes them."""
    placed = {label: (middle(p, ATTAINMENT), middle(p, PER_MILLION)) for label, p in rows}
    placed = {label: v for label, v in placed.items() if None not in v}
    return [label for label, v in placed.items() if not any(_dominates(w, v) for w in placed.values())]


def front_lines(front):
    """The paragraph after the table."""
    head = "**Pareto front.** Of (SLO attainment, cost per million on-time queries), by the seeds' medians: "
    if not front:
        return [head + "none, no policy has a cost per million on-time queries.", ""]
    return [head + join(front) + ".", ""]
