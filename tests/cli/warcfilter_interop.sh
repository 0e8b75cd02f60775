# warcfilter on WARC files other tools wrote (../shared/interop) and on
# small hand-made ones, read back by their conventions: every gzip member of
# a new file is byte for byte one of the input's, in the input's order, and
# they are exactly the records an independent Python reading of the inputs
# says belong: the listed ones, the request and metadata records linked to
# them by WARC-Concurrent-To (either direction), the file's warcinfo, and
# the original of a kept revisit, in the same file or another one.
source "$SRC/tests/cli/common.bash"
WF="$BIN/warcfilter/warcfilter"
SUM="$BIN/warcsum/warcsum"
[ -x "$WF" ] || fail "$WF not built"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
need_interop
cd "$WORK"

# oracle.py LIST OUT FILE...: checks the new files in OUT against what the
# inputs and the --only-listed LIST ("file offset" lines) say; prints the
# records written, "file type uri", and exits 1 on a difference.
cat >oracle.py <<'PY'
import hashlib, os, sys, zlib
list_path, out_dir, inputs = sys.argv[1], sys.argv[2], sys.argv[3:]
def records(path):
    data, pos = open(path, "rb").read(), 0
    while pos < len(data):
        if data[:2] == b"\x1f\x8b":
            d = zlib.decompressobj(31)
            rec = d.decompress(data[pos:])
            assert d.eof
            end = len(data) - len(d.unused_data)
        else:
            head = data.index(b"\r\n\r\n", pos) + 4
            cl = [int(l.split(b":")[1]) for l in data[pos:head].split(b"\r\n")
                  if l.lower().startswith(b"content-length:")][0]
            end, rec = head + cl + 4, data[pos:head + cl + 4]
        h = {"offset": pos, "sha1": hashlib.sha1(data[pos:end]).hexdigest(), "concurrent": []}
        for line in rec[:rec.index(b"\r\n\r\n")].decode("utf-8", "replace").split("\r\n")[1:]:
            k, _, v = line.partition(":")
            k, v = k.strip().lower(), v.strip().strip("<>")
            if k == "warc-concurrent-to":
                h["concurrent"].append(v)
            else:
                h.setdefault(k, v)
        yield h
        pos = end

files = {os.path.basename(p): list(records(p)) for p in inputs}
listed = {(f.split()[0], int(f.split()[1])) for f in open(list_path) if f.strip()}
written = {(n, i) for n, recs in files.items() for i, r in enumerate(recs) if (n, r["offset"]) in listed}
todo = list(written)
def add(key):
    if key not in written:
        written.add(key)
        todo.append(key)
while todo:
    n, i = todo.pop()
    r = files[n][i]
    for j, o in enumerate(files[n]):
        linked = o.get("warc-record-id") in r["concurrent"] or r.get("warc-record-id") in o["concurrent"]
        if linked and o["warc-type"] in ("request", "metadata"):
            add((n, j))
    if r["warc-type"] == "revisit":
        for m, recs in files.items():
            for j, o in enumerate(recs):
                if o["warc-type"] not in ("response", "resource"):
                    continue
                if "warc-refers-to-target-uri" in r and "warc-refers-to-date" in r:
                    hit = (o.get("warc-target-uri"), o.get("warc-date")) == \
                          (r["warc-refers-to-target-uri"], r["warc-refers-to-date"])
                else:
                    hit = o.get("warc-record-id") == r.get("warc-refers-to")
                if hit:
                    add((m, j))
bad = 0
for n, recs in sorted(files.items()):
    want = [r for i, r in enumerate(recs) if (n, i) in written or
            (r["warc-type"] == "warcinfo" and any(k[0] == n for k in written))]
    out = os.path.join(out_dir, n)
    got = list(records(out)) if os.path.exists(out) else []
    if [r["sha1"] for r in got] != [r["sha1"] for r in want]:
        print("%s: %d records written, %d expected" % (n, len(got), len(want)), file=sys.stderr)
        bad = 1
    for r in got:
        print(n, r["warc-type"], r.get("warc-target-uri", "-"))
