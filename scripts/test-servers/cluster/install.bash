# shellcheck shell=bash
# Installs a warcdedup Debian package on the simulated hosts (hosts.sh), as
# a sysadmin would on real ones, so that the scale-out tests run what is
# deployed rather than the build tree (issue 14). Source it and call
#
#   install_package WORKDIR DEB
#
# or run it: install.bash WORKDIR DEB. The hosts of WORKDIR must be up.
# build_package BUILD (below) gives the DEB of a build tree, built once.
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

# build_package BUILD: prints the path of the build tree's Debian package.
# cpack builds it into BUILD/cluster-pkg once, and again only when something
# it installs is newer than it (the tools, the man pages, stages.sh,
# contrib/, the CPack configuration), so that every scale-out test installs
# the same package without paying for cpack (some 10 s) each. Concurrent
# callers (ctest -j2) wait for one another.
build_package() {
  [ $# -eq 1 ] || { echo "usage: build_package BUILD" >&2; return 2; }
  local build dir src
  build=$(realpath "$1") || return 1
  dir=$build/cluster-pkg
  src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt" 2>/dev/null)
  [ -n "$src" ] && [ -f "$build/CPackConfig.cmake" ] ||
    { echo "build_package: $build: not a configured build tree" >&2; return 1; }
  mkdir -p "$dir" || return 1
  (
    flock 9 || exit 1
    deb=$(find "$dir" -maxdepth 1 -name 'warcdedup_*.deb' -print -quit)
    if [ -z "$deb" ] || [ -n "$(find "$build/tools" "$build/man" "$build/CPackConfig.cmake" "$src/contrib" \
      "$src/tools/warcdedup/stages.sh" -newer "$deb" -type f -print -quit)" ]; then
      rm -rf "$dir/out" "$dir"/warcdedup_*.deb
      cpack -G DEB --config "$build/CPackConfig.cmake" -B "$dir/out" >"$dir/cpack.log" 2>&1 ||
        { cat "$dir/cpack.log" >&2; echo "build_package: cpack -G DEB failed" >&2; exit 1; }
      deb=$(find "$dir/out" -maxdepth 1 -name 'warcdedup_*.deb' -print -quit)
      [ -n "$deb" ] || { echo "build_package: cpack wrote no warcdedup_*.deb" >&2; exit 1; }
      mv "$deb" "$dir/" && rm -rf "$dir/out" || exit 1
      deb=$dir/${deb##*/}
    fi
    echo "$deb"
  ) 9>"$dir/lock"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  install_package "$@"
fi
