#!/usr/bin/env bash
# Rewrites the outcome goldens (tests/regression/goldens/<scenario>/<label>.json)
# from fresh runs of the paper scenarios and the side-by-side scenarios
# (shortened), then shows what changed. Goldens are
# regression, not truth: run this only after a behaviour change you mean, and
# commit the diff with the change, saying why the numbers moved. Agreement
# with the papers is judged in docs/paper_claims.md (scripts/claims.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build_dir=${BUILD_DIR:-build}

bash scripts/build.sh >/dev/null
UPDATE_GOLDENS=1 ctest --test-dir "$build_dir" -R "PaperScenarios|SideBySide\." -j"$(nproc)" --output-on-failure >/dev/null
git status --short -- tests/regression/goldens
git diff --stat -- tests/regression/goldens
