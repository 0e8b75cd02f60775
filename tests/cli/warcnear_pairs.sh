# warcnear on signature files written by the real SigWriter (the hidden
# fixture writer in tests/unit/neardup_cluster_test.cpp): exact pairs,
# identical sets as stars, clusters without chaining, measures, methods,
# threads, -o, incompatible and damaged inputs, usage errors.
source "$(dirname "$0")/common.bash"
W="$BIN/warcnear/warcnear"
[ -x "$W" ] || fail "$W not built"

# sig SPEC OUT: writes signature file OUT from the description SPEC.
sig() {
  NEARDUP_FIXTURE_SPEC="$1" NEARDUP_FIXTURE_OUT="$2" \
    "$TESTBIN/unit_tests" "[.warcnear-fixture]" >"$WORK/fixture.log" 2>&1 ||
    { cat "$WORK/fixture.log" >&2; fail "fixture $1"; }
}

# Records (shingle n stands for one shingle hash; see the fixture writer):
#   A  a 100  1-100                    the first capture
#   A' a 300  1-95 + 5 new             J(A, A') = 95/105 = 0.9048
#   C  b 50   6-105                    J(A, C) = 0.9048, J(A', C) = 90/110
#   D  b 900  1-100                    A's set again: paired with A only
#   E  a 500  2001-2100                unrelated to A
#   F  b 1200 2001-2050                half of E: J 0.5, contained in E
#   -  b 10   no shingles              never paired
cat >"$WORK/one.txt" <<'END'
a.warc.gz 100 2024-01-01T00:00:01Z 1-100
a.warc.gz 300 2024-01-01T00:00:02Z 1-95,1001-1005
b.warc.gz 50 2024-01-01T00:00:03Z 6-105
b.warc.gz 900 2024-01-01T00:00:04Z 1-100
a.warc.gz 500 2024-01-01T00:00:05Z 2001-2100
b.warc.gz 10 2024-01-01T00:00:00Z -
b.warc.gz 1200 2024-01-01T00:00:06Z 2001-2050
END
sig "$WORK/one.txt" "$WORK/one.sig"

pairs08="a.warc.gz 100 a.warc.gz 300 0.9048 0.9500 0.9500
a.warc.gz 100 b.warc.gz 50 0.9048 0.9500 0.9500
a.warc.gz 100 b.warc.gz 900 1.0000 1.0000 1.0000
a.warc.gz 300 b.warc.gz 50 0.8182 0.9000 0.9000"
run "$W" "$WORK/one.sig"
expect_eq "lsh: exit" 0 "$rc"
expect_eq "lsh: pairs" "$pairs08" "$(cat "$WORK/out")"
expect_eq "lsh: summary" "warcnear: 7 records, 5 distinct sets of shingles, 1 signature file; lsh 16 bands x 8 rows (S-curve at Jaccard 0.8000: 0.9470); 3 candidates checked; 3 pairs at jaccard >= 0.8000 and 1 pair of identical sets" "$(cat "$WORK/err")"

run "$W" --exact -q "$WORK/one.sig"
expect_eq "exact: pairs" "$pairs08" "$(cat "$WORK/out")"
expect_eq "-q: no summary" "" "$(cat "$WORK/err")"

# At 0.85 the pair (A', C) at 0.8182 is left out.
run "$W" -t 0.85 "$WORK/one.sig"
expect_eq "-t 0.85" "$(grep -v '^a.warc.gz 300' <<<"$pairs08")" "$(cat "$WORK/out")"

# Containment: F lies wholly in E (J 0.5); only the exact join finds it.
run "$W" --method exact --measure containment -t 0.9 "$WORK/one.sig"
expect_eq "containment: pairs" "$pairs08
a.warc.gz 500 b.warc.gz 1200 0.5000 0.5000 1.0000" "$(cat "$WORK/out")"

# Dice 0.9: 2*90/200 = 0.9 exactly for (A', C): at the threshold is in.
run "$W" --exact --measure dice -t 0.9 "$WORK/one.sig"
expect_eq "dice" "$pairs08" "$(cat "$WORK/out")"

# Simhash: whatever it finds is a checked pair (a subset of the exact answer).
run "$W" --method simhash --bits 8 "$WORK/one.sig"
expect_eq "simhash: exit" 0 "$rc"
grep -qxF "a.warc.gz 100 b.warc.gz 900 1.0000 1.0000 1.0000" "$WORK/out" || fail "simhash: star pair"
comm -23 "$WORK/out" <(printf '%s\n' "$pairs08") | grep -q . && fail "simhash: unchecked pair"

