"""The side-by-side world (issue 17), stated once: the catalogs, the days, the
SLO rule, the start, and the rules that pick an instance type or size a fixed
cluster. generate_side_by_side_scenarios.py builds the scenarios from it.

Where each number comes from:
  - the day: the diurnal generator at 1000 QPS mean (issue 17), peak-to-valley
    2.6 and spikes 0.5 per hour of 2.5x for 7 minutes, measured on the Archive
    Team Twitter stream of August 2021 (reconfigurable-ml-pipeline/
    web-service-datasets, dataset/twitter_trace): the median over 21 days of
    the highest over the lowest hourly mean; and the runs of minutes above 1.5x
    their hour's mean (0.51 per hour, median length 7 min, median level 2.57x
    the hour's mean); minute-to-minute noise CV 0.07, the median over those
    hours of the per-minute rates' CV about the hour's mean, spike minutes
    left out. The day starts at its valley;
  - the bursty day: MArk's two-state MMPP (section 5.2; the project's MArk
    scenario's states: a burst at 3x the base rate, mean sojourns 20 and 5
    minutes), its rates scaled to the same 1000 QPS mean;
  - the SLO: 2x the fastest batch-1 latency on a CPU (Proteus section 6.1.2,
    the one paper that states its SLOs as such a multiple), over the
    application's variants and for a pipeline its longest path;
    `serving.slo_cpu_multiple`, computed by servesim on the AWS CPUs;
  - the start: every policy is warm at the day's first rate (the MMPP day's
    mean), told it its own way (initial_load_qps, the 24-hour history MArk,
    SageMaker and InferLine read, preloads); the first 10 minutes are warm-up;
  - one capacity rule: a device carries b / latency(b) queries per second at
    the largest batch b whose latency is at most half the SLO (a query waits
    at most one batch before its own runs: Proteus section 4, after Nexus);
  - a policy that takes one instance type per device kind (INFaaS' workers,
    SageMaker's endpoint, Clipper+'s and SM+'s workers) gets, per kind, the
    type with the lowest price per query served by that rule;
  - the fixed cluster (Proteus, its baselines, InferLine and its baselines,
    which cannot launch instances): the cheapest one of each stage that
    carries the diurnal peak at the most accurate variant, by that rule;
    billed at on-demand prices, as every elastic policy's instances are: one
    price list for every policy (a reserved discount on the fixed cluster
    alone would make its policies look cheaper for a billing choice, not for
    what they do);
  - the spot market: the MArk scenarios' (spot_market(): one price series per
    instance type, generate_spot_prices.py states their sources; taken back
    0.05 per instance-hour);
  - the neutral worlds' fixed cluster (cloud_day, bursty_day, pipeline_day):
    the capacity rule's cluster times FIXED_CLUSTER_SCALE, every count rounded
    up. The factor follows a rule stated before any result: the smallest of
    1, 1.5, 2, 3, 4, 6, 8 at which the best policy on the fixed cluster keeps at
    least 99 % of the queries on time at the peak (the busiest tenth of the
    day's windows by arrivals), seed 1; scripts/scenarios/size_fixed_cluster.py
    runs it;
  - the worlds each built for one system's design regime: MArk's with its
    paper's response-time threshold (MARK_RT_MAX_MS), Proteus' with a cluster
    carrying only the day's mean at the most accurate variant, INFaaS' with
    INFaaS Table 1's three applications. InferLine's is pipeline_day: the
    sizing rule gives it a cluster that carries the day's spikes, the
    peak-sized cluster InferLine section 6 plans on.
"""
import json
import math
from pathlib import Path

