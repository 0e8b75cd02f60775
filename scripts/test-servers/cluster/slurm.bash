# shellcheck shell=bash
# Sourced by hosts.sh: munged, slurmctld on "ctl" and one slurmd per storage
# host, all configured under WORKDIR (SLURM_CONF; nothing in /etc).

MUNGED_BIN=${MUNGED_BIN:-/usr/sbin/munged}
SLURMCTLD_BIN=${SLURMCTLD_BIN:-/usr/sbin/slurmctld}
SLURMD_BIN=${SLURMD_BIN:-/usr/sbin/slurmd}
CLUSTER_CPUS=${CLUSTER_CPUS:-$(nproc)} # CPUs each node offers to Slurm

# slurm.conf: fast intervals so that a dependent job starts (or is killed)
# at once; no cgroups (proctrack/linuxproc, task/none); finished jobs logged
# to WORKDIR/slurm/jobcomp.log (no accounting database).
write_slurm_conf() {
  local d=$W/slurm h
  mkdir -p "$d/state" "$d/log"
  : >"$d/plugstack.conf"
  {
    cat <<EOF
# Written by hosts.sh slurm-up for the test cluster in $W.
ClusterName=wd$CLUSTER_SLOT
SlurmctldHost=ctl($(addr_of ctl))
SlurmUser=root
SlurmdUser=root
SlurmctldPort=6817
SlurmdPort=6818
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$W/munge/munge.sock
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool/%n
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.%n.pid
SlurmctldLogFile=$d/log/slurmctld.log
SlurmdLogFile=$d/log/slurmd.%n.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$d/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$d/jobcomp.log
SwitchType=switch/none
MpiDefault=none
MailProg=/bin/true
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1,bf_interval=1,batch_sched_delay=0,sched_min_interval=0
MessageTimeout=5
TCPTimeout=2
SlurmdTimeout=10
SlurmctldTimeout=10
InactiveLimit=0
KillWait=2
MinJobAge=600
ReturnToService=2
EOF
    for h in $CLUSTER_HOSTS; do
      echo "NodeName=$h NodeAddr=$(addr_of "$h") CPUs=$CLUSTER_CPUS State=UNKNOWN"
    done
    echo "PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP"
  } >"$d/slurm.conf.tmp"
  mv "$d/slurm.conf.tmp" "$d/slurm.conf"
}

# munged in ctl's namespaces with a key made for this cluster; its socket
# lives under WORKDIR, visible to every host (they share the filesystem).
# --force: munged wants every directory above its socket world-searchable,
# and mktemp -d makes the workdir 0700.
start_munged() {
  local d=$W/munge
  mkdir -p "$d"
  chmod 700 "$d"
  if [ ! -s "$d/munge.key" ]; then
    (umask 077 && head -c 1024 /dev/urandom >"$d/munge.key")
  fi
  pid_alive "$d/munged.pid" munged >/dev/null && return 0
  in_host ctl "$MUNGED_BIN" --force --key-file="$d/munge.key" --socket="$d/munge.sock" \
    --pid-file="$d/munged.pid" --log-file="$d/munged.log" --seed-file="$d/munged.seed" \
    </dev/null >/dev/null 2>>"$d/start.log" ||
    die "munged failed to start: $(tail -n1 "$d/start.log")"
}

all_nodes_idle() {
  local states
  states=$(sinfo -h -N -o '%N %t' 2>/dev/null | sort -u) || return 1
  [ "$(grep -c ' idle$' <<<"$states")" -eq "$(wc -w <<<"$CLUSTER_HOSTS")" ]
}

cmd_slurm_up() {
  local d=$W/slurm h
  command -v sinfo >/dev/null || die "slurm-client is not installed"
  start_munged
  write_slurm_conf
  if ! pid_alive "$d/slurmctld.pid" slurmctld >/dev/null; then
    # SlurmctldHost is ctl: slurmctld starts only where the hostname is ctl.
    in_host ctl "$SLURMCTLD_BIN" -f "$SLURM_CONF" </dev/null >/dev/null 2>>"$d/log/start.log" ||
      die "slurmctld failed to start: see $d/log/slurmctld.log"
  fi
  wait_until 20 tcp_open "$(addr_of ctl)" 6817 ||
    die "slurmctld does not answer on $(addr_of ctl):6817: see $d/log/slurmctld.log"
  for h in $CLUSTER_HOSTS; do
    mkdir -p "$d/spool/$h"
    pid_alive "$d/slurmd.$h.pid" slurmd >/dev/null && continue
    in_host "$h" "$SLURMD_BIN" -f "$SLURM_CONF" </dev/null >/dev/null 2>>"$d/log/start.log" ||
      die "slurmd on $h failed to start: see $d/log/slurmd.$h.log"
  done
  wait_until 30 all_nodes_idle || {
    sinfo -N >&2 || true
    die "not every node came up idle within 30 s: see $d/log/"
  }
}

# After net-up: a node Slurm set DOWN while cut off would be polled again
# only about once a minute; resume it now, as a sysadmin would.
slurm_resume_node() {
  pid_alive "$W/slurm/slurmctld.pid" slurmctld >/dev/null || return 0
  case "$(sinfo -h -n "$1" -o %t 2>/dev/null)" in
    down*) scontrol update NodeName="$1" State=RESUME || true ;;
  esac
}

# No job may outlive the daemons: cancel them all, wait for an empty queue
# (KillWait=2 bounds it), then stop the daemons by PID.
cmd_slurm_down() {
  local d=$W/slurm h jobs slurmd=()
  if pid_alive "$d/slurmctld.pid" slurmctld >/dev/null; then
    jobs=$(squeue -h -o '%A' 2>/dev/null || true)
    # shellcheck disable=SC2086 # one job ID per word
    [ -z "$jobs" ] || scancel $jobs 2>/dev/null || true
    wait_until 30 queue_empty || echo "hosts.sh: jobs still queued after 30 s: $(squeue -h 2>&1 | head -n3)" >&2
  fi
  for h in $CLUSTER_HOSTS; do slurmd+=("$d/slurmd.$h.pid"); done
  # All at once: each takes about 2 s to shut down.
  # shellcheck disable=SC2046 # one PID per word
  stop_pid $(pids_of slurmd "${slurmd[@]}") $(pids_of slurmctld "$d/slurmctld.pid") \
    $(pids_of munged "$W/munge/munged.pid")
  rm -f "${slurmd[@]}" "$d/slurmctld.pid" "$W/munge/munged.pid"
}

queue_empty() {
  local jobs
  jobs=$(squeue -h -o '%A' 2>/dev/null) || return 1
  [ -z "$jobs" ]
}
