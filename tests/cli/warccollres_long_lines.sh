# warccollres memory with long manifest lines: four runs of 19,999 records
# (each under --run-part, so once held whole) whose URIs are 1,000
# characters, about 25 MB of lines a run. Runs are held in parts of a few MB
# and the batches handed to the threads are bounded in bytes, so memory stays
# under 64 MB with and without --proc; the output is the same as with parts
# of 700 records, and on 2 threads. The first run holds two payloads under
# one digest, alternating: equal payloads share an extension across parts.
source "$SRC/tests/cli/common.bash"
source "$SRC/tests/cli/collres_corpus.bash"
COLLRES="$BIN/warccollres/warccollres"
WARCSUM="$BIN/warcsum/warcsum"
PROC="$BIN/warcsumproc/warcsumproc"
[ -x "$COLLRES" ] || { echo "skipped: $COLLRES not built"; exit 77; }
[ -x "$WARCSUM" ] || { echo "skipped: $WARCSUM not built"; exit 77; }
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }

# One gzip member per record; the URI's "pN" names the payload.
python3 - "$WORK/long.warc.gz" <<'EOF'
import base64, hashlib, sys, zlib
path = "/" + "abcdefghij" * 98
with open(sys.argv[1], "wb") as f:
    for r in range(4):
        payloads = [b"run %d payload\n" % r * 20]
        if r == 0:
            payloads.append(b"run 0 other payload\n" * 20)  # stored digest forged
        digest = base64.b32encode(hashlib.sha1(payloads[0]).digest()).decode()
        for i in range(19999):
            tag = i % len(payloads)
            http = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n" + payloads[tag]
            head = ("WARC/1.0\r\nWARC-Type: response\r\n"
                    "WARC-Target-URI: http://s%d.example/p%d%s/%d\r\n"
                    "WARC-Date: 2022-%02d-01T00:00:00Z\r\n"
                    "WARC-Record-ID: <urn:uuid:%08d-0000-4000-8000-%012d>\r\n"
                    "WARC-Payload-Digest: sha1:%s\r\n"
                    "Content-Type: application/http; msgtype=response\r\n"
                    "Content-Length: %d\r\n\r\n"
                    % (i, 2 * r + tag, path, i, 12 - i % 12, i, r, digest, len(http))).encode()
            c = zlib.compressobj(1, zlib.DEFLATED, 31)
            f.write(c.compress(head + http + b"\r\n\r\n") + c.flush())
EOF
"$WARCSUM" -q "$WORK/long.warc.gz" | LC_ALL=C sort -k6,6 |
  awk '{ split($4, p, "/"); print $0, p[4] }' > "$WORK/runs"
derive "$WORK/runs"
M="$WORK/runs.m"
expect_eq "runs and their lengths" "19999 19999 19999 19999" \
  "$(cut -d' ' -f6 "$M" | uniq -c | awk '{ print $1 }' | xargs)"
awk 'length($4) < 1000 { exit 1 }' "$M" || fail "URIs shorter than 1000 characters"

for mode in plain proc; do
  flags=()
  [ "$mode" = proc ] && flags=(--proc --temp-dir "$WORK")
  if [ -x /usr/bin/time ]; then
    run /usr/bin/time -f '%M' -o "$WORK/rss" "$COLLRES" -q "${flags[@]}" -d "$WORK" "$M"
    rss=$(tail -n1 "$WORK/rss")
    [ "$rss" -lt 65536 ] || fail "$mode: max RSS $rss KB, expected under 64 MB"
    printf -v "rss_$mode" %s "$rss"
  else
    echo "note: /usr/bin/time absent: memory not measured"
    run "$COLLRES" -q "${flags[@]}" -d "$WORK" "$M"
  fi
  expect_eq "$mode: exit status" 0 "$rc"
  expect_eq "$mode: stderr" "" "$(cat "$WORK/err")"
  mv "$WORK/out" "$WORK/$mode.out"
done
cmp "$WORK/plain.out" "$WORK/runs.expected" ||
  { diff "$WORK/runs.expected" "$WORK/plain.out" | head -c 2000 >&2; fail "extensions differ from the payloads' identity"; }
if [ -x "$PROC" ]; then
  LC_ALL=C sort -k6,6 -k7,7n -k5,5 -k1,1 -k2,2n "$WORK/plain.out" | "$PROC" > "$WORK/pipe.out"
  cmp "$WORK/proc.out" "$WORK/pipe.out" || fail "--proc differs from sort | warcsumproc"
  rm "$WORK/pipe.out"
else
  echo "note: $PROC absent: --proc not compared with warcsumproc"
fi

# Other part sizes and threads: the same bytes.
"$COLLRES" -q -t 2 -d "$WORK" "$M" | cmp - "$WORK/plain.out" || fail "-t 2 output differs"
"$COLLRES" -q --run-part 700 -d "$WORK" "$M" | cmp - "$WORK/plain.out" || fail "--run-part 700 output differs"
"$COLLRES" -q --proc --run-part 700 --temp-dir "$WORK" -d "$WORK" "$M" | cmp - "$WORK/proc.out" ||
  fail "--proc --run-part 700 output differs"
echo "ok: 4 runs of 19,999 lines of 1 KB in ${rss_plain:-?} KB, with --proc in ${rss_proc:-?} KB"
