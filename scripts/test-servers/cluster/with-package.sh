#!/usr/bin/env bash
# with-package.sh WORKDIR CMD...: runs CMD on the drivers' node (the root
# namespace, "client") with the warcdedup package installed there as on the
# hosts: in a mount namespace of its own, WORKDIR/pkg/root (unpacked by
# install.bash's install_package) read-only at /opt/warcdedup, on a tmpfs
# /opt. The machine's /opt is left alone. CMD keeps this process's PID (each
# step execs the next), so a test can signal it; its exit status is CMD's.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: with-package.sh WORKDIR CMD..." >&2; exit 2; }
root=$(realpath -m "$1")/pkg/root
shift
[ -d "$root/usr/bin" ] || { echo "with-package.sh: $root: no package unpacked (install_package)" >&2; exit 2; }
# shellcheck disable=SC2016 # expanded by the inner sh
exec unshare --mount --propagation slave sh -c 'set -e
mount -t tmpfs -o mode=0755,size=1m warcdedup-opt /opt
mkdir /opt/warcdedup
mount --bind "$1" /opt/warcdedup
mount -o remount,bind,ro /opt/warcdedup
shift
exec "$@"' with-package "$root" "$@"
