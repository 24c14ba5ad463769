#!/usr/bin/env python3
"""Writes the side-by-side scenarios (configs/scenarios/side_by_side/).

Every policy that can serve a scenario runs in it, with its baselines, on one
world (side_by_side_world.py states each number's source). Three neutral
worlds: cloud_day (one image-classification application on a Twitter-shaped
day), bursty_day (the same on an MMPP day) and pipeline_day (InferLine's
Social Media and Video Monitoring pipelines on the Twitter-shaped day). And
one world per system in the regime its paper designed for: mark_bursty_day,
proteus_overload_day, infaas_apps_day; InferLine's is pipeline_day itself,
whose fixed cluster the sizing rule makes peak-sized. It also
writes scripts/side_by_side/design_envelopes.json: per world, each policy's
system and why the world is outside its paper's design, if it is
(design_envelope_rules.py). Run it after changing
anything here or in the world; `--check` exits 1 if a written scenario
differs from what it would write (CTest runs it so:
SideBySideScenariosAreCurrent).
"""
import argparse
import json
import math
import sys

import design_envelope_rules as envelopes
import side_by_side_world as w
from generated_files import write_or_check
from generate_inferline_scenarios import PIPELINES as INFERLINE_PIPELINES

OUT = w.ROOT / "configs/scenarios/side_by_side"
ENVELOPES_OUT = w.ROOT / "scripts/side_by_side"
IMAGE_FAMILY = "cloud_resnet"
PIPELINE_APPS = ("social_media", "video_monitoring")
# Every INFaaS mode weighs its ILP's hardware cost C by the world's own price
# list (INFaaS Table 2's rule: the $/s of the hardware a replica holds), the
# prices it is billed at, not section 6.2's memory prices for its own workers.
INFAAS_PRICES = {"hardware_cost": "instance_share"}


def one_stage(family):
    return {"stages": [{"name": "classify", "family": family}], "edges": []}


def cloud_pipeline(name):
    """InferLine's pipeline with its stages' families on the AWS devices (cloud_<model>)."""
    p = INFERLINE_PIPELINES[name]
    return {"stages": [dict(s, family=s["family"].replace("inferline_", "cloud_")) for s in p["stages"]],
            "edges": p["edges"]}


def only_most_accurate(fams):
    """The families restricted to their most accurate variant: the world as a
    policy that never scales accuracy sees it."""
    return {n: dict(f, variants=[w.most_accurate(f)]) for n, f in fams.items()}


def lambda_functions(fams, families):
    return [{"name": w.most_accurate(fams[f])["name"], "variant": w.most_accurate(fams[f])["name"],
             "memory_mb": w.LAMBDA_MEMORY_MB, "cold_start_ms": w.LAMBDA_COLD_START_MS} for f in families]


def own_cluster(counts):
    return {"devices": [{"type": d, "count": n} for d, n in sorted(counts.items())]}


def cluster_text(counts):
    return " + ".join(f"{n} {d}" for d, n in sorted(counts.items()))


def stage_loads(apps, qps_of):
    """{application or "<application>.<stage>": first rate}: what a per-stage
    policy's derived applications are told at the start."""
    out = {}
    for name, app_stages in apps.items():
        for st in app_stages:
            out[f"{name}.{st.name}"] = round(qps_of[name] * st.visit, 1)
    return out


# -- The single-application days ----------------------------------------------------

