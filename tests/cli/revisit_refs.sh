# Revisits already in a collection: the records they refer to stay responses,
# so that none of them is left pointing at another revisit.
source "$(dirname "$0")/common.bash"
DEDUP="$BIN/warcdedup/warcdedup"
WARCSUM="$BIN/warcsum/warcsum"
REFS="$BIN/warcrefs/warcrefs"
CMP="$BIN/warcsumcmp/warcsumcmp"

# a.warc.gz: Z, the earliest capture of payload P (under another URL).
# b.warc.gz: X, a later capture of P at http://u.example/, and Y, a revisit a
#   crawler wrote for it (dated, with WARC-Refers-To); W, another copy of P.
# c.warc.gz: Q1 and Q2, two captures of payload Q at http://q.example/, and R,
#   an old-style revisit of that URL without a date (resolved by URL and digest).
mkdir -p "$WORK/in"
# warcrec.py (beside this script) writes the records.
export PYTHONPATH="$(dirname "$0")"
python3 - "$WORK/in" <<'PY'
import hashlib, sys
from warcrec import record, uuid
out = sys.argv[1]
# Payloads that compress poorly: a revisit is smaller than their records
# (warcrefs keeps a copy whose revisit would not be).
def page(text, n):
    return b"".join(hashlib.sha256(b"%s %d" % (text, i)).hexdigest().encode() for i in range(n))
P = page(b"the same page, captured three times", 40)
Q = page(b"another page", 50)
text = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n"
def write(name, records):
    with open(out + "/" + name, "wb") as f:
        for r in records: f.write(r)
write("a.warc.gz", [record("response", 1, "http://v.example/", "2019-01-01T00:00:00Z", P, text)])
write("b.warc.gz", [
    record("response", 2, "http://u.example/", "2020-01-01T00:00:00Z", P, text),
    record("revisit", 3, "http://u.example/", "2021-01-01T00:00:00Z", P, text, extra=[
        "WARC-Profile: http://netpreserve.org/warc/1.1/revisit/identical-payload-digest",
        "WARC-Refers-To: <urn:uuid:%s>" % uuid(2),
        "WARC-Refers-To-Target-URI: http://u.example/",
        "WARC-Refers-To-Date: 2020-01-01T00:00:00Z", "WARC-Truncated: length"]),
    record("response", 4, "http://w.example/", "2021-06-01T00:00:00Z", P, text)])
write("c.warc.gz", [
    record("response", 5, "http://q.example/", "2018-01-01T00:00:00Z", Q, text),
    record("response", 6, "http://q.example/", "2019-01-01T00:00:00Z", Q, text),
    record("revisit", 7, "http://q.example/", "2020-01-01T00:00:00Z", Q, text, extra=[
        "WARC-Profile: http://netpreserve.org/warc/1.0/revisit/identical-payload-digest"])])
PY
cp -r "$WORK/in" "$WORK/pristine"
sha1_hex() { python3 -c 'import hashlib,sys; print("sha1:" + hashlib.sha1(b"".join(hashlib.sha256(b"%s %d" % (sys.argv[1].encode(), i)).hexdigest().encode() for i in range(int(sys.argv[2])))).hexdigest())' "$1" "$2"; }
P_DIGEST=$(sha1_hex "the same page, captured three times" 40)
Q_DIGEST=$(sha1_hex "another page" 50)

