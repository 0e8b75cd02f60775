# Findings of a safety review of warcrefs, each with the exact outcome:
# 1. A manifest that lists one record on two lines (two digest algorithms)
#    is refused; a record some copy names as its original (by URI and date,
#    whatever its digest) is never converted.
# 2. An original in a file --referenced says is damaged does not count as
#    verified: its copies are kept (original-unverified, a note).
# 3. The revisit's WARC-Payload-Digest is the sha1 spelled as its original
#    stores it (base32 or lower-case hex: replay tools match the strings);
#    an original stored otherwise keeps its copies (a note).
# 4. The search for a moved original takes the response, not the request
#    record before it with the same URI and date.
source "$SRC/tests/cli/common.bash"
REFS="$BIN/warcrefs/warcrefs"
WARCSUM="$BIN/warcsum/warcsum"
CHECK="$SRC/tests/invariant/check_invariant.py"
[ -x "$REFS" ] || { echo "skipped: $REFS not built"; exit 77; }
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }

IN="$WORK/in"
mkdir -p "$IN"
export PYTHONPATH="$SRC/tests/cli"
python3 - "$IN" <<'PY'
import base64, gzip, hashlib, random, sys
from warcrec import record, uuid
out = sys.argv[1]
# Payloads that compress badly: a revisit must be smaller than its record.
P, Q = (random.Random(seed).randbytes(1500) for seed in (1, 2))
text = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n"
def rec(typ, n, uri, date, payload, digest, http=text):
    """A record whose WARC-Payload-Digest is `digest` (None: no such field)."""
    block = http + payload
    h = ["WARC/1.1", "WARC-Type: " + typ, "WARC-Record-ID: <urn:uuid:%s>" % uuid(n), "WARC-Date: " + date,
         "WARC-Target-URI: " + uri, "Content-Type: application/http; msgtype=" + typ,
         *([] if digest is None else ["WARC-Payload-Digest: " + digest]), "Content-Length: %d" % len(block)]
    return gzip.compress(("\r\n".join(h) + "\r\n\r\n").encode() + block + b"\r\n\r\n", mtime=0)
sha1 = hashlib.sha1(P).digest()
n = 0
def write(name, recs):
    global n
    with open(out + "/" + name, "wb") as f:
        for r in recs:
            n += 1
            f.write(rec(r[0], n, r[1], r[2], r[3], r[4], *r[5:]))
b32 = "sha1:" + base64.b32encode(sha1).decode()
write("x.warc.gz", [("response", "http://x.example/", "2020-01-01T00:00:00Z", P, b32)])
write("y.warc.gz", [("response", "http://y.example/", "2021-01-01T00:00:00Z", P, b32)])
write("z.warc.gz", [("response", "http://z.example/", "2019-01-01T00:00:00Z", P, b32)])
# Originals of P stored with every spelling, one file each.
for name, digest in (("hex", "sha1:" + sha1.hex()), ("none", None), ("upper", "sha1:" + sha1.hex().upper()),
                     ("sha256", "sha256:" + hashlib.sha256(P).hexdigest()),
                     ("wrong", "sha1:" + hashlib.sha1(Q).hexdigest())):
    write("o-%s.warc.gz" % name, [("response", "http://o-%s.example/" % name, "2018-01-01T00:00:00Z", P, digest)])
# The request before the response, with the same URI and date.
write("r.warc.gz", [("request", "http://r.example/", "2018-02-01T00:00:00Z", b"",
                     None, b"GET / HTTP/1.1\r\nHost: r.example\r\n\r\n"),
                    ("response", "http://r.example/", "2018-02-01T00:00:00Z", P, b32)])