def image_policies(fams, app_stages, first):
    """INFaaS (and SM+, Clipper+), MArk (on demand, spot) and SageMaker on
    the elastic cloud; Proteus, Sommelier, Clipper-HA/HT, INFaaS-Accuracy
    and InferLine on the fixed cluster."""
    _, instances = w.hardware()
    top = w.most_accurate(fams[IMAGE_FAMILY])["name"]
    workers = w.worker_types(app_stages, fams)
    top_workers = w.worker_types(app_stages, only_most_accurate(fams))
    # One replica per CPU worker: the catalog's CPU latencies are a whole
    # instance's (MArk's per-instance capacities), as MArk serves them.
    infaas = {"worker_types": workers, "initial_workers": {t: 1 for t in workers.values()},
              "cpu_cores_per_replica": instances[workers["cpu"]]["vcpus"], "initial_load_qps": first, **INFAAS_PRICES}
    endpoint_kind, endpoint = min(top_workers.items(), key=lambda kv: w.pipeline_price_per_query(
        instances[kv[1]], app_stages, only_most_accurate(fams), kv[0]))
    sm_plus = dict(infaas, mode="sm+", fixed_variant=top, worker_types=top_workers, initial_workers={endpoint: 1})
    mark = {"instance_types": w.mark_candidates(), "lambda_function": top,
            "slo_monitor_type": slo_monitor_type(top, fams, app_stages[0].budget_ms)}
    return [
        {"name": "infaas", "label": "infaas", "params": infaas},
        {"name": "infaas", "label": "sm-plus", "params": sm_plus},
        clipper_plus(top, endpoint_kind, endpoint, app_stages, fams),
        {"name": "mark", "label": "mark-ondemand", "params": mark},
        {"name": "mark", "label": "mark-spot", "params": dict(mark, market="spot")},
        {"name": "sagemaker", "label": "sagemaker", "params": {"instance_type": endpoint}},
    ]


def slo_monitor_type(variant_name, fams, slo):
    """MArk section 4.4's T: its cheapest candidate (per hour) whose batch-1
    latency of the served variant meets RT_max (the paper's c5.large cannot
    here)."""
    _, instances = w.hardware()
    variant = next(v for f in fams.values() for v in f["variants"] if v["name"] == variant_name)
    ok = [(instances[n]["price_per_hour"], n) for n in w.mark_candidates()
          if any(variant["latency_ms"].get(slot["type"], [[1, math.inf]])[0][1] <= slo
                 for slot in instances[n]["devices"])]
    return min(ok)[1]


def clipper_plus(top, kind, worker, app_stages, fams):
    """INFaaS section 6's Clipper+: the most accurate variant pre-loaded, one
    replica per device, on as many on-demand workers of the endpoint type as
    carry the peak; no autoscaling."""
    devices, instances = w.hardware()
    slot = next(s for s in instances[worker]["devices"] if devices[s["type"]]["kind"] == kind)
    variant = w.most_accurate(fams[IMAGE_FAMILY])
    count = math.ceil(w.peak_qps(w.diurnal_day()) / w.instance_capacity_qps(variant, instances[worker],
                                                                             app_stages[0].budget_ms, kind))
    return {"name": "infaas", "label": "clipper-plus",
            "params": {"mode": "clipper+", **INFAAS_PRICES, "fixed_variant": top, "worker_types": {kind: worker},
                       "initial_workers": {worker: count}, "preload_placement": "spread",
                       "preload": [{"variant": top, "device_type": slot["type"], "count": count * slot["count"]}]}}


# InferLine and its coarse-grained baselines plan for themselves; on a
# cluster sized by the world's rule for every fixed-cluster policy, a plan
# may ask for more devices than it has (infaas_apps_day: three applications,
# each planned alone). They then serve with the replicas that fit and count
# the rest as no_free_device, rather than not run.
PLANS_FOR_ITSELF = {"short_cluster": "serve_what_fits"}


def fixed_image_policies(counts, loads):
    """The fixed-cluster policies, each warm at `loads` ({application: QPS})."""
    warm = {"initial_load_qps": loads}
    entries = [("proteus", "proteus", warm), ("sommelier", "sommelier", warm), ("clipper-ha", "clipper-ha", warm),
               ("clipper-ht", "clipper-ht", warm),
               ("infaas", "infaas-accuracy", dict(warm, mode="infaas-accuracy", **INFAAS_PRICES))]
    entries += [(n, n, PLANS_FOR_ITSELF) for n in ("inferline", "cg-mean", "cg-peak")]
    return [{"name": n, "label": label, "params": params, "cluster": own_cluster(counts)}
            for n, label, params in entries]


