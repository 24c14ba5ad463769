#!/usr/bin/env bash
# The include directions of DESIGN.md's layers: cli -> scenario -> policies ->
# engine (sim/core, sim/cluster, sim/serving, sim/metrics) and traces. A file
# of a lower layer that includes a higher one fails here, naming the line, so
# that policy code cannot creep back into the engine.
# usage: include_directions_test.sh SOURCE_DIR
set -euo pipefail
cd "$1"

status=0
check() {  # check "what" "higher layers' include prefixes (regex)" DIR...
  local what=$1 forbidden=$2
  shift 2
  local hits
  hits=$(grep -rnE "^[[:space:]]*#[[:space:]]*include[[:space:]]+\"($forbidden)" --include='*.hpp' --include='*.cpp' "$@" || true)
  if [[ -n $hits ]]; then
    echo "$what includes a higher layer:"
    echo "$hits"
    status=1
  fi
}

check "the engine" "policies/|sim/scenario/|sim/cli/" sim/core sim/cluster sim/serving sim/metrics traces
check "policies/" "sim/scenario/|sim/cli/" policies
check "sim/scenario/" "sim/cli/" sim/scenario
exit "$status"
