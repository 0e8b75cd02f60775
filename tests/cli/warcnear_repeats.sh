# warcnear given the same WARC record twice (the same file and offset in two
# signature files, twice in one, or one signature file named twice): the
# later copy is left out with one error per pair of signature files naming
# both, so no record is paired with itself; the rest is done; exit 1.
source "$(dirname "$0")/common.bash"
W="$BIN/warcnear/warcnear"
[ -x "$W" ] || fail "$W not built"

sig() {
  NEARDUP_FIXTURE_SPEC="$1" NEARDUP_FIXTURE_OUT="$2" \
    "$TESTBIN/unit_tests" "[.warcnear-fixture]" >"$WORK/fixture.log" 2>&1 ||
    { cat "$WORK/fixture.log" >&2; fail "fixture $1"; }
}

# a.sig: A and its near copy A' (J 0.9048). b.sig: A' again (another set,
# as a second run over the same WARC file might give) and B, unrelated.
# c.sig: C, and C again under the same key.
printf '%s\n' "a.warc.gz 100 2024-01-01T00:00:01Z 1-100" \
  "a.warc.gz 300 2024-01-01T00:00:02Z 1-95,1001-1005" >"$WORK/a.txt"
printf '%s\n' "a.warc.gz 300 2024-01-01T00:00:02Z 1-96,1001-1004" \
  "b.warc.gz 7 2024-01-01T00:00:03Z 5001-5100" >"$WORK/b.txt"
printf '%s\n' "c.warc.gz 1 2024-01-01T00:00:04Z 7001-7100" \
  "c.warc.gz 1 2024-01-01T00:00:04Z 7001-7099" >"$WORK/c.txt"
for f in a b c; do sig "$WORK/$f.txt" "$WORK/$f.sig"; done
pair="a.warc.gz 100 a.warc.gz 300 0.9048 0.9500 0.9500"

run "$W" -q "$WORK/a.sig"
expect_eq "one file: exit" 0 "$rc"
expect_eq "one file: pairs" "$pair" "$(cat "$WORK/out")"

run "$W" "$WORK/a.sig" "$WORK/b.sig"
expect_eq "two files: exit" 1 "$rc"
expect_eq "two files: pairs (A' from a.sig only)" "$pair" "$(cat "$WORK/out")"
expect_eq "two files: stderr" "warcnear: $WORK/b.sig: 1 record left out: the same WARC record as in $WORK/a.sig (the first: a.warc.gz 300, record 0 here, record 1 there)
warcnear: 3 records, 3 distinct sets of shingles, 2 signature files; lsh 16 bands x 8 rows (S-curve at Jaccard 0.8000: 0.9470); 1 candidate checked; 1 pair at jaccard >= 0.8000 and 0 pairs of identical sets" "$(cat "$WORK/err")"

run "$W" -q "$WORK/a.sig" "$WORK/a.sig"
expect_eq "a file twice: exit" 1 "$rc"
expect_eq "a file twice: pairs" "$pair" "$(cat "$WORK/out")"
expect_eq "a file twice: stderr" "warcnear: $WORK/a.sig: 2 records left out: the same WARC records as in $WORK/a.sig (the first: a.warc.gz 100, record 0 here, record 0 there)" "$(cat "$WORK/err")"

run "$W" -q --clusters "$WORK/c.sig" "$WORK/a.sig"
expect_eq "twice in one file: exit" 1 "$rc"
expect_eq "twice in one file: clusters" "a.warc.gz 100 0 a.warc.gz 100 1.0000
a.warc.gz 300 0 a.warc.gz 100 0.9048
c.warc.gz 1 1 c.warc.gz 1 1.0000" "$(cat "$WORK/out")"
expect_eq "twice in one file: stderr" "warcnear: $WORK/c.sig: 1 record left out: the same WARC record as in $WORK/c.sig (the first: c.warc.gz 1, record 1 here, record 0 there)" "$(cat "$WORK/err")"

run "$W" -q --exact "$WORK/c.sig"
expect_eq "twice in one file, exact: exit" 1 "$rc"
expect_eq "twice in one file, exact: no pair with itself" "" "$(cat "$WORK/out")"
