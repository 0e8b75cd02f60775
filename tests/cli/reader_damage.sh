# warcsum on damaged and unusual record layouts, built byte by byte here:
# what is damage (an error naming file and offset, the record not listed),
# what is read as the WARC 1.1 spec says (folded fields, ARC "-" fields), and
# what is a note (an empty input, a lower-case version line). See warcsum(1),
# RECORD ENDINGS AND HEADERS.
source "$(dirname "$0")/common.bash"
W="$BIN/warcsum/warcsum"
[ -x "$W" ] || fail "$W not built"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
cd "$WORK"

python3 - "$SRC/tests/cli" <<'PYTHON'
import gzip, sys
sys.path.insert(0, sys.argv[1])
import warcrec

def raw(lines, block, end=b"\r\n\r\n", version=b"WARC/1.1"):
    """A plain record: version line, header lines, block, ending."""
    head = b"".join(l + b"\r\n" for l in [version] + lines)
    return head + b"\r\n" + block + end

def fields(n, uri=b"http://example.com/", date=b"2024-01-02T03:04:05Z", length=None, block=b""):
    return [b"WARC-Type: response", b"WARC-Record-ID: <urn:uuid:%s>" % warcrec.uuid(n).encode(),
            b"WARC-Date: " + date, b"WARC-Target-URI: " + uri,
            b"Content-Type: application/http; msgtype=response",
            b"Content-Length: %d" % (len(block) if length is None else length)]

BLOCK = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nline one\r\n"
good = [raw(fields(n, uri=b"http://example.com/%d" % n, block=BLOCK), BLOCK) for n in range(3)]
open("good.warc", "wb").write(b"".join(good))

def save(name, data):
    open(name, "wb").write(data)
    open(name + ".at", "w").write(str(len(good[0])) + "\n")

# Item 6: Content-Length one or two bytes off where the bytes around the
# block's end are CR or LF. Plain and gzip, record 1 of 3.
for delta in (-2, -1, 1, 2):
    bad = raw(fields(1, block=BLOCK, length=len(BLOCK) + delta), BLOCK)
    save("cl%+d.warc" % delta, good[0] + bad + good[2])
    members = [gzip.compress(r, mtime=0) for r in (good[0], bad, good[2])]
    open("cl%+d.warc.gz" % delta, "wb").write(b"".join(members))
    open("cl%+d.warc.gz.at" % delta, "w").write("%d %d\n" % (len(members[0]), len(members[0]) + len(members[1])))

# Item 7: a cut field name, a bare LF in a value, an unknown version, an
# impossible date; record 1 of 3, plain.
cut = raw([l if not l.startswith(b"WARC-Target-URI") else b"et-URI http://example.com/1"
           for l in fields(1, block=BLOCK)], BLOCK)
bare = raw(fields(1, uri=b"http://example.com/a\nb", block=BLOCK), BLOCK)
v99 = raw(fields(1, block=BLOCK), BLOCK, version=b"WARC/9.9")
date = raw(fields(1, date=b"2015-02-30T25:61:61Z", block=BLOCK), BLOCK)
for name, rec in (("cut", cut), ("bare", bare), ("v99", v99), ("date", date)):
    save(name + ".warc", good[0] + rec + good[2])

# Item 8: folded Content-Length and WARC-Target-URI.
folded = [l for l in fields(1, block=BLOCK) if not l.startswith((b"Content-Length", b"WARC-Target-URI"))]
folded += [b"WARC-Target-URI:", b"  http://example.com/folded", b"Content-Length:", b"\t%d" % len(BLOCK)]
save("folded.warc", good[0] + raw(folded, BLOCK) + good[2])

# Item 9: an ARC version block with "-" fields, then a record.
page = b"HTTP/1.1 200 OK\r\n\r\narc page"
desc = b"1 0 test\nURL IP-address Archive-date Content-type Archive-length\n"
open("dash.arc", "wb").write(b"filedesc://x.arc - - - %d\n" % len(desc) + desc + b"\n" +
                             b"http://example.com/arc 1.2.3.4 20140216050221 text/html %d\n" % len(page) + page + b"\n")

