# warcdedup, the one-command pipeline, end to end on a generated corpus.
source "$(dirname "$0")/common.bash"
GEN="$TESTBIN/warcgen"
DEDUP="$BIN/warcdedup/warcdedup"
[ -x "$GEN" ] || fail "$GEN not built"

"$GEN" --out "$WORK/in" --size 6M --files 3 --seed 11 --version mixed -q
"$GEN" --out "$WORK/in" --prefix plain --size 2M --files 1 --seed 12 --plain -q
# A name the manifest has to percent-encode (a space, a non-ASCII byte).
# And one whose %3A the manifest keeps as it is.
set -- $(ls "$WORK/in" | grep "\.warc\.gz$")
mv "$WORK/in/$1" "$WORK/in/odd name é.warc.gz"
mv "$WORK/in/$2" "$WORK/in/host%3A80.warc.gz"
# Not a WARC file: the pipeline passes over it.
echo "crawl notes" > "$WORK/in/notes.txt"
cp -r "$WORK/in" "$WORK/pristine"

# -o: inputs untouched, the check passes, the table adds up.
run "$DEDUP" -q -o "$WORK/dedup" "$WORK/in"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "warcdedup -o exited $rc"; }
diff -r "$WORK/in" "$WORK/pristine" >/dev/null || fail "inputs changed by -o"
work="$WORK/dedup/.warcdedup"
[ ! -s "$work/discrepancies.txt" ] || fail "warcsumcmp found discrepancies"
dups=$(awk '$8 > 1' "$work/processed.manifest" | wc -l)
[ "$dups" -gt 0 ] || fail "the corpus has no duplicates"
before=$(wc -l < "$work/before.manifest")
after=$(wc -l < "$work/after.manifest")
expect_eq "records after = before - duplicates" "$((before - dups))" "$after"
total=$(grep '^total ' "$WORK/out" | awk '{print $2, $3}')
expect_eq "table: total records" "$before $after" "$total"
# Per type, from the manifests (encoded names end as the real ones do).
for t in warc.gz warc; do
  b=$(awk -v t="$t" '{ n = split($1, p, "."); e = p[n] == "gz" ? p[n-1] ".gz" : p[n] } e == t' "$work/before.manifest" | wc -l)
  a=$(awk -v t="$t" '{ n = split($1, p, "."); e = p[n] == "gz" ? p[n-1] ".gz" : p[n] } e == t' "$work/after.manifest" | wc -l)
  expect_eq "table: $t records" "$b $a" "$(grep "^$t " "$WORK/out" | awk '{print $2, $3}')"
done
grep -q '^odd%20name%20%C3%A9.warc.gz ' "$work/before.manifest" || fail "the odd name is not encoded as expected"
grep -q '^host%3A80.warc.gz ' "$work/before.manifest" || fail "host%3A80.warc.gz is not in the manifest as it is"
revisits=$(for f in "$WORK"/dedup/*.warc.gz; do gzip -dc "$f"; done | grep -ac '^WARC-Type: revisit')
plain_revisits=$(cat "$WORK"/dedup/*.warc 2>/dev/null | grep -ac '^WARC-Type: revisit' || true)
expect_eq "one revisit per duplicate" "$dups" "$((revisits + plain_revisits))"

# The after-manifest (from warcrefs' verify pass) is exactly the warcsum of
# the collection after: the rewritten files, and the others as they are.
WARCSUM="$BIN/warcsum/warcsum"
for f in "$WORK"/in/*.warc*; do
  if [ -e "$WORK/dedup/${f##*/}" ]; then echo "$WORK/dedup/${f##*/}"; else echo "$f"; fi
done | "$WARCSUM" -q - | LC_ALL=C sort > "$WORK/result.sum"
expect_eq "after.manifest = warcsum of the result" "$(cat "$WORK/result.sum")" "$(LC_ALL=C sort "$work/after.manifest")"

# Running it again resumes: every stage is found done, same table.
cp "$WORK/out" "$WORK/table1"
run "$DEDUP" -o "$WORK/dedup" "$WORK/in"
[ "$rc" -eq 0 ] || fail "re-run exited $rc"
grep -q 'warcsum: done earlier' "$WORK/err" || fail "re-run did not resume"
expect_eq "re-run table" "$(cat "$WORK/table1")" "$(cat "$WORK/out")"

# --in-place gives the same files as -o.
cp -r "$WORK/pristine" "$WORK/inplace"
run "$DEDUP" -q --in-place -w "$WORK/work2" "$WORK/inplace"
[ "$rc" -eq 0 ] || fail "--in-place exited $rc"
for f in "$WORK"/inplace/*; do
  b=$(basename "$f")
  if [ -e "$WORK/dedup/$b" ]; then cmp -s "$f" "$WORK/dedup/$b" || fail "$b: --in-place differs from -o"
  else cmp -s "$f" "$WORK/pristine/$b" || fail "$b: changed though it has no duplicates"; fi
done

# A run cut off in warcrefs (no after.manifest yet) runs warcrefs again: the
# files it already rewrote in place are read as they are, and the check passes.
rm "$WORK/work2/after.manifest" "$WORK/work2/warcrefs.done"
run "$DEDUP" --in-place -w "$WORK/work2" "$WORK/inplace"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "--in-place resumed in warcrefs exited $rc"; }
grep -q 'warccollres: done earlier' "$WORK/err" || fail "the resumed run did not resume"
grep -q "0 discrepancies" "$WORK/err" || fail "the resumed run's check: $(cat "$WORK/err")"
"$WARCSUM" -q "$WORK"/inplace/*.warc* | LC_ALL=C sort > "$WORK/inplace.sum"
expect_eq "resumed after.manifest" "$(cat "$WORK/inplace.sum")" "$(LC_ALL=C sort "$WORK/work2/after.manifest")"

# The --in-place table: bytes before are the inputs' sizes before the run,
# though the files have been replaced since.
sizes() { local t=0 f; while IFS= read -r f; do t=$((t + $(stat -c %s "$1/${f##*/}"))); done < "$WORK/work2/inputs.list"; echo "$t"; }
expect_eq "--in-place table: bytes before, after" "$(sizes "$WORK/pristine") $(sizes "$WORK/inplace")" \
  "$(grep '^total ' "$WORK/out" | awk '{print $5, $6}')"
