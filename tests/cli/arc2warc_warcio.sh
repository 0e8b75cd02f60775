# A second independent reader of arc2warc's output: npm's warcio (warcio.js,
# Webrecorder's WARC parser), installed once into a cache outside the tree
# ($WARCIO_NPM_DIR, default ~/.cache/warcdedup-npm). It reads the converted
# files (gzip and plain) and prints each record's type, WARC-Target-URI and
# the SHA-1 and length of its raw block, which must be what warcgen's
# --records says of the ARC records, in order. Skipped (exit 77, with the
# reason) when node or npm is absent or the npm registry cannot be reached.
source "$SRC/tests/cli/common.bash"
A2W="$BIN/arc2warc/arc2warc"
GEN="$TESTBIN/warcgen"
[ -x "$A2W" ] || fail "$A2W not built"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
command -v node >/dev/null && command -v npm >/dev/null ||
  { echo "skipped: node or npm absent"; exit 77; }
NPM_DIR=${WARCIO_NPM_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/warcdedup-npm}
if [ ! -f "$NPM_DIR/node_modules/warcio/package.json" ]; then
  mkdir -p "$NPM_DIR"
  timeout 180 npm install --prefix "$NPM_DIR" --no-audit --no-fund --no-save \
    --fetch-retries 1 --fetch-timeout 30000 warcio@2 >"$WORK/npm.log" 2>&1 ||
    { echo "skipped: npm install warcio failed (registry unreachable?): $(grep -m1 'error' "$WORK/npm.log")"; exit 77; }
fi
cd "$WORK"

cat >read.mjs <<'JS'
// node read.mjs NPM_DIR FILE...: "file type uri sha1 length" per record.
import { createRequire } from "module";
import crypto from "crypto";
import fs from "fs";
import path from "path";
const [npmDir, ...files] = process.argv.slice(2);
const require = createRequire(path.join(npmDir, "package.json"));
const { WARCParser } = await import(require.resolve("warcio"));
for (const file of files) {
  // parseHttp false: the raw block, HTTP headers included, not decoded.
  const parser = new WARCParser(fs.createReadStream(file), { parseHttp: false });
  for await (const record of parser) {
    const raw = await record.readFully(false);
    const sha1 = crypto.createHash("sha1").update(raw).digest("hex");
    const uri = record.warcTargetURI || "-";
    process.stdout.write([path.basename(file), record.warcType, uri, sha1, raw.length].join(" ") + "\n");
  }
}
JS

# expected.py RECORDS GZIP(0|1): the lines read.mjs must print, from --records.
cat >expected.py <<'PY'
import re, sys

records_path, gzip_out = sys.argv[1:]

def unfield(text):
    """The bytes a manifest field stands for (warcmanifest(5))."""
    out, i = bytearray(), 0
    while i < len(text):
        hexa = text[i + 1:i + 3]
        b = int(hexa, 16) if text[i] == "%" and re.fullmatch("[0-9A-Fa-f]{2}", hexa) else None
        if b is not None and (b <= 0x20 or b >= 0x7F or b == 0x25):
            out.append(b)
            i += 3
        else:
            out += text[i].encode("latin-1")
            i += 1
    return bytes(out)

suffix = ".warc.gz" if gzip_out == "1" else ".warc"
for line in open(records_path).read().splitlines():
    name, offset, kind, url, sha1, length = line.split(" ")
    url = unfield(url)
    if kind == "filedesc":
        wtype = "warcinfo" if offset == "0" else "metadata"
    else:
        wtype = "response" if kind == "http" else "resource"
    uri = "-" if wtype == "warcinfo" else "".join(
        "%%%02X" % c if c <= 0x20 or c == 0x7F else chr(c) for c in url)
    print(re.sub(r"\.arc(\.gz)?$", suffix, name), wtype, uri, sha1, length)
PY

"$GEN" -q --format arc --out arc --prefix a --size 400K --files 2 --seed 41 --arc-version 1.1 \
  --dns-rate 0.06 --non-http-rate 0.06 --filedesc-rate 0.03 --space-url-rate 0.25 \
  --min-payload 200 --max-payload 20K --records records
grep -q ' filedesc filedesc://a-00000-1' records || fail "no later version block in the corpus"
grep -q '%20' records || fail "no URL with a space in the corpus"

for gzip in 1 0; do
  opts=()
  [ "$gzip" = 0 ] && opts=(--no-gzip)
  run "$A2W" -q --verify "${opts[@]}" -o "warc$gzip" arc/*
  [ "$rc" -eq 0 ] || { cat err >&2; fail "arc2warc ${opts[*]} exited $rc"; }
  python3 expected.py records "$gzip" >"expected$gzip"
  node read.mjs "$NPM_DIR" "warc$gzip"/* >"found$gzip" 2>"node$gzip.err" ||
    { cat "node$gzip.err" >&2; fail "warcio could not read warc$gzip"; }
  if ! cmp -s "expected$gzip" "found$gzip"; then
    diff "expected$gzip" "found$gzip" | head >&2
    fail "warcio reads other records than --records says (gzip=$gzip)"
  fi
done
expect_eq "every record type read" "metadata resource response warcinfo" \
  "$(cut -d' ' -f2 found1 | LC_ALL=C sort -u | tr '\n' ' ' | sed 's/ $//')"
echo "ok: warcio $(node -p "require('$NPM_DIR/node_modules/warcio/package.json').version")," \
  "$(wc -l <found1) records"
