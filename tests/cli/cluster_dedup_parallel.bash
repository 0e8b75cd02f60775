# shellcheck shell=bash
# Sourced by tests/cli/cluster_dedup_parallel*.sh: 3 simulated storage hosts
# (scripts/test-servers/cluster) holding a generated corpus, 2 files each,
# so that copies and their originals live on different hosts; the
# one-machine warcdedup run over the same files as the reference; and
# helpers that run contrib/parallel/warcdedup-parallel and compare.
source "$SRC/tests/cli/common.bash"
source "$SRC/scripts/test-servers/cluster/testlib.bash"
cluster_need parallel perl flock cpack dpkg findmnt mountpoint
source "$SRC/scripts/test-servers/cluster/install.bash"

# Everything runs from the Debian package, installed on each host (after
# cluster_up) and on the driver's node (the driver runs under
# with-package.sh: it runs the check step there), not from the build tree.
DEB=$(build_package "$BIN/..") || fail "cannot build the Debian package"
PKG_BIN=$PACKAGE_MOUNT/usr/bin
PKG_SHARE=$PACKAGE_MOUNT/usr/share/warcdedup
TOOLS=$PKG_BIN
DRIVER="$PKG_SHARE/contrib/parallel/warcdedup-parallel"
HOSTS=(h1 h2 h3)

"$TESTBIN/warcgen" --out "$WORK/gen" --seed 7 --size 12M --files 6 --dup-rate 0.4 2>/dev/null
mkdir -p "$CW"/hosts/{h1,h2,h3}/{data,out}
i=0
for f in "$WORK"/gen/*.warc.gz; do
  cp "$f" "$CW/hosts/${HOSTS[i % 3]}/data/"
  i=$((i + 1))
done
"$BIN/warcdedup/warcdedup" -q -j 2 -o "$WORK/ref" "$CW"/hosts/h{1,2,3}/data >"$WORK/ref.table"

cluster_up 3
expect_eq "where install_package puts the tools" "$PKG_BIN" "$(install_package "$CW" "$DEB")"
# Each host writes its output to /srv/warc-out, its own directory (on disk:
# /srv is a small tmpfs), seen here as $CW/hosts/hI/out.
for h in "${HOSTS[@]}"; do
  "$CLUSTER" run "$CW" "$h" sh -c "mkdir /srv/warc-out && mount --bind '$CW/hosts/$h/out' /srv/warc-out"
done
# A cut-off host fails the run within 2 s.
export PARALLEL_SSH="$PARALLEL_SSH -o ConnectTimeout=2"
# The catalog, from the hosts' directories (as contrib/parallel/README.md).
for h in "${HOSTS[@]}"; do $PARALLEL_SSH "$h" ls /srv/warc | sed "s|\$| $h http://$h/|"; done >"$WORK/catalog"
[ "$(wc -l <"$WORK/catalog")" = 6 ] || fail "catalog: $(cat "$WORK/catalog")"

# dedup SCRATCH [OPTIONS...]: runs the packaged driver (output in $WORK/out, err; $rc).
dedup() {
  local s=$1
  shift
  run "$SRC/scripts/test-servers/cluster/with-package.sh" "$CW" "$DRIVER" --catalog "$WORK/catalog" \
    --scratch "$s" --data-dir /srv/warc -o /srv/warc-out --buckets 4 --bin "$TOOLS" "$@"
}

# expect_rewritten HOST...: each HOST's outputs are its files, byte for byte
# the reference's.
expect_rewritten() {
  local h f
  for h in "$@"; do
    expect_eq "$h's outputs" "$(ls "$CW/hosts/$h/data")" "$(ls -A "$CW/hosts/$h/out")"
    for f in "$CW/hosts/$h/data"/*; do
      cmp "$WORK/ref/${f##*/}" "$CW/hosts/$h/out/${f##*/}" || fail "$h: ${f##*/} differs from the reference"
    done
  done
}

# expect_complete: every host rewritten as the reference, the same table.
expect_complete() {
  [ "$rc" = 0 ] || fail "exit $rc: $(cat "$WORK/err")"
  expect_eq "table" "$(cat "$WORK/ref.table")" "$(cat "$WORK/out")"
  expect_rewritten "${HOSTS[@]}"
}

# expect_untouched HOST...: nothing written for HOST, its inputs unchanged.
expect_untouched() {
  local h f
  for h in "$@"; do
    expect_eq "$h's outputs" "" "$(ls -A "$CW/hosts/$h/out")"
  done
  for f in "$WORK"/gen/*; do
    cmp "$f" "$CW"/hosts/h?/data/"${f##*/}" || fail "input ${f##*/} changed"
  done
}

# expect_failed PATTERN: exit 1, stderr has PATTERN (fixed), no check ran.
expect_failed() {
  [ "$rc" = 1 ] || fail "exit $rc, expected 1: $(cat "$WORK/err")"
  grep -qF -- "$1" "$WORK/err" || fail "no \"$1\" in: $(cat "$WORK/err")"
  expect_eq "stdout of a failed run" "" "$(cat "$WORK/out")"
}

# clear_outputs: the hosts' output directories emptied (a new plan).
clear_outputs() { rm -f "$CW"/hosts/*/out/*; }
