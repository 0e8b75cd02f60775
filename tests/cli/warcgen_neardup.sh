# warcgen --neardup: the near-duplicate corpus and its truth. warcsum reads
# the WARC files cleanly and prints exactly truth/manifest; an independent
# parse here (each gzip member inflated on its own, chunks, gzip, deflate,
# brotli via libbrotlidec, the charset by Python's codecs) finds every page
# of truth/pages.tsv at its file and offset, with the digest, the declared
# charsets and the codings the truth names, and every block of its true main
# text in its HTML. Each operation relates page and base as documented (the
# trap: same boilerplate, other text; retemplate: same text, other site).
# Same options: the same bytes, in files and in the --stdout stream.
source "$SRC/tests/cli/common.bash"
WARCSUM="$BIN/warcsum/warcsum"
GEN="$TESTBIN/warcgen"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }

ARGS=(--neardup --pages 700 --sites 40 --seed 21)
"$GEN" -q "${ARGS[@]}" --files 3 --out "$WORK/a"
files=("$WORK/a"/*.warc.gz)
[ ${#files[@]} -eq 3 ] || fail "expected 3 WARC files, found ${#files[@]}"

run "$WARCSUM" --recompute "${files[@]}"
expect_eq "warcsum exit status" 0 "$rc"
expect_eq "warcsum stderr" "" "$(cat "$WORK/err")"
cmp "$WORK/out" "$WORK/a/truth/manifest" || fail "warcsum's manifest differs from truth/manifest"

python3 - "$WORK/a" <<'EOF'
import base64, codecs, collections, ctypes, hashlib, html, re, sys, zlib

d = sys.argv[1]
def fail(msg):
    sys.exit("FAIL: " + msg)

pages = [l.rstrip("\n").split("\t") for l in open(d + "/truth/pages.tsv", encoding="utf-8")]
cols = pages[0]
if cols[0] != "#id": fail("pages.tsv: no header line")
cols[0] = "id"
pages = [dict(zip(cols, p)) for p in pages[1:]]
texts = {}
for line in open(d + "/truth/texts.tsv", encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    texts[f[0]] = f[1:]
manifest = [l.split() for l in open(d + "/truth/manifest")]
if len(pages) != 700 or len(texts) != 700 or len(manifest) != 700:
    fail("expected 700 pages in every truth file: %d %d %d" % (len(pages), len(texts), len(manifest)))
for i, (p, m) in enumerate(zip(pages, manifest)):
    if p["id"] != str(i) or [p["file"], p["offset"], p["uri"], p["date"]] != [m[0], m[1], m[3], m[4]]:
        fail("pages.tsv line %d differs from the manifest: %s / %s" % (i, p, m))

brotli = ctypes.CDLL("libbrotlidec.so.1")
def unbrotli(data):
    size = ctypes.c_size_t(len(data) * 40 + 65536)
    out = ctypes.create_string_buffer(size.value)
    if brotli.BrotliDecoderDecompress(ctypes.c_size_t(len(data)), data, ctypes.byref(size), out) != 1:
        fail("brotli data does not decode")
    return out.raw[:size.value]

def dechunk(data):
    out, pos = b"", 0
    while True:
        eol = data.index(b"\r\n", pos)
        n = int(data[pos:eol], 16)
        if n == 0:
            return out
        out += data[eol + 2:eol + 2 + n]
        pos = eol + 4 + n

# Every gzip member on its own: the WARC records by file and offset.
records = {}
for name in sorted(set(p["file"] for p in pages)):
    raw, pos = open(d + "/" + name, "rb").read(), 0
    while pos < len(raw):
        z = zlib.decompressobj(31)
        rec = z.decompress(raw[pos:])
        if not z.eof: fail("%s: member at %d is cut" % (name, pos))
        records[(name, str(pos))] = rec
        pos = len(raw) - len(z.unused_data)

PY = {"utf-8": "utf-8", "windows-1252": "cp1252", "iso-8859-1": "latin-1",
      "shift_jis": "shift_jis", "euc-jp": "euc_jp"}
def norm(s, ja):
    s = html.unescape(re.sub(r"<[^>]*>", "", re.sub(r"(?s)<(script|style|title)\b.*?</\1>", "", s)))
    return re.sub(r"\s+", "" if ja else " ", s).lower()

plain, seen = {}, collections.Counter()
for p in pages:
    rec = records.pop((p["file"], p["offset"]), None)
    if rec is None: fail("page %s: no record at %s %s" % (p["id"], p["file"], p["offset"]))
    head, block = rec.split(b"\r\n\r\n", 1)
    wh = dict(l.split(": ", 1) for l in head.decode().split("\r\n")[1:])
    if wh["WARC-Type"] != "response" or wh["WARC-Target-URI"] != p["uri"] or wh["WARC-Date"] != p["date"]:
        fail("page %s: record headers %s" % (p["id"], wh))
    block = block[:int(wh["Content-Length"])]
    http, payload = block.split(b"\r\n\r\n", 1)
    digest = "sha1:" + base64.b32encode(hashlib.sha1(payload).digest()).decode()
    if wh["WARC-Payload-Digest"] != digest: fail("page %s: payload digest" % p["id"])
    hh = dict(l.split(": ", 1) for l in http.decode().split("\r\n")[1:])
    body = payload
    if p["chunked"] == "1":
        if hh.get("Transfer-Encoding") != "chunked": fail("page %s: not chunked" % p["id"])
        body = dechunk(body)
    elif int(hh["Content-Length"]) != len(body):
        fail("page %s: Content-Length %s, %d bytes" % (p["id"], hh["Content-Length"], len(body)))
    coding = p["coding"]
    if hh.get("Content-Encoding", "identity") != coding.replace("-raw", ""):
        fail("page %s: Content-Encoding %s, truth %s" % (p["id"], hh.get("Content-Encoding"), coding))
    body = {"identity": lambda b: b, "gzip": lambda b: zlib.decompress(b, 31),
            "deflate": lambda b: zlib.decompress(b, 15), "deflate-raw": lambda b: zlib.decompress(b, -15),
            "br": unbrotli}[coding](body)
    cs, decl = p["charset"], p["declared"]
    text = body.decode(PY[cs])  # strict: the bytes are in the charset the truth names
    http_cs = re.search(r"charset=(\S+)", hh["Content-Type"])
    meta_cs = re.search(r'<meta (?:charset="|http-equiv="Content-Type" content="text/html; charset=)([^"]+)"', text)
    label = lambda m: m and codecs.lookup(m.group(1)).name
    want_http = cs if decl in ("both", "http", "conflict") else None
    want_meta = cs if decl in ("both", "meta", "http-equiv") else None
    if label(http_cs) != (want_http and codecs.lookup(PY[cs]).name): fail("page %s: HTTP charset" % p["id"])
    if decl == "conflict":
        if not meta_cs or label(meta_cs) == codecs.lookup(PY[cs]).name: fail("page %s: no wrong <meta>" % p["id"])
    elif label(meta_cs) != (want_meta and codecs.lookup(PY[cs]).name): fail("page %s: <meta> charset" % p["id"])
    if (decl == "bom") != text.startswith("\ufeff"): fail("page %s: BOM" % p["id"])
    ja = any(ord(c) > 0x3000 for c in "".join(texts[p["id"]]))
    page = norm(text, ja)
    for b in texts[p["id"]]:
        if norm(b, ja) not in page: fail("page %s (%s): true text block not in the page: %s" % (p["id"], p["op"], b[:80]))
    plain[p["id"]] = (page, ja)
    seen[p["op"]] += 1
    seen[cs] += 1
    seen[coding] += 1
    seen[decl] += 1
left = [k for k, r in records.items() if k[1] != "0" or b"WARC-Type: warcinfo\r\n" not in r]
if left: fail("records the truth does not list: %s" % sorted(left)[:3])

for what in ["new", "insert", "delete", "substitute", "edit", "reorder", "truncate", "retemplate",
             "trap", "refresh", "noise", "recode", "copy", "utf-8", "windows-1252", "iso-8859-1",
             "shift_jis", "euc-jp", "identity", "gzip", "deflate", "deflate-raw", "br",
             "both", "http", "meta", "http-equiv", "none", "conflict", "bom"]:
    if not seen[what]: fail("the corpus has no %s page" % what)

def shingles(blocks):
    words = re.findall(r"[^\W_]+", " ".join(blocks).lower())
    return {" ".join(words[i:i + 5]) for i in range(max(1, len(words) - 4))}
def jaccard(a, b):
    a, b = shingles(texts[a]), shingles(texts[b])
    return len(a & b) / len(a | b)

by_id = {p["id"]: p for p in pages}
js, trap_j = [], []
for p in pages:
    op, base = p["op"], by_id.get(p["base"])
    if op == "new":
        if base: fail("page %s: a new page with a base" % p["id"])
        continue
    same_text = texts[p["id"]] == texts[base["id"]]
    if op in ("retemplate", "refresh", "noise", "recode", "copy") and not same_text:
        fail("page %s (%s): not its base's true text" % (p["id"], op))
    if op in ("insert", "delete", "substitute", "edit", "reorder", "truncate", "trap") and same_text:
        fail("page %s (%s): its base's true text" % (p["id"], op))
    if op == "retemplate" and (p["site"] == base["site"] or p["uri"].split("/")[2] == base["uri"].split("/")[2]):
        fail("page %s: retemplated on its base's site" % p["id"])
    if op == "copy" and (manifest[int(p["id"])][5] != manifest[int(base["id"])][5] or p["uri"] == base["uri"]):
        fail("page %s: a copy with another payload or at the same URL" % p["id"])
    if op == "trap":
        # The same page around another main text: what is left without the
        # main text's blocks (and the title, and the spaces between blocks,
        # one per paragraph) is the same.
        def strip(q):
            page, ja = plain[q]
            for b in texts[q]:
                page = page.replace(norm(b, ja), "")
            return re.sub(r"\s", "", page)
        if p["site"] != base["site"] or strip(p["id"]) != strip(base["id"]):
            fail("page %s: trap page's boilerplate differs from its base's" % p["id"])
        if jaccard(p["id"], base["id"]) > 0.2: fail("page %s: trap text too like its base's" % p["id"])
        a, b = shingles([plain[p["id"]][0]]), shingles([plain[base["id"]][0]])
        trap_j.append(len(a & b) / len(a | b))
    if op in ("insert", "delete", "substitute", "edit"):
        js.append(jaccard(p["id"], base["id"]))
if not (any(j >= 0.8 for j in js) and any(j < 0.8 for j in js) and max(js) < 1):
    fail("edited pages' Jaccard not spread around 0.8: %s" % sorted(js))
# The trap bites: some trap pages' whole text is as like their base's as a
# near-duplicate's.
if max(trap_j) < 0.8: fail("no trap page's whole text reaches J 0.8 with its base's: %s" % sorted(trap_j))
print("pages %d, edits %d, Jaccard of edits: %.2f below 0.8; traps %d, whole-page J: %.2f at 0.8 or more"
      % (len(pages), len(js), sum(j < 0.8 for j in js) / len(js), len(trap_j), sum(j >= 0.8 for j in trap_j) / len(trap_j)))
EOF

# Same options, same bytes; another seed, other bytes.
"$GEN" -q "${ARGS[@]}" --files 3 --out "$WORK/b"
for f in "$WORK"/a/*.warc.gz "$WORK"/a/truth/*; do
  cmp "$f" "$WORK/b/${f#"$WORK/a/"}" || fail "output differs between runs: $f"
done
"$GEN" -q --neardup --pages 700 --sites 40 --seed 22 --files 3 --out "$WORK/c"
cmp -s "$WORK/a/truth/texts.tsv" "$WORK/c/truth/texts.tsv" && fail "seeds 21 and 22 gave the same texts"

# --stdout: one stream, the same every time, of the same pages as the files
# (the split into files changes no page); its truth names file "-", and
# warcsum on the stream (saved) gives that manifest under the saved name.
"$GEN" -q "${ARGS[@]}" --stdout > "$WORK/s1.warc.gz"
"$GEN" -q "${ARGS[@]}" --stdout --out "$WORK/s" > "$WORK/s2.warc.gz"
cmp "$WORK/s1.warc.gz" "$WORK/s2.warc.gz" || fail "--stdout streams differ between runs"
[ ! -e "$WORK/s/-" ] && [ "$(ls "$WORK/s")" = truth ] || fail "--stdout --out wrote more than the truth"
run "$WARCSUM" --recompute "$WORK/s1.warc.gz"
expect_eq "warcsum on the stream" 0 "$rc"
expect_eq "stream manifest" "$(sed 's/^- /s1.warc.gz /' "$WORK/s/truth/manifest")" "$(cat "$WORK/out")"
expect_eq "stream pages" "$(cut -f1,4- "$WORK/a/truth/pages.tsv")" "$(cut -f1,4- "$WORK/s/truth/pages.tsv")"
cmp "$WORK/a/truth/texts.tsv" "$WORK/s/truth/texts.tsv" || fail "stream texts differ from the files'"

# --ops and --derived-rate as asked (ops not named: none); a retemplate with no other site of the
# base's script is a refresh.
"$GEN" -q --neardup --pages 60 --sites 1 --page-size 8K --derived-rate 1 --ops retemplate=1,trap=1 \
  --out "$WORK/o"
expect_eq "ops with one site" "$(printf '%s\n' new refresh trap)" \
  "$(cut -f6 "$WORK/o/truth/pages.tsv" | sed 1d | sort -u)"

# Usage errors: exit 2 with a message.
for bad in "--pages 0" "--ops trap=x" "--ops nope=1" "--page-size 1K" "--dup-rate 0.1" \
  "--files 3 --stdout"; do
  # shellcheck disable=SC2086
  run "$GEN" --neardup --out "$WORK/u" $bad
  expect_eq "exit status for $bad" 2 "$rc"
  grep -q . "$WORK/err" || fail "no message for $bad"
done
run "$GEN" --out "$WORK/u" --pages 5
expect_eq "--pages without --neardup" "warcgen: --pages needs --neardup" "$(cat "$WORK/err")"
echo "ok"
