"""Values drawn on the axis edge instead of stretching the axis.

The rule (plot.sh --help states it too): going down from the largest value,
at the first step where a value is more than 10 times the next one (both
positive), every value above that step is far out, if they are fewer than
half of the values (more would be the data itself, not outliers). A far-out
value is drawn on the axis edge with its value written beside it, and the
axis is set from the others. A cost 1000 times the others then leaves their
differences readable instead of squashing them against zero.

Figures of points apply it (sweep lines, scatters, bars), where each value
sums a whole run; time series do not, where a burst is what a reader looks
for."""

import math

FACTOR = 10.0


def far_above(values):
    """The indices of VALUES (None: no value) that are far out."""
    ranked = sorted(((v, i) for i, v in enumerate(values) if v is not None and math.isfinite(v)),
                    reverse=True)
    for above in range(1, len(ranked)):
        if 2 * above >= len(ranked):
            break
        upper, lower = ranked[above - 1][0], ranked[above][0]
        if lower > 0 and upper > FACTOR * lower:
            return {i for _, i in ranked[:above]}
    return set()