[ "$(sizes "$WORK/pristine")" -gt "$(sizes "$WORK/inplace")" ] || fail "--in-place saved nothing"

# --in-place without -w keeps its work directory on the disk it writes to:
# .warcdedup in the input directory, which the listing passes over.
cp -r "$WORK/pristine" "$WORK/inplace2"
run "$DEDUP" -q --in-place "$WORK/inplace2"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "--in-place without -w exited $rc"; }
[ -s "$WORK/inplace2/.warcdedup/after.manifest" ] || fail "--in-place: no work directory in the input directory"
for f in "$WORK"/inplace/*; do cmp -s "$f" "$WORK/inplace2/${f##*/}" || fail "${f##*/}: --in-place without -w differs"; done
grep -q '/\.warcdedup/' "$WORK/inplace2/.warcdedup/inputs.list" && fail "the work directory was listed as input"

# A work directory belongs to the run that made it: another collection given
# with it is refused, and nothing is touched.
cp -r "$WORK/pristine" "$WORK/other"
run "$DEDUP" -q --in-place -w "$WORK/work2" "$WORK/other"
expect_eq "other inputs, same work dir: exit 2" 2 "$rc"
grep -q "work2 holds the manifests of another run" "$WORK/err" || fail "other inputs: $(cat "$WORK/err")"
diff -r "$WORK/other" "$WORK/pristine" >/dev/null || fail "a refused run changed files"
run "$DEDUP" -q --in-place -w "$WORK/work2" -H md5 "$WORK/inplace"
expect_eq "other digest, same work dir: exit 2" 2 "$rc"

# A symbolic link in an input directory to a file outside the inputs stops
# the run (that file's revisits would be unknown); one to an input does not.
mkdir -p "$WORK/linked" "$WORK/elsewhere"
cp "$WORK/pristine/plain-00000.warc" "$WORK/elsewhere/x y.warc"
cp "$WORK/pristine/plain-00000.warc" "$WORK/linked/"
ln -s "../elsewhere/x y.warc" "$WORK/linked/link.warc"
run "$DEDUP" -q --dry-run -w "$WORK/work9" "$WORK/linked"
expect_eq "a link to a file outside the inputs: exit 2" 2 "$rc"
grep -q "^  .*/linked/link.warc: a link to a file outside the inputs (.*/elsewhere/x y.warc)$" "$WORK/err" ||
  fail "the link's target is not named: $(cat "$WORK/err")"
run "$DEDUP" -q --dry-run -w "$WORK/work10" "$WORK/linked" "$WORK/elsewhere"
[ "$rc" -eq 0 ] || fail "a link to an input: exit $rc: $(cat "$WORK/err")"
rm "$WORK/linked/link.warc" && ln -s plain-00000.warc "$WORK/linked/link.warc"
run "$DEDUP" -q --dry-run -w "$WORK/work11" "$WORK/linked"
[ "$rc" -eq 0 ] || fail "a link within the inputs: exit $rc: $(cat "$WORK/err")"

# A link to a directory outside the inputs, or to nothing, stops it too; an
# input directory named through a link is read.
ln -s "../elsewhere" "$WORK/linked/more"
run "$DEDUP" -q --dry-run -w "$WORK/work12" "$WORK/linked"
expect_eq "a link to a directory outside the inputs: exit 2" 2 "$rc"
grep -q "linked/more: a link to a directory outside the inputs" "$WORK/err" || fail "dir link: $(cat "$WORK/err")"
rm "$WORK/linked/more" && ln -s "/nonexistent/gone.warc.gz" "$WORK/linked/gone.warc.gz"
run "$DEDUP" -q --dry-run -w "$WORK/work13" "$WORK/linked"
expect_eq "a dangling link: exit 2" 2 "$rc"
grep -q "linked/gone.warc.gz: a link to nothing" "$WORK/err" || fail "dangling link: $(cat "$WORK/err")"
rm "$WORK/linked/gone.warc.gz"
ln -s "$WORK/pristine" "$WORK/via-link"
run "$DEDUP" -q --dry-run -w "$WORK/work14" "$WORK/via-link"
[ "$rc" -eq 0 ] || fail "an input directory named through a link: exit $rc: $(cat "$WORK/err")"
expect_eq "an input directory named through a link: files listed" "$(ls "$WORK/pristine" | grep -c '\.warc')" \
  "$(wc -l < "$WORK/work14/inputs.list")"
# Files added after a run began: the resumed run says so instead of going on
# with the old list.
cp -r "$WORK/pristine" "$WORK/growing"
run "$DEDUP" -q --dry-run -w "$WORK/work15" "$WORK/growing"
cp "$WORK/pristine/plain-00000.warc" "$WORK/growing/late.warc"
run "$DEDUP" -q --dry-run -w "$WORK/work15" "$WORK/growing"
expect_eq "files added since the run began: exit 2" 2 "$rc"
grep -q "the input files are not those the run in .*work15 began with" "$WORK/err" || fail "grown: $(cat "$WORK/err")"

# The same file reached twice (a directory and a link to it) is refused.
run "$DEDUP" -q --dry-run -w "$WORK/work16" "$WORK/pristine" "$WORK/via-link"
expect_eq "the same files twice: exit 2" 2 "$rc"
grep -q "these files are reached twice among the inputs" "$WORK/err" || fail "twice: $(cat "$WORK/err")"

# A work directory of an older warcdedup (manifests, no run.id) is not
# resumed; --restart clears only the files warcdedup makes.
mkdir -p "$WORK/work8" && echo "x" > "$WORK/work8/before.manifest" && echo "mine" > "$WORK/work8/notes.txt"
run "$DEDUP" -q --dry-run -w "$WORK/work8" "$WORK/other"
expect_eq "an unknown run's work dir: exit 2" 2 "$rc"
grep -q "work8 holds manifests of an unknown run" "$WORK/err" || fail "unknown run: $(cat "$WORK/err")"
run "$DEDUP" -q --dry-run --restart -w "$WORK/work8" "$WORK/other"
[ "$rc" -eq 0 ] || fail "--restart in an unknown run's work dir exited $rc"
expect_eq "--restart keeps the user's files" "mine" "$(cat "$WORK/work8/notes.txt")"

# The same work directory in another mode runs warcrefs again: -o first,
# then --in-place rewrites the files themselves.
run "$DEDUP" -o "$WORK/o4" -w "$WORK/work4" "$WORK/other"
[ "$rc" -eq 0 ] || fail "-o with -w exited $rc"
diff -r "$WORK/other" "$WORK/pristine" >/dev/null || fail "-o changed its inputs"
run "$DEDUP" --in-place -w "$WORK/work4" "$WORK/other"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "--in-place after -o exited $rc"; }
grep -q 'warcsum: done earlier' "$WORK/err" || fail "--in-place after -o did not reuse the manifests"
! grep -q 'warcrefs: done earlier' "$WORK/err" || fail "--in-place after -o did not run warcrefs"
for f in "$WORK"/o4/*.warc*; do cmp -s "$f" "$WORK/other/${f##*/}" || fail "${f##*/}: --in-place after -o differs"; done

# A file warcrefs could not write fails the run (exit 1) and is written when
# the same command runs again.
victim=$(awk '$8 > 1 && $1 !~ /%/ { print $1; exit }' "$WORK/work4/processed.manifest")
mkdir -p "$WORK/o5/$victim" && touch "$WORK/o5/$victim/keep"
run "$DEDUP" -q -o "$WORK/o5" -w "$WORK/work5" "$WORK/in"
expect_eq "an unwritable target: exit 1" 1 "$rc"
[ ! -e "$WORK/work5/warcrefs.done" ] || fail "warcrefs.done written after a failed warcrefs"
rm -r "$WORK/o5/$victim"
run "$DEDUP" -q -o "$WORK/o5" -w "$WORK/work5" "$WORK/in"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "the re-run after the failure exited $rc"; }
cmp -s "$WORK/o5/$victim" "$WORK/dedup/$victim" || fail "the re-run did not write $victim"

