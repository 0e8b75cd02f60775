#!/usr/bin/env bash
# Installs the Debian packages that warcdedup's build and tests need.
# Idempotent: packages already present are left alone. Needs root (or sudo).
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  zlib1g-dev libssl-dev libcurl4-openssl-dev libmysqlcppconn-dev
  libcli11-dev catch2
  libdeflate-dev libisal-dev          # fast inflaters (zlib is the fallback)
  mariadb-server nginx                # real servers for the fetch tests
  time python3 gzip bc                # tests and benchmarks (bc: bench/*.sh arithmetic)
  dpkg-dev                            # cpack -G DEB: dpkg-shlibdeps works out the package's Depends
  # CI's sanitizer stages (scripts/test.sh): gcc's ASan/UBSan runtimes for
  # build-asan; clang with compiler-rt (libFuzzer, clang's ASan/UBSan) for the
  # fuzz targets; llvm-symbolizer (package llvm) for readable stack traces.
  libasan8 libubsan1 clang libclang-rt-14-dev llvm
  clang-format-14                     # tests/format_check.sh: the tree stays formatted
  # The near-duplicate stage (lib/neardup): charsets and word breaks (ICU),
  # Content-Encoding br, shingle hashes, HTML parsers; the Public Suffix List
  # for registered domains (cover sets).
  libicu-dev libbrotli-dev libxxhash-dev libxml2-dev libgumbo-dev libpsl-dev publicsuffix
  libidn2-dev                         # lib/url: IDNA for the aggressive canonicaliser (URL rules)
  glpk-utils                          # tests only: an ILP optimum to check minimum covers against
  # Scale-out tests (scripts/test-servers/cluster): simulated storage hosts
  # in network namespaces (iproute2; nsenter/unshare from util-linux), each
  # with slurmd (slurmctld, slurm-client, munge for its authentication) and
  # sshd for GNU parallel over ssh.
  slurm-wlm slurmctld slurmd slurm-client munge parallel
  openssh-server openssh-client iproute2 util-linux
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
# Servers must not start on their own: the tests start private instances.
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' | $sudo tee /usr/sbin/policy-rc.d >/dev/null
  $sudo chmod +x /usr/sbin/policy-rc.d
  remove_policy=1
fi
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
[ -z "${remove_policy:-}" ] || $sudo rm -f /usr/sbin/policy-rc.d