sys.exit(bad)
PY

# iana.warc.gz (pywb): 48 responses with their requests, 123 revisits. A
# manifest of every other response (warcsum's lines).
I="$INTEROP/pywb"
"$SUM" -q "$I/iana.warc.gz" >iana.sums
awk 'NR % 2' iana.sums >half
mkdir out1
run "$WF" --only-listed -m half -o out1 "$I/iana.warc.gz"
[ "$rc" = 0 ] || fail "iana half: exit $rc: $(cat "$WORK/err")"
python3 oracle.py half out1 "$I/iana.warc.gz" >got1 || fail "iana half: not the records expected"
"$SUM" -q out1/iana.warc.gz | cut -d' ' -f4- >sums1
expect_eq "iana half: warcsum of the new file" "$(cut -d' ' -f4- half)" "$(cat sums1)"
expect_eq "iana half: record types" "$(wc -l <half) request
$(wc -l <half) response
1 warcinfo" "$(awk '{ print $2 }' got1 | sort | uniq -c | awk '{ print $1, $2 }')"

# One revisit of iana.warc.gz: its original (and both requests) come too.
echo "iana.warc.gz 326315" >revisit
mkdir out2
run "$WF" --only-listed -m revisit -o out2 "$I/iana.warc.gz"
[ "$rc" = 0 ] || fail "iana revisit: exit $rc: $(cat "$WORK/err")"
python3 oracle.py revisit out2 "$I/iana.warc.gz" >got2 || fail "iana revisit: not the records expected"
expect_eq "iana revisit" "iana.warc.gz warcinfo -
iana.warc.gz response http://www.iana.org/_css/2013.1/print.css
iana.warc.gz request http://www.iana.org/_css/2013.1/print.css
iana.warc.gz revisit http://www.iana.org/_css/2013.1/print.css
iana.warc.gz request http://www.iana.org/_css/2013.1/print.css" "$(cat got2)"
grep -q "(1 judged, 0 unjudged, 3 belonging, 1 revisit originals)" "$WORK/err" ||
  fail "iana revisit: summary: $(cat "$WORK/err")"

# A URL-agnostic revisit whose original is in another file: that file's new
# file keeps it, for any -j.
A="$I/example-url-agnostic-orig.warc.gz"
R="$I/example-url-agnostic-revisit.warc.gz"
echo "example-url-agnostic-revisit.warc.gz 355" >agnostic
for j in 1 2; do
  mkdir "out3-$j"
  run "$WF" --only-listed -j $j -m agnostic -o "out3-$j" "$A" "$R"
  [ "$rc" = 0 ] || fail "url-agnostic -j $j: exit $rc: $(cat "$WORK/err")"
  python3 oracle.py agnostic "out3-$j" "$A" "$R" >got3 || fail "url-agnostic: not the records expected"
  cmp "$A" "out3-$j/${A##*/}" || fail "url-agnostic -j $j: the original's file is not whole"
done
expect_eq "url-agnostic" "example-url-agnostic-orig.warc.gz warcinfo -
example-url-agnostic-orig.warc.gz response http://example.iana.org/
example-url-agnostic-revisit.warc.gz warcinfo -
example-url-agnostic-revisit.warc.gz revisit http://test@example.com/" "$(cat got3)"

# dupes.warc.gz's revisits refer to iana.warc.gz's responses: one kept
# revisit brings its original (and its request) into iana.warc.gz's new file.
echo "dupes.warc.gz 2678" >dupes
mkdir out6
run "$WF" --only-listed -j 2 -m dupes -o out6 "$I/iana.warc.gz" "$I/dupes.warc.gz"
[ "$rc" = 0 ] || fail "dupes: exit $rc: $(cat "$WORK/err")"
python3 oracle.py dupes out6 "$I/iana.warc.gz" "$I/dupes.warc.gz" >got6 ||
  fail "dupes: not the records expected"
