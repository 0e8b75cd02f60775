# warcdedup after a failed stage: a stage that could not write its manifest
# (a file size limit standing for a full disk) is not taken as done, and the
# same command then runs it again; warcrefs refusing everything (-o DIR DIR)
# stops the run before the check, which would report false losses; lists of
# problems are never cut short without saying where the rest is.
source "$(dirname "$0")/common.bash"
GEN="$TESTBIN/warcgen"
DEDUP="$BIN/warcdedup/warcdedup"
WARCSUM="$BIN/warcsum/warcsum"
[ -x "$GEN" ] || fail "$GEN not built"

"$GEN" --out "$WORK/in" --size 3M --files 3 --seed 41 -q
cp -r "$WORK/in" "$WORK/pristine"
"$WARCSUM" -q "$WORK"/in/*.warc.gz | LC_ALL=C sort > "$WORK/full.sum"
# Files are limited to half the manifest's size (ulimit -f counts KB).
limit=$(( $(wc -c < "$WORK/full.sum") / 2048 ))
[ "$limit" -ge 8 ] || fail "the manifest is too small for the test"

# A write error in warcsum (the file size limit cuts its manifest as a full
# disk would): exit 1, the stage is not done, and the manifest is not kept.
run bash -c 'ulimit -f "$1"; trap "" XFSZ; shift; exec "$@"' _ "$limit" "$DEDUP" -q -o "$WORK/o" "$WORK/in"
expect_eq "a write error in warcsum: exit" 1 "$rc"
grep -q "^warcdedup: warcsum failed (exit 1" "$WORK/err" || fail "no failed stage: $(cat "$WORK/err")"
[ ! -e "$WORK/o/.warcdedup/before.manifest" ] || fail "a truncated before.manifest was kept"
[ ! -e "$WORK/o/.warcdedup/before.manifest.ok" ] || fail "warcsum marked done after a write error"
# The same command, without --restart, now goes through.
run "$DEDUP" -o "$WORK/o" "$WORK/in"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "the run after the write error exited $rc"; }
grep -q "sizing inputs: done earlier" "$WORK/err" || fail "the run after the write error did not resume"
grep -q "warcsum: done in" "$WORK/err" || fail "warcsum was not run again: $(cat "$WORK/err")"
expect_eq "before.manifest after the write error" "$(cat "$WORK/full.sum")" \
  "$(LC_ALL=C sort "$WORK/o/.warcdedup/before.manifest")"
grep -q " 0 discrepancies" "$WORK/err" || fail "the check: $(cat "$WORK/err")"
diff -r "$WORK/in" "$WORK/pristine" >/dev/null || fail "inputs changed by -o"

# The same in warccollres, whose manifest is longer (a copy number and the
# original on each line): the stages before it are kept, it and those after
# it run again.
rm -rf "$WORK/o"
limit=$(( $(wc -c < "$WORK/full.sum") / 1024 + 1 ))
run bash -c 'ulimit -f "$1"; trap "" XFSZ; shift; exec "$@"' _ "$limit" "$DEDUP" -q -o "$WORK/o" -w "$WORK/w2" "$WORK/in"
expect_eq "a write error in warccollres: exit" 1 "$rc"
grep -q "^warcdedup: warccollres failed (exit 1" "$WORK/err" || fail "warccollres did not fail: $(cat "$WORK/err")"
expect_eq "warcsum done before the write error in warccollres" 0 "$(cat "$WORK/w2/before.manifest.ok")"
[ ! -e "$WORK/w2/processed.manifest" ] || fail "a truncated processed.manifest was kept"
run "$DEDUP" -o "$WORK/o" -w "$WORK/w2" "$WORK/in"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "the run after the write error in warccollres exited $rc"; }
grep -q "warcsum: done earlier" "$WORK/err" || fail "warcsum was run again: $(cat "$WORK/err")"
grep -q "warccollres: done in" "$WORK/err" || fail "warccollres was not run again: $(cat "$WORK/err")"
grep -q " 0 discrepancies" "$WORK/err" || fail "the check after the write error in warccollres: $(cat "$WORK/err")"

# A stage that failed on some inputs but wrote its manifest is done (its
# exit status kept), and a resumed run still ends with exit 1.
cp -r "$WORK/pristine" "$WORK/holes"
victim=$(ls "$WORK/holes" | head -n 1)
size=$(stat -c %s "$WORK/holes/$victim")
printf '\xff\xff\xff\xff\xff\xff\xff\xff' | dd of="$WORK/holes/$victim" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
run "$DEDUP" -q --dry-run -w "$WORK/w3" "$WORK/holes"
expect_eq "a damaged input: exit" 1 "$rc"
expect_eq "a damaged input: warcsum's status kept" 1 "$(cat "$WORK/w3/before.manifest.ok")"
run "$DEDUP" --dry-run -w "$WORK/w3" "$WORK/holes"
expect_eq "a damaged input, resumed: exit" 1 "$rc"
grep -q "warcsum: done earlier" "$WORK/err" || fail "warcsum was run again: $(cat "$WORK/err")"
grep -qxF "  $WORK/holes/$victim" "$WORK/err" || fail "the damaged input is not named: $(cat "$WORK/err")"

# -o DIR DIR: warcrefs refuses every file (the output directory holds the
# inputs); nothing was written, so no check (it reported each record as
# lost) and a clear message.
cp -r "$WORK/pristine" "$WORK/same"
run "$DEDUP" -q -o "$WORK/same" "$WORK/same"
expect_eq "-o DIR DIR: exit" 1 "$rc"
grep -q "the output directory holds this input; use --in-place" "$WORK/err" || fail "-o DIR DIR: $(cat "$WORK/err")"
grep -q "^warcdedup: warcrefs rewrote no file and reported errors (see above); the collection is as it was" \
  "$WORK/err" || fail "-o DIR DIR: no clear message: $(cat "$WORK/err")"
! grep -q "lost" "$WORK/err" || fail "-o DIR DIR: false losses: $(cat "$WORK/err")"
! grep -q "^total " "$WORK/o" || fail "-o DIR DIR: a table"
[ ! -e "$WORK/same/.warcdedup/warcrefs.done" ] || fail "-o DIR DIR: warcrefs marked done"
for f in "$WORK"/pristine/*; do cmp -s "$f" "$WORK/same/${f##*/}" || fail "-o DIR DIR changed ${f##*/}"; done

# Long lists of problems: all of them are named, or where they all are said.
mkdir -p "$WORK/many" "$WORK/outside"
cp "$WORK/pristine/$victim" "$WORK/many/"
for i in $(seq 1 25); do
  cp "$WORK/pristine/$victim" "$WORK/outside/o$i.warc.gz"
  ln -s "../outside/o$i.warc.gz" "$WORK/many/l$i.warc.gz"
done
run "$DEDUP" -q --dry-run -w "$WORK/w4" "$WORK/many"
expect_eq "25 links outside: exit" 2 "$rc"
expect_eq "25 links outside: all listed" 25 "$(wc -l < "$WORK/w4/links.txt")"
expect_eq "25 links outside: 20 shown" 20 "$(grep -c "^  .*/many/l[0-9]*.warc.gz: a link to a file outside" "$WORK/err")"
grep -qxF "  ... and 5 more: all 25 are listed in $WORK/w4/links.txt" "$WORK/err" ||
  fail "25 links outside: where the rest is: $(cat "$WORK/err")"
echo ok