# A file of an input's name left in OUTDIR by something else is not taken
# for the input's result in the table.
cp -r "$WORK/pristine" "$WORK/in7"
"$GEN" --out "$WORK/in7" --prefix solo --size 1M --files 1 --seed 71 --dup-rate 0 --near-dup-rate 0 -q
mkdir -p "$WORK/o7" && touch "$WORK/o7/solo-00000.warc.gz"
run "$DEDUP" -q -o "$WORK/o7" -w "$WORK/work7" "$WORK/in7"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "-o with a stale file exited $rc"; }
grep -q '^solo-00000.warc.gz .* 1 - -$' "$WORK/work7/processed.manifest" || fail "solo has no records"
! grep -q '^solo-00000.warc.gz .* [2-9][0-9]* [^ ]* [^ ]*$' "$WORK/work7/processed.manifest" || fail "solo has duplicates"
outsum() { local t=0 f; while IFS= read -r f; do
  if [ -f "$WORK/dedup/${f##*/}" ]; then t=$((t + $(stat -c %s "$WORK/dedup/${f##*/}"))); else t=$((t + $(stat -c %s "$f"))); fi
  done < "$WORK/work7/inputs.list"; echo "$t"; }
expect_eq "-o table with a stale file: bytes after" "$(outsum)" "$(grep '^total ' "$WORK/out" | awk '{print $6}')"

