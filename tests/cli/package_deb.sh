# The Debian package (cmake/Packaging.cmake), built by cpack from this build
# tree: its control fields and dependencies, its files (every tool, man
# page and stages.sh), and the unpacked tree working on its own: warcsum
# gives warcgen's truth, and the installed warcdedup finds its stages and
# tools beside it and writes the same bytes as the build tree's. Then, if
# this machine can host the simulated cluster, install.bash puts the package
# on two hosts at /opt/warcdedup, which they run, and nowhere else.
source "$SRC/tests/cli/common.bash"
for c in cpack dpkg-deb; do
  command -v "$c" >/dev/null || { echo "skipped: $c absent"; exit 77; }
done
BUILD=$(cd "$BIN/.." && pwd)
[ -f "$BUILD/CPackConfig.cmake" ] || fail "$BUILD/CPackConfig.cmake absent (run cmake again)"
VERSION=$(sed -n 's/^project(warcdedup VERSION \([0-9.]*\) .*/\1/p' "$SRC/CMakeLists.txt")
[ -n "$VERSION" ] || fail "no version in project() of $SRC/CMakeLists.txt"

# Built into $WORK: the package and CPack's staging stay out of the build
# tree (its install step still writes build/install_manifest.txt).
t=$EPOCHREALTIME
cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$WORK/pkg" >"$WORK/cpack.log" 2>&1 ||
  { cat "$WORK/cpack.log" >&2; fail "cpack -G DEB failed"; }
DEB=$(echo "$WORK"/pkg/warcdedup_*.deb)
[ -f "$DEB" ] || fail "no warcdedup_*.deb in $WORK/pkg: $(ls "$WORK/pkg")"
echo "package: ${DEB##*/}, $(stat -c %s "$DEB") bytes, built in $(awk -v a="$t" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }') s"
dpkg-deb --info "$DEB" >/dev/null || fail "dpkg-deb --info: not a valid package"

field() { dpkg-deb -f "$DEB" "$1"; }
expect_eq "Package" warcdedup "$(field Package)"
expect_eq "Version" "$VERSION" "$(field Version)"
expect_eq "Architecture" "$(dpkg --print-architecture)" "$(field Architecture)"
expect_eq "Section" utils "$(field Section)"
expect_eq "Suggests" "slurm-client | parallel, openssh-client, nginx" "$(field Suggests)"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
expect_eq "Description's synopsis" "remove duplicate content from WARC web archives, losslessly" \
  "$(field Description | head -n 1)"
# Depends: the packages of every library linked (libdeflate among them, so
# that every host compresses alike), and no other. A sanitizer build adds
# its runtimes, and keeps libidn2 (lib/url's IDNA, which no tool calls yet:
# the Release link drops it as unneeded; warcurlrules will need it).
depends=$(field Depends | tr ',' '\n' | sed 's/^ *//;s/ .*//' |
  grep -v '^lib\(asan\|ubsan\|idn2-0$\)' | sort)
expect_eq "Depends (names)" "$(printf '%s\n' libbrotli1 libc6 libcurl4 libdeflate0 libgcc-s1 \
  libicu72 libisal2 libmysqlcppconn7v5 libpsl5 libssl3 libstdc++6 libxml2 libxxhash0 zlib1g)" "$depends"

# The files: every tool of the build tree, the stages, every man page.
dpkg-deb -c "$DEB" | awk '{ print $NF }' | sed 's,^\./,/,' >"$WORK/files"
expected=(/usr/share/warcdedup/stages.sh)
for d in "$BIN"/*/; do
  tool=$(basename "$d")
  [ ! -x "$d/$tool" ] || expected+=("/usr/bin/$tool")
done
for page in "$SRC"/man/*.[15]; do
  expected+=("/usr/share/man/man${page##*.}/${page##*/}.gz")
done
# Whatever the drivers keep in contrib/.
if [ -d "$SRC/contrib" ]; then
  while IFS= read -r f; do expected+=("/usr/share/warcdedup/contrib/$f"); done \
    < <(cd "$SRC/contrib" && find . -type f | sed 's,^\./,,')
