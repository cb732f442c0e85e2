#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for the tests and for trying the slurm executor
# (docs/cluster.md). Runs as root without systemd; every file (config, state, logs, munge
# socket) lives under one directory, and the daemons are stopped by their PIDs.
#
#   scripts/slurm-cluster.sh start  [DIR]   start munged, slurmctld and slurmd (only those that
#                                           are dead, if the others run); wait until the node
#                                           is idle (exit 1 with the reason if not)
#   scripts/slurm-cluster.sh stop   [DIR]   stop them by PID, cancelling any jobs first
#   scripts/slurm-cluster.sh status [DIR]   each daemon's state; exit 0 if all three run and
#                                           the cluster answers, 1 if not
#   scripts/slurm-cluster.sh env    [DIR]   print "export SLURM_CONF=..." for eval
#
# DIR defaults to $RINGMASTER_SLURM_DIR, else /tmp/ringmaster-slurm. Clients find the
# cluster through SLURM_CONF=DIR/etc/slurm.conf. RINGMASTER_SLURM_CPUS (default 8) is the
# number of CPUs the node declares: more than the real cores, so that several cheap games
# (or engines) can run at once on a small machine.
set -euo pipefail

action=${1:-}
dir=${2:-${RINGMASTER_SLURM_DIR:-/tmp/ringmaster-slurm}}
cpus=${RINGMASTER_SLURM_CPUS:-8}
conf=$dir/etc/slurm.conf

die() {
  echo "slurm-cluster: $*" >&2
  exit 1
}

# The PID in a daemon's PID file, if that process is still the daemon (a stale file's PID may
# belong to another process by now).
daemon_pid() {
  local pidfile=$1 name=$2 pid
  [[ -s $pidfile ]] || return 1
  pid=$(cat "$pidfile")
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  [[ $(cat "/proc/$pid/comm" 2>/dev/null) == "$name" ]] || return 1
  echo "$pid"
}

# The daemons, in start order, each as PIDFILE:NAME.
daemons() {
  echo "$dir/mrun/munged.pid:munged" "$dir/slurmctld.pid:slurmctld" "$dir/slurmd.pid:slurmd"
}

# The names of the daemons that are not running (nothing printed: all three run).
dead_daemons() {
  local entry
  for entry in $(daemons); do
    daemon_pid "${entry%:*}" "${entry##*:}" >/dev/null || echo "${entry##*:}"
  done
}

cluster_answers() {
  [[ -f $conf ]] && SLURM_CONF=$conf timeout 5 sinfo -h -o %T >/dev/null 2>&1
}

write_config() {
  local host
  host=$(hostname -s)
  cat >"$conf" <<EOF
ClusterName=ringmaster-test
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/mrun/munge.socket.2
SlurmctldPort=${RINGMASTER_SLURMCTLD_PORT:-6817}
SlurmdPort=${RINGMASTER_SLURMD_PORT:-6818}
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
MpiDefault=none
InactiveLimit=10
KillWait=5
MinJobAge=30
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
}

start() {
  [[ $(id -u) == 0 ]] || die "must run as root (munged and slurmd need it)"
  for tool in munged slurmctld slurmd sinfo; do
    command -v "$tool" >/dev/null || [[ -x /usr/sbin/$tool ]] ||
      die "$tool is not installed (scripts/install-deps.sh installs slurm-wlm and munge)"
  done
  [[ -r /etc/munge/munge.key ]] || die "no /etc/munge/munge.key (reinstall munge)"
  local dead
  dead=$(dead_daemons)
  if [[ -z $dead ]] && cluster_answers; then
    echo "slurm-cluster: already running in $dir"
    return 0
  fi
  # Some daemons alive (one crashed or was killed): restart only the dead ones, keeping the
  # cluster's state and the jobs the live ones know.
  if [[ $dead != $'munged\nslurmctld\nslurmd' && -f $conf ]]; then
    local name
    for name in $dead; do
      echo "slurm-cluster: $name was not running in $dir: restarting it"
      start_$name
    done
    wait_until_idle
    return 0
  fi
  stop_daemons quietly
  local port
  for port in "${RINGMASTER_SLURMCTLD_PORT:-6817}" "${RINGMASTER_SLURMD_PORT:-6818}"; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      die "port $port is in use: another Slurm is running (stop it first, e.g. scripts/slurm-cluster.sh stop OTHER_DIR, or set RINGMASTER_SLURMCTLD_PORT and RINGMASTER_SLURMD_PORT)"
    fi
  done
  rm -rf "$dir"
  mkdir -p "$dir"/{munge,mrun,etc,state,spool,log}
  cp /etc/munge/munge.key "$dir/munge/"
  chown -R munge:munge "$dir/munge" "$dir/mrun"
  # munged refuses a socket directory that others cannot enter, and a readable key.
  chmod 700 "$dir/munge"
  chmod 755 "$dir" "$dir/mrun"
  chmod 400 "$dir/munge/munge.key"
  start_munged
  write_config
  start_slurmctld
  start_slurmd
  wait_until_idle
}

