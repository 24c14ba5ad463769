#!/usr/bin/env python3
"""Writes the synthetic EC2 spot price series (traces/data/spot_prices/).

Why synthetic: AWS' spot price history (DescribeSpotPriceHistory) covers 90
days back and AWS grants no licence to redistribute it; the public archives of
it (ericpauley/aws-spot-price-history, 2022-05 on, now Zenodo
10.5281/zenodo.14198917; orf/spot-prices, 2024 on; SpotLake, IISWC'22, 2021
on) carry no licence for AWS' data and start years after MArk's experiments
(2018-2019). What is published of that period are statistics, and the series
here are drawn from them: one series per instance type, independent of every
other type, as AWS prices each type (and zone) on its own.

The process (per type, one price per hour): the price is the type's on-demand
price (configs/catalogs/hardware/aws_instances.json) x its mean spot/on-demand
ratio x exp(X - s^2 / 2), X an Ornstein-Uhlenbeck process in log-price with
stationary standard deviation s and time constant TAU_S, started from its
stationary distribution (a run starts at an arbitrary moment of the market)
and stepped exactly: X' = a X + s sqrt(1 - a^2) e, a = exp(-STEP_S / TAU_S),
e ~ N(0, 1). The -s^2/2 keeps the time mean of the price at the stated ratio.

Where each number comes from (docs/hardware.md, "Spot price series"):
  - one price per hour: AWS' post-November-2017 model charges "the Spot price
    that's in effect for the current hour" (AWS Compute Blog, "New Amazon EC2
    Spot pricing model", Chelupati and Pary, 2018);
  - TAU_S, one week: the same post, "predictable prices that adjust slowly
    over days and weeks"; Baughman et al. (ScienceCloud'19) and George,
    Wolski, Krintz and Brevik (IC2E'19) find the post-2017 prices "much less
    volatile" and smoothed;
  - the mean ratios (MEAN_RATIO): measured 90-day means after the change
    (the last 90 days of their data, analysed 2018-06-19, us-east-1) from
    George et al.'s published analysis (github.com/garethgeorge/Spot-Price-Tools-v2, output.json and
    new_graphs/, 2018-06-19) where the type itself was measured; else AWS'
    "typical savings of 70-90% over On-Demand" (the same AWS post) at its low
    end, 0.30, which is where the period's measurements of the c5 and m5
    sizes' predecessors sit (below);
  - s, the spread of one type's price level about its mean: the relative
    standard deviation of those 90-day means over the 12 c4 and m4 pools of
    us-east-1 that George et al. measured (.large to .4xlarge, zones a and b).
Run it after changing anything here; `--check` exits 1 if a written series
differs from what it would write (CTest runs it so: SpotPriceSeriesAreCurrent).
"""
import argparse
import json
import math
import random
import sys
from pathlib import Path

from generated_files import write_or_check

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "traces/data/spot_prices"
CATALOG = ROOT / "configs/catalogs/hardware/aws_instances.json"

SEED = 20171128  # any fixed number: the day AWS announced the post-2017 spot pricing (re:Invent 2017)
STEP_S = 3600
LENGTH_S = 7 * 86400  # the longest run that buys spot (a side-by-side day) and more; the last price holds after
TAU_S = 7 * 86400

# George et al.'s 90-day mean spot prices after the change, us-east-1 (output.json,
# mean_price_after), over the on-demand prices of the time (AWS, us-east-1 Linux:
# c4 $0.10/$0.199/$0.398/$0.796, m4 $0.10/$0.20/$0.40/$0.80). These two
# families are not in the scenarios: they fix the CPU ratio and the spread s.
C4_M4_POOLS = {
    ("us-east-1a", "c4.large"): (0.0287, 0.10), ("us-east-1b", "c4.large"): (0.0287, 0.10),
    ("us-east-1a", "c4.xlarge"): (0.0573, 0.199), ("us-east-1b", "c4.xlarge"): (0.0575, 0.199),
    ("us-east-1a", "c4.2xlarge"): (0.1293, 0.398), ("us-east-1b", "c4.2xlarge"): (0.1212, 0.398),
    ("us-east-1a", "c4.4xlarge"): (0.2446, 0.796), ("us-east-1b", "c4.4xlarge"): (0.2530, 0.796),
    ("us-east-1a", "m4.large"): (0.0301, 0.10), ("us-east-1a", "m4.xlarge"): (0.0621, 0.20),
    ("us-east-1a", "m4.2xlarge"): (0.1310, 0.40), ("us-east-1a", "m4.4xlarge"): (0.2434, 0.80),
}