class Sizing:
    """How a world's fixed cluster is sized: the rate it carries at the most
    accurate variant by the capacity rule, in words, and the neutral worlds'
    scale (side_by_side_world.FIXED_CLUSTER_SCALE)."""

    def __init__(self, qps, words, scale=1.0):
        self.qps, self.words, self.scale = qps, words, scale

    def counts(self, apps, fams):
        """apps: [(stages, share of the rate)]."""
        return w.scaled(w.fixed_cluster([(st, self.qps * share) for st, share in apps], fams), self.scale)

    def text(self, counts):
        scale = (f", times {self.scale:g} by the sizing rule (side_by_side_world.py: the best fixed-cluster policy "
                 "keeps 99 % on time at the peak)" if self.scale != 1 else "")
        return f"{cluster_text(counts)}, the cheapest that carries {self.words}{scale}"


def neutral_sizing(stem, workload):
    return Sizing(w.peak_qps(workload), f"the day's peak ({w.peak_qps(workload):.0f} QPS) at the most accurate "
                  "variant (a device's capacity at the largest batch within half the SLO)",
                  w.FIXED_CLUSTER_SCALE[stem])


def elastic_text(p):
    clipper_workers = " + ".join(f"{n} x {t}" for t, n in p["clipper-plus"]["initial_workers"].items())
    return (f"On the elastic AWS cloud at on-demand prices ({w.spot_text()}; Lambda {w.LAMBDA_MEMORY_MB} MB): "
            f"INFaaS (workers {', '.join(p['infaas']['worker_types'].values())}, the cheapest per query of each "
            f"kind), SM+ and Clipper+ (INFaaS section 6's baselines, ResNet-152; Clipper+ on {clipper_workers}, as "
            f"many as carry the diurnal peak), MArk on demand and spot (ResNet-152, every non-burstable type, "
            f"Lambda for overflow, SLO monitor on {p['mark-ondemand']['slo_monitor_type']}) and SageMaker "
            f"(ResNet-152, target tracking on {p['sagemaker']['instance_type']}).")


def fixed_text(counts, sizing):
    return ("Proteus, Sommelier, Clipper-HA/HT, INFaaS-Accuracy, InferLine and its coarse-grained baselines CG-Mean "
            "and CG-Peak (each application a one-stage pipeline) cannot launch instances: they run on a fixed cluster "
            f"of {sizing.text(counts)}, billed on demand like every instance here, "
            f"${w.fixed_cluster_price(counts):.2f}/h. InferLine and the CGs plan for themselves; where a plan asks "
            "for more devices than the cluster has, they serve with the replicas that fit and count the rest "
            "(short_cluster: serve_what_fits, the no_free_device counter).")


def closing_text(first):
    return (f"Every policy starts warm at {first}; the first {w.WARMUP_S} s are warm-up. Written by "
            "scripts/scenarios/generate_side_by_side_scenarios.py (scripts/scenarios/side_by_side_world.py states "
            "each number's source).")


def image_world(name, what, apps, sizing, serving, fams):
    """A world of image applications on the cloud_resnet family: apps is
    [(application entry, its stages, its share of the load)]; the elastic
    policies' instance types are chosen for the first (tightest) one."""
    first_stages = apps[0][1]
    loads = {a["name"]: w.first_qps(a["workload"]) for a, _, _ in apps}
    counts = sizing.counts([(st, share) for _, st, share in apps], fams)
    first = next(iter(loads.values())) if len(loads) == 1 else loads
    policies = image_policies(fams, first_stages, first) + fixed_image_policies(counts, loads)
    p = {x["label"]: x["params"] for x in policies}
    started = ", ".join(f"{a} {q} QPS" for a, q in loads.items()) if len(loads) > 1 else f"{first} QPS"
    description = " ".join([what, elastic_text(p), fixed_text(counts, sizing), closing_text(started)])
    world = envelopes.World(fams, [st for _, sts, _ in apps for st in sts], pipelines=False)
    return {
        "name": name, "description": description, "seed": 1, "duration_s": w.DAY_S,
        "catalogs": w.CATALOGS, "cluster": {"instances": []},
        "cloud": {"spot": w.spot_market(), "lambda": {"functions": lambda_functions(fams, [IMAGE_FAMILY])}},
        "applications": [dict(a, history=dict(a["workload"], duration_s=w.DAY_S)) for a, _, _ in apps],
        "serving": serving,
        "policies": policies,
        "outputs": {"window_s": w.WINDOW_S, "warmup_s": w.WARMUP_S},
    }, envelopes.envelopes(world, [x["label"] for x in policies])


