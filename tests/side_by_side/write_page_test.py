#!/usr/bin/env python3
"""scripts/side_by_side/write_page.py on a hand-written sweep_points.csv,
sweep.csv and scenario whose winners are known: the table's cells are the
CSV's means and intervals formatted as documented, with the seeds' medians;
the sentences name a winner only where the intervals do not overlap, with the
ratio of the values compared, and say "indistinguishable" where they do; the
bar is met by the interval's lower end; seeds that disagree are listed with
their values and the explanation given, if any; a failed policy is listed as
failed with its exit status; the last column gives the design regime the world
leaves (--envelopes), the Pareto front is placed by the seeds' medians, and
each system's fronts and regimes are listed at the end; a second run writes
the same bytes, and bad input is one line, exit 2.
usage: write_page_test.py SOURCE_DIR"""

import copy
import json
import os
import subprocess
import sys
import tempfile
import unittest

SOURCE_DIR = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
WRITE_PAGE = os.path.join(SOURCE_DIR, "scripts", "side_by_side", "write_page.py")
# Systems and design regimes of the toy scenario's policies, and of a second
# scenario toy2 (a copy of it) and of one not on the page.
ENVELOPES = os.path.join(SOURCE_DIR, "tests", "side_by_side", "toy_design_envelopes.json")
FRONT = "**Pareto front.** Of (SLO attainment, cost per million on-time queries), by the seeds' medians: "

SCENARIO = """{
  "name": "toy_page", "description": "A made-up scenario; proteus fails in seed 2.",
  "duration_s": 3600, "outputs": {"warmup_s": 60},
  "policies": [{"name": "mark", "label": "mark-a"}, {"name": "infaas", "label": "infaas-b"},
               {"name": "static", "label": "static-c"}, {"name": "proteus"}]
}
"""

# Keys and, per policy, (mean, sd, n, ci95) with "" for an empty cell.
KEYS = ("goodput_qps", "slo_attainment", "latency_ms.p99", "effective_accuracy", "max_accuracy_drop",
        "cost.total", "cost.on_demand", "cost.lambda", "cost.per_million_on_time",
        "policy_counters.actions.load_replica", "policy_counters.peak_instances",
        "policy_counters.launched_c5_large", "policy_counters.lambda_routed", "policy_counters.workers_added")
ROWS = {
    # mark-a: cheapest of those at 99 % (2.2 against infaas-b's 3.3: 1.50x); its p99 from 2 of 3 seeds.
    "mark-a": ("mark", 3, {
        "goodput_qps": (100.04, 0.5, 3, 1.3), "slo_attainment": (0.995, 0.0005, 3, 0.0012),
        "latency_ms.p99": (80.26, 0.3, 2, 3.1), "effective_accuracy": (98.5, 0.1, 3, 0.2),
        "max_accuracy_drop": (3, 0.2, 3, 0.5), "cost.total": (12, 0.2, 3, 0.4), "cost.on_demand": (9, 0, 3, 0),
        "cost.lambda": (3, 0, 3, 0), "cost.per_million_on_time": (2.2, 0.05, 3, 0.11),
        "policy_counters.actions.load_replica": (10, 0, 3, 0), "policy_counters.peak_instances": (6, 0, 3, 0),
        "policy_counters.launched_c5_large": (4.5, 0.5, 3, 1.2), "policy_counters.lambda_routed": (1000, 0, 3, 0)}),
    # infaas-b: best attainment and accuracy.
    "infaas-b": ("infaas", 3, {
        "goodput_qps": (101, 0.5, 3, 1.2), "slo_attainment": (0.999, 0.0001, 3, 0.0003),
        "latency_ms.p99": (40, 1, 3, 2.5), "effective_accuracy": (100, 0, 3, 0), "max_accuracy_drop": (0, 0, 3, 0),
        "cost.total": (20, 0, 3, 0), "cost.on_demand": (20, 0, 3, 0), "cost.lambda": (0, 0, 3, 0),
        "cost.per_million_on_time": (3.3, 0, 3, 0), "policy_counters.actions.load_replica": (4, 0, 3, 0),
        "policy_counters.workers_added": (7, 0, 3, 0)}),
    # static-c: cheapest of all but below the bar; one seed, so means alone.
    "static-c": ("static-c", 1, {
        "goodput_qps": (50, "", 1, ""), "slo_attainment": (0.8, "", 1, ""), "latency_ms.p99": (150, "", 1, ""),
        "effective_accuracy": (90, "", 1, ""), "max_accuracy_drop": (10, "", 1, ""), "cost.total": (0.5, "", 1, ""),
        "cost.on_demand": (0.5, "", 1, ""), "cost.lambda": (0, "", 1, ""),
        "cost.per_million_on_time": (1, "", 1, ""), "policy_counters.actions.load_replica": (2, "", 1, "")}),
}


