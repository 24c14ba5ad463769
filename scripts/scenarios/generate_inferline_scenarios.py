#!/usr/bin/env python3
"""Writes InferLine's paper scenarios (configs/scenarios/papers/inferline/).

The four pipelines, the cluster and the workloads are defined once here, so
the thirteen scenarios cannot drift apart. Run it after changing anything
below; `--check` exits 1 if a written scenario differs from what it would
write (CTest runs it so: InferlineScenariosAreCurrent).

Where each number comes from (InferLine, SoCC'20):
  - pipelines: section 2 and the prototype's containers (Figure 2's boxes are
    not in the text); the branch probabilities are ours, stated per edge;
  - SLO 150 ms (sections 7.1-7.3), lambda 150 QPS, CV 1 or 4 (section 7's
    CV is the squared one: our `cv2`);
  - cluster: section 6's "up to 16 p2.8xlarge" (8 K80 and 32 vCPUs each):
    128 K80 and 512 vCPUs, the paper's hardware and nothing else. (Until
    issue 37 the scenarios added 32 V100s, because on the catalog's old K80
    line TF-NMT took 165 ms at batch 1 and YOLOv3 plus an identification
    model 205 ms; with the per-model K80 profiles every pipeline's fastest
    batch-1 path fits 150 ms on K80s and vCPUs.) `--with-v100 DIR` writes the
    same scenarios with those 32 V100s (8 p3.8xlarge, the public code's third
    tier, $2.528/h each) into DIR, for comparing a faster GPU tier; they are
    not shipped and `--check` ignores them;
  - the Planner's sample: 50,000 arrivals (the prototype's), from a separate
    trace of the same lambda and CV (section 6), or the history given.
"""
import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "configs/scenarios/papers/inferline"
CATALOGS = {
    "hardware": ["../../../catalogs/hardware/inferline_devices.json"],
    "models": ["../../../catalogs/models/inferline_models.json"],
}
# Section 6: 16 p2.8xlarge x (8 K80, 32 vCPUs).
P2_8XLARGE_INSTANCES = 16
CLUSTER = {"devices": [{"type": "p2.8xlarge.vcpu", "count": 32 * P2_8XLARGE_INSTANCES},
                       {"type": "k80", "count": 8 * P2_8XLARGE_INSTANCES}]}
# Not the paper's: 8 p3.8xlarge x 4 V100, the option --with-v100 adds.
V100_OPTION = {"type": "v100", "count": 32}
SLO_MS = 150


def stage(name, family):
    return {"name": name, "family": "inferline_" + family}


def edge(src, dst, probability=None):
    e = {"from": src, "to": dst}
    if probability is not None:
        e["probability"] = probability
    return e


# Branch probabilities are ours: the paper gives none.
PIPELINES = {
    # Image Processing: pre-processing, then ResNet152.
    "image_processing": {
        "stages": [stage("preprocess", "preprocess"), stage("classify", "resnet152")],
        "edges": [edge("preprocess", "classify")]},
    # Video Monitoring: YOLOv3 finds vehicles (60 % of frames, ours) and
    # people (40 %, ours); every vehicle crop goes to OpenALPR after
    # vehicle identification.
    "video_monitoring": {
        "stages": [stage("detect", "yolov3"), stage("vehicle", "vehicle_id"), stage("plate", "openalpr"),
                   stage("person", "person_id")],
        "edges": [edge("detect", "vehicle", 0.6), edge("vehicle", "plate"), edge("detect", "person", 0.4)]},
    # Social Media: the linked image is pre-processed and classified; the text's
    # language is identified, translated when not English (30 % of posts,
    # ours), then categorized (after the translation when there is one: a
    # join).
    "social_media": {
        "stages": [stage("preprocess", "preprocess"), stage("image", "inception_v3"), stage("language", "lang_id"),
                   stage("translate", "tf_nmt"), stage("categorize", "categorizer")],
        "edges": [edge("preprocess", "image"), edge("language", "translate", 0.3), edge("language", "categorize"),
                  edge("translate", "categorize")]},
    # TF Cascade: ResNet50 answers; ResNet152 is asked when it is unsure
    # (30 % of queries, ours).
    "tf_cascade": {
        "stages": [stage("fast", "resnet50"), stage("slow", "resnet152")],
        "edges": [edge("fast", "slow", 0.3)]},
}

TITLES = {"image_processing": "Image Processing", "video_monitoring": "Video Monitoring",
          "social_media": "Social Media", "tf_cascade": "TF Cascade"}


def gamma(rate, cv2):
    return {"kind": "gamma", "rate": rate, "cv2": cv2}


def application(pipeline, workload, history=None, slo_ms=SLO_MS):
    app = {"name": pipeline, "slo_ms": slo_ms, "pipeline": PIPELINES[pipeline], "workload": workload}
    if history is not None:
        app["history"] = history
    return app


def policy(name, label, oracle=False, **params):
    """A policy entry; oracle=True grants it the run's future arrivals (planning on the live trace)."""
    entry = {"name": name, "label": label}
    if oracle:
        entry["oracle"] = True
    entry["params"] = params
    return entry


