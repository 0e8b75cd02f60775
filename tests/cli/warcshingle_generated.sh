# warcshingle on the generator's near-duplicate corpus: every page gets a
# signature whose key is warcsum's manifest line, byte for byte; the file is
# the same for any -j; pages whose true main text is their base's (copy,
# refresh, noise, recode) have the base's shingle set exactly, whatever
# their charset, content coding or chunking; the template trap (same
# template, other text) stays below J 0.8; -m signs only the listed
# records; --text shows the main text; a damaged file is reported with its
# offset, exit 1, and the pages before the damage are signed.
source "$SRC/tests/cli/common.bash"
SHINGLE="$BIN/warcshingle/warcshingle"
WARCSUM="$BIN/warcsum/warcsum"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }

"$TESTBIN/warcgen" -q --neardup --pages 600 --sites 30 --seed 5 --files 2 --out "$WORK/c"
files=("$WORK/c"/*.warc.gz)

run "$SHINGLE" -j2 -o "$WORK/sig" "${files[@]}"
expect_eq "exit status" 0 "$rc"
expect_eq "stderr" "warcshingle: 2 files, 600 pages signed" "$(cat "$WORK/err")"
"$SHINGLE" -q -j1 -o "$WORK/sig1" "${files[@]}"
cmp "$WORK/sig" "$WORK/sig1" || fail "-j1 and -j2 signature files differ"
[ ! -e "$WORK/sig.tmp" ] || fail "temporary file left behind"

# Keys: warcsum's lines, in the same order.
"$SHINGLE" --dump "$WORK/sig" >"$WORK/dump"
head -1 "$WORK/dump" | grep -q '^#warcsig 2 k=5 num_perm=128 mod_p=0 ' || fail "dump header: $(head -1 "$WORK/dump")"
(cd "$WORK/c" && "$WARCSUM" ./*.warc.gz) | sed 's|^\./||' >"$WORK/manifest"
tail -n +2 "$WORK/dump" | cut -d' ' -f1-6 >"$WORK/keys"
cmp "$WORK/keys" "$WORK/manifest" || fail "signature keys differ from warcsum's manifest"

"$SHINGLE" --dump --shingles "$WORK/sig" >"$WORK/full"
python3 - "$WORK/full" "$WORK/c/truth/pages.tsv" <<'EOF'
import collections, sys
sets, tokens = {}, {}
for line in open(sys.argv[1]):
    if line.startswith("#"):
        continue
    f = line.rstrip("\n").split(" ")
    sets[(f[0], int(f[1]))] = set() if f[14] == "-" else set(f[14].split(","))
    assert f[8] == "text/html", f
    assert len(f[13].split(",")) == 128, "minhash values"
pages, rows = {}, []
for line in open(sys.argv[2]):
    if line.startswith("#"):
        continue
    c = line.rstrip("\n").split("\t")
    pages[c[0]] = (c[1], int(c[2]))
    rows.append(c)
if len(sets) != len(rows):
    sys.exit("FAIL: %d signatures for %d pages" % (len(sets), len(rows)))
seen = collections.Counter()
for c in rows:
    op, base = c[5], c[6]
    if base == "-":
        continue
    a, b = sets[pages[c[0]]], sets[pages[base]]
    j = len(a & b) / len(a | b) if a | b else 1.0
    seen[op] += 1
    if op in ("copy", "refresh", "noise", "recode") and a != b:
        sys.exit("FAIL: page %s (%s of %s, %s, %s): J %.3f, expected the base's shingles"
                 % (c[0], op, base, c[8], c[10], j))
    if op == "trap" and j >= 0.8:
        sys.exit("FAIL: trap page %s reaches J %.3f with its base %s" % (c[0], j, base))
for op in ("copy", "refresh", "noise", "recode", "trap"):
    if not seen[op]:
        sys.exit("FAIL: the corpus has no %s page" % op)
EOF

# -m: only the records a manifest lists.
sed -n '1p;5p;9p' "$WORK/manifest" >"$WORK/three"
"$SHINGLE" -q -m "$WORK/three" -o "$WORK/sig3" "${files[@]}"
"$SHINGLE" --dump "$WORK/sig3" | tail -n +2 | cut -d' ' -f1-6 >"$WORK/keys3"
cmp "$WORK/keys3" "$WORK/three" || fail "-m: other records signed"

# --text: the key line, the title line, then the main text.
"$SHINGLE" -q --text "${files[0]}" >"$WORK/text"
first=$(head -1 "$WORK/manifest")
expect_eq "--text key line" "# $(cut -d' ' -f1-2,4-5 <<<"$first")" "$(head -1 "$WORK/text")"
sed -n 2p "$WORK/text" | grep -q '^# title: .' || fail "--text title line: $(sed -n 2p "$WORK/text")"

# A file cut inside a record: reported with the record's offset, exit 1,
# the pages before it signed.
cut_at=$(sed -n 10p "$WORK/manifest" | cut -d' ' -f2)
head -c $((cut_at + 500)) "${files[0]}" >"$WORK/cut.warc.gz"
run "$SHINGLE" -o "$WORK/sigcut" "$WORK/cut.warc.gz"
expect_eq "cut file: exit status" 1 "$rc"
grep -q "^warcshingle: $WORK/cut.warc.gz: offset $cut_at: " "$WORK/err" ||
  fail "cut file: no error at offset $cut_at: $(cat "$WORK/err")"
expect_eq "cut file: pages signed" 9 "$("$SHINGLE" --dump "$WORK/sigcut" | tail -n +2 | wc -l)"
echo ok