# warcsum --revisit-refs: one line per reference, in file order.
"$WARCSUM" -q --revisit-refs "$WORK/refs.txt" "$WORK"/in/*.warc.gz > "$WORK/sum"
expect_eq "revisit-refs lines" "capture http://u.example/ 2020-01-01T00:00:00Z
record <urn:uuid:00000000-0000-4000-8000-000000000002>
payload http://q.example/ $Q_DIGEST" "$(cat "$WORK/refs.txt")"
expect_eq "responses listed" 5 "$(wc -l < "$WORK/sum")"

# The whole chain: X and Q2 stay responses, W becomes a revisit of Z, and
# the final check counts X and Q2 as kept.
run "$DEDUP" -o "$WORK/out1" -w "$WORK/work" "$WORK/in"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "warcdedup exited $rc"; }
grep -q "b.warc.gz: offset 0: kept: an existing revisit refers to it" "$WORK/err" || fail "X not kept: $(cat "$WORK/err")"
grep -q "c.warc.gz: offset [0-9]*: kept: an existing revisit refers to it" "$WORK/err" || fail "Q2 not kept: $(cat "$WORK/err")"
grep -q "2 kept (an existing revisit refers to them), 0 discrepancies" "$WORK/err" || fail "check: $(cat "$WORK/err")"
types() { gzip -dc "$1" | grep -a '^WARC-Type:' | tr -d '\r' | awk '{print $2}' | paste -sd' '; }
expect_eq "b.warc.gz after" "response revisit revisit" "$(types "$WORK/out1/b.warc.gz")"
[ ! -e "$WORK/out1/c.warc.gz" ] || fail "c.warc.gz rewritten though nothing in it may change"
# Every revisit in the result resolves the way replay tools do: a response
# with its Refers-To URI and date and the same payload digest string.
python3 - "$WORK/out1/b.warc.gz" "$WORK/in/a.warc.gz" "$WORK/in/b.warc.gz" <<'PY'
import gzip, sys
def records(path):
    data = gzip.decompress(open(path, "rb").read())
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        h = dict(l.split(": ", 1) for l in head.decode().split("\r\n")[1:])
        n = int(h["Content-Length"])
        yield h
        data = rest[n + 4:]
after = list(records(sys.argv[1])) + list(records(sys.argv[2]))
responses = {(h["WARC-Target-URI"], h["WARC-Date"]): h["WARC-Payload-Digest"]
             for h in after if h["WARC-Type"] == "response"}
for h in after:
    if h["WARC-Type"] == "revisit":
        key = (h["WARC-Refers-To-Target-URI"], h["WARC-Refers-To-Date"])
        assert responses.get(key) == h["WARC-Payload-Digest"], ("unresolved", key)
PY

# warcrefs without --referenced converts X and Q2, and warcsumcmp
# --referenced says so: the protection is what kept them.
mkdir -p "$WORK/out2"
run "$REFS" -m "$WORK/work/by-file.manifest" -o "$WORK/out2" "$WORK/in"
[ "$rc" -eq 0 ] || fail "warcrefs without --referenced exited $rc"
expect_eq "b.warc.gz without --referenced" "revisit revisit revisit" "$(types "$WORK/out2/b.warc.gz")"
for f in "$WORK"/in/*.warc.gz; do [ -e "$WORK/out2/${f##*/}" ] && echo "$WORK/out2/${f##*/}" || echo "$f"; done |
  "$WARCSUM" -q - > "$WORK/after2"
run "$CMP" --referenced "$WORK/work/revisit-refs.txt" "$WORK/work/before.manifest" "$WORK/after2" \
  "$WORK/work/processed.manifest"
expect_eq "warcsumcmp: converted though referenced: exit" 1 "$rc"
expect_eq "warcsumcmp: the discrepancy" \
  "referenced: b.warc.gz http://u.example/ 2020-01-01T00:00:00Z $P_DIGEST (copy 2; gone, though an existing revisit refers to it)
referenced: c.warc.gz http://q.example/ 2019-01-01T00:00:00Z $Q_DIGEST (copy 2; gone, though an existing revisit refers to it)" \
  "$(grep '^referenced' "$WORK/out")"

# A manifest that contradicts itself: the original Z made a copy of X while
# X's line names Z as its original. Neither is converted (an error each);
# W, whose original Z stays, still is (with --trust-manifest: verified, W
# would be kept too, since the manifest then has no copy-1 line for Z).
awk '$2 == 0 && $1 == "a.warc.gz" { $8 = 2; $9 = "http://u.example/"; $10 = "2020-01-01T00:00:00Z" } { print }' \
  "$WORK/work/by-file.manifest" > "$WORK/bad.manifest"
mkdir -p "$WORK/out3"
run "$REFS" -m "$WORK/bad.manifest" --trust-manifest -o "$WORK/out3" "$WORK/in"
expect_eq "contradicting manifest: exit" 1 "$rc"
grep -q "a.warc.gz: offset 0: other lines of the manifest name this record as their original, but its own line makes it a copy; not applied" \
  "$WORK/err" || fail "Z: $(cat "$WORK/err")"
grep -q "b.warc.gz: offset 0: other lines of the manifest name this record as their original" "$WORK/err" || fail "X: $(cat "$WORK/err")"
[ ! -e "$WORK/out3/a.warc.gz" ] || fail "a.warc.gz rewritten"
expect_eq "b.warc.gz with the contradicting manifest" "response revisit revisit" "$(types "$WORK/out3/b.warc.gz")"

# A copy whose ref fields name another record than its group's original in
# the manifest (a damaged line) is not applied: kept as original-missing
# (warcrefs verifies originals), or with --trust-manifest an error.
awk '$4 == "http://w.example/" { $10 = "2019-06-01T00:00:00Z" } { print }' \
  "$WORK/work/by-file.manifest" > "$WORK/badref.manifest"
mkdir -p "$WORK/out5"
run "$REFS" -m "$WORK/badref.manifest" --referenced "$WORK/work/revisit-refs.txt" -o "$WORK/out5" "$WORK/in"
expect_eq "wrong ref fields: exit" 1 "$rc"
grep -q "b.warc.gz: offset [0-9]*: kept: the manifest has no original (copy-1 line of digest $P_DIGEST, extension 0) with the URI and date it names" \
  "$WORK/err" || fail "W: $(cat "$WORK/err")"
[ -z "$(ls "$WORK/out5")" ] || fail "a file was rewritten with a wrong ref"
run "$REFS" -m "$WORK/badref.manifest" --trust-manifest --referenced "$WORK/work/revisit-refs.txt" -o "$WORK/out5" "$WORK/in"
expect_eq "wrong ref fields, trusted: exit" 1 "$rc"
grep -q "b.warc.gz: offset [0-9]*: the manifest's original of its digest and extension is another record than its ref-uri and ref-date name; not applied" \
  "$WORK/err" || fail "W trusted: $(cat "$WORK/err")"
[ -z "$(ls "$WORK/out5")" ] || fail "a file was rewritten with a wrong ref"

# --append adds to the reference file as it adds to the manifest; "-" for
# both would mix them on stdout.
"$WARCSUM" -q -o "$WORK/s.app" --revisit-refs "$WORK/r.app" "$WORK/in/b.warc.gz"
"$WARCSUM" -q -o "$WORK/s.app" --append --revisit-refs "$WORK/r.app" "$WORK/in/c.warc.gz"
expect_eq "--append: references of both runs" "$(cat "$WORK/refs.txt")" "$(cat "$WORK/r.app")"
run "$WARCSUM" --revisit-refs - "$WORK/in/b.warc.gz"
expect_eq "--revisit-refs - with the manifest on stdout: exit" 2 "$rc"

# A revisit dated to the second refers to an original stored with a
# fraction of a second (WARC/1.1): still kept.
mkdir -p "$WORK/frac"
python3 - "$WORK/frac" <<'PY'
import sys
from warcrec import record
R = b"a payload captured with microseconds " * 30
open(sys.argv[1] + "/a.warc.gz", "wb").write(record("response", 1, "http://v.example/", "2019-01-01T00:00:00Z", R))
open(sys.argv[1] + "/b.warc.gz", "wb").write(
    record("response", 2, "http://u.example/", "2020-01-01T00:00:00.123456Z", R) +
    record("revisit", 3, "http://u.example/", "2021-01-01T00:00:00Z", R, extra=[
        "WARC-Refers-To-Target-URI: http://u.example/", "WARC-Refers-To-Date: 2020-01-01T00:00:00Z"]))
PY
run "$DEDUP" -o "$WORK/frac.out" -w "$WORK/frac.work" "$WORK/frac"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "fraction of a second: exit $rc"; }
grep -q "b.warc.gz: offset 0: kept: an existing revisit refers to it" "$WORK/err" || fail "fraction: $(cat "$WORK/err")"

