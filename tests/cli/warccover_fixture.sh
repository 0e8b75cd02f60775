# warccover on hand-made signature files (the hidden fixture writer in
# tests/unit/neardup_cluster_test.cpp) with covers worked out by hand: the
# paper's two relations, the cover file's exact bytes, --check (and what it
# catches), --explain, determinism across -j, --mod-p refused, the pair
# limit, usage errors.
source "$(dirname "$0")/common.bash"
C="$BIN/warccover/warccover"
[ -x "$C" ] || fail "$C not built"

sig() {
  NEARDUP_FIXTURE_SPEC="$1" NEARDUP_FIXTURE_OUT="$2" \
    "$TESTBIN/unit_tests" "[.warcnear-fixture]" >"$WORK/fixture.log" 2>&1 ||
    { cat "$WORK/fixture.log" >&2; fail "fixture $1"; }
}

# A story on a.example.org captured three times, growing; part of it copied
# to b.example.org; an unrelated page; a page without text.
#   A1 a 0     Jan 1   1-100   the first version
#   A2 a 1000  Feb 1   1-150   grown: A1 lies wholly in it
#   A3 a 2000  Mar 1   1-150   A2 again
#   B1 b 0     Jan 15  1-80    80 of A1's shingles on another site
#   B2 b 500   Jan 10  500-600 unrelated
#   E  b 900   Jan 20  -       no text: covers nothing, covered by nothing
# Relation (1) containment >= 0.7 and a.date <= b.date: A3 covers A1, A2
# and B1 (A3 itself: nothing later covers it), so the cover is {A3, B2, E}.
# Relation (2), the same within a host: B1 must stay: {A3, B1, B2, E}.
cat >"$WORK/spec.txt" <<'END'
a.warc.gz 0 2009-01-01T00:00:00Z 1-100 http://a.example.org/story 1000
a.warc.gz 1000 2009-02-01T00:00:00Z 1-150 http://a.example.org/story 1000
a.warc.gz 2000 2009-03-01T00:00:00Z 1-150 http://a.example.org/story 1500
b.warc.gz 0 2009-01-15T00:00:00Z 1-80 http://b.example.org/copy 500
b.warc.gz 500 2009-01-10T00:00:00Z 500-600 http://b.example.org/other 500
b.warc.gz 900 2009-01-20T00:00:00Z - http://b.example.org/empty 500
END
sig "$WORK/spec.txt" "$WORK/s.sig"
R1='containment >= 0.7 and a.date <= b.date'
R2='containment >= 0.7 and a.date <= b.date and a.host = b.host'
Z=sha1:0000000000000000000000000000000000000000

run "$C" -e "$R1" "$WORK/s.sig"
expect_eq "relation 1: exit" 0 "$rc"
expect_eq "relation 1: cover" "a.warc.gz 0 1000 http://a.example.org/story 2009-01-01T00:00:00Z $Z covered-by a.warc.gz 2000 1.0000 0.6666 0.8000
a.warc.gz 1000 1000 http://a.example.org/story 2009-02-01T00:00:00Z $Z covered-by a.warc.gz 2000 1.0000 1.0000 1.0000
a.warc.gz 2000 1500 http://a.example.org/story 2009-03-01T00:00:00Z $Z keep
b.warc.gz 0 500 http://b.example.org/copy 2009-01-15T00:00:00Z $Z covered-by a.warc.gz 2000 1.0000 0.5333 0.6956
b.warc.gz 500 500 http://b.example.org/other 2009-01-10T00:00:00Z $Z keep
b.warc.gz 900 500 http://b.example.org/empty 2009-01-20T00:00:00Z $Z keep" "$(cat "$WORK/out")"
grep -q "cover: 3 of 6 records kept (50.0% fewer)" "$WORK/err" || fail "relation 1 summary: $(cat "$WORK/err")"
cp "$WORK/out" "$WORK/cover1"

run "$C" -e "$R2" -o "$WORK/cover2" "$WORK/s.sig"
expect_eq "relation 2: exit" 0 "$rc"
expect_eq "relation 2: kept" "a.warc.gz 2000
b.warc.gz 0
b.warc.gz 500
b.warc.gz 900" "$(awk '$7 == "keep" { print $1, $2 }' "$WORK/cover2")"
grep -q "cover: 4 of 6 records kept" "$WORK/err" || fail "relation 2 summary: $(cat "$WORK/err")"

# The same output for any -j.
run "$C" -j 3 -e "$R1" -o "$WORK/cover1.j3" "$WORK/s.sig"
cmp -s "$WORK/cover1" "$WORK/cover1.j3" || fail "-j 3 differs from -j 1"

