# arc2warc on hand-made ARC files, damaged or odd (arc2warc(1), DAMAGED
# INPUT): each is converted with --verify, and must give exactly the error
# lines (with the record's offset), the per-file line, the exit status and
# the WARC records expected: a Python reader here dumps every converted
# record (type, ID, date, URI, IP, Content-Type, block length and SHA-1,
# WARC-Truncated) and make.py wrote what each must be, IDs from uuid5.
source "$SRC/tests/cli/common.bash"
A2W="$BIN/arc2warc/arc2warc"
[ -x "$A2W" ] || fail "$A2W not built"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
cd "$WORK"

# make.py: writes each case's ARC file and NAME.expect, the dump its WARC
# file must give.
cat >make.py <<'PY'
import hashlib, uuid, zlib

def gz(data, level=6):
    c = zlib.compressobj(level, zlib.DEFLATED, 31)
    return c.compress(data) + c.flush()

class Rec:
    def __init__(self, url, body, date=b"20140216050221", mime=b"text/html",
                 ip=b"93.184.216.119", length=None, line=None):
        self.url, self.body, self.date, self.mime, self.ip = url, body, date, mime, ip
        n = len(body) if length is None else length
        self.line = line or b" ".join([url, ip, date, mime, str(n).encode()])
    def bytes(self):
        return self.line + b"\n" + self.body + b"\n"

def target_uri(url):
    return b"".join(b"%%%02X" % c if c <= 0x20 or c == 0x7F else bytes([c]) for c in url)

def dump_line(arc_name, offset, nth, rec, first, block=None, truncated=False):
    """The line dump.py prints for the WARC record made of rec."""
    block = rec.body if block is None else block
    if rec.url.startswith(b"filedesc://"):
        wtype = "warcinfo" if first else "metadata"
    else:
        wtype = "response" if rec.body.startswith(b"HTTP/") else "resource"
    name = "arc2warc:%s:%d" % (arc_name, offset) + (":%d" % nth if nth > 1 else "")
    d = rec.date.decode() + "00" * (len(rec.date) == 12)
    date = "%s-%s-%sT%s:%s:%sZ" % (d[0:4], d[4:6], d[6:8], d[8:10], d[10:12], d[12:14])
    uri = "-" if wtype == "warcinfo" else target_uri(rec.url).decode("latin-1")
    ip = rec.ip.decode() if wtype in ("response", "resource") and rec.ip != b"-" else "-"
    ctype = ("application/http; msgtype=response" if wtype == "response"
             else rec.mime.decode() if b"/" in rec.mime else "application/octet-stream")
    return " | ".join([wtype, "<urn:uuid:%s>" % uuid.uuid5(uuid.NAMESPACE_URL, name), date, uri,
                       ip, ctype, rec.line.decode("latin-1"), str(len(block)),
                       hashlib.sha1(block).hexdigest(), "unspecified" if truncated else "-"])

FD = Rec(b"filedesc://x.arc", b"1 0 Test\nURL IP-address Archive-date Content-type Archive-length",
         mime=b"text/plain")