# A revisit that names its original only by WARC-Refers-To (no URI or date
# of it): warcrefs keeps the original by its record ID, which the manifests
# do not show, so it lists it (--kept) for warcsumcmp, and the run ends clean.
mkdir -p "$WORK/idonly"
python3 - "$WORK/idonly" <<'PY'
import sys
from warcrec import record
S = b"named by record ID only " * 40
open(sys.argv[1] + "/a.warc.gz", "wb").write(
    record("response", 1, "http://v.example/", "2019-01-01T00:00:00Z", S, version="WARC/1.0"))
open(sys.argv[1] + "/b.warc.gz", "wb").write(
    record("response", 2, "http://u.example/", "2020-01-01T00:00:00Z", S, version="WARC/1.0") +
    record("revisit", 3, "http://w.example/", "2021-01-01T00:00:00Z", S, version="WARC/1.0",
           extra=["WARC-Refers-To: <urn:uuid:00000000-0000-4000-8000-000000000002>"]))
PY
run "$DEDUP" -o "$WORK/idonly.out" -w "$WORK/idonly.work" "$WORK/idonly"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "ID-only reference: exit $rc"; }
grep -q "b.warc.gz: offset 0: kept: an existing revisit refers to it" "$WORK/err" || fail "ID-only: $(cat "$WORK/err")"
grep -q "1 kept (warcrefs --kept), 0 discrepancies" "$WORK/err" || fail "ID-only check: $(cat "$WORK/err")"
expect_eq "the kept list" \
  "b.warc.gz 0 http://u.example/ 2020-01-01T00:00:00Z $(awk '$1 == "b.warc.gz" {print $6}' "$WORK/idonly.work/before.manifest") referenced an existing revisit refers to it" \
  "$(sed 's/ [0-9]* / 0 /' "$WORK/idonly.work/kept.txt")"