# Item 11: a lower-case version line, on every record.
open("lower.warc", "wb").write(b"".join(raw(fields(n, uri=b"http://example.com/%d" % n, block=BLOCK), BLOCK,
                                            version=b"warc/1.0") for n in range(2)))

# Messages: gzip data after plain records; empty inputs.
open("plain-then-gzip.warc", "wb").write(good[0] + gzip.compress(good[1], mtime=0))
open("plain-then-gzip.warc.at", "w").write(str(len(good[0])) + "\n")
open("empty.warc", "wb").write(b"")
open("empty.warc.gz", "wb").write(gzip.compress(b"", mtime=0))

# Item 5: a gzip member header with a reserved FLG bit set, between two good members.
members = [gzip.compress(r, mtime=0) for r in good]
flagged = bytearray(members[1])
flagged[3] |= 0x20
open("flg.warc.gz", "wb").write(members[0] + bytes(flagged) + members[2])
open("flg.warc.gz.at", "w").write("%d %d %d\n" % (len(members[0]), len(flagged), len(members[0]) + len(flagged)))
PYTHON

# Every good record gets its line; damage is reported at the damaged record.
run "$W" good.warc
expect_eq "good.warc exit" 0 "$rc"
expect_eq "good.warc lines" 3 "$(wc -l <out)"
expect_eq "good.warc stderr" "" "$(cat err)"

# (6) Content-Length off by one or two: reported at the record's offset, not
# listed; in a plain file nothing after it is read, in gzip the next member is.
at=$(cat cl-1.warc.at)
rest="; rest of file not read (no safe way to find the next record in an uncompressed file)"
run "$W" cl-1.warc
expect_eq "cl-1 plain exit" 1 "$rc"
expect_eq "cl-1 plain lines" "cl-1.warc 0" "$(cut -d' ' -f1,2 out)"
expect_eq "cl-1 plain stderr" \
  "warcsum: cl-1.warc: offset $at: Content-Length (54 bytes) does not end the record: expected CRLF CRLF after the block, found \"\\x0a\\x0d\\x0a\\x0d\\x0aWARC/1.1\\x0d\\x0aWARC-Type: response\\x0d\\x0aWARC...\"$rest" \
  "$(cat err)"
for d in -2 +1 +2; do
  run "$W" cl$d.warc
  expect_eq "cl$d plain exit" 1 "$rc"
  expect_eq "cl$d plain lines" 1 "$(wc -l <out)"
  grep -q "^warcsum: cl$d.warc: offset $at: Content-Length ([0-9]* bytes) does not end the record: expected CRLF CRLF after the block" err ||
    fail "cl$d plain: $(cat err)"
  read -r first third <"cl$d.warc.gz.at"
  run "$W" cl$d.warc.gz
  expect_eq "cl$d gzip exit" 1 "$rc"
  expect_eq "cl$d gzip offsets" "0 $third" "$(cut -d' ' -f2 out | tr '\n' ' ' | sed 's/ $//')"
  grep -q "^warcsum: cl$d.warc.gz: offset $first: Content-Length ([0-9]* bytes) does not end the record" err ||
    fail "cl$d gzip: $(cat err)"
  expect_eq "cl$d gzip messages" 1 "$(wc -l <err)"
done
read -r first third <cl-1.warc.gz.at
run "$W" cl-1.warc.gz
expect_eq "cl-1 gzip stderr" \
  "warcsum: cl-1.warc.gz: offset $first: Content-Length (54 bytes) does not end the record: expected CRLF CRLF after the block, found \"\\x0a\\x0d\\x0a\\x0d\\x0a\" and the end of its gzip member" \
  "$(cat err)"

