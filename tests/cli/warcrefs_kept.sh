# What warcrefs keeps, and what it must name exactly, through the whole
# chain (warcdedup): a copy whose revisit would be larger than the record
# (would-grow), a copy in a WARC/0.18 file (warc-draft), a copy of an
# original whose WARC-Target-URI is "-" (the revisit names "-", not an
# empty value; a WARC-Date of "-" is no date, and its record is not listed) and a response whose Content-Type has no space
# (the revisit keeps it so). The run ends clean, warcsumcmp counts the kept
# copies by reason, and warcrefs --dry-run reports what the real run does.
source "$(dirname "$0")/common.bash"
DEDUP="$BIN/warcdedup/warcdedup"
REFS="$BIN/warcrefs/warcrefs"
CMP="$BIN/warcsumcmp/warcsumcmp"
[ -x "$DEDUP" ] || { echo "skipped: $DEDUP not built"; exit 77; }
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }

mkdir -p "$WORK/in"
export PYTHONPATH="$(dirname "$0")"
python3 - "$WORK/in" <<'PY'
import gzip, hashlib, sys
from warcrec import record, uuid
out = sys.argv[1]
# Pages that compress poorly, so that their revisits are smaller.
def page(text):
    return b"".join(hashlib.sha256(b"%s %d" % (text, i)).hexdigest().encode() for i in range(40))
P = page(b"a page")
Q = page(b"another page, its original at the URI '-'")
T = b"tiny\n"
def write(name, records):
    with open(out + "/" + name, "wb") as f:
        for r in records: f.write(r)
def spaceless(n, uri, date, payload):
    # As record(), with "application/http;msgtype=response" (no space).
    r = gzip.decompress(record("response", n, uri, date, payload))
    r = r.replace(b"application/http; msgtype=response", b"application/http;msgtype=response")
    return gzip.compress(r, mtime=0)
write("a.warc.gz", [
    record("response", 1, "http://a.example/", "2019-01-01T00:00:00Z", P),
    record("response", 2, "-", "2019-01-02T00:00:00Z", Q),
    record("response", 3, "http://t.example/", "2019-01-01T00:00:00Z", T)])
write("b.warc.gz", [
    spaceless(4, "http://b.example/", "2020-01-01T00:00:00Z", P),
    record("response", 5, "http://q.example/", "2020-01-01T00:00:00Z", Q),
    record("response", 6, "http://t2.example/", "2020-01-01T00:00:00Z", T)])
write("c.warc.gz", [
    record("response", 7, "http://c.example/", "2020-01-01T00:00:00Z", P, version="WARC/0.18")])
PY

run "$DEDUP" -o "$WORK/dedup" -w "$WORK/work" "$WORK/in"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "warcdedup: exit $rc"; }
grep -q "b.warc.gz: offset [0-9]*: kept: its revisit ([0-9]* bytes) would not be smaller than the record ([0-9]* bytes)$" \
  "$WORK/err" || fail "would-grow note: $(cat "$WORK/err")"
grep -q "c.warc.gz: offset 0: kept: WARC/0.18 records are not converted (a draft of WARC)$" \
  "$WORK/err" || fail "warc-draft note: $(cat "$WORK/err")"
grep -q "^warcsumcmp: kept by warcrefs, by reason: 1 warc-draft, 1 would-grow$" "$WORK/err" ||
  fail "kept by reason: $(cat "$WORK/err")"
grep -q "2 kept (warcrefs --kept), 0 discrepancies" "$WORK/err" || fail "check: $(cat "$WORK/err")"
expect_eq "the kept list's reasons" "b.warc.gz would-grow
c.warc.gz warc-draft" "$(awk '{print $1, $6}' "$WORK/work/kept.txt" | sort)"

# The two revisits, exactly as named.
python3 - "$WORK/dedup/b.warc.gz" > "$WORK/revisits" <<'PY'
import sys, zlib
data, records = open(sys.argv[1], "rb").read(), []
while data:
    d = zlib.decompressobj(16 + 15)
    text = d.decompress(data)
    data = d.unused_data
    head = text.split(b"\r\n\r\n", 1)[0].split(b"\r\n")
    h = dict(l.split(b": ", 1) for l in head[1:])
    if h[b"WARC-Type"] == b"revisit":
        print(" ".join(h[k].decode() for k in (b"WARC-Target-URI", b"Content-Type",
              b"WARC-Refers-To-Target-URI", b"WARC-Refers-To-Date")))
PY
expect_eq "the revisits" \
"http://b.example/ application/http;msgtype=response http://a.example/ 2019-01-01T00:00:00Z
http://q.example/ application/http; msgtype=response - 2019-01-02T00:00:00Z" "$(cat "$WORK/revisits")"

# --dry-run reports, file by file and in total, what the real run did
# (it builds the same revisits): the same lines, "would convert" aside.
run "$REFS" -m "$WORK/work/by-file.manifest" -n "$WORK/in"
expect_eq "--dry-run: exit status" 0 "$rc"
sed 's/would convert/converted/' "$WORK/err" > "$WORK/dry"
run "$REFS" -m "$WORK/work/by-file.manifest" -o "$(mkdir -p "$WORK/o2" && echo "$WORK/o2")" "$WORK/in"
expect_eq "-o: exit status" 0 "$rc"
sed "s| ($WORK/o2/[a-z.]*)\$||" "$WORK/err" > "$WORK/real"
expect_eq "--dry-run reports what the real run does" "$(cat "$WORK/real")" "$(cat "$WORK/dry")"
grep -q "^warcrefs: total: 2 files, converted 2 of 4 duplicates, " "$WORK/real" || fail "total: $(cat "$WORK/real")"
for f in "$WORK"/o2/*; do
  [ "$(stat -c %s "$f")" -lt "$(stat -c %s "$WORK/in/${f##*/}")" ] || fail "${f##*/} did not shrink"
done
echo "ok: would-grow and warc-draft kept, '-' and Content-Type kept as they are; dry run = real run"