# Without the list, the check sees a copy that is still there.
run "$CMP" --referenced "$WORK/idonly.work/revisit-refs.txt" "$WORK/idonly.work/before.manifest" \
  "$WORK/idonly.work/after.manifest" "$WORK/idonly.work/processed.manifest"
expect_eq "without --kept: exit" 1 "$rc"
grep -q "^not deduplicated: b.warc.gz http://u.example/ " "$WORK/out" || fail "without --kept: $(cat "$WORK/out")"

# A file warcsum could not read whole is named "damaged", with what a
# harvest of all its bytes finds: here a revisit in a gzip member that stops
# inflating past its header, between two good members.
mkdir -p "$WORK/dmg"
python3 - "$WORK/dmg/d.warc.gz" <<'PY'
import random, sys, zlib
from warcrec import record
random.seed(7)
head = (b"WARC/1.1\r\nWARC-Type: revisit\r\nWARC-Record-ID: <urn:uuid:9>\r\n"
        b"WARC-Date: 2021-01-01T00:00:00Z\r\nWARC-Target-URI: http://rev.example/\r\n"
        b"WARC-Refers-To: <urn:uuid:1>\r\nWARC-Refers-To-Target-URI: http://orig.example/a%20b\r\n"
        b"WARC-Refers-To-Date: 2020-01-01T00:00:00Z\r\nContent-Length: 20000\r\n\r\n")
