# A genuine MD5 collision: two different payloads with one MD5 digest (the
# colliding 128-byte blocks published by Wang, Feng, Lai and Yu in 2004,
# followed by the same bytes: MD5 stays equal after a common suffix).
# With --hash md5 the whole chain must keep them apart: warccollres proves
# they differ, and only the true duplicate becomes a revisit.
source "$(dirname "$0")/common.bash"
DEDUP="$BIN/warcdedup/warcdedup"
WARCSUM="$BIN/warcsum/warcsum"
COLLRES="$BIN/warccollres/warccollres"

mkdir -p "$WORK/in"
PYTHONPATH="$(dirname "$0")" python3 - "$WORK/in" <<'PY'
import hashlib, sys, warcrec
out = sys.argv[1]
a = bytes.fromhex(
    "d131dd02c5e6eec4693d9a0698aff95c2fcab58712467eab4004583eb8fb7f89"
    "55ad340609f4b30283e488832571415a085125e8f7cdc99fd91dbdf280373c5b"
    "d8823e3156348f5bae6dacd436c919c6dd53e2b487da03fd02396306d248cda0"
    "e99f33420f577ee8ce54b67080a80d1ec69821bcb6a8839396f9652b6ff72a70")
b = bytes.fromhex(
    "d131dd02c5e6eec4693d9a0698aff95c2fcab50712467eab4004583eb8fb7f89"
    "55ad340609f4b30283e4888325f1415a085125e8f7cdc99fd91dbd7280373c5b"
    "d8823e3156348f5bae6dacd436c919c6dd53e23487da03fd02396306d248cda0"
    "e99f33420f577ee8ce54b67080280d1ec69821bcb6a8839396f965ab6ff72a70")
suffix = b" the rest of the page" * 100
P, Q = a + suffix, b + suffix
assert P != Q and hashlib.md5(P).digest() == hashlib.md5(Q).digest()
octets = b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n\r\n"
def record(n, uri, date, payload):
    return warcrec.record("response", n, uri, date, payload, octets)
with open(out + "/a.warc.gz", "wb") as f:
    f.write(record(1, "http://p.example/", "2020-01-01T00:00:00Z", P))
    f.write(record(2, "http://q.example/", "2020-02-01T00:00:00Z", Q))
with open(out + "/b.warc.gz", "wb") as f:
    f.write(record(3, "http://p.example/", "2021-01-01T00:00:00Z", P))
    f.write(record(4, "http://q.example/", "2021-02-01T00:00:00Z", Q))
print("sha1:" + hashlib.sha1(P).hexdigest(), "md5:" + hashlib.md5(P).hexdigest(), file=open(out + "/../digests", "w"))
PY
read -r _ MD5 < "$WORK/digests"
cp -r "$WORK/in" "$WORK/pristine"

# One digest for all four records.
"$WARCSUM" -q -H md5 "$WORK"/in/*.warc.gz | LC_ALL=C sort -k6,6 > "$WORK/sorted"
expect_eq "md5 digests" "$MD5 $MD5 $MD5 $MD5" "$(awk '{print $6}' "$WORK/sorted" | paste -sd' ')"

# warccollres compares the bytes: P and Q get different extensions, and the
# collision is reported as one: both stored digests are the payloads' own.
run "$COLLRES" --proc -d "$WORK/in" "$WORK/sorted"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "warccollres exited $rc"; }
expect_eq "extensions, copies and originals" \
"a.warc.gz http://p.example/ 0 1 - -
a.warc.gz http://q.example/ 1 1 - -
b.warc.gz http://p.example/ 0 2 http://p.example/ 2020-01-01T00:00:00Z
b.warc.gz http://q.example/ 1 2 http://q.example/ 2020-02-01T00:00:00Z" \
  "$(awk '{print $1, $4, $7, $8, $9, $10}' "$WORK/out" | LC_ALL=C sort)"
q=$(awk '$1 == "a.warc.gz" && $4 == "http://q.example/" { print $2 }' "$WORK/sorted")
expect_eq "report" "warccollres: same digest, different payloads: $MD5: a.warc.gz: offset 0 and a.warc.gz: offset $q: two different payloads have the same md5 digest (a hash collision)" \
  "$(grep -v ' lines, ' "$WORK/err")"

# The whole chain with --hash md5: each copy refers to the capture with its
# own payload, never to the one that only shares its MD5.
run "$DEDUP" -H md5 -o "$WORK/out1" -w "$WORK/work" "$WORK/in"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "warcdedup -H md5 exited $rc"; }
refs=$(gzip -dc "$WORK/out1/b.warc.gz" | tr -d '\r' | awk -F': ' '
  $1 == "WARC-Target-URI" { u = $2 } $1 == "WARC-Refers-To-Target-URI" { print u " -> " $2 }')
expect_eq "revisits" "http://p.example/ -> http://p.example/
http://q.example/ -> http://q.example/" "$refs"
diff -r "$WORK/in" "$WORK/pristine" > /dev/null || fail "inputs changed"
echo "ok"
