"""scripts/plot.sh --scatter on a hand-written sweep_points.csv: one point
per label at the two means, bars from the two ci95 columns (cut where the
metric cannot go), rows without a value named and not drawn, a log x axis
when asked or when the costs span a decade, a cost 1000 times the others
drawn on the edge with its value, labels that never overlap, and mistakes
as one line, exit 2. What was drawn is read from --keep-data's JSON.
  plot_scatter_test.py SOURCE_DIR. Exit 0 pass, 1 fail, 77 skipped (no matplotlib)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "plot"))
from plot_test_support import Test, styles_differ  # noqa: E402

HEADER = ("label,policy,runs,cost.per_million_on_time.mean,cost.per_million_on_time.sd,"
          "cost.per_million_on_time.n,cost.per_million_on_time.ci95,slo_attainment.mean,slo_attainment.sd,"
          "slo_attainment.n,slo_attainment.ci95")
STEM = "scatter_slo_attainment_vs_cost.per_million_on_time"

t = Test(sys.argv[1])


def table(*rows):
    return t.write("sweep_points.csv", "\n".join((HEADER,) + rows) + "\n")


def scatter(keep, *args, name=STEM):
    """plot.sh --scatter on the table: (stdout lines, what figure NAME drew)."""
    out = t.plot_ok(csv, "--scatter", "cost.per_million_on_time", "slo_attainment", "--keep-data", t.path(keep),
                    *args)
    return out, t.drawn(t.path(keep), name)


def point(panel, name):
    found = [s for s in panel.get("series", []) if s["name"] == name]
    return found[0] if found else t.fail(f"no point {name}") or {}


# a: attainment 0.9 +- 0.2 (the bar's top cut at 100 %); b: one seed, no
# bars; c: no cost per on-time query (none on time): named, not drawn.
A, B, C = "a,static,3,2,1,3,3,0.9,0.1,3,0.2", "b,mark,1,40,,1,,0.99,,1,", "c,infaas,3,,,0,,0,0,3,0"
csv = table(A, B, C)

# 1. Linear axes: a's cost bar reaches -1, cut at 0 (no mean is negative).
out, fig = scatter("k1")
t.expect_figure(t.path(STEM), out)
panel = fig["panels"][0]
t.close([panel.get("xlabel"), panel.get("ylabel"), panel.get("xscale")],
        ["Cost per million on-time queries ($)", "SLO attainment (%)", "linear"], "labels from the dictionary")
t.close([s["name"] for s in panel["series"]], ["a", "b"], "a point per drawn label")
a = point(panel, "a")
t.close([a.get("x"), a.get("y"), a.get("x_bars"), a.get("y_bars")], [[2], [90], [[0, 5]], [[70, 100]]],
        "a: means, bars cut at 0 and at 100 %")
t.close([point(panel, "b").get("x_bars"), point(panel, "b").get("y_bars")], [[None], [None]], "b: one seed, no bars")
t.check("not drawn (no value): c" in fig.get("subtitle", ""), f"c is not named as not drawn: {fig.get('subtitle')}")
t.close(sorted(lab["text"] for lab in panel.get("labels", [])), ["a", "b"], "a label per point")
styles_differ(t, panel["series"], "scatter")

# 2. --logx: a's cost bar, reaching below 0, is cut at the axis' left end.
out, fig = scatter("k2", "--logx", "--out", t.path("log.png"), name="log")
t.expect_figure(t.path("log"), out)
panel = fig["panels"][0]
t.check(panel.get("xscale") == "log", "--logx: no log axis")
t.close(point(panel, "a").get("x_bars"), [[panel["xlim"][0], 5]], "a's bar cut at the log axis' left end")
t.check(0 < panel["xlim"][0] < 2, f"log axis from {panel['xlim'][0]}")

# 3. --logx=auto: 40 / 2 spans more than a decade -> log; 2 and 4 would not.
_, fig = scatter("k3", "--logx=auto", "--out", t.path("auto"))
t.check(fig["panels"][0].get("xscale") == "log", "--logx=auto on costs 2 and 40: no log axis")
csv = table(A, B.replace(",40,", ",4,"), C)
_, fig = scatter("k4", "--logx=auto", "--out", t.path("auto"))
t.check(fig["panels"][0].get("xscale") == "linear", "--logx=auto on costs 2 and 4: a log axis")

# 4. A cost 1000 times a's (2000): drawn on the right edge with its value;
# the axis is set from the others.
csv = table(A, B, C, "e,lambda,3,2000,1,3,10,0.97,0.01,3,0.02")
_, fig = scatter("k5")
panel = fig["panels"][0]
t.check(panel["xlim"][1] < 100, f"the x axis reaches {panel['xlim'][1]}: stretched by the outlier")
t.close(point(panel, "e").get("x"), [panel["xlim"][1]], "e drawn on the right edge")
t.close(panel.get("outliers"), [{"series": "e", "value": [2000, 97], "drawn_at": [panel["xlim"][1], 97],
                                 "edges": ["right"]}], "e's record")
t.check(any(lab["text"] == "e: x = 2000" for lab in panel.get("labels", [])),
        f"e's value is not written beside it: {panel.get('labels')}")

# 5. Twelve points on top of each other: no two labels overlap.
csv = table(*(f"policy-{i},p,3,{5 + i / 100},1,3,1,0.95,0.01,3,0.01" for i in range(12)))
_, fig = scatter("k6")
boxes = [lab.get("box") for lab in fig["panels"][0].get("labels", [])]
t.check(len(boxes) == 12 and None not in boxes, f"12 labels with boxes expected: {boxes}")
for i, p in enumerate(boxes):
    for q in boxes[i + 1:]:
        if p and q and min(p[2], q[2]) > max(p[0], q[0]) and min(p[3], q[3]) > max(p[1], q[1]):
            t.fail(f"labels overlap: {p} {q}")
styles_differ(t, fig["panels"][0]["series"], "twelve points")

# 6. Mistakes: one line on stderr, exit 2.
t.expect_error('no column "nope.mean"', csv, "--scatter", "nope", "slo_attainment")
t.expect_error("--scatter needs two metrics", csv, "--scatter", "slo_attainment")
t.expect_error("--logx goes with --scatter", csv, "--y", "slo_attainment", "--logx")
runs = t.write("runs/sweep.csv", "run_dir,policy,slo_attainment\nx/a,static,1\n")
t.expect_error("--scatter needs a sweep_points.csv", runs, "--scatter", "cost.total", "slo_attainment")

t.finish("plot.sh --scatter tests")