z = zlib.compressobj(9, zlib.DEFLATED, 31)
member = bytearray(z.compress(head) + z.flush(zlib.Z_FULL_FLUSH) +
                   z.compress(bytes(random.getrandbits(8) for _ in range(20000))) + z.flush())
mid = len(member) // 2
member[mid:mid + 64] = b"\xff" * 64
with open(sys.argv[1], "wb") as f:
    f.write(record("response", 1, "http://a.example/", "2019-01-01T00:00:00Z", b"page one " * 20))
    f.write(bytes(member))
    f.write(record("response", 2, "http://b.example/", "2019-01-01T00:00:00Z", b"page two " * 20))
PY
run "$WARCSUM" --revisit-refs "$WORK/dmg.refs" "$WORK/dmg/d.warc.gz"
expect_eq "damaged input: exit" 1 "$rc"
expect_eq "damaged input: its references" "damaged $WORK/dmg/d.warc.gz
record <urn:uuid:1>
uri http://orig.example/a%2520b
uri http://rev.example/
capture http://orig.example/a%2520b 2020-01-01T00:00:00Z" "$(cat "$WORK/dmg.refs")"
expect_eq "damaged input: the good records listed" 2 "$(wc -l < "$WORK/out")"

# A plain file with a record whose Content-Length runs past the end.
printf 'WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 5\r\n\r\nHTTP/1.1 200 OK\r\n\r\nrest' > "$WORK/dmg/e.warc"
run "$WARCSUM" --revisit-refs "$WORK/dmg.refs" "$WORK/dmg/e.warc"
expect_eq "cut plain file: exit" 1 "$rc"
expect_eq "cut plain file: its references" "damaged $WORK/dmg/e.warc" "$(cat "$WORK/dmg.refs")"

# A folded WARC-Refers-To-Target-URI (its value on the next line, WARC 1.1
# section 4) in a revisit a wrong Content-Length swallowed: unfolded, as the
# reader does, not dropped (which would leave http://o.example/ unprotected).
printf 'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://q.example/\r\nContent-Length: 5\r\n\r\nHTTP/1.1 200 OK\r\n\r\nlonger\r\n\r\n' > "$WORK/dmg/f.warc"
printf 'WARC/1.1\r\nWARC-Type: revisit\r\nWARC-Target-URI: http://r.example/\r\nWARC-Refers-To-Target-URI:\r\n http://o.example/\r\nWARC-Refers-To-Date: 2020-01-01T00:00:00Z\r\nContent-Length: 0\r\n\r\n\r\n\r\n' >> "$WORK/dmg/f.warc"
run "$WARCSUM" --revisit-refs "$WORK/dmg.refs" "$WORK/dmg/f.warc"
expect_eq "folded field: exit" 1 "$rc"
expect_eq "folded field: its references" "damaged $WORK/dmg/f.warc
uri http://o.example/
uri http://r.example/
capture http://o.example/ 2020-01-01T00:00:00Z" "$(cat "$WORK/dmg.refs")"
# With no value at all, the original it names is unknown: incomplete.
sed -i 's/^ http:\/\/o.example\/\r$/X-Other: 1\r/' "$WORK/dmg/f.warc"
run "$WARCSUM" --revisit-refs "$WORK/dmg.refs" "$WORK/dmg/f.warc"
expect_eq "empty Refers-To: its references" "damaged $WORK/dmg/f.warc
uri http://r.example/
capture http://r.example/ 2020-01-01T00:00:00Z
incomplete $WORK/dmg/f.warc" "$(cat "$WORK/dmg.refs")"
grep -q "f.warc: a WARC-Refers-To or WARC-Refers-To-Target-URI field without a value" "$WORK/err" ||
  fail "empty Refers-To: $(cat "$WORK/err")"

