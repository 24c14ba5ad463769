#!/usr/bin/env python3
"""Writes the side-by-side scenarios (configs/scenarios/side_by_side/).

Every policy that can serve a scenario runs in it, with its baselines, on one
world (side_by_side_world.py states each number's source): cloud_day (one
image-classification application on a Twitter-shaped day), bursty_day (the
same on an MMPP day) and pipeline_day (InferLine's Social Media and Video
Monitoring pipelines on the Twitter-shaped day). Run it after changing
anything here or in the world; `--check` exits 1 if a written scenario
differs from what it would write (CTest runs it so:
SideBySideScenariosAreCurrent).
"""
import argparse
import json
import math
import sys

import side_by_side_world as w
from generated_files import write_or_check
from generate_inferline_scenarios import PIPELINES as INFERLINE_PIPELINES

OUT = w.ROOT / "configs/scenarios/side_by_side"
IMAGE_FAMILY = "cloud_resnet"
PIPELINE_APPS = ("social_media", "video_monitoring")


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
              "cpu_cores_per_replica": instances[workers["cpu"]]["vcpus"], "initial_load_qps": first}
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
            "params": {"mode": "clipper+", "fixed_variant": top, "worker_types": {kind: worker},
                       "initial_workers": {worker: count}, "preload_placement": "spread",
                       "preload": [{"variant": top, "device_type": slot["type"], "count": count * slot["count"]}]}}


def fixed_image_policies(counts, app_name, first):
    warm = {"initial_load_qps": {app_name: first}}
    entries = [("proteus", "proteus", warm), ("sommelier", "sommelier", warm), ("clipper-ha", "clipper-ha", warm),
               ("clipper-ht", "clipper-ht", warm),
               ("infaas", "infaas-accuracy", dict(warm, mode="infaas-accuracy")), ("inferline", "inferline", {})]
    return [{"name": n, "label": label, "params": params, "cluster": own_cluster(counts)}
            for n, label, params in entries]


def image_day(name, what, workload):
    fams = w.families()
    pipeline = one_stage(IMAGE_FAMILY)
    app_stages = w.stages(pipeline, fams)
    slo = w.slo_ms(pipeline, fams)
    counts = w.fixed_cluster([(app_stages, w.peak_qps(workload))], fams)
    first = w.first_qps(workload)
    policies = image_policies(fams, app_stages, first) + fixed_image_policies(counts, "image", first)
    p = {x["label"]: x["params"] for x in policies}
    clipper_workers = " + ".join(f"{n} x {t}" for t, n in p["clipper-plus"]["initial_workers"].items())
    description = (
        f"{what} One application, image classification with the {IMAGE_FAMILY} family (ResNet-18 to -152, "
        f"top-1 69.8-78.3 %), SLO 2x the fastest batch-1 CPU latency (Proteus section 6.1.2: {slo:.1f} ms, "
        f"ResNet-18 on a c5.4xlarge). On the elastic AWS cloud at on-demand prices ({w.spot_text()}; "
        f"Lambda {w.LAMBDA_MEMORY_MB} MB): INFaaS (workers {', '.join(p['infaas']['worker_types'].values())}, "
        f"the cheapest per query of each kind), SM+ and Clipper+ (INFaaS section 6's baselines, ResNet-152; "
        f"Clipper+ on {clipper_workers}, as many as carry the diurnal peak), MArk on demand and "
        f"spot (ResNet-152, every non-burstable type, Lambda for overflow, SLO monitor on "
        f"{p['mark-ondemand']['slo_monitor_type']}) and SageMaker (ResNet-152, target tracking on "
        f"{p['sagemaker']['instance_type']}). Proteus, Sommelier, Clipper-HA/HT, INFaaS-Accuracy and InferLine "
        f"(a one-stage pipeline) cannot launch instances: they run on a fixed cluster of {cluster_text(counts)}, "
        f"the cheapest that carries the day's peak ({w.peak_qps(workload):.0f} QPS) at ResNet-152 (a device's "
        f"capacity at the largest batch within half the SLO), billed on demand like every instance here, "
        f"${w.fixed_cluster_price(counts):.2f}/h. CG-Mean and CG-Peak are left out: InferLine defines them for "
        f"pipelines (section 6), and they run on pipeline_day. Every policy starts warm at {first} QPS; the first "
        f"{w.WARMUP_S} s "
        f"are warm-up. Written by scripts/scenarios/generate_side_by_side_scenarios.py "
        f"(scripts/scenarios/side_by_side_world.py states each number's source).")
    return {
        "name": name, "description": description, "seed": 1, "duration_s": w.DAY_S,
        "catalogs": w.CATALOGS, "cluster": {"instances": []},
        "cloud": {"spot": w.spot_market(), "lambda": {"functions": lambda_functions(fams, [IMAGE_FAMILY])}},
        "applications": [{"name": "image", "family": IMAGE_FAMILY, "workload": workload,
                          "history": dict(workload, duration_s=w.DAY_S)}],
        "serving": {"drop": "expired", "slo_cpu_multiple": w.SLO_CPU_MULTIPLE},
        "policies": policies,
        "outputs": {"window_s": w.WINDOW_S, "warmup_s": w.WARMUP_S},
    }


# -- The pipeline day -------------------------------------------------------------

def per_stage(label, inner, params, cluster=None):
    entry = {"name": "per-stage", "label": label, "params": {"policy": inner, "params": params, "slo_split": "equal"}}
    if cluster:
        entry["cluster"] = cluster
    return entry


