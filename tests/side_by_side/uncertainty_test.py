#!/usr/bin/env python3
"""The rules by which scripts/side_by_side/ weighs the seeds (issue 38), on
hand-made policies, each at its edge: the median of a set of seeds; a seed
that dominates a cost; intervals that touch overlap; a policy beats another
only where its interval clears the other's, and is indistinguishable where it
does not; the attainment bar met by the interval's lower end; the spread
above which seeds are listed as disagreeing, with their values.
usage: uncertainty_test.py SOURCE_DIR"""

import os
import sys
import unittest

SOURCE_DIR = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(SOURCE_DIR, "scripts", "side_by_side"))

from contest import highest, indistinguishable, lowest  # noqa: E402
from findings import findings  # noqa: E402
from intervals import Figure, cost_figure, meets_bar  # noqa: E402
from seed_spread import disagreeing, seed_ranges, spread_lines  # noqa: E402
from seed_values import dominating_seed, median  # noqa: E402
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


def fig(label, value, half):
    return Figure(label, value, value, round(value - half, 3), round(value + half, 3), f"{value} ± {half}", 5)


class SeedValuesTest(unittest.TestCase):
    def test_the_median_of_hand_made_seeds(self):
        self.assertEqual(median([96.1, 97.0, 95.8, 0.4, 79.0]), 95.8)  # sorted: 0.4 79.0 [95.8] 96.1 97.0
        self.assertEqual(median([4, 1, 3, 2]), 2.5)  # even count: the mean of the two middle ones
        self.assertIsNone(median([]))

    def test_a_seed_dominates_when_more_than_the_others_together(self):
        self.assertIsNone(dominating_seed([("1", 1), ("2", 1), ("3", 2)]))  # 2 is not more than 1 + 1
        self.assertEqual(dominating_seed([("1", 1), ("2", 1), ("3", 2.001)]), "3")
        self.assertEqual(dominating_seed([("1", 4.1), ("2", None), ("3", 4.3), ("4", 5e7)]), "4")
        self.assertIsNone(dominating_seed([("1", 1), ("2", 100)]))  # two seeds: the median is the mean

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


class IntervalTest(unittest.TestCase):
    def test_intervals_that_touch_overlap(self):
        a, b = fig("a", 2.2, 0.11), fig("b", 2.4, 0.09)  # 2.09-2.31 and 2.31-2.49
        self.assertFalse(a.below(b) or b.below(a))
        c = fig("c", 2.4, 0.089)  # 2.311-2.489
        self.assertTrue(a.below(c))
        self.assertFalse(c.below(a))

    def test_a_winner_only_where_the_intervals_do_not_overlap(self):
        result = lowest([fig("b", 2.4, 0.09), fig("a", 2.2, 0.11), fig("c", 3.0, 0.1)])
        self.assertEqual((result.leader.label, [p.label for p in result.peers], [p.label for p in result.beaten]),
                         ("a", ["b"], ["c"]))
        self.assertEqual(indistinguishable(result, "cost"),
                         "a and b are indistinguishable in cost over the 5 seeds (2.2 ± 0.11 and 2.4 ± 0.09)")
        result = lowest([fig("a", 2.2, 0.11), fig("c", 3.0, 0.1)])
        self.assertEqual((result.leader.label, result.peers), ("a", ()))

    def test_overlap_is_judged_against_the_leader_alone(self):
        # b's wide interval overlaps a and c; a and c do not overlap: a beats c, not b.
        result = highest([fig("a", 99.9, 0.05), fig("b", 98, 3), fig("c", 97, 0.5)])
        self.assertEqual([p.label for p in result.peers], ["b"])
        self.assertEqual([p.label for p in result.beaten], ["c"])
        with_two = highest([fig("a", 99.9, 0.05), fig("b", 98, 3), fig("c", 99, 1)])
        self.assertEqual(indistinguishable(with_two, "SLO attainment"),
                         "a (99.9 ± 0.05) is indistinguishable in SLO attainment over the 5 seeds from c (99 ± 1) "
                         "and b (98 ± 3)")

    def test_the_bar_is_met_by_the_lower_end_of_the_interval(self):
        self.assertTrue(meets_bar(point("a", slo=(0.995, 0.005), slo_seeds=[0.99, 0.995, 1.0]), 99))  # 99.000
        self.assertFalse(meets_bar(point("a", slo=(0.995, 0.00501), slo_seeds=[0.99, 0.995, 1.0]), 99))  # 98.999
        self.assertTrue(meets_bar(point("a", slo=(0.99, None), slo_seeds=[0.99]), 99))  # one seed: its value
        self.assertFalse(meets_bar(point("a", slo=(0.9899, None), slo_seeds=[0.9899]), 99))

    def test_a_dominated_cost_is_its_median(self):
        plain = cost_figure("a", point("a", cost=(1.2, 0.1), cost_seeds=[1.1, 1.2, 1.3]))
        self.assertEqual((plain.value, plain.low, plain.high, plain.text), (1.2, 1.1, 1.3, "$1.200 ± 0.100"))
        outlier = cost_figure("b", point("b", cost=(167.433, 716), cost_seeds=[1.1, 1.2, 500]))
        self.assertEqual((outlier.value, outlier.low, outlier.high), (1.2, 1.2, 1.2))
        self.assertEqual(outlier.text, "$1.200 (median; seed 3 makes most of the mean)")