# --explain: the parsed expression and the plan, nothing read.
run "$C" -e "$R2" --explain
expect_eq "--explain: exit" 0 "$rc"
expect_eq "--explain" "expression: (((containment >= 0.7) and (a.date <= b.date)) and (a.host = b.host))
blocking key: a.host
candidates: exact join, containment >= 0.7" "$(cat "$WORK/out")"

# --check: the covers pass; each kind of damage is caught with its line.
run "$C" -e "$R1" --check "$WORK/cover1" "$WORK/s.sig"
expect_eq "--check relation 1: exit" 0 "$rc"
grep -q "6 lines, 3 kept, 3 covered; 0 problems" "$WORK/err" || fail "--check: $(cat "$WORK/err")"
run "$C" -e "$R2" --check "$WORK/cover2" "$WORK/s.sig"
expect_eq "--check relation 2: exit" 0 "$rc"
# Relation 1's cover is not one under relation 2 (B1 is covered across sites).
run "$C" -e "$R2" --check "$WORK/cover1" "$WORK/s.sig"
expect_eq "--check wrong relation: exit" 1 "$rc"
expect_eq "--check wrong relation" "warccover: $WORK/cover1:4: the expression does not hold for this record and a.warc.gz 2000" "$(grep -v '^warccover: .*lines' "$WORK/err")"
# A coverer that is not kept; a record missing; measures that lie.
sed -e 's/covered-by a.warc.gz 2000 1.0000 0.6666/covered-by a.warc.gz 1000 1.0000 0.6666/' \
  -e '/b.warc.gz 900/d' -e 's/0.5333 0.6956/0.9000 0.6956/' "$WORK/cover1" >"$WORK/bad"
run "$C" -e "$R1" --check "$WORK/bad" "$WORK/s.sig"
expect_eq "--check damaged: exit" 1 "$rc"
expect_eq "--check damaged" "warccover: $WORK/bad: no line for the record b.warc.gz 900
warccover: $WORK/bad:1: the coverer a.warc.gz 1000 is not kept
warccover: $WORK/bad:4: measures \"1.0000 0.9000 0.6956\", recomputed \"1.0000 0.5333 0.6956\"
warccover: $WORK/bad: 5 lines, 2 kept, 3 covered; 3 problems" "$(cat "$WORK/err")"

# Signature files with sampled shingles (--mod-p): refused unless --approximate.
{ echo "@ k=5 num_perm=128 mod_p=4"; cat "$WORK/spec.txt"; } >"$WORK/modp.txt"
sig "$WORK/modp.txt" "$WORK/modp.sig"
run "$C" -e "$R1" "$WORK/modp.sig"
expect_eq "--mod-p: exit" 1 "$rc"
grep -q "give --approximate to accept that" "$WORK/err" || fail "--mod-p: $(cat "$WORK/err")"
run "$C" -e "$R1" --approximate "$WORK/modp.sig"
expect_eq "--mod-p --approximate: exit" 0 "$rc"
grep -q "approximate: pairs may be missed" "$WORK/err" || fail "--approximate summary: $(cat "$WORK/err")"

# Without a content threshold every pair is evaluated, up to --max-pairs.
run "$C" -e "a.url = b.url and a.date <= b.date" "$WORK/s.sig"
expect_eq "no threshold: exit" 0 "$rc"
expect_eq "no threshold: kept" "a.warc.gz 2000
b.warc.gz 0
b.warc.gz 500
b.warc.gz 900" "$(awk '$7 == "keep" { print $1, $2 }' "$WORK/out")"
run "$C" -e "a.date <= b.date" --max-pairs 10 "$WORK/s.sig"
expect_eq "--max-pairs: exit" 1 "$rc"
grep -q "15 pairs, over the limit of 10 (--max-pairs)" "$WORK/err" || fail "--max-pairs: $(cat "$WORK/err")"

# Usage errors: exit 2, the column named.
run "$C" -e "containment >= 0.7 and a.host = 7" "$WORK/s.sig"
expect_eq "type error: exit" 2 "$rc"
expect_eq "type error" "warccover: -e: column 24: cannot compare a string (a.host) with a number (7)" "$(cat "$WORK/err")"
run "$C" -e "containment >= 0.7"
expect_eq "no inputs: exit" 2 "$rc"
run "$C" -e "containment >= 0.7" "$WORK/missing.sig"
expect_eq "missing input: exit" 1 "$rc"
echo ok