# What each seed measured behind ROWS' means, as sweep.csv has it: per label,
# (run folder, seed, slo_attainment, cost.per_million_on_time). Seed 2's runs
# are in seed=2.failed/, where proteus failed and the others finished.
SEEDS = {
    "mark-a": [("seed=1", 1, 0.9945, 2.15), ("seed=2.failed", 2, 0.995, 2.2), ("seed=3", 3, 0.9955, 2.25)],
    "infaas-b": [("seed=1", 1, 0.9989, 3.3), ("seed=2.failed", 2, 0.999, 3.3), ("seed=3", 3, 0.9991, 3.3)],
    "static-c": [("seed=1", 1, 0.8, 1)],
}
SLO, COST = "slo_attainment", "cost.per_million_on_time"


def sweep_points_csv(rows=ROWS):
    header = ["label", "policy", "runs"] + [f"{k}.{s}" for k in KEYS for s in ("mean", "sd", "n", "ci95")]
    lines = [",".join(header)]
    for label, (policy, runs, stats) in rows.items():
        cells = [label, policy, str(runs)]
        for key in KEYS:
            cells += [str(v) for v in stats.get(key, ("", "", 0, ""))]
        lines.append(",".join(cells))
    return "\n".join(lines) + "\n"


def sweep_csv(seeds=SEEDS):
    """One row per run, in seed order as collect writes them; only the
    columns the page reads besides run_dir and seed."""
    runs = sorted((seed, f"{folder}/{label}", slo, cost)
                  for label, rows in seeds.items() for folder, seed, slo, cost in rows)
    lines = [f"run_dir,scenario,policy,seed,{SLO},{COST}"]
    lines += [f"{run_dir},toy_page,{run_dir.split('/')[1]},{seed},{slo},{cost}" for seed, run_dir, slo, cost in runs]
    return "\n".join(lines) + "\n"


def changed(label, stats, seeds=None):
    """ROWS and SEEDS with one policy's stats (key -> (mean, sd, n, ci95))
    and, if given, its seeds' (slo_attainment, cost) replaced."""
    rows, all_seeds = copy.deepcopy(ROWS), copy.deepcopy(SEEDS)
    rows[label][2].update(stats)
    if seeds is not None:
        all_seeds[label] = [(folder, seed, *values) for (folder, seed, *_), values in zip(all_seeds[label], seeds)]
    return rows, all_seeds


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


class WritePageTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        write(os.path.join(self.dir, "toy.json"), SCENARIO)
        self.write_sweep(ROWS, SEEDS)
        failed = os.path.join(self.dir, "out", "toy", "seed=2.failed")
        write(os.path.join(failed, "exit_status"), "3\n")
        write(os.path.join(failed, "run.log"), "servesim: toy.json: policies[3]: it broke\n")
        for label in ("mark-a", "infaas-b", "static-c"):
            write(os.path.join(failed, label, "summary.json"), "{}\n")
        write(os.path.join(self.dir, "fig", "toy_scatter.png"), "not really a PNG\n")

    def tearDown(self):
        self.tmp.cleanup()

    def write_sweep(self, rows, seeds):
        write(os.path.join(self.dir, "out", "toy", "sweep_points.csv"), sweep_points_csv(rows))
        write(os.path.join(self.dir, "out", "toy", "sweep.csv"), sweep_csv(seeds))

    def run_page(self, *extra, doc="doc/page.md"):
        args = [sys.executable, WRITE_PAGE, "--out", "out", "--seeds", "1,2,3", "--doc", doc, "--figures", "fig",
                "--command", "scripts/side_by_side.sh --seeds 1,2,3", "--commit", "abc1234", *extra, "toy.json"]
        return subprocess.run(args, cwd=self.dir, capture_output=True, text=True)

    def page(self, *extra):
        result = self.run_page(*extra)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(os.path.join(self.dir, "doc", "page.md"), encoding="utf-8") as f:
            return f.read()

    def test_table_cells_are_the_csv_means_and_intervals(self):
        # SLO attainment and cost per million on-time queries also show the
        # median of sweep.csv's seeds (99.45, 99.5, 99.55 -> 99.5).
        lines = self.page().splitlines()
        self.assertIn("| mark-a (mark) | 3 | 100.0 ± 1.3 | 99.500 ± 0.120 (median 99.500) | 80.3 ± 3.1 (n=2) "
                      "| 98.50 ± 0.20 | 3.00 ± 0.50 | 12.000 ± 0.400 | 2.200 ± 0.110 (median 2.200) | – |", lines)
        self.assertIn("| infaas-b (infaas) | 3 | 101.0 ± 1.2 | 99.900 ± 0.030 (median 99.900) | 40.0 ± 2.5 "
                      "| 100.00 ± 0.00 | 0.00 ± 0.00 | 20.000 ± 0.000 | 3.300 ± 0.000 (median 3.300) | – |", lines)
        # One seed: the means alone, no median; fewer seeds than asked for, said so.
        self.assertIn("| static-c (static) | 1 of 3 | 50.0 | 80.000 | 150.0 | 90.00 | 10.00 | 0.500 | 1.000 | – |", lines)

    def test_the_median_is_the_middle_seed_not_the_mean(self):
        # One seed far off: the mean moves, the median (96.1 %, then $1.200) does not.
        self.write_sweep(*changed("infaas-b", {SLO: (0.645, 0.55, 3, 1.37), COST: (167.433, 288, 3, 716)},
                                  [(0.961, 1.1), (0.97, 1.2), (0.004, 500)]))
        self.assertIn("| 64.500 ± 137.000 (median 96.100) |", self.page())
        self.assertIn("| 167.433 ± 716.000 (median 1.200) |", self.page())

    def test_a_failed_policy_is_listed_with_its_exit_status(self):
        text = self.page()
        self.assertIn("| proteus | failed (exit 3) | – | – | – | – | – | – | – | – |", text.splitlines())
        self.assertIn("- `seed=2` failed, exit 3: `servesim: toy.json: policies[3]: it broke`. No result there "
                      "for proteus; the other policies' runs there finished and are counted.", text)
        self.assertIn("proteus (exit 3) failed and was not compared.", text)

    def test_sentences_name_the_winners_with_computed_ratios(self):
        text = self.page()
        # Every interval clears the others: $2.09-2.31 against $3.3, 99.87-99.93 % against 99.38-99.62 %.
        self.assertIn("Of the 2 policies at or above 99 % on time, mark-a is the cheapest per million on-time "
                      "queries, $2.200 ± 0.110, 1.50x less than the next, infaas-b ($3.300 ± 0.000); static-c costs "
                      "less, $1.000, but keeps only 80.000 % on time.", text)
        self.assertIn("infaas-b has the best SLO attainment, 99.900 ± 0.030 % (p99 40.0 ms); the lowest mean is "
                      "80.000 % (static-c).", text)
        self.assertIn("infaas-b keeps the most accuracy, 100.00 ± 0.00 % effective accuracy, a largest drop of "
                      "0.00 ± 0.00 pp; the lowest mean is 90.00 % (static-c, largest drop 10.00 pp).", text)
        self.assertIn("Why, from the counters (means over the seeds): mark-a (cheapest at 99 %) peaked at 6 "
                      "instances, launched 4.5 c5_large, sent 1000 queries to Lambda and spent its $12.000 on "
                      "on-demand instances (75 %) and Lambda (25 %); infaas-b (best attainment, most accuracy) "
                      "added 7 workers and spent its $20.000 on on-demand instances (100 %).", text)

    def cost_of_infaas_b(self, mean, ci95):
        self.write_sweep(*changed("infaas-b", {COST: (mean, 0.1, 3, ci95)}, [(0.9989, mean)] * 3))
        return self.page()

    def test_overlapping_intervals_are_indistinguishable(self):
        # $2.3 ± 0.2 reaches down to 2.1, inside mark-a's 2.09-2.31: no winner, and no "why" for one.
        text = self.cost_of_infaas_b(2.3, 0.2)
        self.assertIn("Of the 2 policies at or above 99 % on time, mark-a and infaas-b are indistinguishable in cost "
                      "per million on-time queries over the 3 seeds ($2.200 ± 0.110 and $2.300 ± 0.200); static-c "
                      "costs less, $1.000, but keeps only 80.000 % on time.", text)
        self.assertNotIn("cheapest at 99 %", text)
        # Intervals that touch (2.31 and 2.31) overlap; 0.001 further apart they do not, and the
        # margin is then computed: (2.4 - 2.2) / 2.4 = 8.3 % less, not "1.09x".
        self.assertIn("mark-a and infaas-b are indistinguishable in cost per million on-time queries over the 3 seeds "
                      "($2.200 ± 0.110 and $2.400 ± 0.090)", self.cost_of_infaas_b(2.4, 0.09))
        self.assertIn("mark-a is the cheapest per million on-time queries, $2.200 ± 0.110, 8.3 % less than the next, "
                      "infaas-b ($2.400 ± 0.089)", self.cost_of_infaas_b(2.4, 0.089))

    def test_the_very_same_numbers_share_a_place(self):
        self.assertIn("Of the 2 policies at or above 99 % on time, mark-a and infaas-b are the cheapest per million "
                      "on-time queries, $2.200 ± 0.110 each; static-c costs less", self.cost_of_infaas_b(2.2, 0.11))

    def attainment_of_mark_a(self, ci95):
        self.write_sweep(*changed("mark-a", {SLO: (0.995, 0.002, 3, ci95)}))
        return self.page()

    def test_the_bar_is_met_by_the_lower_end_of_the_interval(self):
        # 99.500 ± 0.500: the lower end is 99.000, at the bar.
        self.assertIn("Of the 2 policies at or above 99 % on time, mark-a is the cheapest",
                      self.attainment_of_mark_a(0.005))
        # 99.500 ± 0.501: 98.999, below it, though the mean is above; said so.
        text = self.attainment_of_mark_a(0.00501)
        self.assertIn("infaas-b is the only policy at or above 99 % on time, at $3.300 ± 0.000 per million on-time "
                      "queries; static-c costs less, $1.000, but keeps only 80.000 % on time.", text)
        self.assertIn("mark-a (99.500 ± 0.501 %) averages at or above 99 % on time, but its interval reaches below "
                      "it, so it does not count as at or above.", text)
        # Its attainment interval, 98.999-100.001, also overlaps infaas-b's.
        self.assertIn("infaas-b and mark-a are indistinguishable in SLO attainment over the 3 seeds (99.900 ± 0.030 % "
                      "and 99.500 ± 0.501 %); the lowest mean is 80.000 % (static-c).", text)

    def test_a_bar_no_policy_meets(self):
        text = self.page("--attainment-bar", "99.95")
        self.assertIn("No policy is at or above 99.95 % on time; the cheapest per million on-time queries is "
                      "static-c, $1.000, at 80.000 % on time.", text)

    def unstable_infaas_b(self):
        """infaas-b with one seed serving almost nothing on time (0.4 %), whose
        cost per million on-time queries ($500) is most of its mean; static-c
        at $1.5, between infaas-b's median and its mean."""
        rows, seeds = changed("infaas-b", {SLO: (0.645, 0.55, 3, 1.37), COST: (167.433, 288, 3, 716)},
                              [(0.961, 1.1), (0.97, 1.2), (0.004, 500)])
        rows["static-c"][2][COST] = (1.5, "", 1, "")
        seeds["static-c"] = [("seed=1", 1, 0.8, 1.5)]
        self.write_sweep(rows, seeds)

    def test_seeds_that_disagree_are_listed_with_their_values(self):
        text = self.page()
        self.assertIn("**Seeds that disagree.** None: every SLO attainment interval is within ± 5 points, and no one "
                      "seed makes most of a cost per million on-time queries.", text)
        self.unstable_infaas_b()
        text = self.page()
        self.assertIn("**Seeds that disagree.** infaas-b has an SLO attainment interval wider than ± 5 points or a "
                      "cost per million on-time queries mostly one seed's; each seed's values, as the table would "
                      "show them:", text)
        self.assertIn("- infaas-b, 64.500 ± 137.000 % on time: seeds 1-3 on time 96.100, 97.000, 0.400 %; cost per "
                      "million on-time queries $1.100, $1.200, $500.000 (seed 3's is more than the other seeds' "
                      "together). *Why:* (not yet explained)", text.splitlines())

    def test_a_dominated_cost_is_compared_by_its_median(self):
        # By its mean ($167.433) infaas-b would be the dearest; by its median ($1.200), the cheapest.
        self.unstable_infaas_b()
        self.assertIn("No policy is at or above 99.95 % on time; the cheapest per million on-time queries is infaas-b, "
                      "$1.200 (median; seed 3 makes most of the mean), at 64.500 ± 137.000 % on time.",
                      self.page("--attainment-bar", "99.95"))

    def test_explanations_come_from_the_json_file(self):
        self.unstable_infaas_b()
        path = os.path.join(self.dir, "why.json")
        write(path, json.dumps({"toy": {"infaas-b": "Seed 3 never scaled out (made up).", "mark-a": "Unused."},
                                "other": {"anyone": "A scenario not on this page."}}))
        text = self.page("--explanations", "why.json")
        self.assertIn("together). *Why:* Seed 3 never scaled out (made up).", text)
        self.assertNotIn("Unused.", text)  # mark-a's seeds agree
        self.assertIn("explained by hand in `why.json`", text)
        write(path, json.dumps({"toy": {"nobody": "A renamed policy."}}))
        self.expect_error(self.run_page("--explanations", "why.json"),
                          'why.json: toy.nobody: no policy labelled "nobody" in toy.json')
        write(path, json.dumps({"toy": {"infaas-b": 3}}))
        self.expect_error(self.run_page("--explanations", "why.json"), "why.json: toy.infaas-b: not a non-empty string")

    def test_the_last_column_is_the_design_regime_the_world_leaves(self):
        lines = self.page("--envelopes", ENVELOPES).splitlines()
        rows = {line.split(" |")[0][2:]: line for line in lines if line.startswith("| ")}
        self.assertTrue(rows["policy"].endswith(" | cost per million on-time queries (on-demand $) | outside its design |"))
        # The reason, its "|" escaped; "–" for "outside": null; a failed policy's too.
        self.assertTrue(rows["mark-a (mark)"].endswith(
            " | 2.200 ± 0.110 (median 2.200) | no spot market \\| every instance on demand |"))
        self.assertTrue(rows["infaas-b (infaas)"].endswith(" | 3.300 ± 0.000 (median 3.300) | – |"))
        self.assertEqual(rows["proteus"],
                         "| proteus | failed (exit 3) | – | – | – | – | – | – | – | one accuracy level: nothing to trade |")
        self.assertIn('The last column, "outside its design", is the regime the policy\'s paper designed it for that '
                      "the world leaves, in one line (from `", lines[4])

    def test_an_envelope_for_a_label_the_scenario_lacks_is_refused(self):
        path = os.path.join(self.dir, "env.json")
        for doc, message in (
                ({"toy": {"nobody": {"system": "mark", "outside": None}}},
                 'env.json: toy.nobody: no policy labelled "nobody" in toy.json'),
                ({"toy": {"mark-a": {"system": "clipper", "outside": None}}},
                 "env.json: toy.mark-a.system: missing or not one of infaas, proteus, mark, inferline, baseline"),
                ({"toy": {"mark-a": {"system": "mark"}}},
                 "env.json: toy.mark-a.outside: missing or not a one-line reason or null"),
                ({"toy": {"mark-a": {"system": "mark", "outside": "two\nlines"}}},
                 "env.json: toy.mark-a.outside: missing or not a one-line reason or null"),
                ({"toy": ["mark-a"]}, 'env.json: toy: not an object of {"<policy label>": {"system": '),
                ([], 'env.json: not a JSON object of {"<scenario stem>": {"<policy label>": {"system": ')):
            write(path, json.dumps(doc))
            self.expect_error(self.run_page("--envelopes", "env.json"), message)
        # The default may be missing (no marks yet); a file named must exist.
        self.expect_error(self.run_page("--envelopes", "missing.json"),
                          "missing.json: no such file (scripts/scenarios/generate_side_by_side_scenarios.py writes it)")
        self.assertFalse(os.path.exists(os.path.join(self.dir, "doc", "page.md")))

    def front(self, *extra):
        """The Pareto front's paragraph, checked to stand between the table and the figures."""
        lines = self.page(*extra).splitlines()
        at = [i for i, line in enumerate(lines) if line.startswith("**Pareto front.**")]
        self.assertEqual(len(at), 1, lines)
        self.assertTrue(lines[at[0] - 2].startswith("| proteus |"), lines[at[0] - 2])
        self.assertLess(at[0], lines.index("*No timeseries figure: not drawn.*"))
        return lines[at[0]]

    def test_the_front_drops_a_dominated_policy_and_keeps_a_cheaper_worse_one(self):
        self.assertEqual(self.front(), FRONT + "mark-a, infaas-b and static-c.")
        # infaas-b at $2.000 keeps more on time (99.9 %) for less than mark-a ($2.2): mark-a is off the
        # front; static-c, cheaper ($1) and worse (80 %), stays on it.
        self.write_sweep(*changed("infaas-b", {COST: (2, 0, 3, 0)}, [(0.9989, 2), (0.999, 2), (0.9991, 2)]))
        self.assertEqual(self.front(), FRONT + "infaas-b and static-c.")

    def test_the_median_not_the_mean_places_a_policy_on_the_front(self):
        # mark-a's seed 3 served almost nothing on time: by the means (69.700 %, $168.133) infaas-b
        # (99.9 %, $3.3) would dominate it; by the medians (99.5 %, $2.2) nothing does.
        self.write_sweep(*changed("mark-a", {SLO: (0.697, 0.5, 3, 0.74), COST: (168.133, 287, 3, 713)},
                                  [(0.995, 2.2), (0.996, 2.2), (0.1, 500)]))
        self.assertEqual(self.front(), FRONT + "mark-a, infaas-b and static-c.")
        self.assertIn("| 69.700 ± 74.000 (median 99.500) |", self.page())

    def test_each_system_on_its_own_ground(self):
        self.assertNotIn("## Each system on its own ground", self.page())  # no envelopes, no section
        write(os.path.join(self.dir, "toy2.json"), SCENARIO)
        rows, seeds = changed("infaas-b", {COST: (2, 0, 3, 0)}, [(0.9989, 2), (0.999, 2), (0.9991, 2)])
        write(os.path.join(self.dir, "out", "toy2", "sweep_points.csv"), sweep_points_csv(rows))
        write(os.path.join(self.dir, "out", "toy2", "sweep.csv"), sweep_csv(seeds))
        why = os.path.join(self.dir, "ground.json")
        write(why, json.dumps({"mark": "Wins on toy (made up).", "inferline": "No bullet."}))
        text = self.page("--envelopes", ENVELOPES, "--ground-explanations", "ground.json", "toy2.json")
        section = text[text.index("## Each system on its own ground"):]  # toy2, where mark-a is dominated, then toy
        self.assertIn("by hand, with the runs that show it, from `ground.json` (\"(not yet explained)\" for a system on "
                      "no front without one).", section)
        bullets = [line for line in section.splitlines() if line.startswith("- ")]
        self.assertEqual(bullets, [
            "- **infaas**: on the Pareto front of `toy2` (infaas-b) and `toy` (infaas-b); outside its design on "
            "`toy2` (infaas-b).",
            "- **proteus**: on no world's Pareto front; outside its design on `toy` (proteus). *On its own ground:* "
            "(not yet explained)",
            "- **mark**: on the Pareto front of `toy` (mark-a); outside its design on `toy2` (mark-a) and `toy` "
            "(mark-a). *On its own ground:* Wins on toy (made up)."])  # no baseline; inferline not on the page
        self.assertTrue(text.rstrip("\n").endswith(bullets[-1]))
        write(why, json.dumps({"proteus": "It keeps accuracy, which the front does not weigh (made up)."}))
        self.assertIn("(proteus). *On its own ground:* It keeps accuracy, which the front does not weigh (made up).",
                      self.page("--envelopes", ENVELOPES, "--ground-explanations", "ground.json", "toy2.json"))

    def test_a_ground_explanation_for_no_system_of_the_page_is_refused(self):
        why = os.path.join(self.dir, "ground.json")
        for doc, message in (({"clipper": "A baseline."}, "ground.json: clipper: not one of the systems infaas, "
                                                          "proteus, mark, inferline"),
                             ({"mark": ""}, "ground.json: mark: not a non-empty string"),
                             (["mark"], 'ground.json: not a JSON object of {"<system>": "text"}')):
            write(why, json.dumps(doc))
            self.expect_error(self.run_page("--ground-explanations", "ground.json"), message)
        self.expect_error(self.run_page("--ground-explanations", "missing.json"),
                          "missing.json: no such file (an empty one is {})")

    def test_header_figures_and_setup(self):
        text = self.page()
        self.assertIn("Generated by `scripts/side_by_side.sh --seeds 1,2,3` at commit `abc1234` from the runs in "
                      "`out/`", text)
        self.assertIn("`toy.json` (scenario `toy_page`): 1 h simulated per run, the first 60 s warm-up", text)
        self.assertIn("A made-up scenario; proteus fails in seed 2.", text)
        self.assertIn("](../fig/toy_scatter.png)", text)  # relative to the page
        self.assertIn("*No timeseries figure: not drawn.*", text)
        self.assertIn("900 s simulated per run, set by `--hours` for a quick look (the scenario's own: 1 h)",
                      self.page("--duration-s", "900"))

    def test_a_second_run_writes_the_same_bytes(self):
        first = self.page()
        self.assertEqual(first, self.page())
        first = self.page("--envelopes", ENVELOPES)
        self.assertEqual(first, self.page("--envelopes", ENVELOPES))

    def test_every_seed_failed(self):
        # sweep.sh then writes no sweep_points.csv: every policy is listed as failed.
        os.remove(os.path.join(self.dir, "out", "toy", "sweep_points.csv"))
        os.remove(os.path.join(self.dir, "out", "toy", "sweep.csv"))
        for label in ("mark-a", "infaas-b", "static-c"):
            os.remove(os.path.join(self.dir, "out", "toy", "seed=2.failed", label, "summary.json"))
        os.remove(os.path.join(self.dir, "fig", "toy_scatter.png"))  # side_by_side.sh draws none then
        lines = self.page().splitlines()
        self.assertIn("| mark-a (mark) | failed (exit 3) | – | – | – | – | – | – | – | – |", lines)
        self.assertIn("| proteus | failed (exit 3) | – | – | – | – | – | – | – | – |", lines)
        self.assertIn("*No scatter figure: no run finished.*", lines)
        self.assertIn("- `seed=2` failed, exit 3: `servesim: toy.json: policies[3]: it broke`. No result there for "
                      "mark-a, infaas-b, static-c, proteus; no policy finished there.", lines)

    def expect_error(self, result, text):
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertEqual(len(result.stderr.splitlines()), 1, result.stderr)
        self.assertIn(text, result.stderr)

    def test_bad_input_is_one_line_and_exit_2(self):
        os.rename(os.path.join(self.dir, "out", "toy", "seed=2.failed"), os.path.join(self.dir, "elsewhere"))
        os.remove(os.path.join(self.dir, "out", "toy", "sweep_points.csv"))
        self.expect_error(self.run_page(), "out/toy/sweep_points.csv: no such file")
        self.expect_error(self.run_page("missing.json"), "missing.json: no such scenario file")
        self.expect_error(self.run_page("--bogus"), "unrecognized arguments: --bogus")
        self.expect_error(self.run_page("--seeds", "1,x"), '--seeds: expected non-negative integers')

    def test_bad_csv_names_the_line_and_column(self):
        path = os.path.join(self.dir, "out", "toy", "sweep_points.csv")
        write(path, sweep_points_csv().replace("100.04", "lots"))
        self.expect_error(self.run_page(), 'sweep_points.csv: line 2: goodput_qps.mean = "lots" is not a number')
        self.write_sweep(ROWS, SEEDS)
        write(os.path.join(self.dir, "out", "toy", "sweep.csv"), sweep_csv().replace(",0.9945,", ",lots,"))
        # Runs in seed order, then by folder: seed=1/infaas-b is line 2, seed=1/mark-a line 3.
        self.expect_error(self.run_page(), 'sweep.csv: line 3: slo_attainment = "lots" is not a number')

    def test_tables_from_different_collects_are_refused(self):
        # A median of other seeds than the mean's would be wrong without a word.
        seeds = copy.deepcopy(SEEDS)
        del seeds["mark-a"][2]
        write(os.path.join(self.dir, "out", "toy", "sweep.csv"), sweep_csv(seeds))
        self.expect_error(self.run_page(), 'sweep.csv: label "mark-a" has 2 runs, sweep_points.csv counts 3')
        os.remove(os.path.join(self.dir, "out", "toy", "sweep.csv"))
        self.expect_error(self.run_page(), "out/toy/sweep.csv: no such file")


if __name__ == "__main__":
    unittest.main(verbosity=1)
