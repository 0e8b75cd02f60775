# shellcheck shell=bash
# Installs a warcdedup Debian package on the simulated hosts (hosts.sh), as
# a sysadmin would on real ones, so that the scale-out tests run what is
# deployed rather than the build tree (issue 14). Source it and call
#
#   install_package WORKDIR DEB
#
# or run it: install.bash WORKDIR DEB. The hosts of WORKDIR must be up.
# DEB is unpacked once (dpkg -x) into WORKDIR/pkg/root, and each storage
# host (h1..hN) gets that tree read-only at /opt/warcdedup, on a tmpfs /opt
# of its own: the hosts share the machine's root filesystem, so nothing is
# written to the real /opt, and the package is on the hosts and nowhere
# else. Prints the hosts' directory of tools for PATH:
# /opt/warcdedup/usr/bin. Installing again replaces the package on every
# host. The mounts live in the hosts' mount namespaces only and go with
# them at hosts.sh down; WORKDIR/pkg is kept, like the hosts' data.

PACKAGE_MOUNT=/opt/warcdedup
install_hosts_sh=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/hosts.sh

# Run on each host (in its mount namespace): a tmpfs on /opt, made once
# (known by its source name), and the package's tree bound on $2, read-only.
# A tree bound there before is let go lazily (umount -l), so that a job
# still running from it does not stop the install.
# shellcheck disable=SC2016 # expanded by the host's sh
install_host_script='set -e
if ! findmnt -n -o SOURCE --mountpoint /opt | grep -qx warcdedup-opt; then
  mount -t tmpfs -o mode=0755,size=1m warcdedup-opt /opt
fi
mkdir -p "$2"
if mountpoint -q "$2"; then umount -l "$2"; fi
mount --bind "$1" "$2"
mount -o remount,bind,ro "$2"'

install_package() {
  [ $# -eq 2 ] || { echo "usage: install_package WORKDIR DEB" >&2; return 2; }
  local w deb hosts host
  w=$(realpath -m "$1")
  deb=$2
  [ -f "$deb" ] || { echo "install_package: $deb: no such file" >&2; return 1; }
  # shellcheck source=/dev/null
  hosts=$(. "$w/cluster.env" 2>/dev/null && echo "$CLUSTER_HOSTS") || hosts=""
  [ -n "$hosts" ] || { echo "install_package: $w: no cluster here (hosts.sh up $w N)" >&2; return 1; }
  # Unpacked beside the one in use, which the hosts let go of before it goes.
  rm -rf "$w/pkg/root.new" "$w/pkg/root.old"
  mkdir -p "$w/pkg"
  dpkg -x "$deb" "$w/pkg/root.new" || { echo "install_package: dpkg -x $deb failed" >&2; return 1; }
  [ ! -e "$w/pkg/root" ] || mv -T "$w/pkg/root" "$w/pkg/root.old"
  mv -T "$w/pkg/root.new" "$w/pkg/root"
  for host in $hosts; do
    "$install_hosts_sh" run "$w" "$host" sh -c "$install_host_script" install \
      "$w/pkg/root" "$PACKAGE_MOUNT" ||
      { echo "install_package: mounting the package on $host failed" >&2; return 1; }
  done
  rm -rf "$w/pkg/root.old"
  echo "$PACKAGE_MOUNT/usr/bin"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  install_package "$@"
fi
