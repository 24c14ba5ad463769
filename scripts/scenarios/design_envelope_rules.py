"""Which system each side-by-side policy stands for, and where a world leaves
the regime that system's paper designed it for (one line, or None), by rules
stated here rather than per world, so that every world is judged alike.
generate_side_by_side_scenarios.py writes them to
scripts/side_by_side/design_envelopes.json; the results page marks them.

The four published systems are INFaaS, Proteus, MArk and InferLine; every
other label is one of their papers' baselines (SM+, Clipper+ and
INFaaS-Accuracy are INFaaS' modes; Sommelier and Clipper-HA/HT Proteus'
baselines; SageMaker MArk's; CG-Mean and CG-Peak InferLine's), judged by
the same rules as the system whose paper defines it.
"""

import side_by_side_world as w

SYSTEM_OF = {"infaas": "infaas", "proteus": "proteus", "mark-ondemand": "mark", "mark-spot": "mark",
             "inferline": "inferline"}
# The paper that defines each baseline, whose design rules judge it (None:
# SageMaker, a managed service MArk compares with, has no design regime to leave).
PAPER_OF = {"sm-plus": "infaas", "clipper-plus": "infaas", "infaas-accuracy": "proteus", "sommelier": "proteus",
            "clipper-ha": "proteus", "clipper-ht": "proteus", "sagemaker": None, "cg-mean": "inferline",
            "cg-peak": "inferline"}


# The paper whose evaluation each policy belongs to, as its figures group
# them ("family" in design_envelopes.json; the time series draw a row each):
# its own for a system, the defining paper for a baseline, and MArk's for
# SageMaker, the service MArk compares with.
FAMILY_NAMES = {"infaas": "INFaaS", "proteus": "Proteus", "mark": "MArk", "inferline": "InferLine"}


def family_of(label):
    paper = SYSTEM_OF.get(label) or PAPER_OF.get(label) or {"sagemaker": "mark"}[label]
    return FAMILY_NAMES[paper]


def lambda_ms(variant):
    return variant["latency_ms"]["lambda"][0][1]


def one_variant_per_stage(world):
    return all(len(world.fams[st.family]["variants"]) == 1 for st in world.stages)


def mark_rule(world, label):
    slow = [(st, lambda_ms(w.most_accurate(world.fams[st.family]))) for st in world.stages]
    late = [(st, ms) for st, ms in slow if ms > st.budget_ms]
    if late:
        st, ms = max(late, key=lambda x: x[1] - x[0].budget_ms)
        return (f"its Lambda overflow takes {ms:.0f} ms, beyond the {st.budget_ms:.0f} ms budget (MArk section 5.1 "
                "sets RT_max at 100-1400 ms)")
    if world.pipelines:
        return "a pipeline served stage by stage: MArk plans one model at a time (section 4)"
    return None


def infaas_rule(world, label):
    if world.pipelines:
        return "one variant per stage: INFaaS' variant selection (section 4.2) has nothing to choose"
    return None


def proteus_rule(world, label):
    if one_variant_per_stage(world):
        return "one variant per stage: accuracy scaling (Proteus section 3) has nothing to give"
    return None


def inferline_rule(world, label):
    if not world.pipelines:
        return "one-stage pipelines: the Planner's per-stage choices (InferLine section 4) reduce to one"
    return None


RULES = {"mark": mark_rule, "infaas": infaas_rule, "proteus": proteus_rule, "inferline": inferline_rule}


class World:
    """What the rules read: the families, every stage of every application
    (with its SLO budget), and whether the applications are pipelines."""

    def __init__(self, fams, stages, pipelines):
        self.fams, self.stages, self.pipelines = fams, stages, pipelines


def envelopes(world, labels):
    """{label: {"system": ..., "outside": reason or None, "family": paper name}}."""
    out = {}
    for label in labels:
        paper = SYSTEM_OF[label] if label in SYSTEM_OF else PAPER_OF[label]  # an unknown label: KeyError
        outside = RULES[paper](world, label) if paper else None
        out[label] = {"system": SYSTEM_OF.get(label, "baseline"), "outside": outside, "family": family_of(label)}
    return out
