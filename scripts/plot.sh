#!/usr/bin/env bash
# Figures from servesim outputs, as PNG and PDF: a thin wrapper around the
# Python package scripts/plotting/ (matplotlib), which holds the options and
# the help (scripts/plot.sh --help) and says what went wrong in one line.
set -euo pipefail
scripts=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# Without matplotlib, the python3 on PATH still prints the help and the
# argument errors, and says what to install.
python=$(bash "$scripts/lib/matplotlib_python.sh") || python=$(command -v python3) ||
  { echo "plot.sh: python3 not found (scripts/deps.sh installs it)" >&2; exit 2; }
PYTHONPATH="$scripts${PYTHONPATH:+:$PYTHONPATH}" exec "$python" -m plotting "$@"
