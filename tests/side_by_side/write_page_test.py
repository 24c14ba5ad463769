#!/usr/bin/env python3
"""scripts/side_by_side/write_page.py on a hand-written sweep_points.csv and
scenario whose winners are known: the table's cells are the CSV's means and
intervals formatted as documented, the sentences name the right winners with
the ratio of the means, a failed policy is listed as failed with its exit
status, a second run writes the same bytes, and bad input is one line, exit 2.
usage: write_page_test.py SOURCE_DIR"""

import os
import subprocess
import sys
import tempfile
import unittest

SOURCE_DIR = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
WRITE_PAGE = os.path.join(SOURCE_DIR, "scripts", "side_by_side", "write_page.py")

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


def sweep_points_csv():
    header = ["label", "policy", "runs"] + [f"{k}.{s}" for k in KEYS for s in ("mean", "sd", "n", "ci95")]
    lines = [",".join(header)]
    for label, (policy, runs, stats) in ROWS.items():
        cells = [label, policy, str(runs)]
        for key in KEYS:
            cells += [str(v) for v in stats.get(key, ("", "", 0, ""))]
        lines.append(",".join(cells))
    return "\n".join(lines) + "\n"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


class WritePageTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        write(os.path.join(self.dir, "toy.json"), SCENARIO)
        write(os.path.join(self.dir, "out", "toy", "sweep_points.csv"), sweep_points_csv())
        failed = os.path.join(self.dir, "out", "toy", "seed=2.failed")
        write(os.path.join(failed, "exit_status"), "3\n")
        write(os.path.join(failed, "run.log"), "servesim: toy.json: policies[3]: it broke\n")
        for label in ("mark-a", "infaas-b", "static-c"):
            write(os.path.join(failed, label, "summary.json"), "{}\n")
        write(os.path.join(self.dir, "fig", "toy_scatter.png"), "not really a PNG\n")

    def tearDown(self):
        self.tmp.cleanup()

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
        lines = self.page().splitlines()
        self.assertIn("| mark-a (mark) | 3 | 100.0 ± 1.3 | 99.500 ± 0.120 | 80.3 ± 3.1 (n=2) | 98.50 ± 0.20 "
                      "| 3.00 ± 0.50 | 12.000 ± 0.400 | 2.200 ± 0.110 |", lines)
        self.assertIn("| infaas-b (infaas) | 3 | 101.0 ± 1.2 | 99.900 ± 0.030 | 40.0 ± 2.5 | 100.00 ± 0.00 "
                      "| 0.00 ± 0.00 | 20.000 ± 0.000 | 3.300 ± 0.000 |", lines)
        # One seed: the means alone; fewer seeds than asked for, said so.
        self.assertIn("| static-c (static) | 1 of 3 | 50.0 | 80.000 | 150.0 | 90.00 | 10.00 | 0.500 | 1.000 |", lines)

    def test_a_failed_policy_is_listed_with_its_exit_status(self):
        text = self.page()
        self.assertIn("| proteus | failed (exit 3) | – | – | – | – | – | – | – |", text.splitlines())
        self.assertIn("- `seed=2` failed, exit 3: `servesim: toy.json: policies[3]: it broke`. No result there "
                      "for proteus; the other policies' runs there finished and are counted.", text)
        self.assertIn("proteus (exit 3) failed and was not compared.", text)

    def test_sentences_name_the_winners_with_computed_ratios(self):
        text = self.page()
        self.assertIn("Of the 2 policies at or above 99 % on time, mark-a is the cheapest per million on-time "
                      "queries, $2.200, 1.50x less than the next, infaas-b ($3.300); static-c costs less, "
                      "$1.000, but keeps only 80.000 % on time.", text)
        self.assertIn("infaas-b has the best SLO attainment, 99.900 % (p99 40.0 ms); the lowest is 80.000 % "
                      "(static-c).", text)
        self.assertIn("infaas-b keeps the most accuracy, 100.00 % effective accuracy, a largest drop of 0.00 pp; "
                      "the least is 90.00 % (static-c, largest drop 10.00 pp).", text)
        self.assertIn("Why, from the counters (means over the seeds): mark-a (cheapest at 99 %) peaked at 6 "
                      "instances, launched 4.5 c5_large, sent 1000 queries to Lambda and spent its $12.000 on "
                      "on-demand instances (75 %) and Lambda (25 %); infaas-b (best attainment, most accuracy) "
                      "added 7 workers and spent its $20.000 on on-demand instances (100 %).", text)

    def test_ties_and_near_margins_are_said_so(self):
        path = os.path.join(self.dir, "out", "toy", "sweep_points.csv")
        write(path, sweep_points_csv().replace(",3.3,0,3,0,", ",2.2,0,3,0,"))
        self.assertIn("Of the 2 policies at or above 99 % on time, mark-a and infaas-b are the cheapest per million "
                      "on-time queries, $2.200 each; static-c costs less", self.page())
        # 2.21 against 2.2: (2.21 - 2.2) / 2.21 = 0.45 % less, not "1.00x".
        write(path, sweep_points_csv().replace(",3.3,0,3,0,", ",2.21,0,3,0,"))
        self.assertIn("mark-a is the cheapest per million on-time queries, $2.200, 0.5 % less than the next, "
                      "infaas-b ($2.210)", self.page())

    def test_a_bar_no_policy_meets(self):
        text = self.page("--attainment-bar", "99.95")
        self.assertIn("No policy keeps 99.95 % of queries on time; the cheapest per million on-time queries is "
                      "static-c, $1.000, at 80.000 % on time.", text)

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

    def test_every_seed_failed(self):
        # sweep.sh then writes no sweep_points.csv: every policy is listed as failed.
        os.remove(os.path.join(self.dir, "out", "toy", "sweep_points.csv"))
        for label in ("mark-a", "infaas-b", "static-c"):
            os.remove(os.path.join(self.dir, "out", "toy", "seed=2.failed", label, "summary.json"))
        os.remove(os.path.join(self.dir, "fig", "toy_scatter.png"))  # side_by_side.sh draws none then
        lines = self.page().splitlines()
        self.assertIn("| mark-a (mark) | failed (exit 3) | – | – | – | – | – | – | – |", lines)
        self.assertIn("| proteus | failed (exit 3) | – | – | – | – | – | – | – |", lines)
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


if __name__ == "__main__":
    unittest.main(verbosity=1)
