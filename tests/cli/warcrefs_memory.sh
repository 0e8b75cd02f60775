# warcrefs' memory does not grow with the copies in one file: 100,000 copies
# of one payload in one plain WARC file (158 MB) are converted, with
# --after-manifest and --kept, in a bounded max RSS. Before the lines and
# revisits were streamed it took 199 MB (about 1.9 KB per copy); now about
# 18 MB.
source "$(dirname "$0")/common.bash"
REFS="$BIN/warcrefs/warcrefs"
[ -x "$REFS" ] || { echo "skipped: $REFS not built"; exit 77; }
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
[ -x /usr/bin/time ] || { echo "skipped: /usr/bin/time absent: memory not measured"; exit 77; }
N=100000
mkdir -p "$WORK/in" "$WORK/o"
python3 - "$WORK/in" "$N" <<'PY'
# One original and N copies of one 1,280-byte payload; the manifest names them.
import hashlib, sys
d, n = sys.argv[1], int(sys.argv[2])
payload = b"".join(hashlib.sha256(b"payload %d" % i).hexdigest().encode() for i in range(20))
block = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n" + payload
digest = "sha1:" + hashlib.sha1(payload).hexdigest()
out, lines, pos = open(d + "/big.warc", "wb"), [], 0
for i in range(n + 1):
    uri = "http://example.com/page/%d" % i
    date = "2020-01-01T00:00:00Z" if i == 0 else "2021-01-01T%02d:%02d:%02dZ" % (i // 3600 % 24, i // 60 % 60, i % 60)
    rec = ("WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-%012d>\r\n"
           "WARC-Date: %s\r\nWARC-Target-URI: %s\r\nContent-Type: application/http; msgtype=response\r\n"
           "Content-Length: %d\r\n\r\n" % (i, date, uri, len(block))).encode() + block + b"\r\n\r\n"
    out.write(rec)
    ref = "1 - -" if i == 0 else "2 http://example.com/page/0 2020-01-01T00:00:00Z"
    lines.append("big.warc %d %d %s %s %s 0 %s\n" % (pos, len(rec), uri, date, digest, ref))
    pos += len(rec)
open(d + "/big.manifest", "w").write("".join(lines))
PY
run /usr/bin/time -f '%M' -o "$WORK/rss" "$REFS" -m - -o "$WORK/o" --after-manifest "$WORK/after" \
  --kept "$WORK/kept" "$WORK/in/big.warc" < "$WORK/in/big.manifest"
expect_eq "exit status ($(tail -3 "$WORK/err"))" 0 "$rc"
grep -q "big.warc: converted $N of $N records" "$WORK/err" || fail "report: $(cat "$WORK/err")"
rss=$(tail -n1 "$WORK/rss")
[ "$rss" -lt 65536 ] || fail "max RSS $rss KB for $N copies in one file, expected under 64 MB"
# The result: the original and N revisits, listed as such by the after-manifest.
expect_eq "after-manifest: the original alone" 1 "$(wc -l < "$WORK/after")"
expect_eq "revisits written" "$N" "$(grep -ac '^WARC-Type: revisit' "$WORK/o/big.warc")"
expect_eq "kept list" "" "$(cat "$WORK/kept")"
echo "ok: $N copies of one payload in one file in $rss KB"
