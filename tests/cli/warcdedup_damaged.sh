# warcdedup with damaged inputs: every damaged file is named (not three and
# "..."), the run ends with exit 1. With a warcrefs that keeps the damaged
# files and rewrites the others (it has --strict), the run is done with
# damage: the check runs and passes on the rest, a resumed run does not
# run warcrefs again, and --strict rewrites nothing. With an older warcrefs
# (which rewrites nothing when an input is damaged) the run stops before
# the check.
source "$(dirname "$0")/common.bash"
GEN="$TESTBIN/warcgen"
DEDUP="$BIN/warcdedup/warcdedup"
REFS="$BIN/warcrefs/warcrefs"
[ -x "$GEN" ] || fail "$GEN not built"

"$GEN" --out "$WORK/in" --size 4M --files 8 --seed 51 -q
# Four damaged files: bytes overwritten in the middle of a gzip member.
damaged=()
for f in $(ls "$WORK/in" | head -n 4); do
  size=$(stat -c %s "$WORK/in/$f")
  printf '\xff\xff\xff\xff\xff\xff\xff\xff' | dd of="$WORK/in/$f" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
  damaged+=("$WORK/in/$f")
done
cp -r "$WORK/in" "$WORK/pristine"
work="$WORK/o/.warcdedup"

run "$DEDUP" -o "$WORK/o" "$WORK/in"
expect_eq "damaged inputs: exit" 1 "$rc"
expect_eq "damaged inputs: the list" "$(printf '%s\n' "${damaged[@]}")" "$(cat "$work/damaged.txt")"
grep -q "^warcdedup: 4 input(s) could not be read whole" "$WORK/err" || fail "no damage summary: $(cat "$WORK/err")"
for f in "${damaged[@]}"; do grep -qxF "  $f" "$WORK/err" || fail "$f is not named: $(cat "$WORK/err")"; done
diff -r "$WORK/in" "$WORK/pristine" >/dev/null || fail "inputs changed by -o"
for f in "${damaged[@]}"; do [ ! -e "$WORK/o/${f##*/}" ] || fail "${f##*/}, damaged, was rewritten"; done

if "$REFS" --help | grep -q -- '--strict'; then
  # warcrefs keeps the damaged files and rewrites the others: done with damage.
  ! grep -q "rewrote no file" "$WORK/err" || fail "nothing rewritten: $(cat "$WORK/err")"
  [ "$(ls "$WORK/o" | wc -l)" -gt 0 ] || fail "no file rewritten"
  grep -q " 0 discrepancies" "$WORK/err" || fail "the check: $(cat "$WORK/err")"
  grep -q "^total " "$WORK/out" || fail "no table"
  # Exit 1 is never "done": the same command runs warcrefs again (another
  # failure may hide behind the damage), and it ends the same way.
  [ ! -e "$work/warcrefs.done" ] || fail "warcrefs marked done though it exited 1"
  cp -r "$WORK/o" "$WORK/o.first"
  run "$DEDUP" -o "$WORK/o" "$WORK/in"
  expect_eq "resumed, damaged inputs: exit" 1 "$rc"
  grep -q "warccollres: done earlier" "$WORK/err" || fail "the resumed run did not resume: $(cat "$WORK/err")"
  grep -q " 0 discrepancies" "$WORK/err" || fail "resumed: the check: $(cat "$WORK/err")"
  diff -r "$WORK/o" "$WORK/o.first" >/dev/null || fail "resumed: the output differs from the first run's"
  for f in "${damaged[@]}"; do grep -qxF "  $f" "$WORK/err" || fail "resumed: $f is not named"; done
  # --strict: one damaged input, nothing rewritten.
  run "$DEDUP" -q --strict -o "$WORK/strict" "$WORK/in"
  expect_eq "--strict: exit" 1 "$rc"
  grep -q "rewrote no file" "$WORK/err" || fail "--strict: $(cat "$WORK/err")"
  expect_eq "--strict: nothing written" "" "$(ls "$WORK/strict")"
else
  # An older warcrefs rewrites nothing: no check, no false losses.
  grep -q "rewrote no file" "$WORK/err" || fail "older warcrefs: $(cat "$WORK/err")"
  # Its own message names three and says where all four are.
  grep -q "(.*warcgen-00000.warc.gz, .*warcgen-00002.warc.gz and 1 more, all listed in $work/revisit-refs.txt: damaged" \
    "$WORK/err" || fail "older warcrefs: its list: $(cat "$WORK/err")"
  ! grep -q "lost" "$WORK/err" || fail "older warcrefs: false losses: $(cat "$WORK/err")"
  expect_eq "older warcrefs: nothing written" "" "$(ls "$WORK/o")"
fi
echo ok
