"""scripts/plot.sh on small hand-written sweep CSVs: each figure draws the
right numbers (means, 95 % intervals, cut at the metric's bounds) with the
dictionary's labels, as PNG and PDF with the same bytes on a rerun; no two
series look alike; a value 1000 times the others is drawn on the axis edge
with its value, not stretching the axis; mistakes are one line, exit 2.

What was drawn is read from --keep-data's JSON (scripts/plotting/figure_spec.py).
  plot_sweep_test.py SOURCE_DIR. Exit 0 pass, 1 fail, 77 skipped (no matplotlib)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plot_test_support import Test, styles_differ  # noqa: E402

t = Test(sys.argv[1])

# A per-point CSV as `servesim collect --points` writes it. goodput at
# slo_ms=50 is the hand case of replication_stats_test.cpp (seeds 10, 12, 17:
# mean 13, ci95 8.9566859); at 150 a single seed (no interval).
points = t.write("sweep/sweep_points.csv", """\
slo_ms,label,policy,runs,goodput_qps.mean,goodput_qps.sd,goodput_qps.n,goodput_qps.ci95
50,a,policy-a,3,13,3.60555128,3,8.9566859
150,a,policy-a,1,20,,1,
50,b,policy-b,3,7,1,3,2.48413771
150,b,policy-b,3,9,1,3,2.48413771
""")

# 1. Means with their intervals, one line per label, labels from the dictionary.
out = t.plot_ok(points, "--y", "goodput_qps", "--keep-data", t.path("k1"))
t.expect_figure(t.path("sweep", "plot_goodput_qps_vs_slo_ms"), out)
fig = t.drawn(t.path("k1"), "plot_goodput_qps_vs_slo_ms")
panel = fig["panels"][0]
t.close(panel.get("xlabel"), "SLO (ms)", "x label")
t.close(panel.get("ylabel"), "Goodput (queries/s)", "y label")
t.close([s["name"] for s in panel.get("series", [])], ["a", "b"], "a line per label")
a, b = (panel["series"] + [{}, {}])[:2]
t.close(a.get("x"), [50, 150], "a's x")
t.close(a.get("y"), [13, 20], "a's means")
t.close(a.get("y_bars"), [[13 - 8.9566859, 13 + 8.9566859], None], "a's bars (none with one seed)")
t.close(a.get("n"), [3, 1], "a's seeds")
t.close(b.get("y_bars"), [[7 - 2.48413771, 7 + 2.48413771], [9 - 2.48413771, 9 + 2.48413771]], "b's bars")
ylim = panel.get("ylim", [0, 0])
t.check(ylim[0] == 0 and 13 + 8.9566859 <= ylim[1] <= 1.1 * (13 + 8.9566859),
        f"y axis {ylim}: from 0 (goodput near 0) to just past the highest bar")
t.check(panel.get("xlim", [0, 0])[0] < 50 and panel["xlim"][1] > 150, f"x axis {panel.get('xlim')} cuts a point")
styles_differ(t, panel.get("series", []), "goodput")

# The same inputs give the same bytes (no date, no version in the files).
t.plot_ok(points, "--y", "goodput_qps", "--out", t.path("again"))
for suffix in (".png", ".pdf"):
    with open(t.path("sweep", "plot_goodput_qps_vs_slo_ms" + suffix), "rb") as f1, \
            open(t.path("again", "plot_goodput_qps_vs_slo_ms" + suffix), "rb") as f2:
        first, second = f1.read(), f2.read()
    t.check(first == second, f"a rerun wrote another {suffix}")
    t.check(b"CreationDate" not in first and b"Software" not in first, f"the {suffix} carries a date or version")

# 2. A per-run sweep.csv beside it: the per-point one is read.
runs_beside = t.write("sweep/sweep.csv", """\
slo_ms,run_dir,policy,seed,goodput_qps
50,slo_ms=50__seed=1/a,policy-a,1,10
""")
status, _, err = t.plot(runs_beside, "--y", "goodput_qps", "--keep-data", t.path("k2"))
t.check(status == 0 and "using" in err and "sweep_points.csv" in err, f"sweep.csv beside: exit {status}, [{err}]")
t.close(t.drawn(t.path("k2"), "plot_goodput_qps_vs_slo_ms")["panels"][0]["series"][0]["y"], [13, 20],
        "sweep.csv beside sweep_points.csv: the means of the latter")

# 3. A per-run CSV alone: means over seeds, no bars; an empty cell is no value.
runs = t.write("runs/sweep.csv", """\
slo_ms,run_dir,policy,seed,goodput_qps,latency_ms.p99
50,slo_ms=50__seed=1/a,policy-a,1,10,4
50,slo_ms=50__seed=2/a,policy-a,2,12,
100,slo_ms=100__seed=1/a,policy-a,1,11,5
""")
t.plot_ok(runs, "--y", "goodput_qps", "--y", "latency_ms.p99", "--keep-data", t.path("k3"))
good = t.drawn(t.path("k3"), "plot_goodput_qps_vs_slo_ms")["panels"][0]["series"][0]
t.close([good["name"], good["y"], good["n"], good["y_bars"]], ["a", [11, 11], [2, 1], [None, None]],
        "per run: the label, means of the seeds, no bars")
p99 = t.drawn(t.path("k3"), "plot_latency_ms.p99_vs_slo_ms")["panels"][0]
t.close([p99["ylabel"], p99["series"][0]["y"], p99["series"][0]["n"]], ["P99 latency (ms)", [4, 5], [1, 1]],
        "p99: the empty cell left out")

# 4. A fraction is drawn as a percentage, its bar cut at 100 %; categories
# on x in the order first seen; an unknown metric keeps its name.
cats = t.write("cats/sweep_points.csv", """\
load,label,runs,slo_attainment.mean,slo_attainment.n,slo_attainment.ci95,policy_counters.x.mean,policy_counters.x.n,\
policy_counters.x.ci95
high,a,3,0.9,3,0.2,5,3,1
low,a,3,0.5,3,0.1,6,3,1
""")
t.plot_ok(cats, "--y", "slo_attainment", "--y", "policy_counters.x", "--keep-data", t.path("k4"))
slo = t.drawn(t.path("k4"), "plot_slo_attainment_vs_load")["panels"][0]
t.close(slo.get("ylabel"), "SLO attainment (%)", "a fraction's label")
t.close(slo["series"][0]["y"], [90, 50], "a fraction drawn as %")
t.close(slo["series"][0]["y_bars"], [[70, 100], [40, 60]], "bars in %, cut at 100")
t.close(slo.get("xticks"), [[0, "high"], [1, "low"]], "categories in first-seen order")
unknown = t.drawn(t.path("k4"), "plot_policy_counters.x_vs_load")["panels"][0]
t.close(unknown.get("ylabel"), "policy_counters.x", "an unknown metric's label: its name")

# 5. A cost 1000 times the others is drawn on the edge with its value; the
# axis is set from the others. Twenty labels: no two look alike.
rows = ["cost,label,runs,cost.total.mean,cost.total.n,cost.total.ci95"]
rows += [f"1,p{i:02d},1,{2 + i % 3},1," for i in range(19)] + ["1,far,1,3000,1,"]
many = t.write("many/sweep_points.csv", "\n".join(rows) + "\n")
t.plot_ok(many, "--y", "cost.total", "--keep-data", t.path("k5"))
cost = t.drawn(t.path("k5"), "plot_cost.total_vs_cost")["panels"][0]
t.check(len(cost["series"]) == 20, f"{len(cost['series'])} series, not 20")
styles_differ(t, cost["series"], "20 labels")
t.check(cost["ylim"][1] < 10, f"the y axis reaches {cost['ylim'][1]}: stretched by the outlier")
far = [s for s in cost["series"] if s["name"] == "far"][0]
t.close(far["y"], [cost["ylim"][1]], "the outlier drawn on the top edge")
t.close(cost.get("outliers"), [{"series": "far", "value": [1, 3000], "drawn_at": [1, cost["ylim"][1]],
                                "edges": ["top"]}], "the outlier's record")
t.check(any(lab["text"] == "far: 3000" for lab in cost.get("labels", [])), f"no label with the outlier's value: "
        f"{cost.get('labels')}")

# 6. --out FILE.png: that figure and FILE.pdf.
out = t.plot_ok(points, "--y", "goodput_qps", "--out", t.path("one.png"))
t.expect_figure(t.path("one"), out)

# 7. Mistakes: one line on stderr, exit 2.
t.expect_error('no column "cost.total.mean"', points, "--y", "cost.total")
t.expect_error('no column "nope"', runs, "--x", "nope", "--y", "goodput_qps")
t.expect_error('no column "slo_attainment"', runs)
t.expect_error('unknown option "--bogus"', runs, "--bogus")
t.expect_error("--out FILE.png takes one --y", runs, "--y", "a", "--y", "b", "--out", t.path("x.png"))
t.expect_error("no such run folder or CSV file", t.path("nothing.csv"))
t.expect_error("expected a RUN_DIR or a SWEEP_CSV", "--y", "a")

t.finish("plot.sh sweep tests")