start_munged() {
  runuser -u munge -- /usr/sbin/munged --socket="$dir/mrun/munge.socket.2" \
    --key-file="$dir/munge/munge.key" --pid-file="$dir/mrun/munged.pid" \
    --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed" ||
    die "munged did not start (see $dir/munge/munged.log)"
}

start_slurmctld() {
  SLURM_CONF=$conf /usr/sbin/slurmctld || die "slurmctld did not start (see $dir/log/slurmctld.log)"
}

start_slurmd() {
  SLURM_CONF=$conf /usr/sbin/slurmd || die "slurmd did not start (see $dir/log/slurmd.log)"
}

wait_until_idle() {
  local state=""
  for _ in $(seq 1 100); do
    state=$(SLURM_CONF=$conf timeout 5 sinfo -h -o %T 2>/dev/null || true)
    if [[ $state == idle || $state == mixed || $state == allocated ]]; then
      echo "slurm-cluster: running in $dir (SLURM_CONF=$conf)"
      return 0
    fi
    sleep 0.2
  done
  local why
  why=$(tail -n 5 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" 2>/dev/null || true)
  stop_daemons quietly
  die "the node did not become idle within 20 s (state: '${state:-no answer}'); last log lines:
$why"
}

# Stops each daemon by its PID file: slurmd, then slurmctld, then munged.
stop_daemons() {
  local quiet=${1:-} entry pidfile name pid
  for entry in "$dir/slurmd.pid:slurmd" "$dir/slurmctld.pid:slurmctld" "$dir/mrun/munged.pid:munged"; do  # reverse start order
    pidfile=${entry%:*}
    name=${entry##*:}
    pid=$(daemon_pid "$pidfile" "$name") || continue
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      kill -9 "$pid" 2>/dev/null || true
      [[ -n $quiet ]] || echo "slurm-cluster: $name ($pid): killed with SIGKILL after 10 s" >&2
    fi
  done
}

stop() {
  if cluster_answers; then
    # Jobs first, so that no step outlives the daemons that track it.
    SLURM_CONF=$conf timeout 10 scancel --full --signal=KILL --user=root 2>/dev/null || true
  fi
  stop_daemons
  echo "slurm-cluster: stopped ($dir)"
}

# Each daemon's state, then the node's; exit 1 if a daemon is dead or nobody answers (a dead
# slurmd leaves slurmctld answering, with the node still "idle" for minutes).
status() {
  local entry pid ok=1
  for entry in $(daemons); do
    if pid=$(daemon_pid "${entry%:*}" "${entry##*:}"); then
      echo "slurm-cluster: ${entry##*:} running (pid $pid)"
    else
      echo "slurm-cluster: ${entry##*:} not running in $dir" >&2
      ok=0
    fi
  done
  if cluster_answers; then
    SLURM_CONF=$conf sinfo
  else
    echo "slurm-cluster: no answer from the cluster in $dir" >&2
    ok=0
  fi
  ((ok)) || exit 1
}

case $action in
  start) start ;;
  stop) stop ;;
  status) status ;;
  env) echo "export SLURM_CONF=$conf" ;;
  *) die "usage: $0 start|stop|status|env [DIR]" ;;
esac