fi
[ ${#expected[@]} -gt 15 ] || fail "only ${#expected[@]} files expected: tools or man pages not found"
for f in "${expected[@]}"; do
  grep -qx -- "$f" "$WORK/files" || fail "$f not in the package"
done
! grep -v '^/usr/' "$WORK/files" || fail "files outside /usr (above)"

# Unpacked (as each host does), on its own: no build tree on PATH.
ROOT="$WORK/root"
dpkg -x "$DEB" "$ROOT"
for page in "$SRC"/man/*.[15]; do
  gzip -dc "$ROOT/usr/share/man/man${page##*.}/${page##*/}.gz" | cmp -s - "$page" ||
    fail "${page##*/}: the packaged page differs from man/"
done
# contrib/'s scripts stay executable.
if [ -d "$SRC/contrib" ]; then
  while IFS= read -r f; do
    [ -x "$ROOT/usr/share/warcdedup/contrib/$f" ] || fail "contrib/$f: not executable in the package"
  done < <(cd "$SRC/contrib" && find . -type f -perm -u+x | sed 's,^\./,,')
fi
cmp "$SRC/tools/warcdedup/stages.sh" "$ROOT/usr/share/warcdedup/stages.sh" || fail "stages.sh differs"
SYSTEM_PATH=$PATH
export PATH="$ROOT/usr/bin:/usr/bin:/bin"
expect_eq "warcsum --version" "warcsum (warcdedup) $VERSION" "$(warcsum --version)"
expect_eq "arc2warc --version" "arc2warc (warcdedup) $VERSION" "$(arc2warc --version)"
expect_eq "command -v warcsum" "$ROOT/usr/bin/warcsum" "$(command -v warcsum)"

"$TESTBIN/warcgen" -q --out "$WORK/in" --seed 17 --size 1M --files 2 --truth "$WORK/truth"
run warcsum "$WORK"/in/*
expect_eq "warcsum exit status" 0 "$rc"
cmp "$WORK/out" "$WORK/truth" || fail "the packaged warcsum's manifest differs from warcgen's truth"

run warcdedup -q --dry-run -w "$WORK/dry" "$WORK/in"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "installed warcdedup --dry-run exited $rc"; }
grep -q '^(dry run: .* the run would save [0-9]* bytes)$' "$WORK/out" ||
  fail "installed warcdedup --dry-run: no saving figure: $(cat "$WORK/out")"
cp "$WORK/out" "$WORK/dry.out"
# A real run: the same bytes as the build tree's warcdedup.
run warcdedup -q -w "$WORK/w1" -o "$WORK/o1" "$WORK/in"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "installed warcdedup exited $rc"; }
run "$BIN/warcdedup/warcdedup" -q -w "$WORK/w2" -o "$WORK/o2" "$WORK/in"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "the build tree's warcdedup exited $rc"; }
for f in "$WORK"/in/*; do
  cmp "$WORK/o1/${f##*/}" "$WORK/o2/${f##*/}" || fail "${f##*/}: the package and the build tree differ"
done
export PATH=$SYSTEM_PATH
echo "ok: the unpacked package works on its own"

# On the simulated hosts (root and namespaces), each from its own mount.
source "$SRC/scripts/test-servers/cluster/testlib.bash"
cluster_need findmnt mountpoint
source "$SRC/scripts/test-servers/cluster/install.bash"
mkdir -p "$CW/hosts/h1/data"
cp "$WORK"/in/* "$CW/hosts/h1/data/"
cluster_up 2
expect_eq "install_package's PATH entry" /opt/warcdedup/usr/bin "$(install_package "$CW" "$DEB")"
for h in h1 h2; do
  expect_eq "warcsum --version on $h" "warcsum (warcdedup) $VERSION" \
    "$("$CLUSTER" run "$CW" "$h" /opt/warcdedup/usr/bin/warcsum --version)"
  run "$CLUSTER" run "$CW" "$h" touch /opt/warcdedup/usr/bin/x
  [ "$rc" -ne 0 ] || fail "$h: the package's tree is writable"
done
[ ! -e /opt/warcdedup ] || fail "/opt/warcdedup is on the root namespace"
! findmnt -n /opt/warcdedup >/dev/null || fail "/opt/warcdedup mounted on the root namespace"
# A second install replaces the first, on the running hosts.
install_package "$CW" "$DEB" >/dev/null
expect_eq "what h2 has at /opt/warcdedup after two installs" "[$CW/pkg/root]" \
  "$("$CLUSTER" run "$CW" h2 findmnt -n -o SOURCE --mountpoint /opt/warcdedup | grep -o '\[.*\]')"
# h1 runs the installed chain on its data at /srv/warc: the same prediction.
run "$CLUSTER" run "$CW" h1 env PATH=/opt/warcdedup/usr/bin:/usr/bin:/bin \
  warcdedup -q --dry-run -w "$WORK/hostdry" /srv/warc
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "warcdedup --dry-run on h1 exited $rc"; }
expect_eq "warcdedup --dry-run on h1" "$(cat "$WORK/dry.out")" "$(cat "$WORK/out")"
cluster_down_checked
[ ! -e /opt/warcdedup ] || fail "/opt/warcdedup left on the root namespace"
echo "ok: installed on 2 hosts"
