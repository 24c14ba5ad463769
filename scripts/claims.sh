#!/usr/bin/env bash
# Regenerates docs/paper_claims.md: builds servesim, runs every scenario of
# the claims ledger (configs/scenarios/papers/claims.json) once, evaluates
# every claim and writes the table, naming the commit measured. Run folders
# go to results/claims. Extra arguments go to `servesim claims`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir=${BUILD_DIR:-build}

bash scripts/build.sh servesim >/dev/null
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [[ -n $(git status --porcelain 2>/dev/null -- sim policies traces configs) ]]; then commit="$commit+changes"; fi
"$build_dir/servesim" claims configs/scenarios/papers/claims.json --out results/claims \
  --doc docs/paper_claims.md --commit "$commit" --jobs "$(nproc)" "$@"
