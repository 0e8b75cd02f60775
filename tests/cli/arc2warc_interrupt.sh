# Interrupted and resumed runs: SIGINT in the middle of writing a big
# record leaves neither the temporary file (.NAME.arc2warc.tmp) nor the WARC
# file, exit 130; a stale temporary file from a run cut short (larger than
# the new output, and junk) is truncated and replaced by a good run, whose
# WARC file is byte for byte a fresh run's.
source "$SRC/tests/cli/common.bash"
A2W="$BIN/arc2warc/arc2warc"
[ -x "$A2W" ] || fail "$A2W not built"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
cd "$WORK"

# big.arc.gz: a version block and a 96 MiB response, one gzip member each
# (words with a counter per MiB: zlib at level 9 takes seconds on it).
python3 <<'PY'
import random, zlib
MiB = 1 << 20
rng = random.Random(7)
words = [b"arc", b"warc", b"spool", b"interrupt", b"\r\n"]
base = b" ".join(rng.choice(words) for _ in range(MiB // 4))[:MiB - 16]
def member(data, level=6):
    c = zlib.compressobj(level, zlib.DEFLATED, 31)
    return c.compress(data) + c.flush()
version = b"1 0 Big\nURL IP-address Archive-date Content-type Archive-length\n"
http = b"HTTP/1.1 200 OK\r\n\r\n"
with open("big.arc.gz", "wb") as out:
    out.write(member(b"filedesc://big.arc.gz 0.0.0.0 20261127000000 text/plain %d\n%s\n"
                     % (len(version), version)))
    deflate = zlib.compressobj(1, zlib.DEFLATED, 31)
    out.write(deflate.compress(b"http://example.com/big 192.0.2.1 20261127000001 text/plain %d\n"
                               % (len(http) + 96 * MiB) + http))
    for i in range(96):
        out.write(deflate.compress(b"%015d " % i + base))
    out.write(deflate.compress(b"\n") + deflate.flush())
PY

# SIGINT once the temporary file holds some of the WARC file, the big block
# being compressed (job control on: a background job of a script would
# otherwise ignore SIGINT).
set -m
"$A2W" -q --level 9 -o warc big.arc.gz >out 2>err &
pid=$!
for _ in $(seq 600); do
  [ -s warc/.big.warc.gz.arc2warc.tmp ] && break
  sleep 0.05
done
[ -s warc/.big.warc.gz.arc2warc.tmp ] || fail "no temporary file written in 30 s"
kill -0 "$pid" 2>/dev/null || fail "arc2warc ended before the interrupt: the test means nothing"
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
set +m
expect_eq "exit status after SIGINT" 130 "$rc"
expect_eq "nothing left in the output directory" "" "$(ls -A warc)"
expect_eq "no per-file line" "" "$(cat out)"

# A stale temporary file: replaced by a good run.
printf 'filedesc://small.arc 0.0.0.0 20200102030405 text/plain 9\n1 0 Small\n\n' >small.arc
printf 'http://example.com/ 192.0.2.1 20200102030406 text/html 25\nHTTP/1.0 200 OK\r\n\r\nhello\n\n' \
  >>small.arc
head -c 100000 /dev/urandom >warc/.small.warc.gz.arc2warc.tmp
run "$A2W" -q --verify -o warc small.arc
expect_eq "after a stale temporary file: exit" 0 "$rc"
expect_eq "after a stale temporary file: stderr" "" "$(cat err)"
expect_eq "after a stale temporary file: the output directory" "small.warc.gz" "$(ls -A warc)"
"$A2W" -q -o fresh small.arc >/dev/null
cmp warc/small.warc.gz fresh/small.warc.gz || fail "the run over a stale temporary file wrote other bytes"
echo "ok"
