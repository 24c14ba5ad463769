"""The seven metrics of issue 17's table, how each is shown, and the rounded
values the sentences compare, so that a sentence never contradicts the
table it follows."""

from dataclasses import dataclass

from seed_values import median

# A median is shown from this many seeds' values: with two it is the mean.
MEDIAN_MIN_SEEDS = 3


def fixed(x, decimals):
    """x with a fixed number of decimals, never "-0.00"."""
    text = f"{x:.{decimals}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


@dataclass(frozen=True)
class Metric:
    key: str        # the summary key (docs/scenario.md, "What each summary metric means")
    heading: str
    scale: float    # from the summary's unit to the table's (fraction -> %)
    decimals: int

    def shown(self, point):
        """The mean as the table shows it, as a number; None when no seed had one."""
        mean = point.stat(self.key).mean
        return None if mean is None else round(mean * self.scale, self.decimals)

    def text(self, point):
        mean = point.stat(self.key).mean
        return "–" if mean is None else fixed(mean * self.scale, self.decimals)

    def median(self, point):
        """The seeds' median in the table's unit; None with fewer than
        MEDIAN_MIN_SEEDS values (or none read from sweep.csv)."""
        values = point.values(self.key)
        return median(values) * self.scale if len(values) >= MEDIAN_MIN_SEEDS else None

    def cell(self, point):
        """mean ± ci95; the mean alone from one seed; then in parentheses
        n=K when fewer seeds than the policy's runs had a value, and the
        median for the metrics in WITH_MEDIAN."""
        stat = point.stat(self.key)
        if stat.mean is None:
            return "–"
        text = self.text(point)
        if stat.n >= 2 and stat.ci95 is not None:
            text += " ± " + fixed(stat.ci95 * self.scale, self.decimals)
        notes = [f"n={stat.n}"] if stat.n < point.runs else []
        middle = self.median(point) if self in WITH_MEDIAN else None
        if middle is not None:
            notes.append("median " + fixed(middle, self.decimals))
        return text + (f" ({', '.join(notes)})" if notes else "")


GOODPUT = Metric("goodput_qps", "goodput (QPS)", 1, 1)
ATTAINMENT = Metric("slo_attainment", "SLO attainment (%)", 100, 3)
P99 = Metric("latency_ms.p99", "p99 (ms)", 1, 1)
ACCURACY = Metric("effective_accuracy", "effective accuracy (%)", 1, 2)
DROP = Metric("max_accuracy_drop", "max accuracy drop (pp)", 1, 2)
COST = Metric("cost.total", "total cost (on-demand $)", 1, 3)
PER_MILLION = Metric("cost.per_million_on_time", "cost per million on-time queries (on-demand $)", 1, 3)

TABLE = (GOODPUT, ATTAINMENT, P99, ACCURACY, DROP, COST, PER_MILLION)
# The two metrics "who wins what" weighs the policies by (the attainment bar,
# the cost) also show their seeds' median: a mean ± interval hides a seed that
# served almost nothing on time.
WITH_MEDIAN = (ATTAINMENT, PER_MILLION)
