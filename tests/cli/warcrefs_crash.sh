# warcrefs --in-place killed at any moment leaves the file entirely old or
# entirely new: one 200 MB (uncompressed) file with thousands of duplicates
# is rewritten and SIGKILLed after 0.05 to 2 s, while the new file is being
# written, and while it is being verified; SIGINT removes the temporary file.
# Then an output directory that fills up and one that is read-only (tmpfs
# mounts; skipped when mounting is not permitted): exit 1, a clear error,
# the input intact, no temporary file left.
source "$SRC/tests/cli/common.bash"
REFS="$BIN/warcrefs/warcrefs"
WARCSUM="$BIN/warcsum/warcsum"
COLLRES="$BIN/warccollres/warccollres"
GEN="${TESTBIN:-$BIN/../tests}/warcgen"
[ -x "$REFS" ] || { echo "skipped: $REFS not built"; exit 77; }
[ -x "$GEN" ] || { echo "skipped: $GEN not built"; exit 77; }
cd "$WORK"
MNT="$WORK/mnt"
trap 'umount "$MNT" 2>/dev/null; rm -rf "$WORK"' EXIT

manifest() {  # DIR -> processed manifest, in file order
  "$WARCSUM" -q "$1"/* | LC_ALL=C sort -k6,6 | "$COLLRES" -q --proc -d "$1" | LC_ALL=C sort -k1,1 -k2,2n
}

NAME=big-00000.warc.gz
"$GEN" -q --out orig --prefix big --files 1 --size 200M --dup-rate 0.6 --level 1
manifest orig > processed
ndups=$(awk '$8 > 1' processed | wc -l)
[ "$ndups" -gt 1000 ] || fail "only $ndups duplicates"

# The fully converted file, once.
mkdir done
cp orig/$NAME done/
run "$REFS" -q -m processed --in-place done
expect_eq "complete run: exit status ($(cat "$WORK/err"))" 0 "$rc"
cmp -s orig/$NAME done/$NAME && fail "the complete run changed nothing"
new_size=$(stat -c %s done/$NAME)

# Every state the file can be found in after a kill.
check_state() {  # WHAT
  if cmp -s victim/$NAME orig/$NAME; then
    state=old
  elif cmp -s victim/$NAME done/$NAME; then
    state=new
  else
    fail "$1: the file is neither the original nor the converted one"
  fi
  # Nothing but the file and perhaps one temporary file next to it.
  local others
  others=$(ls -A victim | grep -v "^$NAME\$" | grep -v "^\.$NAME\.warcrefs-......\$" || true)
  expect_eq "$1: other files" "" "$others"
  echo "$1: $state"
}
tmp_size() { { stat -c %s victim/.$NAME.warcrefs-* 2>/dev/null || true; } | head -1; }

for delay in 0.05 0.2 0.5 1 2; do
  rm -rf victim && mkdir victim && cp orig/$NAME victim/
  "$REFS" -q -m processed --in-place victim 2>/dev/null &
  pid=$!
  sleep "$delay"
  kill -KILL $pid 2>/dev/null || true
  { wait $pid; } 2>/dev/null || true
  check_state "SIGKILL after $delay s"
done

# Killed once the new file is complete (being synced and verified), and
# once halfway through writing it; by polling the temporary file's size.
for phase in verifying writing; do
  rm -rf victim && mkdir victim && cp orig/$NAME victim/
  "$REFS" -q -m processed --in-place victim 2>/dev/null &
  pid=$!
  want=$new_size
  [ $phase = writing ] && want=$((new_size / 2))
  hit=no
  while kill -0 $pid 2>/dev/null; do
    size=$(tmp_size)
    if [ -n "$size" ] && [ "$size" -ge "$want" ]; then
      kill -KILL $pid
      hit=yes
      break
    fi
  done
  { wait $pid; } 2>/dev/null || true
  check_state "SIGKILL while $phase (temporary file seen: $hit)"
  [ $hit = no ] || [ $state = old ] || [ $phase = verifying ] || fail "killed while writing, yet renamed"
done

# SIGINT while writing: exit 130, the temporary file removed, the input old.
rm -rf victim && mkdir victim && cp orig/$NAME victim/
"$REFS" -q -m processed --in-place victim 2>"$WORK/err" &
pid=$!
while kill -0 $pid 2>/dev/null && [ -z "$(tmp_size)" ]; do :; done
kill -INT $pid 2>/dev/null || true
set +e
wait $pid
rc=$?
set -e
if [ -n "$(tmp_size)" ] || [ "$rc" != 0 ]; then
  expect_eq "SIGINT: exit status" 130 "$rc"
  expect_eq "SIGINT: files left" "$NAME" "$(ls -A victim)"
  cmp victim/$NAME orig/$NAME
  echo "SIGINT while writing: exit 130, temporary file removed, file old"
else
  echo "SIGINT came too late to test (the run had finished)"
fi

# A file that grows while it is rewritten (a crawler still appending): the
# run is stopped (SIGSTOP) once the temporary file is half written, a member
# is appended to the input, and the run resumed. Nothing is renamed over the
# file, so the appended member is still there.
rm -rf victim && mkdir victim && cp orig/$NAME victim/
"$REFS" -m processed --in-place victim 2>"$WORK/err" &
pid=$!
hit=no
while kill -0 $pid 2>/dev/null; do
  size=$(tmp_size)
  # Stopped while still writing: the check before the rename is still ahead.
  if [ -n "$size" ] && [ "$size" -ge $((new_size / 2)) ]; then
    kill -STOP $pid
    size=$(tmp_size)
    [ -n "$size" ] && [ "$size" -lt "$new_size" ] && hit=yes
    break
  fi
done
if [ $hit = yes ]; then
  printf 'appended' | gzip -c > appended.gz
  cat appended.gz >> victim/$NAME
  kill -CONT $pid
  set +e
  wait $pid
  rc=$?
  set -e
  expect_eq "grown while rewritten: exit status" 1 "$rc"
  grep -q "^warcrefs: victim/$NAME: the input changed while it was being rewritten ($(stat -c %s orig/$NAME) bytes when it was read, $(stat -c %s victim/$NAME) now); file left as it was\$" "$WORK/err" ||
    fail "grown while rewritten: $(cat "$WORK/err")"
  cat orig/$NAME appended.gz | cmp - victim/$NAME
  expect_eq "grown while rewritten: files left" "$NAME" "$(ls -A victim)"
  echo "grown while rewritten: not replaced, appended member kept"
else
  kill -CONT $pid 2>/dev/null || true
  wait $pid 2>/dev/null || true
  echo "the run could not be stopped while writing (not tested)"
fi

# Output directories that cannot take the new file.
mkdir -p "$MNT"
if ! mount -t tmpfs -o size=1M tmpfs "$MNT" 2>/dev/null; then
  echo "full and read-only output directories skipped: cannot mount a tmpfs"
  exit 0
fi
"$GEN" -q --out small --prefix small --files 1 --size 8M --dup-rate 0.5
manifest small > small.processed
SMALL=small-00000.warc.gz
cp small/$SMALL small.copy
mkdir small.done
"$REFS" -q -m small.processed -o small.done small
[ "$(stat -c %s small.done/$SMALL)" -gt $((1024 * 1024)) ] || fail "the small converted file fits in 1 MB"

run "$REFS" -m small.processed -o "$MNT" small
expect_eq "full output directory: exit status" 1 "$rc"
grep -q "^warcrefs: small/$SMALL: cannot write $MNT/\.$SMALL\.warcrefs-......: write error: No space left on device; nothing written\$" "$WORK/err" ||
  fail "full output directory: $(cat "$WORK/err")"
grep -q "^warcrefs: total: 1 files, converted 0 of [0-9]* duplicates" "$WORK/err" ||
  fail "full output directory: the total claims conversions: $(cat "$WORK/err")"
expect_eq "full output directory: files left" "" "$(ls -A "$MNT")"
cmp small/$SMALL small.copy

mount -o remount,ro "$MNT"
run "$REFS" -m small.processed -o "$MNT" small
expect_eq "read-only output directory: exit status" 1 "$rc"
grep -q "^warcrefs: small/$SMALL: cannot create a temporary file in $MNT: Read-only file system; nothing written\$" "$WORK/err" ||
  fail "read-only output directory: $(cat "$WORK/err")"
expect_eq "read-only output directory: files left" "" "$(ls -A "$MNT")"
cmp small/$SMALL small.copy

# In place on a read-only file system: the input stays as it was.
umount "$MNT"
mount -t tmpfs -o size=32M tmpfs "$MNT"
cp small/$SMALL "$MNT/"
mount -o remount,ro "$MNT"
run "$REFS" -m small.processed --in-place "$MNT"
expect_eq "read-only, in place: exit status" 1 "$rc"
grep -q "cannot create a temporary file in $MNT: Read-only file system; file left as it was\$" "$WORK/err" ||
  fail "read-only, in place: $(cat "$WORK/err")"
expect_eq "read-only, in place: files left" "$SMALL" "$(ls -A "$MNT")"
cmp "$MNT/$SMALL" small.copy
echo "ok"
