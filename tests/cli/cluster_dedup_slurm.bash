# shellcheck shell=bash
# Sourced by tests/cli/cluster_dedup_slurm*.sh after common.bash and the
# cluster's testlib.bash: a corpus spread over 3 hosts (2 files each, so
# copies and their originals live on different hosts), its one-machine
# reference, and warcdedup-slurm runs checked against it.

cluster_need sbatch squeue scontrol scancel sinfo flock /usr/sbin/slurmctld /usr/sbin/slurmd /usr/sbin/munged \
  cpack dpkg findmnt mountpoint
source "$SRC/scripts/test-servers/cluster/install.bash"

BUILD=$(cd "$BIN/.." && pwd)
# Everything runs from the Debian package, installed on each host
# (install_tools, after cluster_up) and on the driver's node (the driver
# runs under with-package.sh), not from the build tree.
DEB=$(build_package "$BUILD") || fail "cannot build the Debian package"
PKG_BIN=$PACKAGE_MOUNT/usr/bin
PKG_SHARE=$PACKAGE_MOUNT/usr/share/warcdedup
TOOLS=$PKG_BIN
DRIVER=$PKG_SHARE/contrib/slurm/warcdedup-slurm
CATALOG=$WORK/catalog
# Every job takes a whole node (-c 2 of 2 CPUs), so that 3 reduce tasks run
# at once, one on each host, whatever the machine.
export CLUSTER_CPUS=2

# make_corpus: the files in each host's data directory (before cluster_up)
# and the catalog; a copy of them in $WORK/corpus.
make_corpus() {
  local i=0 f h
  "$BUILD/tests/warcgen" --out "$WORK/corpus" --seed 7 --size 12M --files 6 --dup-rate 0.4 \
    >"$WORK/warcgen.log" 2>&1 ||
    fail "warcgen failed: $(cat "$WORK/warcgen.log")"
  mkdir -p "$CW"/hosts/{h1,h2,h3}/data
  : >"$CATALOG"
  for f in "$WORK"/corpus/*.warc.gz; do
    h=h$((i % 3 + 1)) i=$((i + 1))
    cp "$f" "$CW/hosts/$h/data/"
    echo "$(basename "$f") $h http://$h/" >>"$CATALOG"
  done
}

# install_tools: the package on every host, its tools at $PKG_BIN.
install_tools() {
  expect_eq "where install_package puts the tools" "$PKG_BIN" "$(install_package "$CW" "$DEB")"
}

# make_reference: the one-machine warcdedup over every host's files, its
# table in $WORK/ref.table and its wall time in $ref_seconds.
make_reference() {
  local t=$EPOCHREALTIME
  "$BIN/warcdedup/warcdedup" -q -j 2 -o "$WORK/ref" "$CW"/hosts/h{1,2,3}/data >"$WORK/ref.table" ||
    fail "the reference run failed"
  ref_seconds=$(seconds "$t")
  [ "$(wc -l <"$WORK/ref.table")" -ge 2 ] || fail "the reference printed no table"
}

# mount_outdir NAME [HOST...]: /srv/NAME on each host (default all) is
# $CW/hosts/HOST/NAME (a host's /srv is a 1 MB tmpfs: too small for them).
mount_outdir() {
  local name=$1 h hosts=("${@:2}")
  [ ${#hosts[@]} -gt 0 ] || hosts=(h1 h2 h3)
  for h in "${hosts[@]}"; do
    mkdir -p "$CW/hosts/$h/$name"
    "$CLUSTER" run "$CW" "$h" sh -c "mkdir -p /srv/$name && mount --bind '$CW/hosts/$h/$name' /srv/$name"
  done
}

# slurm_cmd NAME ARGS...: in $cmd, the packaged warcdedup-slurm (on the
# driver's node: with-package.sh) writing to /srv/NAME on each host, with its scratch directory $WORK/scratch-NAME, and $buckets_opt.
buckets_opt=(--buckets 4)
slurm_cmd() {
  cmd=("$SRC/scripts/test-servers/cluster/with-package.sh" "$CW" "$DRIVER" --catalog "$CATALOG"
    --scratch "$WORK/scratch-$1" --data-dir /srv/warc -o "/srv/$1" "${buckets_opt[@]}" --bin "$TOOLS"
    "${@:2}")
}

# slurm_dedup NAME ARGS...: runs it (run: $rc, out, err); its wall time in
# $slurm_seconds.
slurm_dedup() {
  local t=$EPOCHREALTIME
  slurm_cmd "$@"
  run "${cmd[@]}"
  slurm_seconds=$(seconds "$t")
}

# expect_done NAME: the run succeeded, printed the reference's table, and
# each host wrote its own files, byte-identical to the reference's.
expect_done() {
  local name=$1 h f
  if [ "$rc" -ne 0 ]; then
    # The failed steps' logs, before the scratch directory goes with $WORK.
    { grep -o 'its log: [^ ]*' "$WORK/err" || true; } | cut -d' ' -f3 | while read -r log; do
      echo "--- $log" >&2
      tail -n 30 "$log" >&2 || true
    done
    fail "run $name: exit $rc: $(cat "$WORK/err")"
  fi
  expect_eq "run $name: the table" "$(cat "$WORK/ref.table")" "$(cat "$WORK/out")"
  for h in h1 h2 h3; do
    expect_eq "run $name: the files $h wrote" "$(awk -v h="$h" '$2 == h { print $1 }' "$CATALOG")" \
      "$(ls -A "$CW/hosts/$h/$name")"
    for f in "$CW/hosts/$h/$name"/*; do
      cmp "$WORK/ref/$(basename "$f")" "$f" || fail "run $name: $f differs from the reference"
    done
  done
  expect_inputs_kept
}

# expect_inputs_kept: no input changed, no temporary file left on any host.
expect_inputs_kept() {
  local f h temps
  while read -r f h _; do
    cmp "$WORK/corpus/$f" "$CW/hosts/$h/data/$f" || fail "input $f changed"
  done <"$CATALOG"
  temps=$(find "$CW/hosts" -name '*.warcrefs-*')
  [ -z "$temps" ] || fail "temporary files left: $temps"
}

# expect_nothing_written NAME: no host has an output file in /srv/NAME.
expect_nothing_written() {
  [ -z "$(find "$CW"/hosts/h{1,2,3}/"$1" -type f)" ] ||
    fail "run $1 wrote files: $(find "$CW"/hosts/h{1,2,3}/"$1" -type f)"
  expect_inputs_kept
}

# expect_queue_idle: no job pending or running (the driver waited for that).
expect_queue_idle() {
  [ -z "$(squeue -h -t PD,R,CG,CF,S)" ] || fail "jobs left in the queue: $(squeue)"
}