def scenario(name, description, duration_s, app, policies, window_s=10):
    return {"name": "inferline_" + name, "description": description, "seed": 1, "duration_s": duration_s,
            "catalogs": CATALOGS, "cluster": CLUSTER, "applications": [app], "policies": policies,
            "outputs": {"window_s": window_s}}


# The policies each experiment compares.
PLANNER_ONLY = policy("inferline", "inferline-plan", tuner="none")
ORACLE_PLAN = policy("inferline", "inferline-oracle-plan", oracle=True, tuner="none", planning="oracle")
INFERLINE = policy("inferline", "inferline")
CG_MEAN_PLAN = policy("cg-mean", "cg-mean", tuner="none")
CG_PEAK_PLAN = policy("cg-peak", "cg-peak", tuner="none")
CG_MEAN_TUNED = policy("cg-mean", "cg-mean")
CG_PEAK_TUNED = policy("cg-peak", "cg-peak")

# A history of the planned-for load, long enough for the 50,000-arrival
# sample (400 s at 150 QPS is 60,000 arrivals): the Tuner experiments plan on
# the load before the change, as the paper's do.
PLANNED_LOAD_HISTORY = {**gamma(150, 1), "duration_s": 400}


def estimator_accuracy(pipeline):
    """Figure 8: lambda 150, CV 4; 300 s (45,000 arrivals: the whole live
    trace fits the 50,000-arrival sample, so the oracle plans on it all)."""
    return scenario(
        "estimator_" + pipeline,
        f"InferLine SoCC'20 section 7.2, Fig. 8 ({TITLES[pipeline]}): the Estimator's P99 against the full "
        "simulation's. lambda 150 QPS, CV 4 (cv2), SLO 150 ms, 300 s. inferline-oracle-plan plans on the live trace "
        "itself (same trace and configuration: its counter estimated_p99_ms against the run's latency_ms.p99); "
        "inferline-plan plans on a separate sample of the same lambda and CV (both should be below the SLO). "
        "No Tuner, so the deployed configuration is the one estimated.",
        300, application(pipeline, gamma(150, 4)), [ORACLE_PLAN, PLANNER_ONLY])


def planner_vs_cg(pipeline):
    """Figure 5: lambda 150, CV 1 (the ledger's named run: CV 4)."""
    return scenario(
        "planner_vs_cg_" + pipeline,
        f"InferLine SoCC'20 section 7.1, Fig. 5 ({TITLES[pipeline]}): the Planner against the coarse-grained "
        "baselines, 150 ms SLO, lambda 150 QPS, CV 1 (the ledger's named run cv4: CV 4), 600 s. Plans only (no "
        "tuning: Fig. 5 compares configurations). Costs: policy_counters.planned_cost_per_hour and cost.hosted. "
        "lambda 50-500: scripts/sweep.sh with --grid 'applications[0].workload.rate=50,100,...'",
        600, application(pipeline, gamma(150, 1)), [PLANNER_ONLY, CG_MEAN_PLAN, CG_PEAK_PLAN])


def real_trace(name, csv, shape):
    """Figure 6: AutoScale's per-minute rates, 30 s each at Gamma CV 1,
    scaled to a 300 QPS peak; the first 25 % plans, the rest is live."""
    # The file holds percent of the peak per 30-s interval: 100 x factor 90 /
    # 30 s = 300 QPS.
    series = {"kind": "rate_series", "file": "../../../../traces/data/" + csv, "format": "csv", "interval_s": 30,
              "scale": {"factor": 90}, "within": {"kind": "gamma", "cv": 1}}
    history = {**series, "window": {"start_s": 0, "length_s": 450}, "duration_s": 450}
    live = {**series, "window": {"start_s": 450, "length_s": 1350}}
    return scenario(
        "real_trace_" + name,
        "InferLine SoCC'20 section 7.1, Fig. 6" + shape + " on Social Media, 150 ms SLO: one of AutoScale's "
        "(Gandhi et al., TOCS'12) per-minute traces, each minute's rate for 30 s at Gamma CV 1, scaled to a "
        "300 QPS peak; the first 25 % (450 s) is the Planner's history, the other 1350 s are served. The trace's "
        "shape is an approximation (traces/data/README.md). InferLine with its Tuner against CG-Mean and CG-Peak "
        "with AutoScale. Cost: cost.hosted (the devices the replicas occupied, over time).",
        1350, application("social_media", live, history), [INFERLINE, CG_MEAN_TUNED, CG_PEAK_TUNED])


def rising_rate(pipeline, figure, policies):
    """Figures 7 and 12: 150 QPS, then the rate doubles over 5 minutes."""
    workload = {"kind": "gamma_transition", "from": {"rate": 150, "cv2": 1}, "to": {"rate": 300, "cv2": 1},
                "start_s": 60, "transition_s": 300}
    return scenario(
        "rising_rate_" + pipeline if figure == 7 else "attribution_" + pipeline,
        f"InferLine SoCC'20 Fig. {figure} ({TITLES[pipeline]}, 150 ms SLO): planned on 150 QPS at CV 1 (a 400 s "
        "history), the live rate stays at 150 QPS for 60 s, rises linearly to 300 QPS over 300 s (ours: the paper's "
        "rates are only in its plot) and stays there to 600 s.",
        600, application(pipeline, workload, PLANNED_LOAD_HISTORY), policies)