def image_text(slo_words):
    return (f"One application, image classification with the {IMAGE_FAMILY} family (ResNet-18 to -152, top-1 "
            f"69.8-78.3 %), {slo_words}.")


def rule_slo_words(fams):
    return (f"SLO 2x the fastest batch-1 CPU latency (Proteus section 6.1.2: "
            f"{w.slo_ms(one_stage(IMAGE_FAMILY), fams):.1f} ms, ResNet-18 on a c5.4xlarge)")


def image_day(stem, what, workload, sizing=None, slo=None):
    """One image application; the SLO rule's SLO unless `slo` (ms) is given."""
    fams = w.families()
    app_stages = w.stages(one_stage(IMAGE_FAMILY), fams, slo)
    sizing = sizing or neutral_sizing(stem, workload)
    app = {"name": "image", "family": IMAGE_FAMILY, "workload": workload}
    serving = {"drop": "expired", "slo_cpu_multiple": w.SLO_CPU_MULTIPLE}
    slo_words = rule_slo_words(fams)
    if slo:
        app["slo_ms"] = slo
        serving = {"drop": "expired"}
        slo_words = (f"SLO {slo:.0f} ms (MArk section 5.1's response-time threshold for NASNet, its heaviest "
                     "image model; the Lambda path answers within it)")
    return image_world(f"side_by_side_{stem}", what + " " + image_text(slo_words), [(app, app_stages, 1.0)],
                       sizing, serving, fams)


# INFaaS Table 1's applications (accuracy, latency): each floor and SLO from
# the catalog, not chosen: "high" accuracy admits the two most accurate
# variants; "low" latency is the SLO rule's, "medium" the same rule on the
# most accurate variant's fastest CPU latency (what it can answer in).
INFAAS_APPS = (("social_media", "high", "medium"), ("visual_guidance", "high", "low"),
               ("intruder_detection", "low", "low"))


def infaas_apps(fams):
    variants = sorted(fams[IMAGE_FAMILY]["variants"], key=lambda v: v["accuracy"])
    best = variants[-1]["accuracy"]
    floor = {"high": round(variants[-2]["accuracy"] / best, 4), "low": None}
    rule = w.slo_ms(one_stage(IMAGE_FAMILY), fams)
    top_cpu = w.SLO_CPU_MULTIPLE * min(points[0][1] for t, points in variants[-1]["latency_ms"].items()
                                       if t.endswith(".cpu") and t.split(".")[0] in w.CPU_FAMILIES)
    slo = {"low": round(rule, 1), "medium": round(top_cpu, 1)}
    workload = w.diurnal_day(w.MEAN_QPS / len(INFAAS_APPS))
    out = []
    for name, accuracy, latency in INFAAS_APPS:
        app = {"name": name, "family": IMAGE_FAMILY, "slo_ms": slo[latency], "workload": workload}
        if floor[accuracy]:
            app["min_accuracy"] = floor[accuracy]
        out.append((app, w.stages(one_stage(IMAGE_FAMILY), fams, slo[latency]), 1 / len(INFAAS_APPS)))
    return sorted(out, key=lambda a: a[0]["slo_ms"]), slo, floor


