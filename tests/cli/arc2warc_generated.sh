# arc2warc on generated ARC corpora (warcgen --format arc: plain and gzip,
# version blocks 1.0 and 1.1, dns:, non-HTTP, concatenated version blocks,
# URLs with spaces), converted with --verify into WARC/1.1 and WARC/1.0,
# gzip and plain. An independent reader here (Python's zlib, hashlib, uuid
# and base64; no project code) parses both the ARC and the WARC files and
# checks every WARC record against its ARC record and warcgen's --records:
# order, type, block byte for byte, every header field's exact value (record
# IDs as Python's uuid5 gives them). Then: -j1 and -j2 give the same bytes,
# --overwrite gives them again, and warcsum's manifests of both copies are
# equal once the file extension and the URI spelling are mapped.
source "$SRC/tests/cli/common.bash"
A2W="$BIN/arc2warc/arc2warc"
WARCSUM="$BIN/warcsum/warcsum"
GEN="$TESTBIN/warcgen"
[ -x "$A2W" ] || fail "$A2W not built"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
cd "$WORK"

RATES=(--dns-rate 0.06 --non-http-rate 0.06 --filedesc-rate 0.03 --space-url-rate 0.25
  --empty-rate 0.05 --min-payload 200 --max-payload 20K)

# gen NAME ARGS...: a corpus in NAME/ with NAME.truth and NAME.records.
gen() {
  local name=$1
  shift
  "$GEN" -q --format arc --out "$name" --prefix "$name" --size 600K --files 2 "${RATES[@]}" \
    --truth "$name.truth" --records "$name.records" "$@"
}

# The independent reader: check ARCDIR WARCDIR RECORDS WARC-VERSION GZIP(0|1).
cat >check.py <<'PY'
import base64, hashlib, os, re, sys, uuid, zlib

arc_dir, warc_dir, records_path, warc_version, gzip_out = sys.argv[1:]
gzip_out = gzip_out == "1"

def field(raw):
    """A manifest field as warcmanifest(5) spells it (warcgen's --records too)."""
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

def target_uri(url):
    """arc2warc(1): space and control bytes percent-encoded, upper-case hex."""
    return b"".join(b"%%%02X" % c if c <= 0x20 or c == 0x7F else bytes([c]) for c in url)

def sha1_b32(data):
    return "sha1:" + base64.b32encode(hashlib.sha1(data).digest()).decode()

def members(data, name):
    """(offset, inflated bytes) of each gzip member."""
    pos = 0
    while pos < len(data):
        d = zlib.decompressobj(31)
        text = d.decompress(data[pos:])
        assert d.eof, "%s: gzip member at %d does not end" % (name, pos)
        yield pos, text
        pos = len(data) - len(d.unused_data)

def arc_records(name, data):
    """(offset, line, url, ip, date, mime, block) of each ARC record."""
    def parse(text, base):
        pos = 0
        while pos < len(text):
            end = text.index(b"\n", pos)
            line = text[pos:end]
            url, ip, date, mime, length = line.rsplit(b" ", 4)
            start, n = end + 1, int(length)
            assert text[start + n:start + n + 1] == b"\n", "%s: no LF after block at %d" % (name, pos)
            yield base + pos, line, url, ip, date, mime, text[start:start + n]
            pos = start + n + 1
    if name.endswith(".gz"):
        for offset, text in members(data, name):
            inner = list(parse(text, 0))
            assert len(inner) == 1, "%s: member at %d holds %d records" % (name, offset, len(inner))
            yield (offset,) + inner[0][1:]
    else:
        yield from parse(data, 0)

