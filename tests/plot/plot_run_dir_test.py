"""scripts/plot.sh on a hand-written run folder (what `servesim run --out`
writes): the five time series and the overview from the app == "all" rows,
violations = late + dropped + rejected; past seven policies a panel per
family (the label before '-') with the others in grey; the comparison's
bars with a p99 1000 times the others drawn on the edge with its value;
all figures as PNG and PDF.
  plot_run_dir_test.py SOURCE_DIR. Exit 0 pass, 1 fail, 77 skipped (no matplotlib)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plot_test_support import Test, named_series, styles_differ  # noqa: E402

FIGURES = ("demand_qps", "throughput_qps", "violations", "effective_accuracy", "cost_per_hour", "timeseries",
           "comparison")
HEADER = ("window_start_s,window_end_s,app,demand_qps,throughput_qps,late,dropped,rejected,"
          "effective_accuracy,cost_per_hour,cost")

t = Test(sys.argv[1])


def run_folder(name, labels):
    """Policy k: demand 10k + window, violations k + 2 (late k, dropped 1,
    rejected 1), accuracy empty in the last window, and its rates too (a
    drain tail too short for a rate: servesim leaves them empty); a per-app
    row to skip."""
    for k, label in enumerate(labels):
        rows = [HEADER]
        for w in range(3):
            accuracy = "" if w == 2 else str(90 + k)
            demand, throughput = ("", "") if w == 2 else (10 * k + w, 5 + w)
            # cost_per_hour (what runs at the window's end) k + 1; the
            # window's whole cost (Lambda too) 0.01 (k + 1): 3.6 (k + 1) $/h.
            rows.append(f"{10 * w},{10 * w + 10},all,{demand},{throughput},{k},1,1,{accuracy},{k + 1},{0.01 * (k + 1)}")
            rows.append(f"{10 * w},{10 * w + 10},classify,999,999,999,999,999,1,999,999")
        t.write(f"{name}/{label}/timeseries.csv", "\n".join(rows) + "\n")
    # p99: 20 ms for all but the last policy, which has 20000 (1000 times).
    table = ["scenario,policy,slo_pct,p99_ms,cost_usd"]
    table += [f"tiny,{label},{99 - k},{20000 if k == len(labels) - 1 else 20 + k},{1 + k / 10}"
              for k, label in enumerate(labels)]
    t.write(f"{name}/comparison.csv", "\n".join(table) + "\n")
    return t.path(name)


# 1. Nine policies in six families: a panel per family.
many = ["a-1", "a-2", "b-1", "b-2", "b-3", "c", "d", "e", "f"]
folder = run_folder("many", many)
out = t.plot_ok(folder, "--keep-data", t.path("k1"))
for name in FIGURES:
    t.expect_figure(os.path.join(folder, "plots", name), out)

grid = t.drawn(t.path("k1"), "timeseries")
t.close([grid.get("rows"), grid.get("cols")], [6, 5], "the overview: a row per family, a column per series")
panels = grid.get("panels", [])
t.close([p["title"] for p in panels[:5]],
        ["Demand (queries/s)", "Throughput (queries/s)", "SLO violations (queries per window)",
         "Effective accuracy (% of the family's best)", "Cost rate ($/h)"], "column titles from the dictionary")
t.close([p["legend_title"] for p in panels[4::5]], ["a", "b", "c", "d", "e", "f"], "a row per family, in order")
b_row = panels[5]
t.close([s["name"] for s in named_series(b_row)], ["b-1", "b-2", "b-3"], "family b's own lines")
t.close(sorted(s["name"] for s in b_row["series"] if s["kind"] == "context"),
        sorted(set(many) - {"b-1", "b-2", "b-3"}), "the other policies in grey behind")
styles_differ(t, [s for first in panels[::5] for s in named_series(first)], "nine policies")

violations = t.drawn(t.path("k1"), "violations")
t.check(violations.get("rows") == 6, f"violations.png: {violations.get('rows')} panels, not one per family")
b2 = [s for s in named_series(violations["panels"][1]) if s["name"] == "b-2"][0]
t.close([b2["x"], b2["y"]], [[5, 15, 25], [3 + 1 + 1] * 3], "b-2's violations (late 3 + dropped 1 + rejected 1), "
        "at the windows' midpoints in s")
accuracy = [s for s in t.drawn(t.path("k1"), "effective_accuracy")["panels"][0]["series"] if s["name"] == "a-1"][0]
t.close(accuracy["y"], [90, 90, None], "an empty accuracy is no value")
throughput = [s for s in t.drawn(t.path("k1"), "throughput_qps")["panels"][0]["series"] if s["name"] == "a-1"][0]
t.close(throughput["y"], [5, 6, None], "an empty rate is a gap, not a fall to zero")
cost_rate = [s for s in t.drawn(t.path("k1"), "cost_per_hour")["panels"][0]["series"] if s["name"] == "a-2"][0]
t.close(cost_rate["y"], [7.2, 7.2, None], "the cost rate is the window's whole cost over its length, not the "
        "cost_per_hour column (which leaves Lambda out); none in a window too short for a rate")

comparison = t.drawn(t.path("k1"), "comparison")
slo, p99, cost = (comparison.get("panels", []) + [{}, {}, {}])[:3]
t.close([slo.get("title"), p99.get("title"), cost.get("title")],
        ["SLO attainment (%)", "P99 latency (ms)", "Cost of the run ($)"], "the bars' titles")
t.close(slo.get("xtick_max"), 100, "no SLO tick past 100 %")
t.check(p99.get("xlim", [0, 1e9])[1] < 100, f"p99 axis {p99.get('xlim')}: stretched by the 20000 ms outlier")
t.close(p99.get("outliers"), [{"series": "f", "value": [20000, 8], "drawn_at": [p99["xlim"][1], 8],
                               "edges": ["right"]}], "the p99 outlier on the right edge")
t.check(any(lab["text"] == "20,000" and lab["placement"] == "inside-end" for lab in p99.get("labels", [])),
        f"the outlier's value is not written: {p99.get('labels')}")
t.close([s["x"][0] for s in p99["series"][:3]], [20, 21, 22], "the other bars' lengths")

# 2. Two policies: one panel each, all lines in it; the overview stacked.
few = run_folder("few", ["gpu", "cpu"])
t.plot_ok(few, "--out", t.path("few_plots"), "--keep-data", t.path("k2"))
t.expect_figure(t.path("few_plots", "timeseries"))
stacked = t.drawn(t.path("k2"), "timeseries")
t.close([stacked.get("rows"), stacked.get("cols")], [5, 1], "two policies: the five series stacked")
t.close([s["name"] for s in stacked["panels"][0]["series"]], ["gpu", "cpu"], "both lines in one panel")
t.close(stacked["panels"][1]["ylabel"], "Throughput (queries/s)", "y label from the dictionary")

# 3. --families: rows by the families named ({label: family}); a label left
# out keeps its prefix (f), and the rows follow first appearance.
t.write("families.json", '{"a-1": "P", "b-1": "P", "b-2": "Q", "b-3": "Q", "c": "Q", "d": "R", "e": "R"}')
t.plot_ok(folder, "--out", t.path("fam_plots"), "--families", t.path("families.json"), "--keep-data", t.path("k3"))
by_paper = t.drawn(t.path("k3"), "timeseries")
t.close(by_paper.get("rows"), 5, "a row per family named, plus f's own and a-2's")
rows = by_paper.get("panels", [])[4::5]
t.close([p["legend_title"] for p in rows], ["P", "a", "Q", "R", "f"], "the families given, in first-seen order")
t.close([s["name"] for s in named_series(by_paper["panels"][10])], ["b-2", "b-3", "c"], "family Q's lines")

# 4. Mistakes: one line, exit 2.
t.write("families_bad.json", '["a-1"]')
t.expect_error("not a JSON object", folder, "--families", t.path("families_bad.json"))
t.expect_error("--families needs a JSON file", folder, "--families")
t.expect_error("apply to a sweep CSV, not a run folder", few, "--y", "goodput_qps")
t.expect_error("no <label>/timeseries.csv here", t.tmp)

t.finish("plot.sh run folder tests")