def infaas_world():
    fams = w.families()
    apps, slo, floor = infaas_apps(fams)
    workload = apps[0][0]["workload"]
    sizing = neutral_sizing("cloud_day", w.diurnal_day())
    what = (f"INFaaS' own ground: its Table 1's three applications on one model family, the Twitter-shaped day at "
            f"{workload['mean_qps']:.1f} QPS mean each, {IMAGE_FAMILY} (ResNet-18 to -152) for all: "
            f"{', '.join(a['name'] for a, _, _ in apps)}; \"low\" latency is the SLO rule's {slo['low']} ms (2x the "
            f"fastest batch-1 CPU latency), \"medium\" {slo['medium']} ms (the same rule on ResNet-152), \"high\" "
            f"accuracy a floor of {floor['high']} of the best (the two most accurate variants), \"low\" none. "
            "Table 1's cost column has no counterpart: every policy is billed as it spends. InferLine's Planner "
            "plans each application alone (section 4), and the three plans together ask for more neuroncores than "
            "the fixed cluster has.")
    return image_world("side_by_side_infaas_apps_day", what, apps, sizing, {"drop": "expired"}, fams)


# -- The pipeline day -------------------------------------------------------------

def per_stage(label, inner, params, cluster=None):
    entry = {"name": "per-stage", "label": label, "params": {"policy": inner, "params": params, "slo_split": "equal"}}
    if cluster:
        entry["cluster"] = cluster
    return entry


def pipeline_clipper_plus(apps, fams, workers, peak_by_app):
    """INFaaS section 6's Clipper+ per stage: each stage's variant pre-loaded,
    one replica per device, on as many on-demand workers of the kind cheapest
    per query for it as carry its visits at the application's peak; no
    autoscaling (the image worlds' Clipper+, stage by stage)."""
    devices, instances = w.hardware()
    preload, initial = [], {}
    for app, app_stages in apps.items():
        for st in app_stages:
            top = w.most_accurate(fams[st.family])
            kinds = [(k, t) for k, t in workers.items() if w.instance_capacity_qps(top, instances[t], st.budget_ms, k) > 0]
            kind, worker = min(kinds, key=lambda kt: w.pipeline_price_per_query(instances[kt[1]], [st], fams, kt[0]))
            slot = next(x for x in instances[worker]["devices"] if devices[x["type"]]["kind"] == kind)
            count = math.ceil(peak_by_app[app] * st.visit / w.instance_capacity_qps(top, instances[worker], st.budget_ms,
                                                                                   kind))
            initial[worker] = initial.get(worker, 0) + count
            preload.append({"variant": top["name"], "device_type": slot["type"], "count": count * slot["count"]})
    return {"mode": "clipper+", **INFAAS_PRICES, "worker_types": workers, "initial_workers": initial,
            "preload_placement": "spread", "preload": preload}


def pipeline_policies(apps, fams, first_by_app, peak_by_app, counts):
    _, instances = w.hardware()
    all_stages = [st for app_stages in apps.values() for st in app_stages]
    workers = w.worker_types(all_stages, fams)
    loads = stage_loads(apps, first_by_app)
    infaas = {"worker_types": workers, "initial_workers": {t: 1 for t in workers.values()},
              "cpu_cores_per_replica": instances[workers["cpu"]]["vcpus"], "initial_load_qps": loads, **INFAAS_PRICES}
    # Each stage's one variant: the baselines' fixed variants.
    fixed = {"fixed_variants": {st.family: w.most_accurate(fams[st.family])["name"] for st in all_stages}}
    warm = {"initial_load_qps": loads}
    cluster = own_cluster(counts)
    native = [{"name": n, "label": n, "params": PLANS_FOR_ITSELF, "cluster": cluster}
              for n in ("inferline", "cg-mean", "cg-peak")]
    return native + [
        per_stage("proteus", "proteus", warm, cluster),
        per_stage("sommelier", "sommelier", warm, cluster),
        per_stage("clipper-ha", "clipper-ha", warm, cluster),
        per_stage("clipper-ht", "clipper-ht", warm, cluster),
        per_stage("infaas-accuracy", "infaas", dict(warm, mode="infaas-accuracy", **INFAAS_PRICES), cluster),
        per_stage("infaas", "infaas", infaas),
        per_stage("sm-plus", "infaas", dict(infaas, mode="sm+", **fixed)),
        per_stage("clipper-plus", "infaas", dict(pipeline_clipper_plus(apps, fams, workers, peak_by_app), **fixed)),
        per_stage("mark-ondemand", "mark", {"instance_types": w.mark_candidates()}),
        per_stage("mark-spot", "mark", {"instance_types": w.mark_candidates(), "market": "spot"}),
        per_stage("sagemaker", "sagemaker", {"instance_family": sorted({t.split(".")[0] for t in w.steady_instances()})}),
    ]


