"""A number as a figure writes it beside a point or a bar."""

import math


def value_text(value):
    if value is None or not math.isfinite(value):
        return "no value"
    if abs(value) >= 10000:
        return f"{value:,.0f}"
    return f"{value:.4g}"
