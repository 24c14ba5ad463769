"""How far a 95 % confidence interval's bar may reach.

A Student-t interval over few seeds can reach past what the metric can be:
bars are cut at 0 when no mean on that axis is negative, and at the metric's
upper bound (100 for a fraction drawn as a percentage)."""

import math


def bounds(means, upper):
    """(lowest, highest) a bar may reach, for the means drawn on one axis."""
    low = 0.0 if all(m >= 0 for m in means if m is not None) else -math.inf
    return (low, upper if upper is not None else math.inf)


def bar_ends(mean, half_width, limits):
    """The bar's two ends, or (None, None) where there is no interval."""
    if mean is None or half_width is None:
        return (None, None)
    low, high = limits
    return (max(mean - half_width, low), min(mean + half_width, high))