def pipeline_day(stem, what, sizing=None):
    fams = w.families()
    pipelines = {a: cloud_pipeline(a) for a in PIPELINE_APPS}
    workloads = {a: w.diurnal_day(w.MEAN_QPS / len(PIPELINE_APPS)) for a in PIPELINE_APPS}
    apps = {a: w.stages(pipelines[a], fams) for a in PIPELINE_APPS}
    sizing = sizing or neutral_sizing(stem, w.diurnal_day())
    counts = sizing.counts([(apps[a], 1 / len(PIPELINE_APPS)) for a in PIPELINE_APPS], fams)
    first = {a: w.first_qps(workloads[a]) for a in PIPELINE_APPS}
    peak = {a: w.peak_qps(workloads[a]) for a in PIPELINE_APPS}
    slos = {a: w.slo_ms(pipelines[a], fams) for a in PIPELINE_APPS}
    budgets = "; ".join(f"{a}: SLO {slos[a]:.0f} ms, {slos[a] / w.depth(pipelines[a]):.0f} ms per stage"
                        for a in PIPELINE_APPS)
    description = what + (
        "InferLine's Social Media (5 stages: preprocess -> image, language -> translate (30 %) -> categorize) and "
        "Video Monitoring (4 stages: detect -> vehicle (60 %) -> plate, detect -> person (40 %)) pipelines on the "
        f"Twitter-shaped day, {w.MEAN_QPS / len(PIPELINE_APPS):.0f} QPS mean each, their models (cloud_<stage>, "
        "one variant each) on the AWS devices. SLO per pipeline 2x its fastest batch-1 CPU path "
        f"(Proteus section 6.1.2's rule on the longest path): {budgets}. InferLine and its coarse-grained baselines "
        "CG-Mean and CG-Peak serve the pipelines whole; the single-model systems serve each stage as its own "
        "application through per-stage with the SLO split equally over the stages on the longest path (INFaaS' "
        "own rule for a pipeline; a split by the stages' fastest latencies would give the sub-millisecond "
        "stages, language identification and the categorizer, budgets of 15 and 1.5 ms, below a queueing delay): "
        "INFaaS, MArk on demand and spot (every non-burstable type, each stage on those its model runs on; the SLO "
        "monitor on the paper's c5.large, the one type every stage runs on), SageMaker (per stage the type cheapest "
        f"per request within its budget, of every non-burstable family) on the elastic cloud ({w.spot_text()}); "
        "SM+ and Clipper+ (INFaaS with each stage's one variant fixed; Clipper+ pre-loaded per stage on as many "
        "workers of the kind cheapest per query for it as carry its visits at the peak, no autoscaling) on the "
        "elastic cloud too; Proteus, Sommelier, Clipper-HA/HT and INFaaS-Accuracy "
        "per stage on the fixed cluster with "
        f"InferLine and the CGs: {sizing.text(counts)}; per stage, its visits on the device type with the lowest "
        "price per query within its budget; billed on demand like every "
        f"instance here, ${w.fixed_cluster_price(counts):.2f}/h. CG-Mean and CG-Peak replicate the whole "
        "pipeline as a unit (one replica of every stage). Every stage has one variant, so the policies that "
        "choose among a family's variants (Sommelier, Clipper-HT, INFaaS-Accuracy, SM+, Clipper+ and the "
        "systems' own accuracy scaling) have nothing to choose: the table's last column says so. "
        f"Every policy starts warm at the valley ({', '.join(f'{a} {first[a]} QPS' for a in PIPELINE_APPS)}); "
        f"the first {w.WARMUP_S} s are warm-up. Written by scripts/scenarios/generate_side_by_side_scenarios.py.")
    policies = pipeline_policies(apps, fams, first, peak, counts)
    world = envelopes.World(fams, [st for a in PIPELINE_APPS for st in apps[a]], pipelines=True)
    return {
        "name": f"side_by_side_{stem}", "description": description, "seed": 1, "duration_s": w.DAY_S,
        "catalogs": w.CATALOGS, "cluster": {"instances": []},
        "cloud": {"spot": w.spot_market(), "lambda": {"functions": lambda_functions(
            fams, sorted({s["family"] for p in pipelines.values() for s in p["stages"]}))}},
        "applications": [{"name": a, "pipeline": pipelines[a], "workload": workloads[a],
                          "history": dict(workloads[a], duration_s=w.DAY_S)} for a in PIPELINE_APPS],
        "serving": {"drop": "expired", "slo_cpu_multiple": w.SLO_CPU_MULTIPLE},
        "policies": policies,
        "outputs": {"window_s": w.WINDOW_S, "warmup_s": w.WARMUP_S},
    }, envelopes.envelopes(world, [x["label"] for x in policies])


