#!/usr/bin/env bash
# Installs the Debian packages a task needs, only those missing. Quiet when
# everything is already there; works as root on a bare Debian 12, or through
# sudo when run as a user.
#   scripts/deps.sh [GROUP...]   run, plot, test, slurm (default: test, all of them)
#   scripts/deps.sh --list GROUP...   print the packages, install nothing
# run: build servesim and run it (scripts/run.sh); plot: scripts/plot.sh and the
# side-by-side figures; test: the whole suite (scripts/test.sh), which includes
# the other three; slurm: a one-node Slurm cluster for the Slurm tests.
set -euo pipefail

run=(
  g++ cmake ninja-build
  libboost-dev libboost-graph-dev libboost-program-options-dev libboost-random-dev
  libglpk-dev glpk-utils nlohmann-json3-dev libeigen3-dev
)
plot=(
  # scripts/plot.sh draws with Debian's matplotlib. Only Debian's
  # /usr/bin/python3 sees it; scripts/lib/matplotlib_python.sh finds that one
  # when another python3 (pyenv, a venv) comes first on PATH.
  python3 python3-matplotlib
)
slurm=(
  # The `slurm` tests (tests/slurm/) run job arrays through a throw-away
  # one-node cluster (small: 8 packages, 3.5 MB, about 10 s). Installing them
  # starts no Slurm daemon: the slurmctld and slurmd services need
  # /etc/slurm/slurm.conf, which no package ships. Munge's postinst creates
  # /etc/munge/munge.key and starts the system munged where services may start
  # (not under a policy-rc.d that denies it, as in containers); the tests run
  # their own munged on their own socket and key, so a system munged is neither
  # needed nor in the way. A `sweep.sh --slurm` user is on a Slurm cluster already.
  slurmctld slurmd slurm-client munge
)
test=("${run[@]}" libgtest-dev libgmock-dev libbenchmark-dev time "${plot[@]}" "${slurm[@]}")

list=0
if [[ ${1:-} == --list ]]; then
  list=1
  shift
fi
packages=()
for group in "${@:-test}"; do
  case $group in
    run) packages+=("${run[@]}") ;;
    plot) packages+=("${plot[@]}") ;;
    test) packages+=("${test[@]}") ;;
    slurm) packages+=("${slurm[@]}") ;;
    *) echo "deps.sh: unknown group \"$group\" (run, plot, test or slurm)" >&2; exit 2 ;;
  esac
done
if ((list)); then
  printf '%s\n' "${packages[@]}" | sort -u
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  # db:Status-Status is "installed" only for a fully installed package (not
  # "config-files" after a remove, not half-installed).
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [[ $status == installed ]] || missing+=("$p")
done
((${#missing[@]} == 0)) && exit 0

if ((EUID == 0)); then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "deps.sh: missing packages (${missing[*]}) and not root, no sudo: install them as root" >&2
  exit 1
fi

echo "deps.sh: installing ${missing[*]}" >&2
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! { "${as_root[@]}" apt-get update -q &&
       "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
         apt-get install -y -q --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "deps.sh: apt-get failed (log above)" >&2
  exit 1
fi