# Inputs sharing a base name (in two directories) are counted once in the
# table: the manifests name files by base name.
mkdir -p "$WORK/twins/a" "$WORK/twins/b"
"$GEN" --out "$WORK/twins/a" --size 1M --files 1 --seed 21 -q
"$GEN" --out "$WORK/twins/b" --size 1M --files 1 --seed 22 -q
run "$DEDUP" -q --dry-run -w "$WORK/work6" "$WORK/twins/a" "$WORK/twins/b"
expect_eq "twins: table total records before" "$(wc -l < "$WORK/work6/before.manifest")" \
  "$(grep '^total ' "$WORK/out" | awk '{print $2}')"

# warcrefs -j: the same files and the same report for any number of threads.
REFS="$BIN/warcrefs/warcrefs"
mkdir -p "$WORK/j1" "$WORK/j3"
"$REFS" -j 1 -m "$work/by-file.manifest" -o "$WORK/j1" "$WORK/in" 2> "$WORK/j1.err"
"$REFS" -j 3 -m "$work/by-file.manifest" -o "$WORK/j3" "$WORK/in" 2> "$WORK/j3.err"
expect_eq "warcrefs -j report" "$(sed 's|/j1/|/jN/|' "$WORK/j1.err")" "$(sed 's|/j3/|/jN/|' "$WORK/j3.err")"
for f in "$WORK"/j1/*; do cmp -s "$f" "$WORK/j3/$(basename "$f")" || fail "warcrefs -j 3 differs: $f"; done
[ "$(ls "$WORK/j1" | wc -l)" -gt 1 ] || fail "warcrefs -j test rewrote fewer than two files"

# --dry-run writes nothing.
cp -r "$WORK/pristine" "$WORK/dry"
run "$DEDUP" -q --dry-run -w "$WORK/work3" "$WORK/dry"
[ "$rc" -eq 0 ] || fail "--dry-run exited $rc"
diff -r "$WORK/dry" "$WORK/pristine" >/dev/null || fail "--dry-run changed files"
grep -q 'dry run' "$WORK/out" || fail "--dry-run table lacks its note"

# Usage errors.
run "$DEDUP" "$WORK/in"
expect_eq "no mode: exit 2" 2 "$rc"
run "$DEDUP" -o "$WORK/x" --in-place "$WORK/in"
expect_eq "two modes: exit 2" 2 "$rc"
run "$DEDUP" --bogus
expect_eq "unknown option: exit 2" 2 "$rc"
expect_eq "unknown option: the message every tool gives" "warcdedup: The following argument was not expected: --bogus
Try 'warcdedup --help' for more information." "$(cat "$WORK/err")"
echo "ok: $before records, $dups duplicates"
