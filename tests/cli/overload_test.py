#!/usr/bin/env python3
"""A run at 200x its cluster's capacity (issue: a typo can eat the machine).

`servesim run` must print one warning line before anything runs, then stop at
the default in-flight cap, a memory budget of 2 GiB of queries, with exit 2
and its outputs marked partial, its peak memory within the budget. `validate`
prints the same warning. Usage: overload_test.py SERVESIM WORKDIR
"""
import json
import os
import resource
import shutil
import subprocess
import sys

GIB = 1 << 30
# 2 GiB of queries at 90 bytes each (sim/serving/in_flight_cap.hpp).
DEFAULT_CAP = (2 << 30) // 90


def scenario(rate_qps):
    # One GPU; the only variant takes 10 ms a query and batches nothing: at
    # best 100 QPS. No drop policy, so every query waits.
    return {
        "name": "overload",
        "seed": 1,
        "duration_s": 3600,
        "catalogs": {
            "hardware": [{"device_types": [{"name": "g", "kind": "gpu", "memory_mb": 1000, "price_per_hour": 1.0}]}],
            "models": [{"families": [{"name": "f", "variants": [
                {"name": "v", "accuracy": 70, "memory_mb": 100, "max_batch": 1, "latency_ms": {"g": [[1, 10]]}}]}]}],
        },
        "cluster": {"devices": [{"type": "g", "count": 1}]},
        "applications": [{"name": "app", "family": "f", "slo_ms": 100,
                          "workload": {"kind": "gamma", "rate": rate_qps, "cv": 0.01}}],
        "serving": {"drop": "none"},
        "policies": [{"name": "static", "label": "typo",
                      "params": {"placement": [{"variant": "v", "device_type": "g", "count": 1}]}}],
        "outputs": {"window_s": 60},
    }


def check(condition, message):
    if not condition:
        print("FAIL: " + message, file=sys.stderr)
        sys.exit(1)


def main():
    servesim, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    path = os.path.join(work, "overload.json")
    with open(path, "w") as f:
        json.dump(scenario(20000), f)

    validate = subprocess.run([servesim, "validate", path], capture_output=True, text=True)
    check(validate.returncode == 0, "validate exits 0 with a warning: " + validate.stderr)
    warning = validate.stderr.strip().splitlines()
    check(len(warning) == 1, "validate prints one warning line: %r" % validate.stderr)
    # 20000 QPS against 100: the sampled rate is within a fraction of a percent.
    check("warning: the applications offer 200x what the fixed cluster can serve at best" in warning[0], warning[0])
    check('"app": 20000 QPS against 100 QPS' in warning[0], warning[0])

    out = os.path.join(work, "out")
    run = subprocess.run([servesim, "run", path, "--out", out, "--quiet"], capture_output=True, text=True)
    peak_bytes = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    lines = run.stderr.strip().splitlines()
    check(run.returncode == 2, "the run stops with exit 2, not %d: %s" % (run.returncode, run.stderr))
    check(len(lines) == 2, "a warning, then the stop: %r" % run.stderr)
    check(lines[0] == warning[0], "run prints validate's warning first: %r" % lines[0])
    check("serving.max_in_flight" in lines[1] and "cap of %d queries in flight (about 2.0 GiB" % DEFAULT_CAP in lines[1],
          lines[1])
    partial = os.path.join(out, "typo", "summary.partial.json")
    check(os.path.isfile(partial), "the outputs are kept, marked partial")
    with open(partial) as f:
        check(json.load(f)["partial"] is True, "summary.partial.json says partial")
    check(not os.path.exists(os.path.join(out, "typo", "summary.json")), "no complete summary.json")
    # The queries' 2 GiB plus the process itself (catalogs, code, the time
    # series): a cap of 10^8 queries, as before, reached 7.3 GB.
    check(peak_bytes < 2.5 * GIB, "peak memory %.2f GiB within the 2 GiB budget and the process" % (peak_bytes / GIB))
    print("ok: warned, stopped at %d queries in flight, peak %.2f GiB" % (DEFAULT_CAP, peak_bytes / GIB))


if __name__ == "__main__":
    main()