def warc_records(name, data):
    """(version, [(name, value)], block) of each WARC record; one per member in gzip."""
    def parse(text, where):
        pos = 0
        while pos < len(text):
            head_end = text.index(b"\r\n\r\n", pos)
            lines = text[pos:head_end].split(b"\r\n")
            fields = [tuple(l.split(b": ", 1)) for l in lines[1:]]
            assert all(len(f) == 2 for f in fields), "%s %s: bad field in %r" % (name, where, lines)
            length = int(dict(fields)[b"Content-Length"])
            start = head_end + 4
            block = text[start:start + length]
            assert len(block) == length, "%s %s: block cut short" % (name, where)
            assert text[start + length:start + length + 4] == b"\r\n\r\n", \
                "%s %s: no CRLF CRLF after the block" % (name, where)
            yield lines[0], fields, block
            pos = start + length + 4
    if gzip_out:
        for offset, text in members(data, name):
            inner = list(parse(text, "member %d" % offset))
            assert len(inner) == 1, "%s: member at %d holds %d records" % (name, offset, len(inner))
            yield inner[0]
    else:
        assert data[:2] != b"\x1f\x8b", "%s: gzip, though --no-gzip" % name
        yield from parse(data, "")

def expected_fields(arc_name, warc_name, i, rec, kind, warcinfo_id):
    offset, line, url, ip, date, mime, block = rec
    wtype = {"filedesc": "warcinfo" if i == 0 else "metadata", "http": "response",
             "other": "resource"}[kind]
    rid = "<urn:uuid:%s>" % uuid.uuid5(uuid.NAMESPACE_URL, "arc2warc:%s:%d" % (arc_name, offset))
    d = date.decode()
    f = {"WARC-Type": wtype, "WARC-Record-ID": rid,
         "WARC-Date": "%s-%s-%sT%s:%s:%sZ" % (d[0:4], d[4:6], d[6:8], d[8:10], d[10:12], d[12:14]),
         "WARC-ARC-Header-Line": line, "WARC-Block-Digest": sha1_b32(block),
         "Content-Length": str(len(block))}
    if wtype == "warcinfo":
        f["WARC-Filename"] = warc_name
    else:
        f["WARC-Warcinfo-ID"] = warcinfo_id
        f["WARC-Target-URI"] = target_uri(url)
    if wtype in ("response", "resource") and ip != b"-":
        f["WARC-IP-Address"] = ip
    if wtype == "response":
        f["Content-Type"] = "application/http; msgtype=response"
        f["WARC-Payload-Digest"] = sha1_b32(block[block.index(b"\r\n\r\n") + 4:])
    else:
        # A mime type that is no media type: application/octet-stream (arc2warc(1)).
        f["Content-Type"] = mime if b"/" in mime else b"application/octet-stream"
        if wtype == "resource":
            f["WARC-Payload-Digest"] = sha1_b32(block)
    return {k.encode(): v if isinstance(v, bytes) else v.encode() for k, v in f.items()}, rid

