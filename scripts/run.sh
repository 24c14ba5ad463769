#!/usr/bin/env bash
# Builds servesim and runs the quickstart scenario, printing the comparison
# table; extra arguments go to `servesim run` (--out DIR, --policy LABEL,
# --set path=value, ...). Build output goes to stderr.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir=${BUILD_DIR:-build}

# Only what building and running need: no test, benchmark or Slurm package.
SERVESIM_DEPS=run bash scripts/build.sh servesim >&2
exec "$build_dir/servesim" run configs/scenarios/quickstart.json "$@"