expect_eq "dupes" "dupes.warc.gz warcinfo -
dupes.warc.gz revisit http://www.iana.org/
dupes.warc.gz request http://www.iana.org/
iana.warc.gz warcinfo -
iana.warc.gz response http://www.iana.org/
iana.warc.gz request http://www.iana.org/" "$(cat got6)"

# Hand-made: metadata linked both ways, a revisit naming its original by
# WARC-Refers-To only (in a plain .warc file), a lone request.
cat >make.py <<'PY'
import gzip
def rec(typ, n, uri, extra=(), block=b"HTTP/1.1 200 OK\r\n\r\nbody %d" ):
    body = block % n if b"%d" in block else block
    h = ["WARC/1.1", "WARC-Type: " + typ, "WARC-Record-ID: <urn:uuid:%d>" % n,
         "WARC-Date: 2020-01-01T00:00:%02dZ" % n, "WARC-Target-URI: " + uri, *extra,
         "Content-Length: %d" % len(body)]
    return ("\r\n".join(h) + "\r\n\r\n").encode() + body + b"\r\n\r\n"
cc = lambda n: "WARC-Concurrent-To: <urn:uuid:%d>" % n
a = [rec("warcinfo", 1, "-", block=b"software: test\r\n"),
     rec("request", 2, "http://x/1", [cc(3)]), rec("response", 3, "http://x/1"),
     rec("metadata", 4, "http://x/1", [cc(3)]),
     rec("response", 5, "http://x/2", [cc(6), cc(7)]), rec("request", 6, "http://x/2"),
     rec("metadata", 7, "http://x/2"), rec("request", 8, "http://x/lone")]
open("hand/a.warc.gz", "wb").write(b"".join(gzip.compress(r, mtime=0) for r in a))
b = [rec("revisit", 9, "http://x/2b", ["WARC-Refers-To: <urn:uuid:5>"]),
     rec("response", 10, "http://x/3")]
open("hand/b.warc", "wb").write(b"".join(b))
PY
mkdir hand out4
python3 make.py
python3 - >offsets <<'PY'
import zlib
data, pos, offs = open("hand/a.warc.gz", "rb").read(), 0, []
while pos < len(data):
    d = zlib.decompressobj(31); d.decompress(data[pos:]); offs.append(pos)
    pos = len(data) - len(d.unused_data)
print(*offs)
PY
read -r -a off <offsets
printf 'a.warc.gz %s\nb.warc 0\n' "${off[2]}" >hand.list  # response 3, the revisit
run "$WF" --only-listed -m hand.list -o out4 hand/a.warc.gz hand/b.warc
[ "$rc" = 0 ] || fail "hand-made: exit $rc: $(cat "$WORK/err")"
python3 oracle.py hand.list out4 hand/a.warc.gz hand/b.warc >got4 ||
  fail "hand-made: not the records expected"
expect_eq "hand-made" "a.warc.gz warcinfo -
a.warc.gz request http://x/1
a.warc.gz response http://x/1
a.warc.gz metadata http://x/1
a.warc.gz response http://x/2
a.warc.gz request http://x/2
a.warc.gz metadata http://x/2
b.warc revisit http://x/2b" "$(cat got4)"
# Without --only-listed the lone request (linked to nothing) is written too.
mkdir out5
run "$WF" -m hand.list -o out5 hand/a.warc.gz hand/b.warc
[ "$rc" = 0 ] || fail "hand-made, default: exit $rc"
cmp hand/a.warc.gz out5/a.warc.gz || fail "hand-made, default: a.warc.gz not whole"
cmp hand/b.warc out5/b.warc || fail "hand-made, default: b.warc not whole"
echo "ok"
