# Bounded memory: one response record with a 210 MiB payload, as a single
# gzip member and as a plain file. warcsum --recompute must hash it in well
# under 64 MB of RSS and get the digest Python's hashlib gets.
source "$(dirname "$0")/common.bash"
W="$BIN/warcsum/warcsum"
[ -x "$W" ] || fail "$W not built"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
[ -x /usr/bin/time ] || { echo "skipped: /usr/bin/time absent"; exit 77; }

# Writes big.warc and big.warc.gz in one streaming pass (never more than a
# few MiB in memory) and prints the payload's sha1. The payload is 210 MiB of
# words from a fixed seed, with a counter per MiB, so every run is the same.
digest=$(python3 - "$WORK" <<'PYTHON'
import hashlib, os, random, sys, zlib
out = sys.argv[1]
MiB = 1 << 20
pieces = 210
rng = random.Random(20240101)
words = [b'warc', b'record', b'payload', b'digest', b'gzip', b'member', b'crawl', b'\r\n']
base = b' '.join(rng.choice(words) for _ in range(MiB // 4))[:MiB - 16]
payload_len = pieces * MiB
http = (b'HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n'
        b'Content-Length: %d\r\n\r\n' % payload_len)
head = (b'WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://example.com/big\r\n'
        b'WARC-Date: 2024-01-01T00:00:00Z\r\n'
        b'WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-00000000b16e>\r\n'
        b'Content-Type: application/http; msgtype=response\r\n'
        b'Content-Length: %d\r\n\r\n' % (len(http) + payload_len))
sha1 = hashlib.sha1()
deflate = zlib.compressobj(1, zlib.DEFLATED, 31)
with open(os.path.join(out, 'big.warc'), 'wb') as plain, \
     open(os.path.join(out, 'big.warc.gz'), 'wb') as gz:
    def put(data):
        plain.write(data)
        gz.write(deflate.compress(data))
    put(head)
    put(http)
    for i in range(pieces):
        piece = b'%015d ' % i + base
        assert len(piece) == MiB
        sha1.update(piece)
        put(piece)
    put(b'\r\n\r\n')
    gz.write(deflate.flush())
print(sha1.hexdigest())
PYTHON
)
[ ${#digest} -eq 40 ] || fail "generator failed: $digest"

for name in big.warc.gz big.warc; do
  file="$WORK/$name"
  size=$(stat -c %s "$file")
  run /usr/bin/time -f %M -o "$WORK/rss" "$W" --recompute "$file"
  expect_eq "$name: exit" 0 "$rc"
  expect_eq "$name: stderr" "" "$(cat "$WORK/err")"
  # One record filling the whole file: offset 0, length = file size.
  expect_eq "$name: line" \
    "$name 0 $size http://example.com/big 2024-01-01T00:00:00Z sha1:$digest" "$(cat "$WORK/out")"
  rss_kb=$(tail -1 "$WORK/rss")
  [ "$rss_kb" -lt 65536 ] || fail "$name: max RSS $rss_kb KB, not under 64 MB"
  echo "$name: $size bytes, max RSS $rss_kb KB"
done
# The gzip file really is a single member.
members=$(python3 - "$WORK/big.warc.gz" <<'PYTHON'
import sys, zlib
d = zlib.decompressobj(31)
with open(sys.argv[1], 'rb') as f:
    while not d.eof:
        chunk = f.read(1 << 20)
        if not chunk:
            break
        d.decompress(chunk, 1 << 16)
        while d.unconsumed_tail:
            d.decompress(d.unconsumed_tail, 1 << 16)
    rest = d.unused_data + f.read()
print('one member' if d.eof and not rest else 'not one member')
PYTHON
)
expect_eq "big.warc.gz structure" "one member" "$members"
