# warcgen --format arc: ARC v1 corpora (plain and gzip, version blocks 1.0 and
# 1.1, with dns:, non-HTTP records, concatenated version blocks, URLs with
# spaces and empty payloads). warcsum --recompute must print exactly the
# --truth file (and with --keep-empty the truth and FILE.empty together); an
# independent parse here (record lines read from the right, each gzip member
# inflated on its own) must find exactly the --records lines, the truth
# lines, and every kind of record asked for. Same options: the same bytes.
source "$SRC/tests/cli/common.bash"
WARCSUM="$BIN/warcsum/warcsum"
GEN="$TESTBIN/warcgen"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }

RATES=(--dns-rate 0.06 --non-http-rate 0.06 --filedesc-rate 0.03 --space-url-rate 0.25
  --empty-rate 0.05 --min-payload 200 --max-payload 20K)

# gen NAME ARGS...: a corpus in $WORK/NAME with NAME.truth and NAME.records.
gen() {
  local name=$1
  shift
  "$GEN" -q --format arc --out "$WORK/$name" --size 600K --files 2 "${RATES[@]}" \
    --truth "$WORK/$name.truth" --records "$WORK/$name.records" "$@"
}

# check NAME: warcsum and the independent parse agree with what warcgen wrote.
check() {
  local name=$1 files
  files=("$WORK/$name"/*)
  [ ${#files[@]} -ge 2 ] || fail "$name: expected at least 2 files, found ${#files[@]}"
  [ -s "$WORK/$name.truth" ] || fail "$name: empty truth"
  [ -s "$WORK/$name.truth.empty" ] || fail "$name: no empty payloads: that check means nothing"

  run "$WARCSUM" --recompute "${files[@]}"
  expect_eq "$name: warcsum exit status" 0 "$rc"
  expect_eq "$name: warcsum stderr" "" "$(cat "$WORK/err")"
  cmp "$WORK/out" "$WORK/$name.truth" ||
    { diff "$WORK/$name.truth" "$WORK/out" | head >&2; fail "$name: warcsum differs from --truth"; }

  run "$WARCSUM" --recompute --keep-empty "${files[@]}"
  expect_eq "$name: --keep-empty exit status" 0 "$rc"
  cat "$WORK/$name.truth" "$WORK/$name.truth.empty" |
    LC_ALL=C sort -t ' ' -k1,1 -k2,2n >"$WORK/expected"
  cmp "$WORK/out" "$WORK/expected" || fail "$name: --keep-empty differs from truth + FILE.empty"

  python3 - "$WORK/$name" "$WORK/$name.records" "$WORK/$name.truth" "$2" <<'PY' ||
import hashlib, os, sys, zlib

folder, records_path, truth_path, version = sys.argv[1:]

def field(raw):
    """A manifest field as warcmanifest(5) spells it."""
    if not raw:
        return "-"
    out = []
    for i, c in enumerate(raw):
        escape = c <= 0x20 or c >= 0x7F
        tail = raw[i + 1:i + 3]
        if c == 0x25 and len(tail) == 2 and all(chr(t) in "0123456789abcdefABCDEF" for t in tail):
            b = int(tail, 16)
            escape = b <= 0x20 or b >= 0x7F or b == 0x25
        out.append("%%%02X" % c if escape else chr(c))
    return "".join(out)

def members(data):
    """(offset, length, inflated bytes) of each gzip member."""
    pos = 0
    while pos < len(data):
        d = zlib.decompressobj(31)
        text = d.decompress(data[pos:])
        assert d.eof, "gzip member at %d does not end" % pos
        length = len(data) - pos - len(d.unused_data)
        yield pos, length, text
        pos += length

def parse(data):
    """(offset, length, url, ip, date, mime, block) of each record."""
    pos = 0
    while pos < len(data):
        end = data.index(b"\n", pos)
        url, ip, date, mime, length = data[pos:end].rsplit(b" ", 4)
        start, n = end + 1, int(length)
        assert data[start + n:start + n + 1] == b"\n", "no LF after the block at %d" % pos
        yield pos, start + n + 1 - pos, url, ip, date, mime, data[start:start + n]
        pos = start + n + 1

records, truth, empty = [], [], []
seen = {"filedesc-later": 0, "dns": 0, "empty-block": 0, "bare-body": 0, "space": 0,
        "http": 0, "v1.1": 0}
for name in sorted(os.listdir(folder)):
    data = open(os.path.join(folder, name), "rb").read()
    if name.endswith(".gz"):
        parts = []
        for offset, length, text in members(data):
            inner = list(parse(text))
            assert len(inner) == 1, "%s: member at %d holds %d records" % (name, offset, len(inner))
            parts.append((offset, length) + inner[0][2:])
    else:
        parts = list(parse(data))
    for i, (offset, length, url, ip, date, mime, block) in enumerate(parts):
        if url.startswith(b"filedesc://"):
            kind = "filedesc"
            assert (i == 0) == (url == b"filedesc://" + name.encode()), (name, offset, url)
            assert block.startswith(b"1 1 InternetArchive\n" if version == "1.1" else b"1 0 ")
            seen["filedesc-later"] += i > 0
            seen["v1.1"] += b"<arcmetadata" in block
        elif block.startswith(b"HTTP/"):
            kind = "http"
            seen["http"] += 1
            seen["space"] += b" " in url
            payload = block[block.index(b"\r\n\r\n") + 4:]
            iso = "%s-%s-%sT%s:%s:%sZ" % tuple(date[k:k + 2 + 2 * (k == 0)].decode()
                                                for k in (0, 4, 6, 8, 10, 12))
            line = "%s %d %d %s %s sha1:%s" % (field(name.encode()), offset, length, field(url),
                                               iso, hashlib.sha1(payload).hexdigest())
            (truth if payload else empty).append(line)
        else:
            kind = "other"
            assert i > 0
            if url.startswith(b"dns:"):
                seen["dns"] += 1
                assert mime == b"text/dns" and block.startswith(date + b"\n" + url[4:] + b".\t")
            else:
                assert url.startswith(b"http")
                seen["empty-block" if not block else "bare-body"] += 1
        records.append("%s %d %s %s %s %d" % (field(name.encode()), offset, kind, field(url),
                                              hashlib.sha1(block).hexdigest(), len(block)))

def compare(what, expected, path):
    found = open(path).read().splitlines()
    if found != expected:
        bad = next(i for i in range(len(found) + 1)
                   if i >= len(found) or i >= len(expected) or found[i] != expected[i])
        sys.exit("%s line %d: expected %r, found %r" % (
            what, bad + 1, expected[bad] if bad < len(expected) else None,
            found[bad] if bad < len(found) else None))

compare("--records", records, records_path)
compare("--truth", truth, truth_path)
compare("--truth .empty", empty, truth_path + ".empty")
missing = [k for k, n in seen.items() if n == 0 and (k != "v1.1" or version == "1.1")]
if version == "1.0" and seen["v1.1"]:
    missing.append("no XML metadata in 1.0")
assert not missing, "no records of these kinds: %s" % missing
print("%d records, %s" % (len(records), seen))
PY
    fail "$name: the independent parse disagrees"
}

gen plain10 --plain --seed 21 --arc-version 1.0 --prefix plain10
check plain10 1.0 >/dev/null
gen gzip11 --seed 22 --arc-version 1.1 --prefix gzip11
check gzip11 1.1 >/dev/null
gen plain11 --plain --seed 23 --arc-version 1.1 --prefix plain11
check plain11 1.1 >/dev/null
gen gzip10 --seed 24 --prefix gzip10 --level 1
check gzip10 1.0 >/dev/null

# The same options give the same bytes (files, truth and records).
"$GEN" -q --format arc --out "$WORK/again" --size 600K --files 2 "${RATES[@]}" --seed 22 \
  --arc-version 1.1 --prefix gzip11 --truth "$WORK/again/truth" --records "$WORK/again/records"
for f in "$WORK"/gzip11/*; do
  cmp "$f" "$WORK/again/$(basename "$f")" || fail "warcgen output differs between runs: $f"
done
cmp "$WORK/gzip11.truth" "$WORK/again/truth" || fail "truth differs between runs"
cmp "$WORK/gzip11.records" "$WORK/again/records" || fail "records differ between runs"

# WARC-only and ARC-only options are usage errors in the other format.
run "$GEN" --format arc --layout stream --out "$WORK/u"
expect_eq "--format arc --layout stream: exit" 2 "$rc"
expect_eq "--format arc --layout stream: message" \
  "warcgen: --layout is for WARC output only" "$(cat "$WORK/err")"
run "$GEN" --records "$WORK/r" --out "$WORK/u"
expect_eq "--records without --format arc: exit" 2 "$rc"
expect_eq "--records without --format arc: message" \
  "warcgen: --records needs --format arc" "$(cat "$WORK/err")"
run "$GEN" --format arc --dns-rate 0.6 --non-http-rate 0.5 --out "$WORK/u"
expect_eq "ARC rates over 1: exit" 2 "$rc"
[ ! -e "$WORK/u" ] || fail "a usage error created the output directory"
echo "ok"
