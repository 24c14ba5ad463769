#!/usr/bin/env python3
"""The rules by which scripts/side_by_side/ weighs the seeds (issue 38), on
hand-made policies, each at its edge: the median of a set of seeds, and from
how many seeds the table shows it.
usage: uncertainty_test.py SOURCE_DIR"""

import os
import sys
import unittest

SOURCE_DIR = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(SOURCE_DIR, "scripts", "side_by_side"))

from seed_values import median  # noqa: E402
from sweep_points import PolicyPoint, Stat  # noqa: E402
from table_metrics import ATTAINMENT, PER_MILLION, P99  # noqa: E402

SLO, COST = ATTAINMENT.key, PER_MILLION.key


def point(label, slo=None, cost=None, slo_seeds=(), cost_seeds=()):
    """A policy: slo and cost as (mean, ci95) in the summary's units
    (fractions, dollars), the seeds' values as lists, seeds numbered from 1."""
    runs = max(len(slo_seeds), len(cost_seeds), 1)
    stats = {}
    for key, given, seeds in ((SLO, slo, slo_seeds), (COST, cost, cost_seeds)):
        if given is not None:
            stats[key] = Stat(given[0], given[1], len(seeds) or runs)
    seeds = {key: tuple((str(i + 1), v) for i, v in enumerate(values))
             for key, values in ((SLO, slo_seeds), (COST, cost_seeds)) if values}
    return PolicyPoint(label, label, runs, stats, seeds)


class SeedValuesTest(unittest.TestCase):
    def test_the_median_of_hand_made_seeds(self):
        self.assertEqual(median([96.1, 97.0, 95.8, 0.4, 79.0]), 95.8)  # sorted: 0.4 79.0 [95.8] 96.1 97.0
        self.assertEqual(median([4, 1, 3, 2]), 2.5)  # even count: the mean of the two middle ones
        self.assertIsNone(median([]))

    def test_the_table_shows_the_median_from_three_seeds(self):
        three = point("a", slo=(0.64, 0.5), slo_seeds=[0.961, 0.97, 0.004])
        self.assertEqual(ATTAINMENT.cell(three), "64.000 ± 50.000 (median 96.100)")
        two = point("b", slo=(0.9, 0.1), slo_seeds=[0.85, 0.95])
        self.assertEqual(ATTAINMENT.cell(two), "90.000 ± 10.000")
        self.assertEqual(P99.cell(three), "–")  # no p99: no median either

    def test_a_median_beside_fewer_values_than_runs(self):
        seeds = {COST: (("1", 1.0), ("2", None), ("3", 2.0), ("4", 3.0))}
        partial = PolicyPoint("c", "c", 4, {COST: Stat(2.0, 1.0, 3)}, seeds)
        self.assertEqual(PER_MILLION.cell(partial), "2.000 ± 1.000 (n=3, median 2.000)")


if __name__ == "__main__":
    unittest.main(verbosity=1)