import generate_spot_prices as spot_prices

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "configs/catalogs/models/side_by_side_models.json"
HARDWARE = ROOT / "configs/catalogs/hardware"
CATALOGS = {
    "hardware": ["../../catalogs/hardware/accelerators.json", "../../catalogs/hardware/aws_instances.json"],
    "models": ["../../catalogs/models/side_by_side_models.json"],
}
DAY_S = 86400
MEAN_QPS = 1000.0
PEAK_TO_VALLEY = 2.6
NOISE_CV = 0.07
SPIKES = {"rate_per_hour": 0.5, "magnitude": 2.5, "duration_s": 420}
SLO_CPU_MULTIPLE = 2.0
WARMUP_S = 600
WINDOW_S = 300
MMPP_BURST_FACTOR = 3.0
MMPP_SOJOURN_S = (1200, 300)
LAMBDA_MEMORY_MB = 3008  # MArk Table 2's 3 GB function
LAMBDA_COLD_START_MS = 2500  # as the project's MArk scenarios
SPOT_INTERRUPTIONS = {"per_hour": 0.05}  # as the project's MArk scenarios
SPOT_SERIES_DIR = "../../../traces/data/spot_prices/"  # from configs/scenarios/side_by_side/
CPU_FAMILIES = ("c5", "m5", "t2")  # the AWS catalog's CPU instances
# MArk section 5.1: RT_max is 600, 1000, 100 and 1400 ms for Inception-v3,
# NASNet, LSTM-ptb and OpenNMT; 1000 ms is its heaviest image model's
# (NASNet-Large, as heavy as ResNet-152), and the Lambda path answers within it.
MARK_RT_MAX_MS = 1000.0
# The neutral worlds' fixed-cluster factor by the sizing rule above, found by
# `python3 scripts/scenarios/size_fixed_cluster.py configs/scenarios/side_by_side/<world>.json`
# on the capacity rule's cluster (factor 1).
# Measured 2026-11-28: cloud_day and bursty_day 1 (Clipper-HT 100 % at the
# peak); pipeline_day 6 (InferLine 97.9 % at 4, every CPU busy in its worst
# spike; 100 % at 6).
FIXED_CLUSTER_SCALE = {"cloud_day": 1, "bursty_day": 1, "pipeline_day": 6}


def load_json(path):
    with open(path) as f:
        return json.load(f)


def families():
    return {f["name"]: f for f in load_json(MODELS)["families"]}


def most_accurate(fam):
    return max(fam["variants"], key=lambda v: v["accuracy"])


def hardware():
    """Device types and instance types of the accelerators and the AWS catalog, by name."""
    devices, instances = {}, {}
    for name in ("accelerators.json", "aws_instances.json"):
        doc = load_json(HARDWARE / name)
        devices.update({t["name"]: t for t in doc["device_types"]})
        instances.update({t["name"]: t for t in doc.get("instance_types", [])})
    return devices, instances


def steady_instances():
    """The instance types a policy serves on: all but the burstables, whose
    catalog latencies are bursted ones they keep only while credits last
    (MArk holds them as standbys, section 4.5)."""
    _, instances = hardware()
    return {n: t for n, t in instances.items() if "burstable" not in t}


def latency(variant, device, batch):
    points = variant["latency_ms"][device]
    if batch == points[0][0]:
        return points[0][1]
    for (b0, l0), (b1, l1) in zip(points, points[1:]):
        if b0 <= batch <= b1:
            return l0 + (l1 - l0) * (batch - b0) / (b1 - b0)
    raise ValueError(f"batch {batch} outside {device}'s profile")


def capacity_qps(variant, device, budget_ms):
    """Queries per second one device serves within budget_ms (the capacity rule)."""
    best = 0.0
    for b, _ in variant["latency_ms"].get(device, []):
        lat = latency(variant, device, b)
        if lat <= budget_ms / 2:
            best = max(best, 1000.0 * b / lat)
    return best


def instance_capacity_qps(variant, instance, budget_ms, kind=None):
    """What an instance's devices (of one kind, if given) serve of the variant."""
    devices, _ = hardware()
    return sum(slot["count"] * capacity_qps(variant, slot["type"], budget_ms) for slot in instance["devices"]
               if kind is None or devices[slot["type"]]["kind"] == kind)


# -- Demand ------------------------------------------------------------------

def amplitude():
    return (PEAK_TO_VALLEY - 1) / (PEAK_TO_VALLEY + 1)


