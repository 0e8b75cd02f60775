# shellcheck shell=bash disable=SC2034 # the other parts use the variables
# Sourced by hosts.sh: the cluster's state under WORKDIR and small helpers.
# Every cluster gets a slot K (0..255) from a registry under /run, so that
# two clusters (ctest -j2, or two worktrees) can be up at the same time:
# its namespaces and links are named wdK-NAME, its subnet is 10.77.K.0/24.

REGISTRY=${CLUSTER_REGISTRY:-/run/warcdedup-cluster}
DATA_MOUNT=/srv/warc # where each host sees its own data directory

die() {
  echo "hosts.sh: $*" >&2
  exit 1
}

# The workdir's saved state (written by up): slot, hosts, addresses.
load_state() {
  [ -f "$W/cluster.env" ] || return 1
  # shellcheck source=/dev/null
  source "$W/cluster.env"
}

need_state() {
  load_state || die "$W: no cluster here (run: hosts.sh up $W N)"
}

# Namespace (and root-side link) name of host NAME in this cluster.
ns_of() { echo "wd$CLUSTER_SLOT-$1"; }
bridge_of() { echo "wd$CLUSTER_SLOT-br"; }

# Address of NAME: the root namespace (the client side) is .1, the
# controller ctl is .2, host hI is .(10+I).
addr_of() {
  case "$1" in
    client) echo "$CLUSTER_SUBNET.1" ;;
    ctl) echo "$CLUSTER_SUBNET.2" ;;
    h[0-9]*) echo "$CLUSTER_SUBNET.$((10 + ${1#h}))" ;;
    *) die "unknown host '$1' (expected ctl or h1..hN)" ;;
  esac
}

hostdir() { echo "$W/hosts/$1"; }

# running PID: the process exists and is not a zombie (PID 1 here may reap
# orphans only every few seconds; a zombie has exited all the same).
running() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [ -n "$stat" ] && [ "${stat%% *}" != Z ]
}

# pid_alive FILE PATTERN: prints the PID in FILE if that process runs and
# its command line contains PATTERN (a reused PID is not ours).
pid_alive() {
  local pid
  [ -s "$1" ] || return 1
  pid=$(cat "$1" 2>/dev/null) || return 1
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  running "$pid" || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$2" || return 1
  echo "$pid"
}

# stop_pid PID...: SIGTERM, up to 5 s to exit, then SIGKILL.
stop_pid() {
  local pid left
  [ $# -gt 0 ] || return 0
  kill -TERM "$@" 2>/dev/null || true
  for _ in $(seq 50); do
    left=""
    for pid in "$@"; do running "$pid" && left="$left $pid"; done
    [ -n "$left" ] || return 0
    sleep 0.1
  done
  echo "hosts.sh: pids$left ignored SIGTERM for 5 s; killing them" >&2
  # shellcheck disable=SC2086 # one PID per word
  kill -KILL $left 2>/dev/null || true
}

# pids_of PATTERN FILE...: the running PIDs that the FILEs hold.
pids_of() {
  local pattern=$1 f
  shift
  for f in "$@"; do pid_alive "$f" "$pattern" || true; done
}

# wait_until SECONDS CMD...: polls CMD every 0.1 s until it succeeds.
wait_until() {
  local tries=$(($1 * 10))
  shift
  for _ in $(seq "$tries"); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}

# tcp_open ADDR PORT: something listens there (seen from the root namespace).
tcp_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# holder_pid NAME: the PID of NAME's namespace holder, if it runs.
holder_pid() { pid_alive "$(hostdir "$1")/holder.pid" sleep; }

# in_host NAME CMD...: runs CMD in NAME's network, UTS and mount namespaces,
# with the cluster's environment. nsenter --net (not ip netns exec, which
# remounts /sys) keeps the cgroup filesystem visible: slurmd needs it.
in_host() {
  local name=$1 pid wd=/
  shift
  pid=$(holder_pid "$name") || die "host $name is not up in $W"
  [ ! -d "$PWD" ] || wd=$PWD
  nsenter -t "$pid" --net --uts --mount --wd="$wd" -- "$@"
}
