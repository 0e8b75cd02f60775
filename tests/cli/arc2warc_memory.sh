# Bounded memory: a gzip ARC file whose one response record holds 200 MiB
# (its own gzip member, after the version block's). arc2warc --verify must
# convert and prove it (--level 1: the test is of memory, not of deflate) in
# under 64 MB of RSS (the block is spooled while its
# digests are computed), and the WARC record must hold the block byte for
# byte: its length and SHA-1 read back here with Python's zlib, its stored
# digests the ones Python computed while writing the ARC file.
source "$SRC/tests/cli/common.bash"
A2W="$BIN/arc2warc/arc2warc"
[ -x "$A2W" ] || fail "$A2W not built"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
[ -x /usr/bin/time ] || { echo "skipped: /usr/bin/time absent"; exit 77; }
cd "$WORK"

# Writes big.arc.gz in one streaming pass and prints the block's length,
# SHA-1 (base 32) and the payload's SHA-1 (base 32). The block is words from
# a fixed seed with a counter per MiB, so every run is the same.
read -r length block_digest payload_digest < <(python3 <<'PY'
import base64, hashlib, random, zlib
MiB = 1 << 20
pieces = 200
rng = random.Random(20261127)
words = [b"arc", b"warc", b"record", b"block", b"spool", b"member", b"crawl", b"\r\n"]
base = b" ".join(rng.choice(words) for _ in range(MiB // 4))[:MiB - 16]
http = b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n\r\n"
length = len(http) + pieces * MiB
block_sha, payload_sha = hashlib.sha1(http), hashlib.sha1()
def member(data):
    c = zlib.compressobj(6, zlib.DEFLATED, 31)
    return c.compress(data) + c.flush()
version = b"1 0 Big\nURL IP-address Archive-date Content-type Archive-length\n"
with open("big.arc.gz", "wb") as out:
    out.write(member(b"filedesc://big.arc.gz 0.0.0.0 20261127000000 text/plain %d\n%s\n"
                     % (len(version), version)))
    deflate = zlib.compressobj(1, zlib.DEFLATED, 31)
    out.write(deflate.compress(b"http://example.com/big 192.0.2.1 20261127000001 "
                               b"application/octet-stream %d\n" % length + http))
    for i in range(pieces):
        piece = b"%015d " % i + base
        block_sha.update(piece)
        payload_sha.update(piece)
        out.write(deflate.compress(piece))
    out.write(deflate.compress(b"\n") + deflate.flush())
b32 = lambda h: "sha1:" + base64.b32encode(h.digest()).decode()
print(length, b32(block_sha), b32(payload_sha))
PY
)
[ -n "$payload_digest" ] || fail "the generator failed"

/usr/bin/time -f %M -o rss "$A2W" -q --verify --level 1 -o warc big.arc.gz >out 2>err || {
  cat err >&2
  fail "arc2warc exited $?"
}
expect_eq "stderr" "" "$(cat err)"
expect_eq "per-file line" \
  "big.arc.gz -> warc/big.warc.gz: records 2 in, 2 out, 0 truncated; problems 0; bytes $(stat -c %s big.arc.gz) in, $(stat -c %s warc/big.warc.gz) out; verified" \
  "$(cat out)"
rss_kb=$(tail -1 rss)
[ "$rss_kb" -lt 65536 ] || fail "max RSS $rss_kb KB, not under 64 MB"
expect_eq "nothing else in the output directory" "big.warc.gz" "$(ls -A warc)"

# The response record, read back in a streaming pass: its header fields and
# its block's length and SHA-1.
found=$(python3 - warc/big.warc.gz <<'PY'
import base64, hashlib, sys, zlib
data = open(sys.argv[1], "rb")
d, text, records, fields, sha, left = zlib.decompressobj(31), b"", 0, None, None, 0
def feed(chunk):
    global text, records, fields, sha, left
    text += chunk
    while text:
        if left:
            take = text[:left]
            sha.update(take)
            text, left = text[len(take):], left - len(take)
            if left:
                return
            continue
        if b"\r\n\r\n" not in text:
            return
        if text.startswith(b"\r\n\r\n") and records:
            text = text[4:]
            continue
        head, text = text.split(b"\r\n\r\n", 1)
        lines = head.decode().split("\r\n")
        fields = dict(l.split(": ", 1) for l in lines[1:])
        records += 1
        left, sha = int(fields["Content-Length"]), hashlib.sha1()
while True:
    chunk = data.read(1 << 20)
    if not chunk:
        break
    while chunk:
        feed(d.decompress(chunk))
        if d.eof:
            chunk, d = d.unused_data, zlib.decompressobj(31)
        else:
            chunk = b""
assert records == 2 and left == 0 and not text, (records, left, len(text))
print(fields["WARC-Type"], fields["Content-Length"], fields["WARC-Block-Digest"],
      fields["WARC-Payload-Digest"], "sha1:" + base64.b32encode(sha.digest()).decode())
PY
)
expect_eq "the big record" "response $length $block_digest $payload_digest $block_digest" "$found"
echo "ok: max RSS $rss_kb KB"
