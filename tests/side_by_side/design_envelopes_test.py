#!/usr/bin/env python3
"""The design envelopes, the Pareto front and "each system on its own ground"
of scripts/side_by_side/, on hand-made policies, each rule at its edge: the
default envelopes file may be missing, a file named may not; a policy without
a cost per million on-time queries is neither on the front nor pushes one
off it; two policies showing the same values both stay; with fewer than
three seeds the mean places a policy; a system's labels are named per world.
usage: design_envelopes_test.py SOURCE_DIR"""

import os
import sys
import unittest

SOURCE_DIR = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(SOURCE_DIR, "scripts", "side_by_side"))

from design_envelopes import Envelope, read_envelopes  # noqa: E402
from input_error import InputError  # noqa: E402
from own_ground import World, ground_lines  # noqa: E402
from pareto_front import pareto_front  # noqa: E402
from sweep_points import PolicyPoint, Stat  # noqa: E402
from table_metrics import ATTAINMENT, PER_MILLION  # noqa: E402

ENVELOPES = os.path.join(SOURCE_DIR, "tests", "side_by_side", "toy_design_envelopes.json")
SLO, COST = ATTAINMENT.key, PER_MILLION.key


def point(label, slo_seeds, cost_seeds):
    """A policy from its seeds' values (a fraction on time, dollars; None: no
    value), its means theirs as sweep_points.csv would have them."""
    stats, seeds = {}, {}
    for key, values in ((SLO, slo_seeds), (COST, cost_seeds)):
        valued = [v for v in values if v is not None]
        stats[key] = Stat(sum(valued) / len(valued) if valued else None, None, len(valued))
        seeds[key] = tuple((str(i + 1), v) for i, v in enumerate(values))
    return PolicyPoint(label, label, len(slo_seeds), stats, seeds)


class ReadTest(unittest.TestCase):
    def test_the_default_file_may_be_missing_a_named_one_may_not(self):
        missing = os.path.join(SOURCE_DIR, "tests", "side_by_side", "no_such_envelopes.json")
        self.assertEqual(read_envelopes(missing, given=False), {})
        with self.assertRaisesRegex(InputError, "no_such_envelopes.json: no such file"):
            read_envelopes(missing, given=True)

    def test_the_fixture_reads_as_envelopes(self):
        toy = read_envelopes(ENVELOPES, given=True)["toy"]
        self.assertEqual(toy["infaas-b"], Envelope("infaas", None))
        self.assertEqual(toy["proteus"], Envelope("proteus", "one accuracy level: nothing to trade"))


class FrontTest(unittest.TestCase):
    def test_no_cost_is_neither_on_the_front_nor_dominates(self):
        # "none" kept nothing on time: no cost; its attainment of 0 would otherwise be "cheapest".
        rows = [("none", point("none", [0, 0, 0], [None, None, None])),
                ("a", point("a", [0.9, 0.9, 0.9], [2, 2, 2]))]
        self.assertEqual(pareto_front(rows), ["a"])
        self.assertEqual(pareto_front(rows[:1]), [])

    def test_the_same_values_both_stay(self):
        rows = [("a", point("a", [0.9] * 3, [2] * 3)), ("b", point("b", [0.9] * 3, [2] * 3)),
                ("c", point("c", [0.9] * 3, [2.001] * 3))]
        self.assertEqual(pareto_front(rows), ["a", "b"])

    def test_the_values_as_the_table_shows_them(self):
        # 90.0001 % shows as 90.000: no better than a's 90.000, and dearer.
        rows = [("a", point("a", [0.9] * 3, [2] * 3)), ("b", point("b", [0.900001] * 3, [2.5] * 3))]
        self.assertEqual(pareto_front(rows), ["a"])

    def test_fewer_than_three_seeds_are_placed_by_their_mean(self):
        # Two seeds: a's mean, 50 % at $2, is under b's; by the larger seed (99 %) it would not be.
        rows = [("a", point("a", [0.99, 0.01], [2, 2])), ("b", point("b", [0.6] * 3, [1.5] * 3))]
        self.assertEqual(pareto_front(rows), ["b"])


class GroundTest(unittest.TestCase):
    def test_a_systems_labels_are_named_per_world(self):
        mark, spot = Envelope("mark", None), Envelope("mark", "no spot market")
        worlds = [World("day", {"mark-od": mark, "mark-spot": spot, "static": Envelope("baseline", "x")},
                        ["mark-od", "mark-spot"]),
                  World("night", {"mark-od": mark}, [])]
        self.assertEqual(ground_lines(worlds, {}, "g.json")[-2],
                         "- **mark**: on the Pareto front of `day` (mark-od and mark-spot); outside its design on "
                         "`day` (mark-spot).")
        worlds[0] = World("day", {"mark-od": mark}, [])
        self.assertEqual(ground_lines(worlds, {}, "g.json")[-2],
                         "- **mark**: on no world's Pareto front; outside its design on no world. *On its own "
                         "ground:* (not yet explained)")
        self.assertEqual(ground_lines(worlds, {"mark": "Lambda pays for half of each burst."}, "g.json")[-2],
                         "- **mark**: on no world's Pareto front; outside its design on no world. *On its own "
                         "ground:* Lambda pays for half of each burst.")

    def test_baselines_alone_make_no_section(self):
        self.assertEqual(ground_lines([World("day", {"static": Envelope("baseline", "x")}, ["static"])], {}, "g.json"),
                         [])
        self.assertEqual(ground_lines([], {"mark": "No world, no section."}, "g.json"), [])


if __name__ == "__main__":
    unittest.main(verbosity=1)