P2 = Rec(b"http://example.com/2", b"HTTP/1.1 200 OK\r\n\r\nsecond")
P3 = Rec(b"http://example.com/3", b"HTTP/1.1 200 OK\r\n\r\nthird body")
# Random bytes: the member cut short below stays long when compressed.
RANDOM = bytes(hashlib.sha256(b"%d" % i).digest()[0] for i in range(3000))
BIG = Rec(b"http://example.com/big", b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n" + RANDOM)

def plain(name, recs, converted, cut=0):
    """A plain ARC file of recs (its last cut bytes short); converted: the
    indices of the records that must be in the WARC file, and how."""
    data, offsets = b"", []
    for r in recs:
        offsets.append(len(data))
        data += r.bytes()
    open(name, "wb").write(data[:len(data) - cut])
    write_expect(name, recs, offsets, [1] * len(recs), converted)

def members(name, groups, converted, mangle=lambda data: data):
    """A gzip ARC file, one member per group of records."""
    data, offsets, nths, recs = b"", [], [], []
    for group in groups:
        for nth, r in enumerate(group, 1):
            offsets.append(len(data))
            nths.append(nth)
            recs.append(r)
        data += gz(b"".join(r.bytes() for r in group))
    open(name, "wb").write(mangle(data))
    write_expect(name, recs, offsets, nths, converted)

def write_expect(name, recs, offsets, nths, converted):
    with open(name + ".expect", "w") as out:
        for n, (i, how) in enumerate(converted):
            out.write(dump_line(name, offsets[i], nths[i], recs[i], n == 0, **how) + "\n")

whole = lambda *indices: [(i, {}) for i in indices]

# A length that does not end its record, in the middle of a plain file.
plain("wrong.arc", [FD, P2, Rec(b"http://example.com/wrong", b"HTTP/1.1 200 OK\r\n\r\nwrong body",
                                length=5), P3], whole(0, 1))
# No date.
plain("nodate.arc", [FD, Rec(b"http://example.com/nodate", b"HTTP/1.1 200 OK\r\n\r\nx", date=b"-"),
                     P2], whole(0, 2))
# A date that names no instant (month 00).
plain("month0.arc", [FD, Rec(b"http://example.com/m", b"HTTP/1.1 200 OK\r\n\r\nx",
                             date=b"20140016050221"), P2], whole(0, 2))
# Control bytes in the record line: SOH and DEL are refused, a tab is
# percent-encoded in WARC-Target-URI (a WARC field may hold a tab).
plain("ctrl.arc", [FD, Rec(b"http://example.com/\x01x", b"HTTP/1.1 200 OK\r\n\r\nx"), P2],
      whole(0, 2))
plain("del.arc", [FD, Rec(b"http://example.com/a\x7fb", b"HTTP/1.1 200 OK\r\n\r\nx"), P2],
      whole(0, 2))
plain("tab.arc", [FD, Rec(b"http://example.com/a\tb c", b"HTTP/1.1 200 OK\r\n\r\nx"), P2],
      whole(0, 1, 2))
# Odd but valid: IP "-", mime "no-type" and no HTTP (a resource with
# Content-Type application/octet-stream), a 12-digit date, bytes over 0x7f in a URL, a version 2
# record line, a later version block (metadata).
plain("odd.arc", [FD, Rec(b"http://example.com/odd", b"plain body", ip=b"-", mime=b"no-type"),
                  Rec(b"http://example.com/12", b"HTTP/1.1 200 OK\r\n\r\nx", date=b"201402160502"),
                  Rec(b"http://example.com/caf\xc3\xa9 x", b"HTTP/1.1 200 OK\r\n\r\n\xff"),
                  Rec(b"http://example.com/v2", b"HTTP/1.0 200 OK\r\n\r\nhello\n",
                      line=b"http://example.com/v2 192.0.2.7 20140216050222 text/html 200 "
                           b"abcdef http://example.com/loc 1234 orig.arc 25", ip=b"192.0.2.7",
                      date=b"20140216050222"),
                  Rec(b"filedesc://y.arc", FD.body, mime=b"text/plain"),
                  Rec(b"dns:example.com", b"20140216050221\nexample.com.\t60\tIN\tA\t192.0.2.1\n",
                      mime=b"text/dns")], whole(0, 1, 2, 3, 4, 5, 6))
# A plain file cut short inside its last block: converted with the bytes
# there are and WARC-Truncated.
plain("plaincut.arc", [FD, P2, P3], whole(0, 1) + [(2, {"block": P3.body[:-4],
                                                         "truncated": True})], cut=5)
# Not an ARC file.
open("warc.arc", "wb").write(b"WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: 1\r\n\r\nx\r\n\r\n")
open("warc.arc.expect", "w").close()
# Several records in one gzip member: converted (IDs :2 for the second),
# the member reported.
members("multi.arc.gz", [[FD], [P2, P3], [P2]], whole(0, 1, 2, 3))
# A member that cannot be inflated (CRC-32 wrong): skipped, the next converted.
def flip_crc(data):
    second = len(gz(FD.bytes())) + len(gz(P2.bytes())) - 8
    return data[:second] + bytes([data[second] ^ 0xFF]) + data[second + 1:]
members("badmember.arc.gz", [[FD], [P2], [P3]], whole(0, 2), flip_crc)

# A gzip file cut short inside its last member's block (stored deflate
# blocks, level 0, so that the bytes before the cut are exactly known):
# converted with those bytes and WARC-Truncated.
cut_data = gz(FD.bytes()) + gz(P2.bytes()) + gz(BIG.bytes(), level=0)
cut_data = cut_data[:len(cut_data) - 1000]
have = zlib.decompressobj(31).decompress(cut_data[len(gz(FD.bytes())) + len(gz(P2.bytes())):])
have = have[len(BIG.line) + 1:]
assert 0 < len(have) < len(BIG.body) and BIG.body.startswith(have)
open("cut.arc.gz", "wb").write(cut_data)
write_expect("cut.arc.gz", [FD, P2, BIG], [0, 132, 239], [1, 1, 1],
             whole(0, 1) + [(2, {"block": have, "truncated": True})])
# A member whose record line claims more bytes than the member holds (100,
# or more than the whole file), followed by a good one: the short record
# converted with its member's bytes and WARC-Truncated, the next converted.
SHORT_BODY = b"HTTP/1.1 200 OK\r\n\r\nshort body"
for name, claim in [("claims.arc.gz", 100), ("claimsall.arc.gz", 10000)]:
    short = Rec(b"http://example.com/short", SHORT_BODY, length=claim)
    members(name, [[FD], [short], [P2]],
            whole(0) + [(1, {"block": SHORT_BODY + b"\n", "truncated": True})] + whole(2))
PY

# dump.py WARC: one line per record: type | id | date | uri | ip |
# content-type | ARC line | block length | block sha1 | WARC-Truncated, after
# checking the framing and WARC-Block-Digest.
cat >dump.py <<'PY'
import base64, hashlib, sys, zlib

data = open(sys.argv[1], "rb").read()
if data[:2] == b"\x1f\x8b":
    text, rest = b"", data
    while rest:
        d = zlib.decompressobj(31)
        text += d.decompress(rest)
        assert d.eof, "a gzip member does not end"
        rest = d.unused_data
    data = text
pos = 0
while pos < len(data):
    end = data.index(b"\r\n\r\n", pos)
    lines = data[pos:end].decode("latin-1").split("\r\n")
    assert lines[0] == "WARC/1.1", lines[0]
    f = dict(l.split(": ", 1) for l in lines[1:])
    n = int(f["Content-Length"])
    block = data[end + 4:end + 4 + n]
    assert len(block) == n and data[end + 4 + n:end + 8 + n] == b"\r\n\r\n", "framing"
    assert f["WARC-Block-Digest"] == "sha1:" + base64.b32encode(hashlib.sha1(block).digest()).decode()
    print(" | ".join([f["WARC-Type"], f["WARC-Record-ID"], f["WARC-Date"],
                      f.get("WARC-Target-URI", "-"), f.get("WARC-IP-Address", "-"),
                      f.get("Content-Type", "-"), f["WARC-ARC-Header-Line"], str(n),
                      hashlib.sha1(block).hexdigest(), f.get("WARC-Truncated", "-")]))
    pos = end + 8 + n
PY
python3 make.py

# check NAME EXIT "IN OUT TRUNCATED PROBLEMS" ERROR-LINES [GZIP]: converts NAME
# with --verify (plain WARC, or gzip when GZIP is given) and compares.
# ERROR-LINES "regex:RE": stderr must match the extended regular expression RE.
check() {
  local name=$1 status=$2 counts=$3 errors=$4 opts=(--no-gzip) ext=.warc in out tr pr
  [ -n "${5:-}" ] && opts=() ext=.warc.gz
  read -r in out tr pr <<<"$counts"
  local target="warcs/${name%.arc*}$ext"
  run "$A2W" -q --verify "${opts[@]}" -o warcs "$name"
  expect_eq "$name: exit" "$status" "$rc"
  if [[ "$errors" == regex:* ]]; then
    [[ "$(cat "$WORK/err")" =~ ${errors#regex:} ]] ||
      fail "$name: errors: expected /${errors#regex:}/, found: $(cat "$WORK/err")"
  else
    expect_eq "$name: errors" "$errors" "$(cat "$WORK/err")"
  fi
  local line="$name -> $target: records $in in, $out out, $tr truncated; problems $pr;"
  line+=" bytes $(stat -c %s "$name") in, $(stat -c %s "$target" 2>/dev/null || echo 0) out"
  if [ -s "$name.expect" ]; then line+="; verified"; else line+="; not written"; fi
  expect_eq "$name: per-file line" "$line" "$(cat "$WORK/out")"
  if [ -s "$name.expect" ]; then
    python3 dump.py "$target" >"$name.found" || fail "$name: cannot read $target"
    diff "$name.expect" "$name.found" >&2 || fail "$name: the WARC records differ (< expected, > found)"
  else
    [ ! -e "$target" ] || fail "$name: $target written"
  fi
  expect_eq "$name: no temporary file" "" "$(ls -A warcs | grep arc2warc.tmp || true)"
}

E="arc2warc: "
check wrong.arc 1 "3 2 0 1" \
  "${E}wrong.arc: offset 216: length (5 bytes) does not end the record: expected a newline after the block, found \"1.1 200 OK\\x0d\\x0a\\x0d\\x0awrong body\\x0ahttp://example....\"; rest of file not read (no safe way to find the next record in an uncompressed file)"
check nodate.arc 1 "3 2 0 1" \
  "${E}nodate.arc: offset 126: ARC response record with no date (\"-\"); not listed
${E}nodate.arc: offset 126: ARC record has no date (\"-\"), which a WARC record must have; not converted"
check month0.arc 1 "3 2 0 1" \
  "${E}month0.arc: offset 126: response record with impossible WARC-Date \"2014-00-16T05:02:21Z\" (expected YYYY-MM-DDThh:mm:ssZ); not listed
${E}month0.arc: offset 126: ARC record's date names no instant (WARC-Date would be \"2014-00-16T05:02:21Z\"); not converted"
check ctrl.arc 1 "3 2 0 1" \
  "${E}ctrl.arc: offset 126: ARC record line holds a control byte, which a WARC field cannot; not converted"
check del.arc 1 "3 2 0 1" \
  "${E}del.arc: offset 126: ARC record line holds a control byte, which a WARC field cannot; not converted"
check tab.arc 0 "3 3 0 0" ""
check odd.arc 0 "7 7 0 0" ""
check plaincut.arc 1 "3 3 1 1" \
  "${E}plaincut.arc: offset 216: record truncated (input ends 4 bytes before the end of its block)"
check warc.arc 1 "1 0 0 1" \
  "${E}warc.arc: offset 0: a WARC record, not an ARC one: this is no ARC file, nothing converted
${E}warc.arc: nothing could be converted; no WARC file written"
check multi.arc.gz 1 "4 4 0 1" \
  "${E}multi.arc.gz: offset 132: gzip member holds more than one record (not one record per member); its records are not listed" gzip
check badmember.arc.gz 1 "2 2 0 1" \
  "${E}badmember.arc.gz: offset 132: corrupt gzip member: CRC-32 or ISIZE mismatch; skipped 107 bytes to the next gzip member at offset 239" gzip
# Gzip members that end before their record's length (arc2warc(1): "a
# gzip member that ends before the record's length ... is converted with the
# bytes there are and WARC-Truncated"), and the next record converted. A
# record inside the bytes a cut record claims is converted but reported:
# warcsum does not list it (the claim may be right: a block may hold an ARC
# file), so the conversion check would show it as appeared.
check cut.arc.gz 1 "3 3 1 1" \
  "${E}cut.arc.gz: offset 239: gzip member truncated (input ends 2136 bytes into it); no further gzip member found (2136 bytes skipped)" gzip
for name in claims claimsall; do
  claim=100
  [ $name = claimsall ] && claim=10000
  check $name.arc.gz 1 "3 3 1 2" \
    "${E}$name.arc.gz: offset 132: length ($claim bytes) is longer than the record's gzip member, which ends after 30 bytes of block; reading goes on at the next gzip member (offset 245)
${E}$name.arc.gz: offset 245: not listed: it lies inside the block the record at offset 132 claims (length $claim)" gzip
done
echo "ok"