records = [l.split(" ") for l in open(records_path).read().splitlines()]
seen = {"warcinfo": 0, "metadata": 0, "response": 0, "resource": 0, "dns": 0, "space": 0}
arc_files = sorted(os.listdir(arc_dir))
warc_suffix = ".warc.gz" if gzip_out else ".warc"
warc_files = sorted(re.sub(r"\.arc(\.gz)?$", warc_suffix, n) for n in arc_files)
assert sorted(os.listdir(warc_dir)) == warc_files, (os.listdir(warc_dir), warc_files)
n = 0
for arc_name in arc_files:
    warc_name = re.sub(r"\.arc(\.gz)?$", warc_suffix, arc_name)
    arcs = list(arc_records(arc_name, open(os.path.join(arc_dir, arc_name), "rb").read()))
    warcs = list(warc_records(warc_name, open(os.path.join(warc_dir, warc_name), "rb").read()))
    mine = [r for r in records if r[0] == field(arc_name.encode())]
    assert len(arcs) == len(mine) == len(warcs), \
        "%s: %d ARC records, %d in --records, %d WARC records" % (arc_name, len(arcs), len(mine),
                                                                  len(warcs))
    warcinfo_id = None
    for i, (rec, truth, (version, fields, block)) in enumerate(zip(arcs, mine, warcs)):
        offset, line, url, ip, date, mime, arc_block = rec
        where = "%s offset %d (WARC record %d)" % (arc_name, offset, i)
        # The ARC side, parsed here, is what warcgen says it wrote.
        kind = truth[2]
        assert truth[1:] == [str(offset), kind, field(url), hashlib.sha1(arc_block).hexdigest(),
                             str(len(arc_block))], "%s: --records says %r" % (where, truth)
        assert (kind == "filedesc") == url.startswith(b"filedesc://"), where
        assert (kind == "http") == arc_block.startswith(b"HTTP/"), where
        assert version == b"WARC/" + warc_version.encode(), "%s: version %r" % (where, version)
        # The block, byte for byte.
        assert block == arc_block, "%s: the WARC block differs from the ARC block" % where
        names = [k for k, _ in fields]
        assert len(set(names)) == len(names), "%s: a field twice: %r" % (where, names)
        expected, rid = expected_fields(arc_name, warc_name, i, rec, kind, warcinfo_id)
        found = dict(fields)
        if found != expected:
            sys.exit("%s: header fields differ: expected %r, found %r" % (
                where, sorted(set(expected.items()) - set(found.items())),
                sorted(set(found.items()) - set(expected.items()))))
        # Every ARC header value back from the kept line, read from the right.
        back = found[b"WARC-ARC-Header-Line"].rsplit(b" ", 4)
        assert back == [url, ip, date, mime, str(len(arc_block)).encode()], (where, back)
        wtype = found[b"WARC-Type"].decode()
        if wtype == "warcinfo":
            assert i == 0, "%s: a warcinfo record not first" % where
            warcinfo_id = rid
        seen[wtype] += 1
        seen["dns"] += url.startswith(b"dns:")
        seen["space"] += b" " in url and b"%20" in found[b"WARC-Target-URI"]
        n += 1
assert n == len(records), "%d records checked, %d in --records" % (n, len(records))
missing = [k for k, v in seen.items() if v == 0]
assert not missing, "no records of these kinds: %s" % missing
print("%d records, %s" % (n, seen))
PY

# The conversion check of warcsumcmp, by hand: ARCMANIFEST WARCMANIFEST
# GZIP(0|1). Every line of the ARC manifest, its file renamed and its URI
# spelled as WARC-Target-URI spells it (a%20b there is a%2520b here), must be
# the WARC manifest's line, in order; offsets and lengths differ.
cat >manifests.py <<'PY'
import re, sys

arc_path, warc_path, gzip_out = sys.argv[1:]

def unfield(text):
    """The bytes a manifest field stands for (the inverse of its encoding)."""
    if text == "-":
        return b""
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

def field(raw):
    out = []
    for i, c in enumerate(raw):
        escape = c <= 0x20 or c >= 0x7F
        tail = raw[i + 1:i + 3]
        if c == 0x25 and len(tail) == 2 and all(chr(t) in "0123456789abcdefABCDEF" for t in tail):
            b = int(tail, 16)
            escape = b <= 0x20 or b >= 0x7F or b == 0x25
        out.append("%%%02X" % c if escape else chr(c))
    return "".join(out) or "-"

def target_uri(url):
    return b"".join(b"%%%02X" % c if c <= 0x20 or c == 0x7F else bytes([c]) for c in url)

suffix = ".warc.gz" if gzip_out == "1" else ".warc"
mapped = []
for line in open(arc_path).read().splitlines():
    f, _, _, uri, date, digest = line.split(" ")
    mapped.append(" ".join([re.sub(r"\.arc(\.gz)?$", suffix, f),
                            field(target_uri(unfield(uri))), date, digest]))
warc = [" ".join(l.split(" ")[:1] + l.split(" ")[3:]) for l in open(warc_path).read().splitlines()]
assert len(mapped) == len(warc), "%d ARC lines, %d WARC lines" % (len(mapped), len(warc))
for i, (a, w) in enumerate(zip(mapped, warc)):
    assert a == w, "line %d: ARC %r, WARC %r" % (i + 1, a, w)
print(len(mapped), "lines,", sum("%2520" in l for l in warc), "URIs with a space")
PY