# A page quoting a revisit's header (no URI, no ID) in a damaged file: no
# replay tool could index such a revisit, so the file is not incomplete.
python3 - "$WORK/dmg/g.warc.gz" <<'PY'
import sys
from warcrec import record
page = b"<pre>\nWARC-Type: revisit\n\nis how a revisit starts</pre>\n" + b"words " * 200
second = record("response", 2, "http://b.example/", "2019-01-01T00:00:00Z", b"page two " * 200)
open(sys.argv[1], "wb").write(
    record("response", 1, "http://a.example/", "2019-01-01T00:00:00Z", page) + second[:len(second) // 2])
PY
run "$WARCSUM" --revisit-refs "$WORK/dmg.refs" "$WORK/dmg/g.warc.gz"
expect_eq "quoted revisit header: exit" 1 "$rc"
expect_eq "quoted revisit header: its references" "damaged $WORK/dmg/g.warc.gz" "$(cat "$WORK/dmg.refs")"

# A compression bomb: a cut gzip member of 200 MB of one WARC-Refers-To line.
# The line is given once, in bounded memory.
python3 - "$WORK/dmg/bomb.warc.gz" <<'PY'
import sys, zlib
z = zlib.compressobj(9, zlib.DEFLATED, 31)
chunk = b"WARC-Refers-To: <urn:uuid:1>\r\n" * 35000
data = b"".join(z.compress(chunk) for _ in range(200)) + z.flush()
open(sys.argv[1], "wb").write(data[:-100])
PY
run /usr/bin/time -f %M -o "$WORK/rss" "$WARCSUM" --revisit-refs "$WORK/dmg.refs" "$WORK/dmg/bomb.warc.gz"
expect_eq "bomb: exit" 1 "$rc"
# (and perhaps the cut last line, as far as it goes)
expect_eq "bomb: its references" "damaged $WORK/dmg/bomb.warc.gz
record <urn:uuid:1>" "$(head -2 "$WORK/dmg.refs")"
[ "$(wc -l < "$WORK/dmg.refs")" -le 3 ] || fail "bomb: $(wc -l < "$WORK/dmg.refs") lines"
grep -q "^incomplete" "$WORK/dmg.refs" && fail "bomb: incomplete"
rss_kb=$(tail -1 "$WORK/rss")
[ "$rss_kb" -lt 65536 ] || fail "bomb: max RSS $rss_kb KB, not under 64 MB"

# A revisit whose WARC-Refers-To-Date is given to the minute names the
# capture at its first second (pywb's 14-digit timestamps): still kept.
mkdir -p "$WORK/minute"
python3 - "$WORK/minute" <<'PY'
import sys
from warcrec import record
R = b"a payload named to the minute " * 30
open(sys.argv[1] + "/a.warc.gz", "wb").write(record("response", 1, "http://v.example/", "2019-01-01T00:00:00Z", R))
open(sys.argv[1] + "/b.warc.gz", "wb").write(
    record("response", 2, "http://u.example/", "2020-01-01T00:00:00Z", R) +
    record("revisit", 3, "http://u.example/", "2021-01-01T00:00:00Z", R, extra=[
        "WARC-Refers-To-Target-URI: http://u.example/", "WARC-Refers-To-Date: 2020-01-01T00:00Z"]))
PY
run "$DEDUP" -o "$WORK/minute.out" -w "$WORK/minute.work" "$WORK/minute"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "date to the minute: exit $rc"; }
grep -q "b.warc.gz: offset 0: kept: an existing revisit refers to it" "$WORK/err" || fail "minute: $(cat "$WORK/err")"
[ ! -e "$WORK/minute.out/b.warc.gz" ] || fail "b.warc.gz rewritten: $(types "$WORK/minute.out/b.warc.gz")"

# An input not found at all is still "incomplete", and warcrefs then
# rewrites nothing.
run "$WARCSUM" -o "$WORK/nf.sum" --revisit-refs "$WORK/nf.refs" "$WORK/in/b.warc.gz" "$WORK/nowhere.warc.gz"
expect_eq "input not found: exit" 1 "$rc"
grep -q "^incomplete " "$WORK/nf.refs" || fail "no incomplete line: $(cat "$WORK/nf.refs")"
mkdir -p "$WORK/nf.out"
run "$REFS" -m "$WORK/work/by-file.manifest" --referenced "$WORK/nf.refs" -o "$WORK/nf.out" "$WORK/in"
expect_eq "input not found: warcrefs exit" 1 "$rc"
grep -q "the revisits of 1 input are unknown" "$WORK/err" || fail "input not found: $(cat "$WORK/err")"
[ -z "$(ls "$WORK/nf.out")" ] || fail "files rewritten though an input was not read"

# Revisits that name their original in another spelling of its URI, as
# replay tools accept it (canonical URL, SURT): the original is still kept.
# a.warc.gz: the earliest captures of P and Q. b.warc.gz: X (P at
# http://example.com/a) and a revisit naming it http://EXAMPLE.com:80/a#top;
# X2 (Q at http://example.com/~user/) and a revisit naming it .../%7Euser/.
mkdir -p "$WORK/spell"
python3 - "$WORK/spell" <<'PY'
import sys
from warcrec import record
P = b"a page under two spellings " * 40
Q = b"a tilde page " * 60
out = sys.argv[1]
open(out + "/a.warc.gz", "wb").write(
    record("response", 1, "http://v.example/", "2019-01-01T00:00:00Z", P) +
    record("response", 2, "http://w.example/", "2019-01-01T00:00:00Z", Q))
open(out + "/b.warc.gz", "wb").write(
    record("response", 3, "http://example.com/a", "2020-01-01T00:00:00Z", P) +
    record("revisit", 4, "http://example.com/a", "2021-01-01T00:00:00Z", P, extra=[
        "WARC-Refers-To-Target-URI: http://EXAMPLE.com:80/a#top",
        "WARC-Refers-To-Date: 2020-01-01T00:00:00Z"]) +
    record("response", 5, "http://example.com/~user/", "2020-01-01T00:00:00Z", Q) +
    record("revisit", 6, "http://example.com/~user/", "2021-01-01T00:00:00Z", Q, extra=[
        "WARC-Refers-To-Target-URI: http://example.com/%7Euser/",
        "WARC-Refers-To-Date: 2020-01-01T00:00:00Z"]))
PY
run "$DEDUP" -o "$WORK/spell.out" -w "$WORK/spell.work" "$WORK/spell"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "other spellings: exit $rc"; }
expect_eq "other spellings: both originals kept" 2 \
  "$(grep -c "b.warc.gz: offset [0-9]*: kept: an existing revisit refers to it" "$WORK/err")"