def scenarios():
    day, bursty = w.diurnal_day(), w.mmpp_day()
    mmpp_words = ("An MMPP day (MArk section 5.2's bursts: 3x for 5 minutes, 20 minutes apart on average) at 1000 "
                  "QPS mean.")
    return {
        "cloud_day.json": image_day("cloud_day", "A Twitter-shaped day at 1000 QPS mean.", day),
        "bursty_day.json": image_day("bursty_day", mmpp_words, bursty),
        # Sized by the rule, the pipelines' fixed cluster carries the day's
        # spikes too: InferLine's own ground (a peak-sized cluster), no other.
        "pipeline_day.json": pipeline_day("pipeline_day", ""),
        # One world per other system, in the regime its paper designed for.
        "mark_bursty_day.json": image_day(
            "mark_bursty_day", "MArk's own ground: " + mmpp_words[0].lower() + mmpp_words[1:], bursty,
            sizing=Sizing(w.peak_qps(bursty), f"the burst rate ({w.peak_qps(bursty):.0f} QPS) at the most accurate "
                          "variant"), slo=w.MARK_RT_MAX_MS),
        "proteus_overload_day.json": image_day(
            "proteus_overload_day", "Proteus' own ground: a Twitter-shaped day at 1000 QPS mean on a fixed cluster "
            "that carries only the day's mean at the most accurate variant, so that above it accuracy must give way "
            "(Proteus section 6: a fixed cluster under load its most accurate plan cannot serve).", day,
            sizing=Sizing(w.MEAN_QPS, f"the day's mean ({w.MEAN_QPS:.0f} QPS) at the most accurate variant")),
        "infaas_apps_day.json": infaas_world(),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a scenario on disk differs")
    args = parser.parse_args()
    worlds = scenarios()
    files = {name: json.dumps(doc, indent=2) + "\n" for name, (doc, _) in worlds.items()}
    marks = {name[:-len(".json")]: envelope for name, (_, envelope) in sorted(worlds.items())}
    status = write_or_check(files, OUT, w.ROOT, args.check, "generate_side_by_side_scenarios.py")
    marks_file = {"design_envelopes.json": json.dumps(marks, indent=2) + "\n"}
    return write_or_check(marks_file, ENVELOPES_OUT, w.ROOT, args.check, "generate_side_by_side_scenarios.py") or status


if __name__ == "__main__":
    sys.exit(main())
