# shellcheck shell=bash
# Sourced by hosts.sh: slots, namespaces, the bridge, and each host's
# namespace holder (hostname, private /run, /etc/hosts, /srv/warc).

# A slot is left over when its run died before its teardown: claimed over
# 10 s ago and its workdir no longer holds that cluster.
slot_left_over() {
  local dir=$REGISTRY/slot$1 wd age
  age=$(($(date +%s) - $(stat -c %Y "$dir" 2>/dev/null || date +%s)))
  [ "$age" -gt 10 ] || return 1
  wd=$(cat "$dir/workdir" 2>/dev/null) || wd=""
  ! grep -qx "export CLUSTER_SLOT=$1" "$wd/cluster.env" 2>/dev/null
}

# Removes what a dead run left in slot K (its processes, namespaces and
# links, all named after the slot) and frees the slot.
reclaim_slot() {
  local k=$1
  mv -T "$REGISTRY/slot$k" "$REGISTRY/reclaim$k.$$" 2>/dev/null || return 0
  echo "hosts.sh: reclaiming slot $k (left over by $(cat "$REGISTRY/reclaim$k.$$/workdir" 2>/dev/null))" >&2
  # Bash scoping: remove_network sees these, the caller keeps its own.
  local CLUSTER_SLOT=$k CLUSTER_HOSTS="" W=/nonexistent
  remove_network
  rm -rf "$REGISTRY/reclaim$k.$$"
}

# Claims the first free slot (mkdir is atomic) and prints it.
alloc_slot() {
  local k
  mkdir -p "$REGISTRY"
  for k in $(seq 0 255); do
    if [ -d "$REGISTRY/slot$k" ] && slot_left_over "$k"; then reclaim_slot "$k"; fi
    if mkdir "$REGISTRY/slot$k" 2>/dev/null; then
      echo "$W" >"$REGISTRY/slot$k/workdir"
      echo "$k"
      return 0
    fi
  done
  die "all 256 cluster slots under $REGISTRY are taken"
}

write_state() {
  local slot=$1 n=$2 hosts="" i
  for i in $(seq "$n"); do hosts="$hosts h$i"; done
  cat >"$W/cluster.env.tmp" <<EOF
# Written by hosts.sh up: source it to use the cluster from the root namespace.
export CLUSTER_WORKDIR=$W
export CLUSTER_SLOT=$slot
export CLUSTER_SUBNET=10.77.$slot
export CLUSTER_HOSTS="${hosts# }"
export CLUSTER_CLIENT_ADDR=10.77.$slot.1
export CLUSTER_CTL_ADDR=10.77.$slot.2
export CLUSTER_SSH_CONFIG=$W/ssh_config
export PARALLEL_SSH="ssh -F $W/ssh_config"
export SLURM_CONF=$W/slurm/slurm.conf
EOF
  mv "$W/cluster.env.tmp" "$W/cluster.env"
}

# WORKDIR/etc/hosts: bind-mounted on /etc/hosts in every host; also the
# list of hosts and addresses for drivers.
write_hosts_file() {
  local h
  mkdir -p "$W/etc"
  {
    echo "127.0.0.1 localhost"
    echo "$(addr_of client) client"
    echo "$(addr_of ctl) ctl"
    for h in $CLUSTER_HOSTS; do echo "$(addr_of "$h") $h"; done
  } >"$W/etc/hosts"
}

# The holder: a sleep that keeps NAME's UTS and mount namespaces (and, with
# them, its network namespace) alive; hosts.sh run enters them with nsenter.
# In its mount namespace: /run/netns unmounted (it would pin every other
# cluster's namespaces), a private /run (sshd wants /run/sshd), the
# cluster's /etc/hosts, its own /root (the machine's root .bashrc may be
# slow, and ssh sessions run it), and for storage hosts only their data at
# /srv/warc.
holder_script='set -e
hostname "$1"
umount -l /run/netns 2>/dev/null || true
mount -t tmpfs -o mode=0755,size=16m tmpfs /run
mkdir -m 0755 /run/sshd
mount --bind "$2" /etc/hosts
mount --bind "$5" /root
if [ -n "$3" ]; then
  mount -t tmpfs -o mode=0755,size=1m tmpfs /srv
  mkdir /srv/warc
  mount --bind "$3" /srv/warc