def pipeline_policies(apps, fams, first_by_app, counts):
    _, instances = w.hardware()
    all_stages = [st for app_stages in apps.values() for st in app_stages]
    workers = w.worker_types(all_stages, fams)
    loads = stage_loads(apps, first_by_app)
    infaas = {"worker_types": workers, "initial_workers": {t: 1 for t in workers.values()},
              "cpu_cores_per_replica": instances[workers["cpu"]]["vcpus"], "initial_load_qps": loads}
    cluster = own_cluster(counts)
    # The coarse-grained plan replicates every stage with its slowest, so it
    # needs several times the cluster sized stage by stage (InferLine's
    # point): it serves with the units that fit, the rest counted.
    coarse = {"short_cluster": "serve_what_fits"}
    native = [{"name": "inferline", "label": "inferline", "params": {}, "cluster": cluster}] + [
        {"name": n, "label": n, "params": coarse, "cluster": cluster} for n in ("cg-mean", "cg-peak")]
    return native + [
        per_stage("proteus", "proteus", {"initial_load_qps": loads}, cluster),
        per_stage("clipper-ha", "clipper-ha", {"initial_load_qps": loads}, cluster),
        per_stage("infaas", "infaas", infaas),
        per_stage("mark-ondemand", "mark", {"instance_types": w.mark_candidates()}),
        per_stage("mark-spot", "mark", {"instance_types": w.mark_candidates(), "market": "spot"}),
        per_stage("sagemaker", "sagemaker", {"instance_family": sorted({t.split(".")[0] for t in w.steady_instances()})}),
    ]


def pipeline_day():
    fams = w.families()
    pipelines = {a: cloud_pipeline(a) for a in PIPELINE_APPS}
    workloads = {a: w.diurnal_day(w.MEAN_QPS / len(PIPELINE_APPS)) for a in PIPELINE_APPS}
    apps = {a: w.stages(pipelines[a], fams) for a in PIPELINE_APPS}
    counts = w.fixed_cluster([(apps[a], w.peak_qps(workloads[a])) for a in PIPELINE_APPS], fams)
    first = {a: w.first_qps(workloads[a]) for a in PIPELINE_APPS}
    slos = {a: w.slo_ms(pipelines[a], fams) for a in PIPELINE_APPS}
    budgets = "; ".join(f"{a}: SLO {slos[a]:.0f} ms, {slos[a] / w.depth(pipelines[a]):.0f} ms per stage"
                        for a in PIPELINE_APPS)
    description = (
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
        "Proteus and Clipper-HA "
        "per stage on the fixed cluster with "
        f"InferLine and the CGs: {cluster_text(counts)}, for each stage the device type with the lowest price per "
        "query within its budget, as many as carry its visits at the day's peak, billed on demand like every "
        f"instance here, ${w.fixed_cluster_price(counts):.2f}/h. CG-Mean and CG-Peak replicate the whole "
        "pipeline as a unit (one replica of every stage), which needs several times this cluster: they serve with the "
        "units that fit and count the rest (short_cluster serve_what_fits, their no_free_device). Left out: Sommelier, Clipper-HT and "
        "INFaaS-Accuracy choose among a family's variants, and every stage here has one (they would be "
        "Proteus' start plan and INFaaS); SM+ and Clipper+ are INFaaS with a variant pinned per family, "
        "which with one variant per stage leaves only their scaling switched off, what cloud_day measures. "
        f"Every policy starts warm at the valley ({', '.join(f'{a} {first[a]} QPS' for a in PIPELINE_APPS)}); "
        f"the first {w.WARMUP_S} s are warm-up. Written by scripts/scenarios/generate_side_by_side_scenarios.py.")
    return {
        "name": "side_by_side_pipeline_day", "description": description, "seed": 1, "duration_s": w.DAY_S,
        "catalogs": w.CATALOGS, "cluster": {"instances": []},
        "cloud": {"spot": w.spot_market(), "lambda": {"functions": lambda_functions(
            fams, sorted({s["family"] for p in pipelines.values() for s in p["stages"]}))}},
        "applications": [{"name": a, "pipeline": pipelines[a], "workload": workloads[a],
                          "history": dict(workloads[a], duration_s=w.DAY_S)} for a in PIPELINE_APPS],
        "serving": {"drop": "expired", "slo_cpu_multiple": w.SLO_CPU_MULTIPLE},
        "policies": pipeline_policies(apps, fams, first, counts),
        "outputs": {"window_s": w.WINDOW_S, "warmup_s": w.WARMUP_S},
    }


def scenarios():
    return {
        "cloud_day.json": image_day("side_by_side_cloud_day", "A Twitter-shaped day at 1000 QPS mean.",
                                    w.diurnal_day()),
        "bursty_day.json": image_day("side_by_side_bursty_day",
                                     "An MMPP day (MArk section 5.2's bursts: 3x for 5 minutes, 20 minutes apart on "
                                     "average) at 1000 QPS mean.", w.mmpp_day()),
        "pipeline_day.json": pipeline_day(),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a scenario on disk differs")
    args = parser.parse_args()
    files = {name: json.dumps(doc, indent=2) + "\n" for name, doc in scenarios().items()}
    return write_or_check(files, OUT, w.ROOT, args.check, "generate_side_by_side_scenarios.py")


if __name__ == "__main__":
    sys.exit(main())
