# shellcheck shell=bash
# Sourced by tests/cli/cluster_*.sh after tests/cli/common.bash: skips when
# this machine cannot host the simulated cluster, brings one up under
# $WORK/cluster, always tears it down and prints how long each part took.

CLUSTER="$SRC/scripts/test-servers/cluster/hosts.sh"
CW="$WORK/cluster"
# Times (EPOCHREALTIME) at which the bring-up began and ended, and the test.
cluster_t0=$EPOCHREALTIME cluster_t_up="" cluster_t_test=""

# cluster_need CMD...: exit 77 (skipped) unless root, network namespaces
# work and every CMD (besides what hosts.sh itself needs) is installed.
cluster_need() {
  local c
  [ "$(id -u)" -eq 0 ] || { echo "skipped: needs root (network namespaces)"; exit 77; }
  for c in ip nsenter unshare setsid /usr/sbin/nginx /usr/sbin/sshd ssh ssh-keygen curl "$@"; do
    command -v "$c" >/dev/null || { echo "skipped: $c absent (scripts/install-deps.sh)"; exit 77; }
  done
  if ! ip netns list >/dev/null 2>&1 || ! unshare --net --uts --mount true 2>/dev/null; then
    echo "skipped: cannot create namespaces here"
    exit 77
  fi
}

# seconds FROM [TO]: the time between two EPOCHREALTIME values (TO: now).
seconds() { awk -v a="$1" -v b="${2:-$EPOCHREALTIME}" 'BEGIN { printf "%.1f", b - a }'; }

cluster_cleanup() {
  local rc=$? t=$EPOCHREALTIME
  "$CLUSTER" down "$CW" || true
  if [ -n "$cluster_t_up" ]; then
    echo "cluster slot $CLUSTER_SLOT ($CLUSTER_SUBNET.0/24);" \
      "timing: bring-up $(seconds "$cluster_t0" "$cluster_t_up") s," \
      "test $(seconds "$cluster_t_up" "${cluster_t_test:-$t}") s," \
      "teardown $(seconds "${cluster_t_test:-$t}") s, total $(seconds "$cluster_t0") s"
  fi
  rm -rf "$WORK"
  exit "$rc"
}

# cluster_up N [slurm]: hosts h1..hN with whatever the test put in
# $CW/hosts/hI/data, and Slurm if asked; the cluster's variables exported.
cluster_up() {
  cluster_t0=$EPOCHREALTIME
  trap cluster_cleanup EXIT
  trap 'exit 130' INT TERM
  "$CLUSTER" up "$CW" "$1"
  [ "${2:-}" != slurm ] || "$CLUSTER" slurm-up "$CW"
  # shellcheck source=/dev/null
  source "$CW/cluster.env"
  cluster_t_up=$EPOCHREALTIME
}

# cluster_test_done: the test's checks are over (for the timing line).
cluster_test_done() { cluster_t_test=$EPOCHREALTIME; }

# cluster_down_checked: tears down and checks that nothing is left: no
# namespace or link of this cluster's slot, none of its daemons running.
cluster_down_checked() {
  local pids pid slot=$CLUSTER_SLOT
  cluster_test_done
  pids=$(cat "$CW"/hosts/*/holder.pid "$CW"/hosts/*/sshd.pid "$CW"/hosts/*/nginx/nginx.pid \
    "$CW"/slurm/*.pid "$CW"/munge/munged.pid 2>/dev/null || true)
  [ -n "$pids" ] || fail "no daemon PID files before teardown"
  "$CLUSTER" down "$CW"
  ! ip netns list | grep -q "^wd$slot-" || fail "namespaces left: $(ip netns list)"
  ! ip -o link show | grep -q ": wd$slot-" || fail "links left: $(ip -o link show | grep "wd$slot-")"
  for pid in $pids; do
    [ "$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null || echo Z)" = Z ] ||
      fail "pid $pid still running after down: $(tr '\0' ' ' <"/proc/$pid/cmdline")"
  done
  "$CLUSTER" down "$CW" # idempotent
}
