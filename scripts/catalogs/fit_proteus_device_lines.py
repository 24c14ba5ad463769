#!/usr/bin/env python3
"""Fits the Proteus catalog's per-device latency lines on the Proteus artifact's
measured medians, and prints the constants that
scripts/catalogs/generate_model_catalogs.py commits (PROTEUS_LINES) and how far
they are from the measurements.

    PROTEUS_ARTIFACT=/path/to/proteus-artifact python3 scripts/catalogs/fit_proteus_device_lines.py

Reads $PROTEUS_ARTIFACT/profiling/aggregate_profiled.csv (the public artifact of
Proteus, ASPLOS'24). Its licence allows use for comparison only: this script
prints two constants per device type and summary errors; no row of the file is
written anywhere. Standard library only.

The rule (docs/catalogs.md): latency_ms = a_d + k_d * G * batch, G the
variant's GMACs per query as the generator gives them. Fitted per device type
by least squares in log space, i.e. on ln(predicted / measured): a relative
error that weighs a 2x overestimate like a 2x underestimate, since the points
span 1 ms to 15 s. Minimized by Nelder-Mead over (ln a_d, ln k_d), so both
stay positive.
"""
import csv
import math
import os
import statistics
import sys

sys.dont_write_bytecode = True  # importing the generator leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate_model_catalogs as gen  # noqa: E402  (the variants' GMACs and the peak FP32 table)

# The artifact's accelerators as the project names its device types (the same
# map as configs/scenarios/papers/proteus/artifact_zipf_exponential.json).
DEVICE_OF = {"onnxruntime_cpu": "cpu", "onnxruntime_gpu_pascal": "gtx1080ti", "onnxruntime_gpu_ampere": "a100"}


def measured_points(csv_path, gmacs):
    """{device: [(variant, batch, G, p50 ms)]}. The artifact repeats some
    (variant, accelerator, batch) rows; the first is kept, as the scenario
    importing it does ("duplicate_rows": "first")."""
    seen = set()
    points = {d: [] for d in DEVICE_OF.values()}
    with open(csv_path, newline="") as f:
        for row in csv.DictReader(f):
            key = (row["Model"], row["Accel"], int(row["batchsize"]))
            if key in seen or row["Model"] not in gmacs:
                continue
            seen.add(key)
            points[DEVICE_OF[row["Accel"]]].append((key[0], key[2], gmacs[key[0]], float(row["50th_pct"])))
    return points


def nelder_mead(f, x0, step=0.5, tol=1e-12, max_iter=10000):
    """Minimizes f over R^n from x0 (the textbook reflect/expand/contract/shrink)."""
    n = len(x0)
    simplex = [list(x0)] + [[x0[j] + (step if i == j else 0.0) for j in range(n)] for i in range(n)]
    for _ in range(max_iter):
        simplex.sort(key=f)
        if f(simplex[-1]) - f(simplex[0]) < tol:
            break
        centre = [sum(p[j] for p in simplex[:-1]) / n for j in range(n)]
        worst = simplex[-1]
        reflected = [2 * centre[j] - worst[j] for j in range(n)]
        if f(reflected) < f(simplex[0]):
            expanded = [3 * centre[j] - 2 * worst[j] for j in range(n)]
            simplex[-1] = expanded if f(expanded) < f(reflected) else reflected
        elif f(reflected) < f(simplex[-2]):
            simplex[-1] = reflected
        else:
            contracted = [(centre[j] + worst[j]) / 2 for j in range(n)]
            if f(contracted) < f(worst):
                simplex[-1] = contracted
            else:
                best = simplex[0]
                simplex = [best] + [[(best[j] + p[j]) / 2 for j in range(n)] for p in simplex[1:]]
    return min(simplex, key=f)


def fit_line(points):
    """(a_d, k_d) minimizing sum of ln(predicted / measured)^2."""
    def loss(x):
        a, k = math.exp(x[0]), math.exp(x[1])
        return sum(math.log((a + k * g * b) / ms) ** 2 for _, b, g, ms in points)
    x = nelder_mead(loss, [0.0, 0.0])
    return math.exp(x[0]), math.exp(x[1])


def relative_errors(points, a, k):
    """[(|predicted - measured| / measured, variant, batch)]."""
    return [(abs(a + k * g * b - ms) / ms, v, b) for v, b, g, ms in points]


def describe(errors):
    worst = max(errors)
    return (f"median relative error {statistics.median(e for e, _, _ in errors):.2f}, "
            f"worst {worst[0]:.2f} ({worst[1]} batch {worst[2]})")


def main():
    root = os.environ.get("PROTEUS_ARTIFACT")
    if not root:
        sys.exit("set PROTEUS_ARTIFACT to the Proteus artifact's folder (it holds profiling/aggregate_profiled.csv)")
    compute = gen.proteus_variant_compute()
    gmacs = {v: g for v, (_, g) in compute.items()}
    points = measured_points(os.path.join(root, "profiling", "aggregate_profiled.csv"), gmacs)
    lines = {}
    for device, pts in points.items():
        a, k = fit_line(pts)
        lines[device] = (a, k)
        variants = len({v for v, _, _, _ in pts})
        print(f"{device}: a = {a:.4g} ms, k = {k:.4g} ms/GMAC; {len(pts)} points ({variants} variants); "
              f"{describe(relative_errors(pts, a, k))}")
        # Where the rule is off, by family: the median of predicted / measured.
        ratios = {}
        for v, b, g, ms in pts:
            ratios.setdefault(compute[v][0], []).append((a + k * g * b) / ms)
        print("  predicted / measured, median by family: " +
              ", ".join(f"{fam} {statistics.median(r):.2f}" for fam, r in ratios.items()))
    # The rule the generator uses for v100 and t4 (gtx1080ti's line, k scaled by
    # peak FP32), checked where it can be: gtx1080ti's line scaled to a100.
    a, k = lines["gtx1080ti"]
    k_a100 = k * gen.PEAK_TFLOPS["gtx1080ti"] / gen.PEAK_TFLOPS["a100"]
    print(f"check: gtx1080ti's line scaled by peak FP32 to a100 (a = {a:.4g}, k = {k_a100:.4g}) against the a100 "
          f"measurements: {describe(relative_errors(points['a100'], a, k_a100))}")
    print("for generate_model_catalogs.py: PROTEUS_MEASURED_LINES = {" +
          ", ".join(f'"{d}": ({a:.4g}, {k:.4g})' for d, (a, k) in lines.items()) + "}")


if __name__ == "__main__":
    main()