PY
cp -r "$IN" "$WORK/pristine"
fresh() { rm -rf "$IN"; cp -r "$WORK/pristine" "$IN"; }
"$WARCSUM" -q --recompute "$IN"/*.warc.gz > "$WORK/sum1"
"$WARCSUM" -q --recompute -H md5 "$IN"/*.warc.gz > "$WORK/sum5"
# line SUM URI: the warcsum line of URI's response.
line() { awk -v u="$2" '$4 == u' "$WORK/$1"; }
original() { echo "$(line "$1" "$2") 1 1 - -"; }
copy() { echo "$(line "$1" "$2") 1 2 $3 $4"; }
manifest() { LC_ALL=C sort -k1,1 -k2,2n > "$1"; }
types() { gzip -dc "$1" | grep -a '^WARC-Type:' | tr -d '\r' | awk '{print $2}' | paste -sd' '; }
stored() { gzip -dc "$1" | grep -a '^WARC-Payload-Digest:' | tr -d '\r' | cut -d' ' -f2 | paste -sd' '; }
same() { cmp -s "$WORK/pristine/$1" "$IN/$1" || fail "$1 changed"; }
DX=2020-01-01T00:00:00Z DZ=2019-01-01T00:00:00Z DO=2018-01-01T00:00:00Z DR=2018-02-01T00:00:00Z

# 1a. X is copy 1 of a sha1 group (Y names it) and copy 2 of an md5 group
# (original Z): the two lines for X refuse the manifest.
{ original sum1 http://x.example/; copy sum1 http://y.example/ http://x.example/ $DX
  copy sum5 http://x.example/ http://z.example/ $DZ; original sum5 http://z.example/; } | manifest "$WORK/m1"
run "$REFS" -m "$WORK/m1" --in-place "$IN"
expect_eq "two lines: exit status" 1 "$rc"
expect_eq "two lines: error" "warcrefs: $WORK/m1: line 2: a second line for x.warc.gz offset 0 (one line per record); nothing rewritten" "$(cat "$WORK/err")"
same x.warc.gz
same y.warc.gz
# 1b. Y's sha1 line names X, whose own (md5) line makes it a copy of Z: X
# stays (the guard goes by URI and date, not digest); Y is kept, its
# original having no line of its digest.
{ copy sum1 http://y.example/ http://x.example/ $DX
  copy sum5 http://x.example/ http://z.example/ $DZ; original sum5 http://z.example/; } | manifest "$WORK/m1b"
run "$REFS" -m "$WORK/m1b" --in-place --kept "$WORK/kept" "$IN"
expect_eq "named original: exit status" 1 "$rc"
expect_eq "named original: X's error" "warcrefs: $IN/x.warc.gz: offset 0: other lines of the manifest name this record as their original, but its own line makes it a copy; not applied" \
  "$(grep x.warc.gz "$WORK/err" | grep -v -e 'nothing to change')"
same x.warc.gz
same y.warc.gz

# 2. Z is the original of X; z.warc.gz is damaged (--referenced): X is kept
# (a note), the damaged file itself is the error.
fresh
{ original sum1 http://z.example/; copy sum1 http://x.example/ http://z.example/ $DZ; } | manifest "$WORK/m2"
printf 'damaged %s\n' "$IN/z.warc.gz" > "$WORK/refs"
run "$REFS" -m "$WORK/m2" --in-place --referenced "$WORK/refs" --kept "$WORK/kept" "$IN"
expect_eq "damaged original: exit status" 1 "$rc"
expect_eq "damaged original: messages" "warcrefs: $WORK/refs: $IN/z.warc.gz is damaged (warcsum could not read it whole): not rewritten, its copies are kept
warcrefs: $IN/x.warc.gz: offset 0: kept: its original (z.warc.gz offset 0) is in a damaged file: $IN/z.warc.gz is damaged (warcsum --revisit-refs)
warcrefs: $IN/x.warc.gz: nothing to change, 1 kept, 1.8 KB -> 1.8 KB" "$(grep -v total: "$WORK/err")"
expect_eq "damaged original: kept list" "x.warc.gz 0 http://x.example/ $DX $(line sum1 http://x.example/ | cut -d' ' -f6) original-unverified" \
  "$(cut -d' ' -f1-6 "$WORK/kept")"
same x.warc.gz
# Matched by base name too; without the damaged line X is converted.
printf 'damaged /elsewhere/z.warc.gz\n' > "$WORK/refs"
run "$REFS" -m "$WORK/m2" --in-place --referenced "$WORK/refs" "$IN"
grep -q "^warcrefs: $IN/x.warc.gz: offset 0: kept: its original (z.warc.gz offset 0) is in a damaged file" "$WORK/err" ||
  fail "damaged by base name: $(cat "$WORK/err")"
same x.warc.gz
run "$REFS" -m "$WORK/m2" --in-place "$IN"
expect_eq "undamaged original: exit status" 0 "$rc"
expect_eq "undamaged original: X converted" "revisit" "$(types "$IN/x.warc.gz")"

# 3. Y's revisit carries the sha1 as its original stores it: hex, base32
# (stored so, or no stored digest). Upper-case hex, sha256, or a stored
# digest not the payload's keep the copy (a note each), exit 0.
SHA1_HEX=$(python3 -c 'import hashlib, random; print(hashlib.sha1(random.Random(1).randbytes(1500)).hexdigest())')
SHA1_B32=$(line sum1 http://y.example/ | cut -d' ' -f6)  # the manifest's is hex; the stored one:
SHA1_B32=$(gzip -dc "$WORK/pristine/y.warc.gz" | grep -a '^WARC-Payload-Digest:' | tr -d '\r' | cut -d' ' -f2)
expected_spelling() {
  case $1 in hex) echo "sha1:$SHA1_HEX" ;; none | base32) echo "$SHA1_B32" ;; esac
}
for o in hex none base32; do
  fresh
  if [ $o = base32 ]; then ou=http://x.example/ od=$DX; else ou=http://o-$o.example/ od=$DO; fi
  { original sum1 $ou; copy sum1 http://y.example/ $ou $od; } | manifest "$WORK/m3"
  rm -rf "$WORK/out3" && mkdir "$WORK/out3"
  run "$REFS" -m "$WORK/m3" -o "$WORK/out3" "$IN"
  expect_eq "spelling $o: exit status ($(cat "$WORK/err"))" 0 "$rc"
  expect_eq "spelling $o: Y converted" "revisit" "$(types "$WORK/out3/y.warc.gz")"
  expect_eq "spelling $o: Y's digest" "$(expected_spelling $o)" "$(stored "$WORK/out3/y.warc.gz")"
  python3 "$CHECK" "$WORK/pristine" "$WORK/out3" > "$WORK/inv" || fail "spelling $o: $(cat "$WORK/inv")"
done
for o in upper sha256 wrong; do
  fresh
  { original sum1 http://o-$o.example/; copy sum1 http://y.example/ http://o-$o.example/ $DO; } | manifest "$WORK/m3"
  run "$REFS" -m "$WORK/m3" --in-place --kept "$WORK/kept" "$IN"
  expect_eq "spelling $o: exit status" 0 "$rc"
  case $o in
    upper) spelled="sha1:<upper-case hex>" ;;
    sha256) spelled="sha256:<lower-case hex>" ;;
    wrong) spelled="sha1:<lower-case hex> (not its payload's sha1)" ;;
  esac
  expect_eq "spelling $o: note" "warcrefs: $IN/y.warc.gz: offset 0: kept: its original (o-$o.warc.gz offset 0) was read, but the original's stored digest is spelled $spelled; a revisit could not name it as replay tools index it" \
    "$(grep ': offset' "$WORK/err")"
  expect_eq "spelling $o: kept reason" "original-unverified" "$(cut -d' ' -f6 "$WORK/kept")"
  same y.warc.gz
done
# --trust-manifest reads no original: the copy keeps its stored digest.
fresh
{ original sum1 http://o-hex.example/; copy sum1 http://y.example/ http://o-hex.example/ $DO; } | manifest "$WORK/m3"
run "$REFS" -m "$WORK/m3" --in-place --trust-manifest "$IN"
expect_eq "trust: Y's digest" "$SHA1_B32" "$(stored "$IN/y.warc.gz")"

# 4. The original's line gives the request's offset (say, a resumed run's
# manifest): the response after it is found and Y is converted.
fresh
echo "r.warc.gz 0 $(line sum1 http://r.example/ | cut -d' ' -f3-6) 1 1 - -" > "$WORK/m4"
copy sum1 http://y.example/ http://r.example/ $DR >> "$WORK/m4"
rm -rf "$WORK/out4" && mkdir "$WORK/out4"
run "$REFS" -m "$WORK/m4" -o "$WORK/out4" "$IN"
expect_eq "request first: exit status ($(cat "$WORK/err"))" 0 "$rc"
expect_eq "request first: Y converted" "revisit" "$(types "$WORK/out4/y.warc.gz")"
python3 "$CHECK" "$WORK/pristine" "$WORK/out4" > "$WORK/inv" || fail "request first: $(cat "$WORK/inv")"
echo "ok"