# Clusters: capture order is the empty record, A, A', C, D, E, F.
run "$W" --clusters "$WORK/one.sig"
expect_eq "clusters" "b.warc.gz 10 0 b.warc.gz 10 1.0000
a.warc.gz 100 1 a.warc.gz 100 1.0000
a.warc.gz 300 1 a.warc.gz 100 0.9048
b.warc.gz 50 1 a.warc.gz 100 0.9048
b.warc.gz 900 1 a.warc.gz 100 1.0000
a.warc.gz 500 2 a.warc.gz 500 1.0000
b.warc.gz 1200 3 b.warc.gz 1200 1.0000" "$(cat "$WORK/out")"
# LSH clusters check a record against earlier representatives only: A'
# and C against A.
expect_eq "clusters: summary" "warcnear: 7 records, 5 distinct sets of shingles, 1 signature file; lsh 16 bands x 8 rows (S-curve at Jaccard 0.8000: 0.9470); 2 candidates checked; 4 clusters at jaccard >= 0.8000" "$(cat "$WORK/err")"

# No chaining: a ~ b (9/11), b ~ c (9/11), a !~ c (8/12) -> {a, b}, {c}.
# (Offsets of 2, 3 and 4 digits: pairs put the smaller offset first, lines
# sort as text.)
cat >"$WORK/chain.txt" <<'END'
c.warc.gz 20 2024-01-01T00:00:01Z 1-10
c.warc.gz 100 2024-01-01T00:00:02Z 2-11
c.warc.gz 3000 2024-01-01T00:00:03Z 3-12
END
sig "$WORK/chain.txt" "$WORK/chain.sig"
run "$W" --exact --clusters "$WORK/chain.sig"
expect_eq "chain clusters" "c.warc.gz 20 0 c.warc.gz 20 1.0000
c.warc.gz 100 0 c.warc.gz 20 0.8182
c.warc.gz 3000 1 c.warc.gz 3000 1.0000" "$(cat "$WORK/out")"

# Several files, -j and -o: the same answer. The chain file's pairs join in.
run "$W" -j 3 -o "$WORK/both.txt" "$WORK/chain.sig" "$WORK/one.sig"
expect_eq "-o: exit" 0 "$rc"
expect_eq "-o: stdout" "" "$(cat "$WORK/out")"
expect_eq "two files" "$pairs08
c.warc.gz 100 c.warc.gz 3000 0.8182 0.9000 0.9000
c.warc.gz 20 c.warc.gz 100 0.8182 0.9000 0.9000" "$(cat "$WORK/both.txt")"
[ ! -e "$WORK/both.txt.tmp" ] || fail "-o left its temporary file"

# Settings that differ: the file is left out, the others still done, exit 1.
printf '@ num_perm=64\nd.warc.gz 1 2024-01-01T00:00:01Z 1-100\n' >"$WORK/other.txt"
sig "$WORK/other.txt" "$WORK/other.sig"
run "$W" -q "$WORK/one.sig" "$WORK/other.sig"
expect_eq "incompatible: exit" 1 "$rc"
expect_eq "incompatible: pairs" "$pairs08" "$(cat "$WORK/out")"
expect_eq "incompatible: message" "warcnear: $WORK/other.sig: left out: its settings differ from $WORK/one.sig's: num_perm is 64 here, 128 there" "$(cat "$WORK/err")"

# A damaged file (cut short) and a missing one: reported with their names.
head -c 200 "$WORK/one.sig" >"$WORK/cut.sig"
run "$W" -q "$WORK/cut.sig" "$WORK/missing.sig" "$WORK/chain.sig"
expect_eq "damaged: exit" 1 "$rc"
expect_eq "damaged: pairs" "c.warc.gz 100 c.warc.gz 3000 0.8182 0.9000 0.9000
c.warc.gz 20 c.warc.gz 100 0.8182 0.9000 0.9000" "$(cat "$WORK/out")"
grep -q "^warcnear: $WORK/cut.sig: offset [0-9]*: " "$WORK/err" || fail "cut: $(cat "$WORK/err")"
grep -qF "warcnear: $WORK/missing.sig: cannot open: No such file or directory" "$WORK/err" ||
  fail "missing: $(cat "$WORK/err")"

# mod_p files: a note that the similarities are estimates.
printf '@ mod_p=7\ne.warc.gz 1 2024-01-01T00:00:01Z 1-100\n' >"$WORK/modp.txt"
sig "$WORK/modp.txt" "$WORK/modp.sig"
run "$W" "$WORK/modp.sig"
grep -qxF "warcnear: note: the signature files keep only the shingles whose hash is 0 mod 7: the similarities are estimates" "$WORK/err" ||
  fail "mod_p note: $(cat "$WORK/err")"

# Usage errors: exit 2.
run "$W" --exact --method simhash "$WORK/one.sig"
expect_eq "--exact --method simhash: exit" 2 "$rc"
expect_eq "--exact --method simhash: message" "warcnear: --exact contradicts --method simhash
Try 'warcnear --help' for more information." "$(cat "$WORK/err")"
run "$W" -t 0 "$WORK/one.sig"
expect_eq "-t 0: exit" 2 "$rc"
run "$W" --measure cosine "$WORK/one.sig"
expect_eq "--measure cosine: exit" 2 "$rc"
run "$W"
expect_eq "no input: exit" 2 "$rc"
echo "ok"
