"""A policy's metric as the sentences compare it: a value and its 95 %
interval, both as the table shows them (the rounded mean ± the rounded
half-width), so that no comparison contradicts the numbers on the page.

- Two policies differ in a metric only where their intervals do not overlap;
  closed intervals, so two that touch overlap.
- A value from one seed has no interval: it is compared as the single value.
- A cost per million on-time queries one seed dominates (seed_values.
  dominating_seed: that seed's value is more than the others' together, from
  three seeds) is compared by its median, as a single value: its mean ± half-
  width says only that one seed served almost nothing on time.
- A policy is at or above an SLO attainment bar when the lower end of its
  interval is (mean - half-width >= bar), not its mean: the bar is a promise
  the policy should keep in (nearly) every seed."""

from dataclasses import dataclass

from seed_values import dominating_seed, median
from table_metrics import ATTAINMENT, PER_MILLION, fixed


@dataclass(frozen=True)
class Figure:
    label: str
    value: float   # as shown (rounded): what orders the policies
    raw: float     # unrounded, for a ratio between two costs
    low: float     # the interval's ends, from the shown numbers
    high: float
    text: str      # as a sentence names it: "$1.477 ± 0.053", "99.500 ± 0.120 %"
    seeds: int     # the values behind it
    median: bool = False  # the value is the seeds' median, one seed dominating the mean

    def below(self, other):
        """Lower than other beyond the uncertainty: the whole interval under
        its. Two intervals that overlap, or touch, are neither below the other."""
        return self.high < other.low


def figure(label, point, metric, prefix="", suffix=""):
    """mean ± half-width as shown; None when no seed had a value."""
    stat = point.stat(metric.key)
    if stat.mean is None:
        return None
    value = round(stat.mean * metric.scale, metric.decimals)
    half = round(stat.ci95 * metric.scale, metric.decimals) if stat.n >= 2 and stat.ci95 is not None else 0.0
    text = prefix + metric.text(point)
    if stat.n >= 2 and stat.ci95 is not None:
        text += " ± " + fixed(half, metric.decimals)
    return Figure(label, value, stat.mean * metric.scale, round(value - half, metric.decimals),
                  round(value + half, metric.decimals), text + suffix, stat.n)


def cost_figure(label, point):
    """The cost per million on-time queries compared: its mean ± half-width,
    or its median when one seed dominates the mean."""
    shown = figure(label, point, PER_MILLION, prefix="$")
    seed = dominating_seed(point.seeds.get(PER_MILLION.key, ()))
    if shown is None or seed is None:
        return shown
    middle = median(point.values(PER_MILLION.key)) * PER_MILLION.scale
    value = round(middle, PER_MILLION.decimals)
    text = f"${fixed(middle, PER_MILLION.decimals)} (median; seed {seed} makes most of the mean)"
    return Figure(label, value, middle, value, value, text, shown.seeds, median=True)


def attainment_figure(label, point):
    return figure(label, point, ATTAINMENT, suffix=" %")


def meets_bar(point, bar):
    """The bar rule: the lower end of the SLO attainment interval, as shown,
    at or above the bar (in %)."""
    shown = attainment_figure("", point)
    return shown is not None and shown.low >= bar


def averages_over_bar(point, bar):
    """A mean at or above the bar whose interval reaches below it: named, so
    that the page says why a policy the table shows above the bar is not
    counted there."""
    shown = attainment_figure("", point)
    return shown is not None and shown.value >= bar > shown.low
