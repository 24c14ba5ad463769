"""An axis' range from the values drawn on it, bars' ends included.

Linear: the smallest to the largest value and 5 % of that span beyond each
end; from 0 when no value is negative and the smallest is under half the
largest, or all are equal (a quantity near zero is read against zero, one
far from it, such as an accuracy between 89 and 97 %, against its own
spread; a constant, such as a fixed cluster's cost, against zero). Logarithmic: a
factor 1.5 beyond each end."""

import math

PAD = 0.05
LOG_PAD = 1.5


def _finite(values):
    return [v for v in values if v is not None and math.isfinite(v)]


def linear_limits(values, zero="auto", pad_high=PAD):
    """ZERO: "auto" (the rule above) or "always" (bars start at 0)."""
    finite = _finite(values)
    if not finite:
        return (0.0, 1.0)
    lo, hi = min(finite), max(finite)
    from_zero = zero == "always" or (lo >= 0 and (lo <= 0.5 * hi or lo == hi))
    if from_zero:
        lo = min(lo, 0.0)
    if lo == hi == 0:
        return (0.0, 1.0)  # all zero: 0 at the bottom, room above
    span = (hi - lo) or abs(hi)
    low = lo if from_zero and lo == 0 else lo - PAD * span
    return (low, hi + pad_high * span)

def log_limits(values):
    positive = [v for v in _finite(values) if v > 0]
    if not positive:
        return (0.1, 10.0)
    return (min(positive) / LOG_PAD, max(positive) * LOG_PAD)
