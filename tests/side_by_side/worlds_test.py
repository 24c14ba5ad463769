#!/usr/bin/env python3
"""The side-by-side worlds' rules: which policy a world takes outside its
paper's design (scripts/scenarios/design_envelope_rules.py) and how the neutral
worlds' fixed cluster is sized (scripts/scenarios/size_fixed_cluster.py)."""
import os
import sys
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../scripts/scenarios"))

import design_envelope_rules as envelopes  # noqa: E402
import generate_side_by_side_scenarios as generator  # noqa: E402
import side_by_side_world as w  # noqa: E402
import size_fixed_cluster as sizing  # noqa: E402


def one_variant_family(lambda_ms):
    return {"name": "f", "variants": [{"name": "v", "accuracy": 1, "latency_ms": {"lambda": [[1, lambda_ms]]}}]}


class DesignEnvelopes(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.marks = {name[:-len(".json")]: marks for name, (_, marks) in generator.scenarios().items()}

    def test_mark_is_outside_where_lambda_is_slower_than_the_slo_and_inside_on_its_own_ground(self):
        reason = self.marks["cloud_day"]["mark-ondemand"]["outside"]
        self.assertIn("751 ms", reason)
        self.assertIn("35 ms budget", reason)
        self.assertIsNone(self.marks["mark_bursty_day"]["mark-spot"]["outside"])
        self.assertIsNone(self.marks["cloud_day"]["sagemaker"]["outside"])  # no Lambda path

    def test_a_lambda_exactly_at_the_budget_is_in_time(self):
        fams = {"f": one_variant_family(200.0)}
        on_time = envelopes.World(fams, [w.Stage("s", "f", 1.0, 200.0)], pipelines=False)
        late = envelopes.World(fams, [w.Stage("s", "f", 1.0, 199.0)], pipelines=False)
        self.assertIsNone(envelopes.envelopes(on_time, ["mark-ondemand"])["mark-ondemand"]["outside"])
        self.assertIn("200 ms", envelopes.envelopes(late, ["mark-ondemand"])["mark-ondemand"]["outside"])

    def test_each_system_has_a_world_it_is_inside(self):
        inside = {}
        for marks in self.marks.values():
            for label, mark in marks.items():
                if mark["system"] != "baseline" and mark["outside"] is None:
                    inside.setdefault(mark["system"], []).append(label)
        self.assertEqual(sorted(inside), ["infaas", "inferline", "mark", "proteus"])

    def test_accuracy_scaling_and_single_stage_inferline_are_marked(self):
        self.assertIn("one variant per stage", self.marks["pipeline_day"]["proteus"]["outside"])
        self.assertIn("one variant per stage", self.marks["pipeline_day"]["infaas"]["outside"])
        self.assertIn("one-stage", self.marks["cloud_day"]["inferline"]["outside"])
        self.assertIsNone(self.marks["pipeline_day"]["inferline"]["outside"])
        self.assertEqual(self.marks["cloud_day"]["clipper-ht"]["system"], "baseline")


class Sizing(unittest.TestCase):
    def test_counts_are_scaled_and_rounded_up(self):
        self.assertEqual(w.scaled({"t4": 11, "cpu": 2}, 1.5), {"t4": 17, "cpu": 3})
        self.assertEqual(w.scaled({"t4": 10}, 1.5), {"t4": 15})
        scenario = {"policies": [{"label": "a"}, {"label": "b", "cluster": {"devices": [{"type": "t4", "count": 11}]}}]}
        self.assertEqual(sizing.scaled_overrides(scenario, 2), ["--set", "policies[1].cluster.devices[0].count=22"])

    def test_the_peak_is_the_busiest_tenth_of_the_windows(self):
        rows = {float(i * 300): (100.0, 100.0) for i in range(20)}
        rows[600.0] = (400.0, 200.0)
        rows[900.0] = (300.0, 300.0)
        rows[6000.0] = (0.0, 5.0)  # the drain: no arrivals, never the peak
        self.assertEqual(sizing.peak_starts(rows), [600.0, 900.0])
        self.assertAlmostEqual(sizing.peak_attainment(rows, [600.0, 900.0]), 500 / 700)


if __name__ == "__main__":
    unittest.main()