fi
echo $$ >"$4.tmp"
mv "$4.tmp" "$4"
exec sleep infinity'

# make_host NAME: its network namespace, a veth to the bridge with its
# address, and its holder.
make_host() {
  local name=$1 ns dir data=""
  ns=$(ns_of "$name")
  dir=$(hostdir "$name")
  mkdir -p "$dir/home"
  chmod 700 "$dir/home"
  if [ "$name" != ctl ]; then
    data=$dir/data
    mkdir -p "$data"
  fi
  ip netns add "$ns"
  ip link add "$ns" type veth peer name eth0 netns "$ns"
  ip link set "$ns" master "$(bridge_of)" up
  ip -n "$ns" addr add "$(addr_of "$name")/24" dev eth0
  ip -n "$ns" link set lo up
  ip -n "$ns" link set eth0 up
  rm -f "$dir/holder.pid"
  # setsid: a Ctrl-C in the terminal reaches the test, not the holders.
  setsid nsenter --net="/run/netns/$ns" \
    unshare --uts --mount --propagation slave \
    sh -c "$holder_script" holder "$name" "$W/etc/hosts" "$data" "$dir/holder.pid" "$dir/home" \
    </dev/null >"$dir/holder.log" 2>&1 &
  wait_until 10 holder_pid "$name" ||
    die "host $name: namespace holder did not start: $(cat "$dir/holder.log")"
}

# net_link NAME up|down: the host's side of the bridge (failure tests).
net_link() {
  local ns
  ns=$(ns_of "$1")
  ip link show "$ns" >/dev/null 2>&1 || die "host $1 has no link in $W"
  ip link set "$ns" "$2"
}

# Ends every process in NAME's network namespace (daemons, jobs, ssh
# sessions: all were started for this cluster), then the namespace.
remove_host() {
  local ns pids
  ns=$(ns_of "$1")
  if [ -e "/run/netns/$ns" ]; then
    pids=$(ip netns pids "$ns" 2>/dev/null || true)
    # shellcheck disable=SC2086 # one PID per word
    stop_pid $pids
    ip netns del "$ns" 2>/dev/null || true
  fi
  # The holder is in the namespace, but a half-made host may have one only.
  if pids=$(holder_pid "$1"); then stop_pid "$pids"; fi
  rm -f "$(hostdir "$1")/holder.pid"
  ip link del "$ns" 2>/dev/null || true
}

remove_network() {
  local name link ns
  for name in ctl $CLUSTER_HOSTS; do remove_host "$name"; done
  # Links of hosts this workdir no longer lists (an up that failed midway).
  for link in $(ip -o link show 2>/dev/null | sed -n "s/^[0-9]*: \(wd$CLUSTER_SLOT-[^:@]*\).*/\1/p"); do
    [ "$link" = "$(bridge_of)" ] || remove_host "${link#wd"$CLUSTER_SLOT"-}"
  done
  for ns in $(ip netns list | awk -v p="wd$CLUSTER_SLOT-" 'index($1, p) == 1 { print $1 }'); do
    remove_host "${ns#wd"$CLUSTER_SLOT"-}"
  done
  ip link del "$(bridge_of)" 2>/dev/null || true
}

make_network() {
  local br name
  br=$(bridge_of)
  ip link add "$br" type bridge
  ip addr add "$(addr_of client)/24" dev "$br"
  ip link set "$br" up
  write_hosts_file
  for name in ctl $CLUSTER_HOSTS; do make_host "$name"; done
}
