"""Axis labels: ONE dictionary from the names servesim writes (summary keys
as sweep.csv and sweep_points.csv hold them, timeseries.csv's and
comparison.csv's columns, sweep.sh's grid columns) to a label for a reader,
its unit, and the factor that takes the written value to that unit.

Every figure labels its axes from here, so a metric reads alike in every
figure; a name not in it is shown as written, and drawn as written."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Metric:
    name: str
    unit: str = ""
    scale: float = 1.0         # drawn value = written value x scale
    upper: float | None = None  # the most it can be once scaled: bars stop there

    def label(self):
        return f"{self.name} ({self.unit})" if self.unit else self.name


def _percent(name):
    """A fraction in [0, 1], drawn as a percentage."""
    return Metric(name, "%", 100.0, 100.0)


QPS = "queries/s"

METRICS = {
    # summary.json keys (docs/scenario.md, "Outputs")
    "throughput_qps": Metric("Throughput", QPS),
    "goodput_qps": Metric("Goodput", QPS),
    "slo_attainment": _percent("SLO attainment"),
    "violation_ratio": _percent("SLO violations"),
    "proteus_artifact_violation_ratio": _percent("SLO violations, Proteus artifact's rule"),
    "latency_ms.mean": Metric("Mean latency", "ms"),
    "latency_ms.p50": Metric("P50 latency", "ms"),
    "latency_ms.p90": Metric("P90 latency", "ms"),
    "latency_ms.p99": Metric("P99 latency", "ms"),
    "latency_ms.p999": Metric("P99.9 latency", "ms"),
    "effective_accuracy": Metric("Effective accuracy", "% of the family's best"),
    "max_accuracy_drop": Metric("Max accuracy drop", "percentage points"),
    "cost.total": Metric("Total cost", "$"),
    "cost.on_demand": Metric("On-demand instance cost", "$"),
    "cost.spot": Metric("Spot instance cost", "$"),
    "cost.lambda": Metric("Lambda cost", "$"),
    "cost.fixed": Metric("Fixed cluster cost", "$"),
    "cost.hosted": Metric("Fixed cluster cost while hosting", "$"),
    "cost.memory_normalized": Metric("Memory-normalized cost (INFaaS)"),
    "cost.per_million_on_time": Metric("Cost per million on-time queries", "$"),
    "utilisation.cpu": _percent("CPU utilisation"),
    "utilisation.gpu": _percent("GPU utilisation"),
    "utilisation.inferentia": _percent("Inferentia utilisation"),
    "utilisation.lambda": _percent("Lambda utilisation"),
    "memory_gb_seconds.cpu": Metric("CPU model memory", "GB·s"),
    "memory_gb_seconds.gpu": Metric("GPU model memory", "GB·s"),
    "memory_gb_seconds.inferentia": Metric("Inferentia model memory", "GB·s"),
    "memory_gb_seconds.lambda": Metric("Lambda model memory", "GB·s"),
    "queries.arrived": Metric("Queries arrived", "queries"),
    "queries.completed": Metric("Queries completed", "queries"),
    "queries.on_time": Metric("On-time queries", "queries"),
    "queries.late": Metric("Late queries", "queries"),
    "queries.dropped": Metric("Dropped queries", "queries"),
    "queries.rejected": Metric("Rejected queries", "queries"),
    "queries.unfinished": Metric("Unfinished queries", "queries"),
    "duration_s": Metric("Simulated duration", "s"),
    "warmup_s": Metric("Warm-up", "s"),
    "drain_s": Metric("Drain", "s"),
    # timeseries.csv, per window (violations = late + dropped + rejected)
    "demand_qps": Metric("Demand", QPS),
    "violations": Metric("SLO violations", "queries per window"),
    "cost_per_hour": Metric("Cost rate", "$/h"),
    # comparison.csv
    "slo_pct": Metric("SLO attainment", "%", 1.0, 100.0),
    "p99_ms": Metric("P99 latency", "ms"),
    "cost_usd": Metric("Cost of the run", "$"),
    # grid columns scripts/sweep.sh names after the last part of the path
    "mean_qps": Metric("Mean load", QPS),
    "slo_ms": Metric("SLO", "ms"),
    "slo_cpu_multiple": Metric("SLO", "x fastest CPU batch-1 latency"),
}


def metric(key):
    """The entry for KEY; per_app.<app>.<key> is <key>'s, named with the app;
    an unknown KEY is its own label, drawn as written."""
    if key in METRICS:
        return METRICS[key]
    if key.startswith("per_app."):
        app, _, inner = key[len("per_app."):].partition(".")
        if inner in METRICS:
            m = METRICS[inner]
            return Metric(f"{m.name}, {app}", m.unit, m.scale, m.upper)
    return Metric(key)


def label(key):
    return metric(key).label()
