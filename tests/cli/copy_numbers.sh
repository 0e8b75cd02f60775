# warcsum | sort | warccollres --proc on a generated corpus gives exactly the
# copy numbers and originals worked out here from the generator's own answer
# (its --truth manifest; SHA-1 has no collisions in it, so equal digests are
# equal payloads): in each digest group, ordered by date, then file, then
# offset, the first capture is copy 1 and every other one refers to it.
source "$(dirname "$0")/common.bash"
GEN="$TESTBIN/warcgen"
WARCSUM="$BIN/warcsum/warcsum"
COLLRES="$BIN/warccollres/warccollres"

"$GEN" --out "$WORK/in" --size 8M --files 4 --seed 31 --version mixed --dup-rate 0.4 \
  --truth "$WORK/truth" -q
LC_ALL=C sort -k6,6 -k5,5 -k1,1 -k2,2n "$WORK/truth" | awk '
  $6 != digest { digest = $6; n = 0; uri = $4; date = $5 }
  { n++; print $1, $2, n, (n == 1 ? "- -" : uri " " date) }' | LC_ALL=C sort > "$WORK/expected"
copies=$(awk '$3 > 1' "$WORK/expected" | wc -l)
[ "$copies" -gt 100 ] || fail "the corpus has only $copies copies"

"$WARCSUM" -q -j 2 "$WORK"/in/*.warc.gz | LC_ALL=C sort -k6,6 > "$WORK/sorted"
run "$COLLRES" --proc -d "$WORK/in" "$WORK/sorted"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "warccollres --proc exited $rc"; }
awk '{ print $1, $2, $8, $9, $10 }' "$WORK/out" | LC_ALL=C sort > "$WORK/actual"
expect_eq "copy numbers and originals" "$(cat "$WORK/expected")" "$(cat "$WORK/actual")"
awk '$7 != 0 { bad++ } END { exit bad > 0 }' "$WORK/out" || fail "an extension other than 0 without a collision"
echo "ok: $copies copies"
