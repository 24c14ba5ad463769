#!/usr/bin/env bash
# A throw-away single-node Slurm cluster (munged + slurmctld + slurmd) whose
# every file lives in one folder, for the `slurm` tests and for trying a sweep
# by hand. It never reads or writes /etc/slurm or /etc/munge, never uses the
# system munge socket, and stops only the daemons it started.
#
# By hand (as root; Debian 12 packages slurmctld slurmd slurm-client munge,
# installed by scripts/deps.sh):
#   dir=$(mktemp -d)
#   tests/slurm/single_node_cluster.sh start "$dir"   # ~1 s; prints the export line
#   source "$dir/env.sh"                              # SLURM_CONF=$dir/slurm.conf
#   sinfo; sbatch --parsable --array=0-2 --output="$dir/out_%a.txt" --wrap 'echo $SLURM_ARRAY_TASK_ID'
#   squeue -h -j JOBID                                # empty once the array is done
#   tests/slurm/single_node_cluster.sh stop "$dir"    # cancels jobs, stops the daemons
#   rm -rf "$dir"
# Logs: $dir/munged.log, $dir/slurmctld.log, $dir/slurmd.log; pids: $dir/pids.
# DIR: any folder without whitespace, created if missing; `start` again in the
# same DIR after `stop` starts afresh (slurmctld -c drops the saved state).
# Slurm schedules about once a second here: a trivial task takes ~1 s from
# submit to done, the first job after `start` up to ~3 s.
# Every client command needs SLURM_CONF (env.sh); without it sbatch looks for
# /etc/slurm/slurm.conf and fails.
#
# Exit codes: 0 done; 77 skipped (not root, or a binary missing; CTest maps
# it to "skipped" with SKIP_RETURN_CODE 77); 1 failed (one-line reason, then
# the logs' tails on stderr); 2 usage.
#   SLURM_START_TIMEOUT=30   seconds `start` waits for the node to be idle
set -euo pipefail

prog=single_node_cluster.sh
die() { echo "$prog: $*" >&2; exit 1; }
usage() { echo "usage: $prog start DIR | stop DIR" >&2; exit 2; }

