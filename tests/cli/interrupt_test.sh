#!/usr/bin/env bash
# Ctrl-C (SIGINT) during `servesim run`: the process dies of the signal (exit
# 130), removes the files it was writing under their ".partial" names, and
# leaves the outputs of an earlier complete run in the folder as they were.
# Usage: interrupt_test.sh SERVESIM WORKDIR
set -euo pipefail
servesim=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

# A GPU that serves 20000 QPS on time: a run of a simulated day takes minutes,
# with flat memory.
cat >"$work/long.json" <<'JSON'
{
  "name": "long", "seed": 1, "duration_s": 86400,
  "catalogs": {
    "hardware": [{"device_types": [{"name": "g", "kind": "gpu", "memory_mb": 1000, "price_per_hour": 1.0}]}],
    "models": [{"families": [{"name": "f", "variants": [
      {"name": "v", "accuracy": 70, "memory_mb": 100, "max_batch": 8, "latency_ms": {"g": [[1, 0.1], [8, 0.2]]}}]}]}]
  },
  "cluster": {"devices": [{"type": "g", "count": 1}]},
  "applications": [{"name": "app", "family": "f", "slo_ms": 100, "workload": {"kind": "poisson", "rate": 20000}}],
  "policies": [{"name": "static", "label": "long", "params": {"placement": [{"variant": "v", "device_type": "g"}]}}],
  "outputs": {"window_s": 60}
}
JSON

# An earlier, complete run of one simulated second into the same folder.
"$servesim" run "$work/long.json" --out "$work/out" --set duration_s=1 --quiet >/dev/null
before=$(cd "$work/out" && sha256sum comparison.csv long/summary.json long/timeseries.csv)

# Job control starts it in its own process group without SIGINT ignored, as
# a terminal's Ctrl-C finds it (a plain background job ignores SIGINT, and
# servesim leaves an ignored signal ignored).
set -m
"$servesim" run "$work/long.json" --out "$work/out" --quiet >"$work/stdout" 2>"$work/stderr" &
pid=$!
set +m
for _ in $(seq 100); do  # the run's files open before it starts simulating
  [[ -e $work/out/long/timeseries.csv.partial ]] && break
  sleep 0.1
done
[[ -e $work/out/long/timeseries.csv.partial ]] || fail "the run never opened its files"
[[ -e $work/out/comparison.csv.partial ]] || fail "comparison.csv.partial is opened before the runs"
sleep 0.5
kill -INT -- -"$pid"
status=0
wait "$pid" || status=$?
[[ $status == 130 ]] || fail "exit status $status, not 130 (killed by SIGINT): $(cat "$work/stderr")"
left=$(find "$work/out" -name '*.partial*')
[[ -z $left ]] || fail "partial files left behind: $left"
after=$(cd "$work/out" && sha256sum comparison.csv long/summary.json long/timeseries.csv)
[[ $before == "$after" ]] || fail "the earlier run's outputs changed"
echo "ok: SIGINT left no partial file and the earlier outputs whole"