# convert NAME OUTDIR GZIP WARC-VERSION ARC2WARC-OPTIONS...: converts NAME/*
# with --verify into OUTDIR, checks the exact per-file lines and total, runs
# the independent reader, and compares the manifests.
convert() {
  local name=$1 out=$2 gzip=$3 version=$4 suffix f n
  shift 4
  suffix=$([ "$gzip" = 1 ] && echo .warc.gz || echo .warc)
  run "$A2W" --verify -o "$out" "$@" "$name"/*
  [ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "$name: arc2warc exited $rc"; }
  : >"$WORK/expected"
  for f in "$name"/*; do
    n=$(grep -c "^${f#*/} " "$name.records")
    local target="$out/$(basename "${f%.arc*}")$suffix"
    echo "$f -> $target: records $n in, $n out, 0 truncated; problems 0;" \
      "bytes $(stat -c %s "$f") in, $(stat -c %s "$target") out; verified" >>"$WORK/expected"
  done
  expect_eq "$name: per-file lines" "$(cat "$WORK/expected")" "$(cat "$WORK/out")"
  n=$(wc -l <"$name.records")
  expect_eq "$name: total" "arc2warc: 2 files, 0 not written; $n records in, $n out, 0 problems" \
    "$(cat "$WORK/err")"
  python3 check.py "$name" "$out" "$name.records" "$version" "$gzip" >/dev/null ||
    fail "$name -> $out: the independent reader disagrees"

  # warcsum of both copies: the ARC's is the truth, the WARC's the same once mapped
  # (stored digests or recomputed).
  "$WARCSUM" "$name"/* >"$name.arc.manifest"
  cmp -s "$name.truth" "$name.arc.manifest" ||
    fail "$name: warcsum of the ARC files is not --truth"
  "$WARCSUM" "$out"/* >"$out.manifest"
  "$WARCSUM" --recompute "$out"/* >"$out.recomputed"
  cmp -s "$out.manifest" "$out.recomputed" || fail "$out: stored digests differ from recomputed"
  python3 manifests.py "$name.arc.manifest" "$out.manifest" "$gzip" >/dev/null ||
    fail "$name -> $out: the manifests differ"
}

gen gzip10 --seed 31 --arc-version 1.0
gen plain11 --seed 32 --arc-version 1.1 --plain
gen gzip11 --seed 33 --arc-version 1.1
gen plain10 --seed 34 --arc-version 1.0 --plain

convert gzip10 w-gzip10 1 1.1 -j 2
convert plain11 w-plain11 1 1.1 -j 1 --level 1
convert gzip11 w-gzip11 0 1.0 --no-gzip --warc-version 1.0
convert plain10 w-plain10 0 1.1 --no-gzip -j 2

# The same bytes for any -j, and again on a second run with --overwrite.
for name in gzip10 gzip11; do
  opts=()
  [ "$name" = gzip11 ] && opts=(--no-gzip --warc-version 1.0)
  "$A2W" -q -j 1 "${opts[@]}" -o "j1-$name" "$name"/* >/dev/null
  "$A2W" -q -j 2 "${opts[@]}" -o "j2-$name" "$name"/* >/dev/null
  for f in "w-$name"/*; do
    cmp "$f" "j1-$name/${f##*/}" || fail "$f: -j 1 gives other bytes"
    cmp "$f" "j2-$name/${f##*/}" || fail "$f: -j 2 gives other bytes"
  done
  cp -r "w-$name" "copy-$name"
  run "$A2W" -q --overwrite --verify -j 2 "${opts[@]}" -o "w-$name" "$name"/*
  expect_eq "$name: --overwrite exit" 0 "$rc"
  for f in "copy-$name"/*; do
    cmp "$f" "w-$name/${f##*/}" || fail "$f: --overwrite gives other bytes"
  done
  expect_eq "$name: nothing but the WARC files" "$(ls -A "copy-$name")" "$(ls -A "w-$name")"
done
echo "ok"
