"""A policy's counters in words, for the page's "why" sentence: what it
scaled, launched, re-planned or routed (docs/policies.md, "What a policy
reports"). Only counters the policy reported (a value in sweep_points.csv)
are named, and only those that are not zero, as means over the seeds.

Counters are found with the prefixes policies give them: none, app<i>_ (MArk
and the coarse baselines with several applications), or <part>. (a nested
object, e.g. a per-stage policy's stage, as collect flattens it)."""

import re

# (counter, singular, plural) in the order a sentence names them; {v} is the
# value. launched_<type> (MArk, dots as underscores) is matched apart.
_PHRASES = (
    ("peak_instances", "peaked at {v} instance", "peaked at {v} instances"),
    ("lambda_routed", "sent {v} query to Lambda", "sent {v} queries to Lambda"),
    ("scale_outs", "scaled out {v} time", "scaled out {v} times"),
    ("workers_added", "added {v} worker", "added {v} workers"),
    ("replications", "made {v} replication", "made {v} replications"),
    ("upgrades", "made {v} variant upgrade", "made {v} variant upgrades"),
    ("downgrades", "made {v} variant downgrade", "made {v} variant downgrades"),
    ("solves", "re-planned {v} time", "re-planned {v} times"),
    ("min_beta", "planned for at least {v}x the expected load", "planned for at least {v}x the expected load"),
    ("reloads", "reloaded a model {v} time", "reloaded models {v} times"),
    ("planned_cost_per_hour", "planned ${v} an hour", "planned ${v} an hour"),
    ("scale_ups", "scaled up {v} time", "scaled up {v} times"),
    ("replicas_added", "added {v} replica", "added {v} replicas"),
    ("units_planned", "planned {v} unit", "planned {v} units"),
    ("peak_units", "ran at most {v} unit at once", "ran at most {v} units at once"),
)
_LAUNCHED = re.compile(r"launched_(.+)")
_APP_PREFIX = re.compile(r"(app\d+)_(.+)")
COUNTERS = "policy_counters."


def number(v):
    """A mean over seeds: whole numbers as such, else up to two decimals."""
    if abs(v - round(v)) < 1e-9:
        return str(int(round(v)))
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _split(key):
    """policy_counters.<prefix><counter> -> (prefix, counter); None for the
    engine's actions, which every policy has and which explain nothing."""
    rest = key[len(COUNTERS):]
    if rest.startswith("actions."):
        return None
    if "." in rest:
        prefix, counter = rest.rsplit(".", 1)
        return prefix, counter
    app = _APP_PREFIX.fullmatch(rest)
    return (app.group(1), app.group(2)) if app else ("", rest)


def _counters(point):
    """(prefix, counter) -> mean, for the counters this policy reported."""
    found = {}
    for key, stat in point.stats.items():
        if key.startswith(COUNTERS) and stat.mean is not None:
            parts = _split(key)
            if parts:
                found[parts] = stat.mean
    return found


def _phrase(singular, plural, v):
    return (singular if v == 1 else plural).format(v=number(v))


def describe(point, limit=4):
    """Up to `limit` phrases ("peaked at 6 instances", ...), in _PHRASES' order,
    each prefixed group's after the unprefixed one."""
    found = _counters(point)
    phrases = []
    for prefix in sorted({p for p, _ in found}):
        where = f" ({prefix})" if prefix else ""
        mine = {c: v for (p, c), v in found.items() if p == prefix and v != 0}
        for counter, singular, plural in _PHRASES:
            if counter in mine:
                phrases.append(_phrase(singular, plural, mine[counter]) + where)
            if counter == "peak_instances":  # what it launched goes with its peak
                launched = sorted((m.group(1), v) for c, v in mine.items() if (m := _LAUNCHED.fullmatch(c)))
                if launched:
                    phrases.append("launched " + join(f"{number(v)} {t}" for t, v in launched) + where)
    return phrases[:limit]


def join(items):
    """a, b and c."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