class FindingsTest(unittest.TestCase):
    def test_a_cheaper_policy_whose_interval_reaches_below_the_bar(self):
        rows = [("a", point("a", slo=(0.995, 0.00501), cost=(2.2, 0.11), slo_seeds=[0.99] * 3, cost_seeds=[2.2] * 3)),
                ("b", point("b", slo=(0.999, 0.0003), cost=(3.3, 0), slo_seeds=[0.999] * 3, cost_seeds=[3.3] * 3))]
        text = " ".join(findings(rows, [], 99))
        self.assertIn("b is the only policy at or above 99 % on time, at $3.300 ± 0.000 per million on-time queries; "
                      "a costs less, $2.200 ± 0.110, but its interval reaches below 99 % on time (99.500 ± 0.501 %).",
                      text)
        self.assertIn("a (99.500 ± 0.501 %) averages at or above 99 % on time, but its interval reaches below it",
                      text)

    def test_a_cheaper_policy_below_the_bar_is_named_only_if_told_apart(self):
        meeting = point("a", slo=(0.999, 0.0003), cost=(2.2, 0.11), slo_seeds=[0.999] * 3, cost_seeds=[2.2] * 3)
        for cost, named in (((2.15, 0.2), False), ((1.5, 0.2), True)):  # 1.95-2.35 overlaps 2.09-2.31; 1.3-1.7 not
            below = point("b", slo=(0.9, 0.01), cost=cost, slo_seeds=[0.9] * 3, cost_seeds=[cost[0]] * 3)
            text = " ".join(findings([("a", meeting), ("b", below)], [], 99))
            self.assertEqual("b costs less" in text, named, text)


class SpreadTest(unittest.TestCase):
    def test_a_spread_above_five_points_is_listed_with_each_seeds_values(self):
        at_limit = point("a", slo=(0.9, 0.05), cost=(1, 0.1), slo_seeds=[0.85, 0.9, 0.95], cost_seeds=[0.9, 1, 1.1])
        above = point("b", slo=(0.9, 0.05001), cost=(1, 0.1), slo_seeds=[0.85, 0.9, 0.95], cost_seeds=[0.9, 1, 1.1])
        rows = [("a", at_limit), ("b", above)]
        self.assertEqual([s.label for s in disagreeing(rows)], ["b"])
        lines = spread_lines(rows, {"b": "Explained by hand."})
        self.assertIn("- b, 90.000 ± 5.001 % on time: seeds 1-3 on time 85.000, 90.000, 95.000 %. *Why:* "
                      "Explained by hand.", lines)
        self.assertIn("*Why:* (not yet explained)", spread_lines(rows, {})[2])

    def test_a_cost_one_seed_dominates_is_listed_though_the_attainment_agrees(self):
        rows = [("a", point("a", slo=(0.99, 0.001), cost=(17.4, 60), slo_seeds=[0.99] * 3, cost_seeds=[1, 1.1, 50]))]
        self.assertEqual([(s.label, s.wide, s.dominating) for s in disagreeing(rows)], [("a", False, "3")])
        self.assertIn("- a, 99.000 ± 0.100 % on time: seeds 1-3 on time 99.000, 99.000, 99.000 %; cost per million "
                      "on-time queries $1.000, $1.100, $50.000 (seed 3's is more than the other seeds' together). "
                      "*Why:* (not yet explained)", spread_lines(rows, {}))

    def test_seeds_as_ranges(self):
        self.assertEqual(seed_ranges(["1", "2", "3", "5", "7", "8"]), "1-3, 5, 7-8")
        self.assertEqual(seed_ranges(["4"]), "4")


if __name__ == "__main__":
    unittest.main(verbosity=1)