AWS_TYPICAL_LOW_END = 0.30  # "typical savings of 70-90%": 70 % off
MEAN_RATIO = {
    # No c5 or m5 pool was measured (both families launched in November 2017,
    # so they have no "before" window in George et al.'s analysis); their
    # predecessors of the same sizes average 0.304 (69.6 % off), AWS' low end.
    **{f"{family}.{size}": AWS_TYPICAL_LOW_END for family in ("c5", "m5")
       for size in ("large", "xlarge", "2xlarge", "4xlarge")},
    # Measured: us-east-1a, $0.3679 of $0.90 (59.1 % off); GPUs were scarcer on the spot market.
    "p2.xlarge": round(0.3679 / 0.90, 4),
    # Read off George et al.'s graph (us-east-1a_p3.2xlarge.png: the hourly
    # mean after the change, the last ~6 days to 2018-06-19, $1.22-1.31):
    # about $1.27 of $3.06. A plot reading, not a printed number.
    "p3.2xlarge": round(1.27 / 3.06, 4),
    # Launched in 2019 (g4dn) and December 2019 (inf1): no measurement of the
    # period; AWS' low end, the project's earlier constant discount.
    "g4dn.xlarge": AWS_TYPICAL_LOW_END,
    "inf1.xlarge": AWS_TYPICAL_LOW_END,
    "inf1.2xlarge": AWS_TYPICAL_LOW_END,
}
# t2 (burstable) has no series: MArk holds t2s as stopped on-demand standbys
# (section 4.5) and no scenario buys one on the spot market; a type without a
# series is priced by cloud.spot.discount.


def pool_ratios():
    return [spot / on_demand for spot, on_demand in C4_M4_POOLS.values()]


def spread():
    """Relative standard deviation (sample) of the c4/m4 pools' mean spot/on-demand ratios."""
    r = pool_ratios()
    mean = sum(r) / len(r)
    return math.sqrt(sum((x - mean) ** 2 for x in r) / (len(r) - 1)) / mean


def on_demand_prices():
    with open(CATALOG) as f:
        return {t["name"]: t["price_per_hour"] for t in json.load(f)["instance_types"]}


def series(instance_type, on_demand, ratio, s):
    """[(time_s, price)]: the type's own stream of draws, so adding a type changes no other."""
    rng = random.Random(f"{SEED}:{instance_type}")
    a = math.exp(-STEP_S / TAU_S)
    x = rng.gauss(0.0, s)
    out = []
    for t in range(0, LENGTH_S + 1, STEP_S):
        out.append((t, on_demand * ratio * math.exp(x - s * s / 2)))
        x = a * x + s * math.sqrt(1 - a * a) * rng.gauss(0.0, 1.0)
    return out


def text(instance_type, on_demand, ratio, s, points):
    head = [
        f"# {instance_type} spot price, $/h: synthetic, written by scripts/scenarios/generate_spot_prices.py",
        f"# (seed {SEED}); on demand ${on_demand}/h, mean spot/on-demand {ratio} ({100 * (1 - ratio):.1f} % off),",
        f"# spread {s:.4f} (log-price OU, time constant {TAU_S // 86400} days), one price per hour.",
        "time_s,price_per_hour",
    ]
    return "\n".join(head + [f"{t},{p:.6f}" for t, p in points]) + "\n"


def files():
    od = on_demand_prices()
    s = round(spread(), 4)
    return {f"{t}.csv": text(t, od[t], ratio, s, series(t, od[t], ratio, s)) for t, ratio in sorted(MEAN_RATIO.items())}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a series on disk differs")
    args = parser.parse_args()
    return write_or_check(files(), OUT, ROOT, args.check, "generate_spot_prices.py", sole_owner=True)


if __name__ == "__main__":
    sys.exit(main())
