# warcgen --urlpatterns: URL duplication patterns with ground truth for the
# URL-rule learner (issue 17). Same seed, same bytes; warcsum prints exactly
# the truth's manifest; equal truth pages have equal digests and different
# pages different ones (every record); urls.tsv is sorted, shows every kind
# and trap, and its std column says what the kinds imply; soft pages are
# tiny 404/302/200 bodies; --manifest-only's processed manifest is what
# warccollres --proc gives for the same URLs, and warcsumproc's own order.
source "$SRC/tests/cli/common.bash"
WARCSUM="$BIN/warcsum/warcsum"
COLLRES="$BIN/warccollres/warccollres"
SUMPROC="$BIN/warcsumproc/warcsumproc"
GEN="$TESTBIN/warcgen"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
export LC_ALL=C

ARGS=(--urlpatterns --urls 3000 --sites 16 --seed 5 --variants 2)
run "$GEN" "${ARGS[@]}" -o "$WORK/a"
expect_eq "exit status" 0 "$rc"
grep -q '^warcgen: 16 hosts, [0-9]* pages, 3000 URLs' "$WORK/err" || fail "summary: $(cat "$WORK/err")"
files=("$WORK/a"/*.warc.gz)
[ ${#files[@]} -eq 4 ] || fail "expected 4 WARC files (the default), found ${#files[@]}"

# Same seed: the same bytes (--quiet: nothing on stderr); another seed: other URLs.
run "$GEN" -q "${ARGS[@]}" -o "$WORK/b"
expect_eq "--quiet stderr" "" "$(cat "$WORK/err")"
for f in "$WORK"/a/*; do cmp "$f" "$WORK/b/${f#"$WORK/a/"}" || fail "output differs between runs: $f"; done
"$GEN" -q --urlpatterns --urls 3000 --sites 16 --seed 6 -o "$WORK/c"
cmp -s "$WORK/a/urls.tsv" "$WORK/c/urls.tsv" && fail "seeds 5 and 6 agree"

run "$WARCSUM" --recompute "${files[@]}"
expect_eq "warcsum exit status" 0 "$rc"
expect_eq "warcsum stderr" "" "$(cat "$WORK/err")"
cmp "$WORK/out" "$WORK/a/manifest" || fail "warcsum's manifest differs from the truth's"

# urls.tsv: the header, sorted by uri, 3000 distinct URIs, those of the records.
T="$WORK/a/urls.tsv"
expect_eq "header" "$(printf '#uri\thost\tpage\tkind\tstd')" "$(head -1 "$T")"
sort -c "$T" || fail "urls.tsv not sorted"
expect_eq "URLs" 3000 "$(tail -n +2 "$T" | cut -f1 | sort -u | wc -l)"
expect_eq "the records' URIs" "$(tail -n +2 "$T" | cut -f1)" "$(cut -d' ' -f4 "$WORK/out" | sort)"

# Equal page <=> equal digest, over every record: page -> digest and digest
# -> page are both functions.
join -t ' ' <(tail -n +2 "$T" | awk -F'\t' '{print $1, $3}') \
  <(awk '{print $4, $6}' "$WORK/out" | sort) | cut -d' ' -f2,3 | sort -u >"$WORK/pd"
pages=$(cut -d' ' -f1 "$WORK/pd" | sort -u | wc -l)
expect_eq "(page, digest) pairs = pages" "$pages" "$(wc -l <"$WORK/pd")"
expect_eq "digests = pages" "$pages" "$(cut -d' ' -f2 "$WORK/pd" | sort -u | wc -l)"
if [ "$pages" -lt 700 ] || [ "$pages" -gt 1400 ]; then
  fail "$pages pages for 3000 URLs (2 variants on average)"
fi

# Every kind, alone or combined; traps of every flavour; std as the kinds say:
# spellings only of scheme, port, www, case, slash, order are merged by the
# standard canonicaliser, any with alias, prefix, print, index or tracking not.
awk -F'\t' 'NR > 1 { n = split($4, k, "+"); for (i = 1; i <= n; i++) print k[i] }' "$T" |
  sort -u >"$WORK/kinds"
expect_eq "kinds" "alias canonical case index order port prefix print scheme session-path session-query slash soft404 tracking trap www" \
  "$(tr '\n' ' ' <"$WORK/kinds" | sed 's/ $//')"
awk -F'\t' 'NR > 1 {
  n = split($4, k, "+"); merged = 0; kept = 0
  for (i = 1; i <= n; i++) {
    if (k[i] ~ /^(canonical|trap|scheme|port|www|case|slash|order)$/) merged++
    if (k[i] ~ /^(alias|prefix|print|index|tracking)$/) kept++
  }
  if ((merged == n && $5 != 1) || (kept && $5 != 0)) { print "std " $5 " for " $0; bad = 1 }
  if ($4 == "canonical" || $4 == "trap") canon[$3]++
  s[$4 ~ /session/ ? $5 : "x"]++
} END {
  for (p in canon) if (canon[p] != 1) { print "page " p ": " canon[p] " canonical URLs"; bad = 1 }
  if (!s[0] || !s[1]) { print "session spellings: " s[0] " not merged, " s[1] " merged"; bad = 1 }
  exit bad
}' "$T" || fail "std column or canonical URLs"
grep -q $'\ttrap+' "$T" || fail "no variant of a trap page"

python3 - "$WORK/a" <<'EOF'
import gzip, re, sys
d = sys.argv[1]
def fail(msg):
    sys.exit("FAIL: " + msg)
rows = [l.rstrip("\n").split("\t") for l in open(d + "/urls.tsv")][1:]
page_of = {r[0]: r[2] for r in rows}

# Traps: a trap page's URL without its content argument is another page's URL.
flavours = set()
for uri, host, page, kind, std in rows:
    if kind != "trap":
        continue
    m = re.search(r"[?&](page|lang|sort)=[a-z0-9]+$", uri)
    if m:
        base = uri[:m.start()]
        if page_of.get(base, page) == page:
            fail("trap %s: %s is not another page" % (uri, base))
        flavours.add(m.group(1))
    elif "/compare/" in uri:
        flavours.add("dual")
    elif re.search(r"(id|ArticleID)=\d+", uri):
        flavours.add("id")
if flavours != {"page", "lang", "sort", "dual", "id"}:
    fail("trap flavours: %s" % sorted(flavours))

# Soft pages: under 512 bytes, status 404, 302 or 200, 0.3-3% of the records;
# every other record a 200 page of more than 2 KB.
kind_of = {r[0]: r[3] for r in rows}
soft = 0
statuses = set()
for line in open(d + "/manifest"):
    f, offset, length, uri = line.split()[:4]
    with open(d + "/" + f, "rb") as w:
        w.seek(int(offset))
        record = gzip.decompress(w.read(int(length)))
    http = record.split(b"\r\n\r\n", 1)[1]
    head, payload = http.split(b"\r\n\r\n", 1)
    payload = payload[:-4]  # the record's CRLF CRLF
    status = head.split(b" ")[1].decode()
    if kind_of[uri] == "soft404":
        soft += 1
        statuses.add(status)
        if len(payload) >= 512 or status not in ("404", "302", "200"):
            fail("soft page %s: status %s, %d bytes" % (uri, status, len(payload)))
    elif status != "200" or len(payload) < 2048:
        fail("page %s: status %s, %d bytes" % (uri, status, len(payload)))
if statuses != {"404", "302", "200"} or not 9 <= soft <= 90:
    fail("%d soft records, statuses %s" % (soft, sorted(statuses)))
EOF

# --manifest-only (with the same --variants): the same URLs; the processed
# manifest groups them as warccollres --proc groups the WARC records (same
# files and dates, copy numbers, originals), in warcsumproc's order, one
# digest a page.
run "$GEN" "${ARGS[@]}" --manifest-only -o "$WORK/m"
expect_eq "--manifest-only exit status" 0 "$rc"
expect_eq "--manifest-only output" "processed urls.tsv" "$(cd "$WORK/m" && echo *)"
cmp "$WORK/m/urls.tsv" "$T" || fail "--manifest-only's urls.tsv differs"
sort -k6,6 "$WORK/a/manifest" | "$COLLRES" -q -d "$WORK/a" --proc >"$WORK/real"
expect_eq "grouping" "$(cut -d' ' -f1,4,5,7- "$WORK/real" | sort)" \
  "$(cut -d' ' -f1,4,5,7- "$WORK/m/processed" | sort)"
cut -d' ' -f1-7 "$WORK/m/processed" | "$SUMPROC" | cmp - "$WORK/m/processed" ||
  fail "warcsumproc numbers --manifest-only's lines otherwise"
expect_eq "fake digests = pages" "$pages" "$(cut -d' ' -f6 "$WORK/m/processed" | sort -u | wc -l)"
# Its default, for the bench: about 10 URLs a cluster.
"$GEN" -q --urlpatterns --manifest-only --urls 20000 -o "$WORK/m10"
clusters=$(cut -d' ' -f6 "$WORK/m10/processed" | sort -u | wc -l)
if [ "$clusters" -lt 1700 ] || [ "$clusters" -gt 2600 ]; then
  fail "--manifest-only: $clusters clusters of 20000 URLs"
fi

# Usage errors: exit 2 with a message.
for bad in "--urls 5" "--variants 3" "--manifest-only" "--urlpatterns --versioned" \
  "--urlpatterns --pages 5" "--urlpatterns --urls 5 --sites 8" "--urlpatterns --variants 60" \
  "--urlpatterns --manifest-only --level 3" "--urlpatterns --urls 0" \
  "--urlpatterns --urls 5000 --files 1001"; do
  # shellcheck disable=SC2086
  run "$GEN" --out "$WORK/u" $bad
  expect_eq "exit status for $bad" 2 "$rc"
  grep -q . "$WORK/err" || fail "no message for $bad"
done
run "$GEN" --urlpatterns
expect_eq "no --out" "warcgen: --urlpatterns needs --out DIR" "$(cat "$WORK/err")"
run "$GEN" --out "$WORK/u" --urls 5
expect_eq "--urls alone" "warcgen: --urls needs --urlpatterns" "$(cat "$WORK/err")"
echo "ok"