(($# == 2)) || usage
cmd=$1
[[ $cmd == start || $cmd == stop ]] || usage
if [[ $cmd == stop && ! -d $2 ]]; then exit 0; fi   # nothing was started there
# slurm.conf has no quoting for paths: a space would split StateSaveLocation etc.
[[ $2 != *[[:space:]]* ]] || { echo "$prog: DIR must not contain whitespace: '$2'" >&2; exit 2; }
mkdir -p "$2"
dir=$(cd "$2" && pwd -P)   # absolute: it goes into slurm.conf and daemon options

# Slurm as a single node needs root (slurmd launches jobs as their user, and
# SlurmUser=root spares us a slurm account with write access to $dir).
skip_unless_ready() {
  if ((EUID != 0)); then
    echo "$prog: skipped: needs root (slurmd starts jobs as their user)" >&2
    exit 77
  fi
  local b
  for b in munged mungekey slurmctld slurmd sbatch squeue sinfo scontrol scancel; do
    if ! command -v "$b" >/dev/null 2>&1; then
      # /usr/sbin may be off a non-login root PATH; look there too.
      [[ -x /usr/sbin/$b ]] || { echo "$prog: skipped: $b not found (scripts/deps.sh installs slurmctld slurmd slurm-client munge)" >&2; exit 77; }
    fi
  done
}
export PATH=$PATH:/usr/sbin:/sbin

# True when pid $1 is alive and is ours: its command line names $dir (every
# daemon is started with a path under $dir), so a recycled pid is never hit.
ours() {
  local pid=$1
  [[ -r /proc/$pid/cmdline ]] || return 1
  tr '\0' ' ' </proc/"$pid"/cmdline 2>/dev/null | grep -qF -- "$dir/"
}

# Prints "NAME PID" lines of the daemons recorded in $dir/pids.
recorded() { if [[ -f $dir/pids ]]; then cat "$dir/pids"; fi; }

stop_cluster() {
  # Jobs first: slurmstepd and the job's processes outlive slurmd by design,
  # so stopping only the daemons could leave a running task behind. scancel
  # talks to this cluster's controller only (SLURM_CONF), so it cancels only
  # jobs submitted here.
  local name pid
  if [[ -f $dir/slurm.conf ]] && grep -q '^slurmctld ' <(recorded); then
    pid=$(awk '$1 == "slurmctld" {print $2}' "$dir/pids")
    if ours "$pid"; then
      # Every job of every user (a job array's id cancels all its tasks).
      local ids
      ids=$(SLURM_CONF=$dir/slurm.conf timeout 5 squeue -h -o %F 2>/dev/null | sort -u || true)
      if [[ -n $ids ]]; then
        # shellcheck disable=SC2086  # one id per word
        SLURM_CONF=$dir/slurm.conf timeout 10 scancel --full --quiet $ids 2>/dev/null || true
      fi
      local i
      for ((i = 0; i < 50; i++)); do
        [[ -z $(SLURM_CONF=$dir/slurm.conf timeout 5 squeue -h -o %i 2>/dev/null) ]] && break
        sleep 0.2
      done
    fi
  fi
  # slurmd before slurmctld before munged: each needs the next to shut down
  # without complaints. TERM, up to 10 s, then KILL.
  for name in slurmd slurmctld munged; do
    while read -r n pid; do
      [[ $n == "$name" ]] || continue
      ours "$pid" || continue
      kill -TERM "$pid" 2>/dev/null || true
      local i
      for ((i = 0; i < 100; i++)); do
        ours "$pid" || break
        sleep 0.1
      done
      if ours "$pid"; then
        echo "$prog: $name (pid $pid) ignored TERM for 10 s, killing it" >&2
        kill -KILL "$pid" 2>/dev/null || true
      fi
    done < <(recorded)
  done
  rm -f "$dir/pids"
}

tails() {
  local f
  for f in munged.log slurmctld.log slurmd.log; do
    [[ -f $dir/$f ]] || continue
    echo "---- last lines of $dir/$f" >&2
    tail -n 15 "$dir/$f" >&2
  done
}

# fail REASON: stops what was started so far, shows the logs, exits 1.
fail() {
  echo "$prog: $*" >&2
  tails
  stop_cluster
  exit 1
}

# A TCP port nobody uses now (any state, IPv4 or 6), with its successor also
# free: slurmctld takes $port, slurmd $port+1. Random in 20000-29999 so that
# two clusters started at once rarely pick the same; the check and the
# daemon's bind are not atomic, a clash shows as a start failure.
free_port_pair() {
  local used="" p i _ local_addr
  # Field 2 of /proc/net/tcp{,6} is ADDR:PORT with the port in hex.
  while read -r _ local_addr _; do
    [[ $local_addr == *:* ]] || continue
    p=${local_addr##*:}
    [[ $p =~ ^[0-9A-Fa-f]+$ ]] && used+=$((16#$p))$'\n'
  done < <(cat /proc/net/tcp /proc/net/tcp6 2>/dev/null)
  for ((i = 0; i < 200; i++)); do
    p=$((20000 + RANDOM % 9999))
    grep -qx -e "$p" -e "$((p + 1))" <<<"$used" || { echo "$p"; return; }
  done
  die "no free TCP port pair found in 20000-29999"
}

# Waits up to 10 s until pid file $1 holds a live pid whose command line is
# ours; prints it.
wait_pid_file() {
  local file=$1 pid i
  for ((i = 0; i < 100; i++)); do
    if [[ -s $file ]]; then
      pid=$(tr -dc 0-9 <"$file")
      if [[ -n $pid ]] && ours "$pid"; then echo "$pid"; return 0; fi
    fi
    sleep 0.1
  done
  return 1
}

start_cluster() {
  skip_unless_ready
  if [[ -f $dir/pids ]] && [[ -n $(recorded) ]]; then
    while read -r _ pid; do
      ours "$pid" && die "a cluster is already running in $dir (stop it first)"
    done < <(recorded)
  fi
  : >"$dir/pids"
  local host cpus port timeout
  host=$(hostname -s)
  cpus=$(nproc)
  port=$(free_port_pair)
  timeout=${SLURM_START_TIMEOUT:-30}
  mkdir -p "$dir/state" "$dir/spool"
  rm -f "$dir"/{munged,slurmctld,slurmd}.{log,pid}

  # munge: our own key, socket, seed, pid and log. munged insists that the key
  # is 0600/0400 and owned by the user it runs as (root here). --force: munged
  # also wants every folder above its socket to be executable by all, which a
  # mktemp -d folder (0700) is not; only root talks to this socket, so the
  # check does not apply and we leave the caller's folder mode alone.
  if [[ ! -s $dir/munge.key ]]; then
    mungekey --create --keyfile="$dir/munge.key" 2>/dev/null ||
      dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none
  fi
  chmod 0400 "$dir/munge.key"
  munged --socket="$dir/munge.socket" --pid-file="$dir/munged.pid" \
         --log-file="$dir/munged.log" --seed-file="$dir/munged.seed" \
         --key-file="$dir/munge.key" --force </dev/null >>"$dir/munged.log" 2>&1 ||
    fail "munged did not start"
  local pid
  pid=$(wait_pid_file "$dir/munged.pid") || fail "munged wrote no pid file"
  echo "munged $pid" >>"$dir/pids"

  # The node and the controller are reached on 127.0.0.1 whatever the host
  # name resolves to. task/none and proctrack/linuxproc keep slurmd off cgroups
  # (absent or read-only in containers); with them Slurm 22.05 needs no
  # cgroup.conf (checked: none is read). No RealMemory: a node claiming more
  # than slurmd detects is set DOWN ("Low RealMemory").
  cat >"$dir/slurm.conf" <<EOF
# Written by $prog start $dir: a throw-away one-node cluster.
ClusterName=servesim
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
MailProg=/bin/true
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
# A node that registers is usable at once, also after a DOWN.
ReturnToService=2
SlurmdTimeout=30
SlurmctldTimeout=30
InactiveLimit=0
KillWait=5
# Finished jobs stay visible to scontrol/squeue -t all for 5 minutes.
MinJobAge=300
# Schedule on every submit and completion, and re-check pending array tasks
# every second rather than the default minute.
SchedulerParameters=sched_interval=1,batch_sched_delay=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  printf 'export SLURM_CONF=%q\n' "$dir/slurm.conf" >"$dir/env.sh"
  export SLURM_CONF=$dir/slurm.conf

  # -c: ignore any state a previous run left in $dir/state. Both daemons fork
  # into the background and write their pid files; stdio goes to the log so
  # that nothing holds the caller's (CTest's) pipes open.
  slurmctld -c -f "$dir/slurm.conf" </dev/null >>"$dir/slurmctld.log" 2>&1 ||
    fail "slurmctld did not start"
  pid=$(wait_pid_file "$dir/slurmctld.pid") || fail "slurmctld wrote no pid file (exited?)"
  echo "slurmctld $pid" >>"$dir/pids"

  slurmd -c -f "$dir/slurm.conf" </dev/null >>"$dir/slurmd.log" 2>&1 ||
    fail "slurmd did not start"
  pid=$(wait_pid_file "$dir/slurmd.pid") || fail "slurmd wrote no pid file (exited?)"
  echo "slurmd $pid" >>"$dir/pids"

  local state="" deadline=$((SECONDS + timeout))
  while ((SECONDS < deadline)); do
    state=$(timeout 5 sinfo -h -n "$host" -o %T 2>/dev/null || true)
    [[ $state == idle ]] && break
    sleep 0.2
  done
  [[ $state == idle ]] || fail "node $host not idle after ${timeout} s (state: '${state:-no answer}')"
  echo "export SLURM_CONF=$dir/slurm.conf"
}

case $cmd in
  start) start_cluster ;;
  stop) stop_cluster ;;
esac
