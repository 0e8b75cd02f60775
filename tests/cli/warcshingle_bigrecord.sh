# Bounded memory: an HTML page of 150 MiB in one gzip member. warcshingle
# keeps --max-payload bytes of it, decodes and parses --max-html, says so in
# a note, signs the page in well under 64 MB of RSS, and its key holds the
# digest of the whole payload (Python's hashlib), as warcsum lists it.
source "$(dirname "$0")/common.bash"
S="$BIN/warcshingle/warcshingle"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
[ -x /usr/bin/time ] || { echo "skipped: /usr/bin/time absent"; exit 77; }

digest=$(python3 - "$WORK" <<'PYTHON'
import hashlib, os, random, sys, zlib
MiB = 1 << 20
pieces = 150
rng = random.Random(7)
words = [b'archive', b'page', b'history', b'record', b'crawl', b'web', b'text', b'copy']
para = b'<p>' + b' '.join(rng.choice(words) for _ in range(MiB // 4)) + b'</p>\n'
para = para[:MiB - 5] + b'</p>\n'
top = b'<html><head><title>Big page</title></head><body>\n'
payload_len = len(top) + pieces * MiB
http = (b'HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n'
        b'Content-Length: %d\r\n\r\n' % payload_len)
head = (b'WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://example.com/big\r\n'
        b'WARC-Date: 2024-01-01T00:00:00Z\r\n'
        b'WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-00000000b16f>\r\n'
        b'Content-Type: application/http; msgtype=response\r\n'
        b'Content-Length: %d\r\n\r\n' % (len(http) + payload_len))
sha1 = hashlib.sha1()
deflate = zlib.compressobj(1, zlib.DEFLATED, 31)
with open(os.path.join(sys.argv[1], 'big.warc.gz'), 'wb') as gz:
    gz.write(deflate.compress(head + http + top))
    sha1.update(top)
    for i in range(pieces):
        assert len(para) == MiB
        gz.write(deflate.compress(para))
        sha1.update(para)
    gz.write(deflate.compress(b'\r\n\r\n'))
    gz.write(deflate.flush())
print(sha1.hexdigest())
PYTHON
)

/usr/bin/time -f '%M' -o "$WORK/rss" "$S" -o "$WORK/sig" "$WORK/big.warc.gz" 2>"$WORK/err" ||
  fail "exit status $?: $(cat "$WORK/err")"
grep -q "^warcshingle: big.warc.gz: offset 0: payload over 8388608 bytes: only those are read" "$WORK/err" ||
  fail "no note of the payload cut: $(cat "$WORK/err")"
grep -q "offset 0: decoded text cut at 1048576 bytes" "$WORK/err" ||
  fail "no note of the decoding cap: $(cat "$WORK/err")"
rss_kb=$(tail -1 "$WORK/rss")
# Under ASan (CI's sanitizer suite sets ASAN_OPTIONS) its shadow memory and
# redzones add half again: 61 MB measured there, 40 MB in a Release build.
limit=65536
[ -z "${ASAN_OPTIONS:-}" ] || limit=98304
[ "$rss_kb" -lt "$limit" ] || fail "RSS $rss_kb KB, expected under $((limit / 1024)) MB"
line=$("$S" --dump "$WORK/sig" | tail -n +2)
expect_eq "key" "big.warc.gz 0 $(stat -c %s "$WORK/big.warc.gz") http://example.com/big 2024-01-01T00:00:00Z sha1:$digest" \
  "$(cut -d' ' -f1-6 <<<"$line")"
expect_eq "title" "Big%20page" "$(cut -d' ' -f10 <<<"$line")"
tokens=$(cut -d' ' -f11 <<<"$line")
[ "$tokens" -gt 100000 ] || fail "only $tokens words signed"
echo "ok: RSS $rss_kb KB, $tokens words"