def diurnal_day(mean_qps=MEAN_QPS):
    # The sine is at its trough at t = 0: phase = 3/4 of the period.
    return {"kind": "diurnal", "mean_qps": mean_qps, "peak_to_valley": PEAK_TO_VALLEY, "period_s": DAY_S,
            "phase_s": DAY_S * 3 // 4, "noise_cv": NOISE_CV, "step_s": 60, "spikes": SPIKES}


def mmpp_day(mean_qps=MEAN_QPS):
    base_share = MMPP_SOJOURN_S[0] / sum(MMPP_SOJOURN_S)
    base = mean_qps / (base_share + (1 - base_share) * MMPP_BURST_FACTOR)
    return {"kind": "mmpp",
            "states": [{"rate": round(base, 2), "mean_sojourn_s": MMPP_SOJOURN_S[0]},
                       {"rate": round(base * MMPP_BURST_FACTOR, 2), "mean_sojourn_s": MMPP_SOJOURN_S[1]}],
            "transitions": [[0, 1], [1, 0]], "initial": "stationary"}


def peak_qps(workload):
    """What the fixed cluster is sized for: the diurnal peak (spikes aside),
    or the MMPP's burst rate."""
    if workload["kind"] == "mmpp":
        return max(s["rate"] for s in workload["states"])
    return workload["mean_qps"] * (1 + amplitude())


def first_qps(workload):
    """The rate a policy is told at the start: the diurnal day's valley, or
    the MMPP day's mean (it starts in a state drawn from its stationary
    distribution)."""
    if workload["kind"] == "mmpp":
        base_share = MMPP_SOJOURN_S[0] / sum(MMPP_SOJOURN_S)
        states = workload["states"]
        return round(base_share * states[0]["rate"] + (1 - base_share) * states[1]["rate"], 1)
    return round(workload["mean_qps"] * (1 - amplitude()), 1)


# -- Pipelines -----------------------------------------------------------------

class Stage:
    """A stage of an application: its family, the share of queries that visit
    it, and its share of the SLO (the equal split: the SLO over the stages on
    the longest path, INFaaS' own rule for a pipeline)."""

    def __init__(self, name, family, visit, budget_ms):
        self.name, self.family, self.visit, self.budget_ms = name, family, visit, budget_ms


def visit_probabilities(pipeline):
    """As servesim's Pipeline::visit_probability: a join's in-branches independent."""
    names = [s["name"] for s in pipeline["stages"]]
    into = {n: [e for e in pipeline["edges"] if e["to"] == n] for n in names}
    visit = {}
    for n in names:  # the stages are listed in an order where every edge points forward
        if not into[n]:
            visit[n] = 1.0
        else:
            missed = 1.0
            for e in into[n]:
                missed *= 1 - visit[e["from"]] * e.get("probability", 1.0)
            visit[n] = 1 - missed
    return visit


def depth(pipeline):
    names = [s["name"] for s in pipeline["stages"]]
    d = {n: 1 for n in names}
    for n in names:
        for e in pipeline["edges"]:
            if e["from"] == n:
                d[e["to"]] = max(d[e["to"]], d[n] + 1)
    return max(d.values())


def fastest_cpu_path_ms(pipeline, fams):
    """The longest path of the stages' fastest batch-1 CPU latencies (servesim's
    fastest_end_to_end on the CPU types)."""
    devices, _ = hardware()
    cpus = [n for n, t in devices.items() if t["kind"] == "cpu" and n.split(".")[0] in CPU_FAMILIES]

    def fastest(family):
        return min(v["latency_ms"][t][0][1] for v in fams[family]["variants"] for t in cpus if t in v["latency_ms"])

    finish = {}
    for s in pipeline["stages"]:
        start = max((finish[e["from"]] for e in pipeline["edges"] if e["to"] == s["name"]), default=0.0)
        finish[s["name"]] = start + fastest(s["family"])
    return max(finish.values())


def slo_ms(pipeline, fams):
    return SLO_CPU_MULTIPLE * fastest_cpu_path_ms(pipeline, fams)


def stages(pipeline, fams, slo=None):
    """The pipeline's stages with their budgets, under the SLO rule's SLO unless one is given."""
    slo = slo or slo_ms(pipeline, fams)
    visit = visit_probabilities(pipeline)
    return [Stage(s["name"], s["family"], visit[s["name"]], slo / depth(pipeline)) for s in pipeline["stages"]]


# -- Hardware choices ------------------------------------------------------------

def pipeline_price_per_query(instance, app_stages, fams, kind=None):
    """The instance's dollars per hour per query/s of the application, each
    stage weighted by its visits, at each stage's best variant by the
    capacity rule (on its devices of `kind`, if given); None when the
    instance serves no stage."""
    total, served = 0.0, False
    for st in app_stages:
        caps = [instance_capacity_qps(v, instance, st.budget_ms, kind) for v in fams[st.family]["variants"]]
        if max(caps) > 0:
            total += st.visit * instance["price_per_hour"] / max(caps)
            served = True
    return total if served else None


def cheapest_instance(kind, app_stages, fams):
    """The instance type of a device kind with the lowest price per query for
    the application, among those serving every stage that some type of the
    kind serves (the rule for one instance type per kind)."""
    devices, _ = hardware()
    of_kind = {n: t for n, t in steady_instances().items()
               if any(devices[slot["type"]]["kind"] == kind for slot in t["devices"])}

    def serves(inst, st):
        return any(instance_capacity_qps(v, inst, st.budget_ms, kind) > 0 for v in fams[st.family]["variants"])

    servable = [st for st in app_stages if any(serves(t, st) for t in of_kind.values())]
    if not servable:
        return None
    best = None
    for name, inst in sorted(of_kind.items()):
        if all(serves(inst, st) for st in servable):
            price = pipeline_price_per_query(inst, servable, fams, kind)
            if best is None or price < best[0]:
                best = (price, name)
    return best[1] if best else None


def worker_types(app_stages, fams):
    """{kind: instance type} by cheapest_instance, for the kinds that serve something."""
    out = {}
    for kind in ("cpu", "gpu", "inferentia"):
        t = cheapest_instance(kind, app_stages, fams)
        if t:
            out[kind] = t
    return out


def fixed_cluster(apps, fams):
    """{device type: count}: for each stage of each application, the device
    type with the lowest price per query for its most accurate variant (the
    capacity rule within its budget), as many as carry the stage's visits at
    the application's peak; summed over the stages."""
    devices, _ = hardware()
    steady = sorted({slot["type"] for t in steady_instances().values() for slot in t["devices"]})
    counts = {}
    for app_stages, peak in apps:
        for st in app_stages:
            top = most_accurate(fams[st.family])
            options = []
            for name in steady:
                cap = capacity_qps(top, name, st.budget_ms)
                if cap > 0:
                    options.append((devices[name]["price_per_hour"] / cap, name, cap))
            _, device, cap = min(options)
            counts[device] = counts.get(device, 0) + math.ceil(peak * st.visit / cap)
    return counts


def scaled(counts, k):
    """Every device count times k, rounded up (the neutral worlds' sizing)."""
    return {d: math.ceil(n * k - 1e-9) for d, n in counts.items()}


def fixed_cluster_price(counts):
    devices, _ = hardware()
    return sum(devices[d]["price_per_hour"] * n for d, n in counts.items())


def spot_market():
    """The spot market of every side-by-side day, the MArk scenarios' own:
    each type MArk may buy priced by its own series
    (generate_spot_prices.py states the sources), the discount left for
    the burstables, which no policy buys on the spot market."""
    missing = sorted(set(mark_candidates()) - set(spot_prices.MEAN_RATIO))
    if missing:
        raise ValueError(f"no spot price series for {missing}: add them to generate_spot_prices.py")
    return {"discount": 0.7, "price_series": {t: f"{SPOT_SERIES_DIR}{t}.csv" for t in mark_candidates()},
            "interruptions": SPOT_INTERRUPTIONS}


def spot_text():
    """The spot market in a description's words, from the series' mean ratios."""
    off = {t: round(100 * (1 - spot_prices.MEAN_RATIO[t]), 1) for t in mark_candidates()}
    usual = max(set(off.values()), key=list(off.values()).count)
    others = " and ".join(f"{t} {v:g} %" for t, v in sorted(off.items()) if v != usual)
    return (f"spot priced per type by its own hourly series in traces/data/spot_prices/, on average {usual:g} % "
            f"off, {others}, taken back {SPOT_INTERRUPTIONS['per_hour']} per instance-hour")


def mark_candidates():
    """Every type MArk's Algorithm 1 may choose: the steady ones."""
    return sorted(steady_instances())