def tuner_rate_change():
    """Figure 10: 150 -> 250 QPS; the transition time is the ledger's
    named runs' to vary."""
    workload = {"kind": "gamma_transition", "from": {"rate": 150, "cv2": 1}, "to": {"rate": 250, "cv2": 1},
                "start_s": 120, "transition_s": 60}
    return scenario(
        "tuner_rate_change",
        "InferLine SoCC'20 section 7.2, Fig. 10 (Social Media, 150 ms SLO): the rate moves from the planned-for "
        "150 QPS to 250 QPS (CV 1) from 120 s over 60 s (the ledger's named runs: 10 s and 240 s). InferLine with "
        "its Tuner, the Planner alone on the sample, and the Planner alone on the whole live trace (oracle).",
        600, application("social_media", workload, PLANNED_LOAD_HISTORY),
        # The oracle plans on the whole live trace (at most 150,000 arrivals).
        [INFERLINE, PLANNER_ONLY, {**ORACLE_PLAN, "params": {**ORACLE_PLAN["params"], "sample_size": 200000}}])


def tuner_cv_change():
    """Figure 11: CV 1 -> 4 at 150 QPS."""
    workload = {"kind": "gamma_transition", "from": {"rate": 150, "cv2": 1}, "to": {"rate": 150, "cv2": 4},
                "start_s": 120, "transition_s": 60}
    return scenario(
        "tuner_cv_change",
        "InferLine SoCC'20 section 7.2, Fig. 11 (Social Media, 150 ms SLO): at 150 QPS the burstiness moves from "
        "CV 1 to CV 4 from 120 s over 60 s. InferLine with its Tuner against the Planner alone.",
        600, application("social_media", workload, PLANNED_LOAD_HISTORY), [INFERLINE, PLANNER_ONLY])


def planner_sensitivity():
    """Figure 9: the plan's cost over SLO, CV and lambda (the ledger's
    named runs); only the plan matters, so the run is short."""
    return scenario(
        "planner_sensitivity",
        "InferLine SoCC'20 section 7.2, Fig. 9 (Social Media): the Planner's cost "
        "(policy_counters.planned_cost_per_hour) for SLOs of 100-300 ms, CV 1 and 4, lambda 100-300 QPS (the "
        "ledger's named runs); the base run is 150 ms, CV 1, 150 QPS. 30 s runs: the plan is what is measured.",
        30, application("social_media", gamma(150, 1)), [PLANNER_ONLY], window_s=30)


def scenarios():
    out = {}
    for p in PIPELINES:
        out["estimator_" + p] = estimator_accuracy(p)
    for p in ("image_processing", "video_monitoring"):
        out["planner_vs_cg_" + p] = planner_vs_cg(p)
    out["real_trace_big_spike"] = real_trace("big_spike", "autoscale_big_spike.csv", "(a), a big spike,")
    out["real_trace_spike_drop"] = real_trace("spike_drop", "autoscale_spike_drop.csv",
                                              "(b), a rise with a spike, then a steep drop,")
    out["rising_rate_social_media"] = rising_rate("social_media", 7, [INFERLINE, CG_MEAN_TUNED, CG_PEAK_TUNED])
    out["attribution_image_processing"] = rising_rate(
        "image_processing", 12,
        [policy("cg-peak", "cg-plan", tuner="none"), PLANNER_ONLY,
         policy("inferline", "inferline-plan-autoscale", tuner="autoscale"), INFERLINE])
    out["tuner_rate_change"] = tuner_rate_change()
    out["tuner_cv_change"] = tuner_cv_change()
    out["planner_sensitivity"] = planner_sensitivity()
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a written scenario is stale")
    parser.add_argument("--with-v100", metavar="DIR", type=Path,
                        help="write the scenarios with 32 V100s added to the cluster into DIR instead (not the "
                             "paper's hardware; catalog paths stay relative to configs/scenarios/papers/inferline/, "
                             "so DIR must be a directory three levels below the repository, e.g. "
                             "configs/scenarios/papers/inferline_v100)")
    args = parser.parse_args()
    if args.with_v100:
        out = args.with_v100 if args.with_v100.is_absolute() else Path.cwd() / args.with_v100
        out.mkdir(parents=True, exist_ok=True)
        for name, doc in scenarios().items():
            doc["cluster"] = {"devices": CLUSTER["devices"] + [V100_OPTION]}
            (out / (name + ".json")).write_text(json.dumps(doc, indent=2) + "\n")
        return 0
    stale = []
    if not args.check:
        OUT.mkdir(parents=True, exist_ok=True)
    for name, doc in scenarios().items():
        path = OUT / (name + ".json")
        text = json.dumps(doc, indent=2) + "\n"
        if args.check:
            if not path.exists() or path.read_text() != text:
                stale.append(str(path.relative_to(ROOT)))
        else:
            path.write_text(text)
    if stale:
        print("stale (run scripts/scenarios/generate_inferline_scenarios.py): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
