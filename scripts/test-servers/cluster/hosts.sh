#!/usr/bin/env bash
# Simulated storage hosts on one machine, for the scale-out tests: each host
# is a network namespace (veth to a bridge), a UTS namespace (its own
# hostname) and a mount namespace (its own data at /srv/warc), with nginx
# and sshd; Slurm (munged, slurmctld, one slurmd per host) on demand.
# Everything it writes is under WORKDIR; nothing in /etc is touched. Root.
#
#   hosts.sh up WORKDIR N         brings up hosts h1..hN and the controller
#                                 namespace ctl. Host hI: address
#                                 10.77.K.(10+I), hostname hI, data
#                                 WORKDIR/hosts/hI/data (created if missing,
#                                 kept if present) at /srv/warc, nginx on
#                                 port 80 serving /srv/warc (GET/HEAD, Range),
#                                 sshd on port 22. ctl: 10.77.K.2. The root
#                                 namespace (the client side): 10.77.K.1 on
#                                 bridge wdK-br. K is a free slot (0 first).
#                                 Writes WORKDIR/cluster.env (source it:
#                                 SLURM_CONF, PARALLEL_SSH, CLUSTER_HOSTS...),
#                                 WORKDIR/etc/hosts (every host's /etc/hosts)
#                                 and WORKDIR/ssh_config (ssh -F, parallel).
#                                 Exit 1 if anything fails, leaving nothing up.
#   hosts.sh slurm-up WORKDIR     starts munged and slurmctld in ctl and a
#                                 slurmd in each host (SLURM_CONF=
#                                 WORKDIR/slurm/slurm.conf, partition main);
#                                 returns once every node is idle
#   hosts.sh slurm-down WORKDIR   cancels every job, waits for an empty
#                                 queue, stops the daemons by PID
#   hosts.sh run WORKDIR NAME CMD...
#                                 runs CMD on host NAME (h1..hN or ctl): in
#                                 its network, UTS and mount namespaces, in
#                                 the caller's directory, with cluster.env's
#                                 variables; exits with CMD's status
#   hosts.sh net-down WORKDIR hI  takes hI's link to the bridge down
#   hosts.sh net-up WORKDIR hI    brings it up again (and resumes the node
#                                 if Slurm had set it DOWN meanwhile)
#   hosts.sh down WORKDIR         stops everything (Slurm, nginx, sshd, any
#                                 process left in the hosts' namespaces) and
#                                 removes namespaces, links and the bridge.
#                                 Idempotent, safe after a partial up; keeps
#                                 WORKDIR's files (data, logs).
#
# Exit status: 0 done, 1 failed (message on stderr), 2 usage.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/common.bash"
source "$here/net.bash"
source "$here/services.bash"
source "$here/slurm.bash"

usage() {
  sed -n '/^#   hosts.sh/,/^# Exit status/p' "${BASH_SOURCE[0]}" | grep '^#   hosts.sh' | sed 's/^#   /usage: /;s/  .*//' >&2
  exit 2
}

check_tools() {
  [ "$(id -u)" -eq 0 ] || die "needs root (namespaces, links, mounts)"
  local t
  for t in ip nsenter unshare setsid "$NGINX_BIN" "$SSHD_BIN" ssh-keygen; do
    command -v "$t" >/dev/null || die "$t is not installed (scripts/install-deps.sh)"
  done
}

# A failed up leaves nothing running.
up_failed() {
  local rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "hosts.sh: up failed; tearing down" >&2
    cmd_down
  fi
  exit "$rc"
}

cmd_up() {
  local n=$1
  if ! [[ "$n" =~ ^[1-9][0-9]*$ ]] || [ "$n" -gt 200 ]; then die "N must be 1..200, not '$n'"; fi
  check_tools
  if load_state; then
    holder_pid ctl >/dev/null && die "$W: cluster already up (hosts.sh down $W first)"
    cmd_down # the remains of a cluster that died
  fi
  local slot
  slot=$(alloc_slot)
  write_state "$slot" "$n"
  load_state
  trap up_failed EXIT
  make_network
  start_host_services
  trap - EXIT
}

cmd_down() {
  [ -d "$W" ] || return 0
  load_state || return 0
  set +e # tear down as much as can be, whatever fails
  cmd_slurm_down
  stop_host_services
  remove_network
  if [ "$(cat "$REGISTRY/slot$CLUSTER_SLOT/workdir" 2>/dev/null)" = "$W" ]; then
    rm -rf "$REGISTRY/slot$CLUSTER_SLOT"
  fi
  rm -f "$W/cluster.env"
  set -e
}

cmd=${1:-}
[ $# -ge 2 ] || usage
case "$2" in *[[:space:],=]*) die "WORKDIR must not contain spaces, commas or '=' (slurm.conf): '$2'" ;; esac
[ "$cmd" != up ] || mkdir -p "$2"
W=$(realpath -m "$2")
case "$cmd" in
  up)
    [ $# -eq 3 ] || usage
    cmd_up "$3"
    ;;
  down)
    [ $# -eq 2 ] || usage
    cmd_down
    ;;
  slurm-up | slurm-down)
    [ $# -eq 2 ] || usage
    need_state
    "cmd_${cmd/-/_}"
    ;;
  run)
    [ $# -ge 4 ] || usage
    need_state
    name=$3
    shift 3
    addr_of "$name" >/dev/null
    in_host "$name" "$@"
    ;;
  net-down | net-up)
    [ $# -eq 3 ] || usage
    need_state
    net_link "$3" "${cmd#net-}"
    [ "$cmd" != net-up ] || [ "$3" = ctl ] || slurm_resume_node "$3"
    ;;
  *) usage ;;
esac
