# warcsum on corpora from tests/gen/warcgen: its manifest must equal the truth
# file warcgen writes, in every gzip layout, WARC version and job count.
source "$SRC/tests/cli/common.bash"
WARCSUM="$BIN/warcsum/warcsum"
GEN="$TESTBIN/warcgen"
C="$WORK/corpus"

# Three corpora in one directory, named so that name order is generation order:
# WARC 1.0 gzip members, WARC 1.1 gzip members, plain WARC with both versions.
"$GEN" -q --out "$C" --prefix a-v10 --seed 11 --size 3M --files 3 --version 1.0 --truth "$WORK/a.truth"
"$GEN" -q --out "$C" --prefix b-v11 --seed 12 --size 2M --files 2 --version 1.1 --truth "$WORK/b.truth"
"$GEN" -q --out "$C" --prefix c-plain --seed 13 --size 2M --files 2 --version mixed --plain \
  --truth "$WORK/c.truth"
cat "$WORK"/{a,b,c}.truth > "$WORK/truth"
cat "$WORK"/{a,b,c}.truth.empty > "$WORK/truth.empty"
[ -s "$WORK/truth.empty" ] || fail "warcgen wrote no empty payloads: the --keep-empty check means nothing"
files=("$C"/a-v10-* "$C"/b-v11-* "$C"/c-plain-*)
[ ${#files[@]} -eq 7 ] || fail "expected 7 generated files, found ${#files[@]}"

# Same seed and options: byte-identical files.
"$GEN" -q --out "$WORK/again" --prefix a-v10 --seed 11 --size 3M --files 3 --version 1.0 \
  --truth "$WORK/again/truth"
for f in "$C"/a-v10-*; do
  cmp "$f" "$WORK/again/$(basename "$f")" || fail "warcgen output differs between runs: $f"
done
cmp "$WORK/a.truth" "$WORK/again/truth" || fail "warcgen truth differs between runs"

# Recomputed digests: exactly the truth (empty payloads are skipped by default).
run "$WARCSUM" --recompute "${files[@]}"
expect_eq "--recompute exit status" 0 "$rc"
expect_eq "--recompute stderr" "" "$(cat "$WORK/err")"
cmp "$WORK/out" "$WORK/truth" || { diff "$WORK/truth" "$WORK/out" | head >&2; fail "--recompute differs from the truth"; }

# Default mode reuses the stored digests: the same lines.
run "$WARCSUM" "${files[@]}"
expect_eq "default exit status" 0 "$rc"
cmp "$WORK/out" "$WORK/truth" || fail "default mode differs from the truth"

# --verify finds every stored digest right.
run "$WARCSUM" --verify "${files[@]}"
expect_eq "--verify exit status" 0 "$rc"
expect_eq "--verify stderr" "" "$(cat "$WORK/err")"

# Two jobs: byte-identical to one (and -r walks the directory in name order).
"$WARCSUM" --recompute -j1 "${files[@]}" > "$WORK/j1"
"$WARCSUM" --recompute -j2 "${files[@]}" > "$WORK/j2"
cmp "$WORK/j1" "$WORK/j2" || fail "-j2 output differs from -j1"
"$WARCSUM" -j2 -r "$C" > "$WORK/r"
cmp "$WORK/r" "$WORK/truth" || fail "-j2 -r output differs from the truth"

# --keep-empty adds exactly the empty payloads, in file and offset order.
run "$WARCSUM" --keep-empty "${files[@]}"
expect_eq "--keep-empty exit status" 0 "$rc"
sort -k1,1 -k2,2n "$WORK/truth" "$WORK/truth.empty" > "$WORK/all"
cmp "$WORK/out" "$WORK/all" || { diff "$WORK/all" "$WORK/out" | head >&2; fail "--keep-empty output"; }
expect_eq "--keep-empty extra lines" "$(cat "$WORK/truth.empty")" \
  "$(grep -vxF -f "$WORK/truth" "$WORK/out")"

# One gzip stream holding every record: nothing listed, one error, exit 1.
"$GEN" -q --out "$WORK/stream" --seed 14 --size 1M --layout stream --truth "$WORK/stream.truth"
head -n1 "$WORK/stream.truth" | grep -q '^# layout=stream' || fail "stream truth lacks its comment"
stream="$WORK/stream/warcgen-00000.warc.gz"
run "$WARCSUM" "$stream"
expect_eq "stream exit status" 1 "$rc"
expect_eq "stream stdout" "" "$(cat "$WORK/out")"
expect_eq "stream stderr" \
  "warcsum: $stream: offset 0: gzip member holds more than one record (not one record per member); its records are not listed" \
  "$(cat "$WORK/err")"
# Damaged records among good ones (tests/cli/mkwarc.py), one gzip member each:
# a Content-Length too long (by 50 bytes, by a terabyte) or too short, a
# header cut short by the end of its member (at a line end, inside a field).
# Each is reported at its offset and not listed. Reading goes on at the next
# member, but a record that starts within the bytes a too-long record claims
# may be part of its block (a resource holding a WARC file): it is reported,
# not listed, and so is the record after a header cut inside a field (the
# field's value may go on with "WARC/"). The other good records are listed.
# A plain file's damage ends its reading; one written without record
# trailers is read whole.
D="$WORK/damaged"
mkdir -p "$D"
python3 "$SRC/tests/cli/mkwarc.py" "$D" >"$WORK/damaged.lines" <<'SPEC'
d.warc.gz http://d.example/1 text 1 2000
d.warc.gz http://d.example/2 text 2 2000 cl=+50
d.warc.gz http://d.example/3 rand 3 3000
d.warc.gz http://d.example/4 text 4 2000
d.warc.gz http://d.example/5 text 5 2000 cl=-7
d.warc.gz http://d.example/6 text 6 2000
d.warc.gz http://d.example/7 text 7 2000 headcut=31
d.warc.gz http://d.example/8 text 8 2000
d.warc.gz http://d.example/9 text 9 2000 headcut=40
d.warc.gz http://d.example/10 text 10 2000
d.warc.gz http://d.example/11 text 11 2000
d.warc.gz http://d.example/12 text 12 2000 cl=+1000000000000
d.warc.gz http://d.example/13 text 13 2000
d.warc.gz http://d.example/14 text 14 2000
p.warc http://p.example/1 text 1 2000 plain=1
p.warc http://p.example/2 text 2 2000 plain=1 cl=+50
p.warc http://p.example/3 text 3 2000 plain=1
n.warc http://n.example/1 text 1 2000 plain=1 notrailer=1
n.warc http://n.example/2 rand 2 2000 plain=1 notrailer=1
n.warc http://n.example/3 text 3 2000 plain=1 notrailer=1
SPEC
# at[i], len[i]: the record on spec line i+1.
mapfile -t at < <(cut -d' ' -f2 "$WORK/damaged.lines")
mapfile -t len < <(cut -d' ' -f3 "$WORK/damaged.lines")
block=$((37 + 4 + 2000))  # the HTTP header mkwarc.py writes, and the payload
# The last 7 bytes of payload 5, which its Content-Length leaves out.
tail5=$(python3 -c 'import gzip, sys
d = open(sys.argv[1], "rb").read()[int(sys.argv[2]):int(sys.argv[2]) + int(sys.argv[3])]
print(gzip.decompress(d)[-11:-4].decode())' "$D/d.warc.gz" "${at[4]}" "${len[4]}")
run "$WARCSUM" --recompute "$D/d.warc.gz" "$D/p.warc" "$D/n.warc"
expect_eq "damaged: exit status" 1 "$rc"
expect_eq "damaged: the good records outside the damage" \
  "$(awk 'NR ~ /^(1|4|6|8|11|15|18|19|20)$/ {print $1, $2, $3, $4, $5, "sha1:" $7}' "$WORK/damaged.lines")" \
  "$(cat "$WORK/out")"
inside() { echo "warcsum: $D/d.warc.gz: offset $1: not listed: it lies inside the block the record at offset $2 claims (Content-Length $3)"; }
expect_eq "damaged: messages" \
  "warcsum: $D/d.warc.gz: offset ${at[1]}: Content-Length ($((block + 50)) bytes) is longer than the record's gzip member, which ends after $((block + 4)) bytes of block; reading goes on at the next gzip member (offset ${at[2]})
$(inside "${at[2]}" "${at[1]}" $((block + 50)))
warcsum: $D/d.warc.gz: offset ${at[4]}: Content-Length ($((block - 7)) bytes) is shorter than the record's gzip member: found \"$tail5\\x0d\\x0a\\x0d\\x0a\" after the block; rest of its gzip member skipped
warcsum: $D/d.warc.gz: offset ${at[6]}: record header cut short by the end of its gzip member; reading goes on at the next gzip member (offset ${at[7]})
warcsum: $D/d.warc.gz: offset ${at[8]}: record header cut short by the end of its gzip member; reading goes on at the next gzip member (offset ${at[9]})
warcsum: $D/d.warc.gz: offset ${at[9]}: not listed: it may be the rest of the record at offset ${at[8]}, whose header the end of its gzip member cut short inside a field
warcsum: $D/d.warc.gz: offset ${at[11]}: Content-Length ($((block + 1000000000000)) bytes) is longer than the record's gzip member, which ends after $((block + 4)) bytes of block; reading goes on at the next gzip member (offset ${at[12]})
$(inside "${at[12]}" "${at[11]}" $((block + 1000000000000)))
$(inside "${at[13]}" "${at[11]}" $((block + 1000000000000)))
warcsum: $D/p.warc: offset ${at[15]}: Content-Length ($((block + 50)) bytes) does not end the record: expected CRLF CRLF after the block, found \" <urn:uuid:00000000-0000-4000-8000-00000...\"; rest of file not read (no safe way to find the next record in an uncompressed file)" \
  "$(cat "$WORK/err")"
# A response that is not an HTTP message (a crawler's dns: record) is not
# listed: only HTTP responses are.
python3 - "$WORK/dns.warc" <<'PY'
import sys
def rec(uri, ctype, block):
    return ("WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:%s>\r\n"
            "WARC-Date: 2020-01-01T00:00:00Z\r\nWARC-Target-URI: %s\r\nContent-Type: %s\r\n"
            "Content-Length: %d\r\n\r\n" % (uri[-1] * 8 + "-0000-4000-8000-000000000000", uri, ctype, len(block))
            ).encode() + block + b"\r\n\r\n"
open(sys.argv[1], "wb").write(
    rec("dns:example.com", "text/dns", b"20200101000000\nexample.com. 300 IN A 192.0.2.1\n") +
    rec("http://example.com/", "application/http; msgtype=response",
        b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"))
PY
run "$WARCSUM" --recompute "$WORK/dns.warc"
expect_eq "dns: exit status" 0 "$rc"
expect_eq "dns: only the HTTP response" \
  "dns.warc 260 286 http://example.com/ 2020-01-01T00:00:00Z sha1:aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d" \
  "$(cat "$WORK/out")"
echo "ok: $(wc -l < "$WORK/truth") lines, $(wc -l < "$WORK/truth.empty") empty"