# (7) Header damage: an error naming file, offset and what was found.
at=$(cat cut.warc.at)
run "$W" cut.warc
expect_eq "cut exit" 1 "$rc"
expect_eq "cut stderr" "warcsum: cut.warc: offset $at: header line without a valid field name: \"et-URI http://example.com/1\"$rest" "$(cat err)"
expect_eq "cut lines" 1 "$(wc -l <out)"
run "$W" bare.warc
expect_eq "bare exit" 1 "$rc"
expect_eq "bare stderr" "warcsum: bare.warc: offset $at: header line \"WARC-Target-URI: http://example.com/a\" ends in a bare LF (expected CR LF)$rest" "$(cat err)"
run "$W" v99.warc
expect_eq "v99 exit" 1 "$rc"
expect_eq "v99 stderr" "warcsum: v99.warc: offset $at: unknown WARC version \"WARC/9.9\" (expected WARC/0.17, 0.18, 1.0 or 1.1)$rest" "$(cat err)"
# An impossible date: that record is not listed, the others are (the block is
# sound, so reading goes on).
run "$W" date.warc
expect_eq "date exit" 1 "$rc"
expect_eq "date stderr" "warcsum: date.warc: offset $at: response record with impossible WARC-Date \"2015-02-30T25:61:61Z\" (expected YYYY-MM-DDThh:mm:ssZ); not listed" "$(cat err)"
expect_eq "date uris" "http://example.com/0 http://example.com/2" "$(cut -d' ' -f4 out | tr '\n' ' ' | sed 's/ $//')"

# (8) Folded fields read as the spec says.
run "$W" folded.warc
expect_eq "folded exit" 0 "$rc"
expect_eq "folded stderr" "" "$(cat err)"
expect_eq "folded uris" "http://example.com/0 http://example.com/folded http://example.com/2" \
  "$(cut -d' ' -f4 out | tr '\n' ' ' | sed 's/ $//')"

# (9) ARC version block with "-" fields: the record after it is listed.
run "$W" dash.arc
expect_eq "dash.arc exit" 0 "$rc"
expect_eq "dash.arc stderr" "" "$(cat err)"
expect_eq "dash.arc line" "http://example.com/arc 2014-02-16T05:02:21Z" "$(cut -d' ' -f4,5 out)"

# (11) Lower-case version lines: read, noted once, exit 0.
run "$W" lower.warc
expect_eq "lower exit" 0 "$rc"
expect_eq "lower lines" 2 "$(wc -l <out)"
expect_eq "lower note" "warcsum: lower.warc: offset 0: version line \"warc/1.0\" is not in upper case; read as WARC/1.0 (noted once per file)" "$(cat err)"
run "$W" -q lower.warc
expect_eq "lower -q stderr" "" "$(cat err)"

# (a) Gzip data after plain records.
at=$(cat plain-then-gzip.warc.at)
run "$W" plain-then-gzip.warc
expect_eq "plain-then-gzip exit" 1 "$rc"
expect_eq "plain-then-gzip stderr" "warcsum: plain-then-gzip.warc: offset $at: gzip data after plain records$rest" "$(cat err)"
expect_eq "plain-then-gzip lines" 1 "$(wc -l <out)"

# (b) Empty inputs: a note, exit 0.
for input in empty.warc empty.warc.gz /dev/null; do
  # (A tool run as root with "-o /dev/null" renames a regular file over it.)
  if [ "$input" = /dev/null ] && [ ! -c /dev/null ]; then
    echo "note: /dev/null is not a character device here: not read"
    continue
  fi
  run "$W" "$input"
  expect_eq "$input exit" 0 "$rc"
  expect_eq "$input stdout" "" "$(cat out)"
  expect_eq "$input note" "warcsum: $input: offset 0: no records" "$(cat err)"
done

# (5) Reserved FLG bits: damage (zlib and gzip -t refuse the member too),
# and reading goes on at the next member.
read -r first flen third <flg.warc.gz.at
run "$W" flg.warc.gz
expect_eq "flg exit" 1 "$rc"
expect_eq "flg offsets" "0 $third" "$(cut -d' ' -f2 out | tr '\n' ' ' | sed 's/ $//')"
expect_eq "flg stderr" \
  "warcsum: flg.warc.gz: offset $first: corrupt gzip member: reserved flag bits set in its header (FLG 0x20); skipped $flen bytes to the next gzip member at offset $third" \
  "$(cat err)"
if command -v gzip >/dev/null; then
  head -c "$third" flg.warc.gz | tail -c "$flen" >member.gz
  if gzip -t member.gz 2>/dev/null; then fail "gzip -t accepts the flagged member"; fi
fi
echo "ok"