grep -q "2 kept (an existing revisit refers to them), 0 discrepancies" "$WORK/err" || fail "check: $(cat "$WORK/err")"
[ ! -e "$WORK/spell.out/b.warc.gz" ] || fail "b.warc.gz rewritten: $(types "$WORK/spell.out/b.warc.gz")"
# Exact matching alone (an older warcrefs) would have converted them: the
# manifest makes X and X2 copies.
expect_eq "X and X2 are copies" "2 2" \
  "$(awk '$1 == "b.warc.gz" {print $8}' "$WORK/spell.work/by-file.manifest" | paste -sd' ')"

# A reference file that is not one is refused before anything is touched.
echo "captured http://u.example/" > "$WORK/junk.txt"
mkdir -p "$WORK/out4"
run "$REFS" -m "$WORK/work/by-file.manifest" --referenced "$WORK/junk.txt" -o "$WORK/out4" "$WORK/in"
expect_eq "bad --referenced: exit" 1 "$rc"
grep -q 'junk.txt: line 1: expected "capture URI DATE"' "$WORK/err" || fail "bad --referenced: $(cat "$WORK/err")"
[ -z "$(ls "$WORK/out4")" ] || fail "files written with a bad --referenced"
diff -r "$WORK/in" "$WORK/pristine" > /dev/null || fail "inputs changed"
echo "ok"
