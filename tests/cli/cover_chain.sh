# The whole cover-set chain on a generated corpus of re-crawled sites
# (warcgen --versioned): warcshingle, then warccover under the journalist's
# relation, the cover verified by warccover --check, then warcfilter
# writing the reduced collection, read back by warcsum: exactly the kept
# records, byte for byte the input's members; --invert gives the others.
source "$(dirname "$0")/common.bash"
SHINGLE="$BIN/warcshingle/warcshingle"
COVER="$BIN/warccover/warccover"
FILTER="$BIN/warcfilter/warcfilter"
SUM="$BIN/warcsum/warcsum"
for t in "$SHINGLE" "$COVER" "$FILTER" "$SUM" "$TESTBIN/warcgen"; do [ -x "$t" ] || fail "$t not built"; done
cd "$WORK"
"$TESTBIN/warcgen" --versioned --docs 3000 --seed 5 --out in -q
"$SHINGLE" -q -j2 -o s.sig in/*.warc.gz
R='containment >= 0.7 and a.date <= b.date and a.host = b.host'

"$COVER" -j2 -e "$R" -o cover s.sig 2>summary || fail "warccover: $(cat summary)"
"$COVER" -j1 -e "$R" -q -o cover.j1 s.sig
cmp -s cover cover.j1 || fail "-j1 and -j2 covers differ"
"$COVER" -e "$R" --check cover s.sig 2>check || fail "--check: $(cat check)"
grep -q "; 0 problems" check || fail "--check: $(cat check)"

records=$(wc -l <cover)
kept=$(awk '$7 == "keep"' cover | wc -l)
expect_eq "one line per response record" "$(wc -l <in/truth/manifest)" "$records"
# The generator's mix (its --help): about half the records are covered.
awk -v k="$kept" -v n="$records" 'BEGIN { exit !(k > 0.35 * n && k < 0.65 * n) }' ||
  fail "kept $kept of $records"
grep -q "cover: $kept of $records records kept" summary || fail "summary: $(cat summary)"
# Every covered record's coverer is on its own site, not earlier, by the truth.
awk -F'\t' 'NR > 1 { host[$1 " " $2] = $5; date[$1 " " $2] = $4 }
  END { while ((getline line < "cover") > 0) { split(line, f, " ")
    if (f[7] != "covered-by") continue
    a = f[1] " " f[2]; b = f[8] " " f[9]
    if (host[a] != host[b] || date[a] > date[b]) { print "bad: " line; bad = 1 } }
    exit bad }' in/truth/versions.tsv || fail "a coverer on another site or earlier"

# The reduced collection: the kept records, their members copied raw.
mkdir out dropped
"$FILTER" -q -m cover -o out in/*.warc.gz || fail "warcfilter"
"$SUM" out/*.warc.gz | awk '{ print $4, $5, $6 }' | LC_ALL=C sort >out.sums
awk '$7 == "keep" { print $4, $5, $6 }' cover | LC_ALL=C sort >keep.sums
expect_eq "warcsum of the reduced collection: the kept records" "$(cat keep.sums)" "$(cat out.sums)"
python3 - in out cover <<'PY' || fail "members differ"
import gzip, os, sys
src, out, cover = sys.argv[1:]
kept = {}
for line in open(cover):
    f = line.split()
    if f[6] == "keep":
        kept.setdefault(f[0], []).append((int(f[1]), int(f[2])))
for name, spans in kept.items():
    data = open(os.path.join(src, name), "rb").read()
    want = b"".join(data[o:o + n] for o, n in sorted(spans))
    got = open(os.path.join(out, name), "rb").read()
    # The new file starts with the input's warcinfo member, then the kept ones.
    if not got.endswith(want):
        sys.exit("%s: the kept members are not copied byte for byte" % name)
    if gzip.decompress(got[:len(got) - len(want)]).count(b"WARC-Type: warcinfo") != 1:
        sys.exit("%s: expected exactly the warcinfo record before the kept ones" % name)
PY
"$FILTER" -q --invert -m cover -o dropped in/*.warc.gz || fail "warcfilter --invert"
"$SUM" dropped/*.warc.gz | awk '{ print $4, $5, $6 }' | LC_ALL=C sort >dropped.sums
awk '$7 == "covered-by" { print $4, $5, $6 }' cover | LC_ALL=C sort >covered.sums
expect_eq "--invert: the covered records" "$(cat covered.sums)" "$(cat dropped.sums)"
echo ok
