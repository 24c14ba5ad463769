#!/usr/bin/env bash
# Prints a python3 that can import matplotlib, for scripts/plot.sh and its
# tests; exit 1 when there is none. The python3 on PATH comes first, then
# Debian's /usr/bin/python3: scripts/deps.sh installs python3-matplotlib,
# which only Debian's interpreter sees, and a pyenv or venv python3 may come
# first on PATH.
set -uo pipefail
for python in "$(command -v python3 2>/dev/null)" /usr/bin/python3; do
  if [[ -n $python && -x $python ]] && "$python" -c 'import matplotlib' 2>/dev/null; then
    echo "$python"
    exit 0
  fi
done
exit 1
