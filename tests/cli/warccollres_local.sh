# warccollres on local files: exact extensions for duplicates and forged
# collisions, --proc, and every way a record can fail to be proven identical
# (unsorted input, wrong offset, missing file, damaged members), each of which
# must keep the record apart, name it and exit 1 without dropping a line.
# Last, two 200 MB payloads, and a run of 120,000 records, compared in
# bounded memory.
source "$SRC/tests/cli/common.bash"
source "$SRC/tests/cli/collres_corpus.bash"
COLLRES="$BIN/warccollres/warccollres"
WARCSUM="$BIN/warcsum/warcsum"
PROC="$BIN/warcsumproc/warcsumproc"
GEN="${TESTBIN:-$BIN/../tests}/warcgen"
[ -x "$COLLRES" ] || { echo "skipped: $COLLRES not built"; exit 77; }
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
C="$WORK/corpus"
mkdir -p "$C"

# Runs: crafted_spec's, two empty payloads, and generated records.
{ crafted_spec; printf '%s\n' "c.warc.gz http://c.example/e1 text 0 0" "c.warc.gz http://c.example/e2 text 0 0"; } |
  python3 "$MKWARC" "$C" > "$WORK/lines"
# More of the ordinary kind from the project's generator.
add_generated 21 6M 3
# A real file's response. (Its second response with the same stored digest,
# at 3207, once made an interop collision: its Content-Length is one byte
# short. warcsum now reports damage at 2701, a revisit followed by one CRLF
# where CRLF CRLF belongs, reads no further and lists only the first.) Its
# identity is its payload's own digest.
if [ -f "$INTEROP/pywb/example-extra.warc" ] && [ -x "$WARCSUM" ]; then
  cp "$INTEROP/pywb/example-extra.warc" "$C/"
  { "$WARCSUM" --recompute "$C/example-extra.warc" 2>/dev/null || true; } | cut -d' ' -f6 | cut -c6- > "$WORK/extra.real"
  { "$WARCSUM" "$C/example-extra.warc" 2>/dev/null || true; } | paste -d' ' - "$WORK/extra.real" >> "$WORK/lines"
  [ "$(grep -c '^example-extra.warc ' "$WORK/lines")" -eq 1 ] || fail "example-extra.warc: expected 1 line"
else
  echo "note: $INTEROP/pywb/example-extra.warc or warcsum absent: no interop collision"
fi
LC_ALL=C sort -k6,6 -k1,1 -k2,2n "$WORK/lines" > "$WORK/all7"

# collisions LINES: the report lines for runs read without problems, from
# lines whose field 7 is the payload's own SHA-1 (hex): for each payload
# after the first of its run, which stored digest is wrong.
collisions() {
  awk '{ if ($6 != d) { d = $6; a = $1 ": offset " $2; ra = $7; delete seen; seen[$7] = 1 }
         if ($7 in seen) next
         seen[$7] = 1; b = $1 ": offset " $2; stored = substr(d, 6)
         if (ra == stored && $7 == stored) why = "two different payloads have the same sha1 digest (a hash collision)"
         else if (ra == stored) why = "the stored digest of " b " is wrong (its payload'"'"'s is sha1:" $7 "); that of " a " agrees with its payload"
         else if ($7 == stored) why = "the stored digest of " a " is wrong (its payload'"'"'s is sha1:" ra "); that of " b " agrees with its payload"
         else why = "neither stored digest agrees with its payload (theirs are sha1:" ra " and sha1:" $7 ")"
         print "warccollres: same digest, different payloads: " d ": " a " and " b ": " why }' "$1"
}
# edit NAME AWK-CONDITION AWK-ACTION: NAME from all7, with the action applied
# to matching lines, whose payload identity becomes unique (nothing to share).
edit() {
  awk "$2 { $3; \$7 = \"broken-\" NR } { print }" "$WORK/all7" > "$WORK/$1"
  derive "$WORK/$1"
}

# The exact output: digests and payloads as the generator made them.
derive "$WORK/all7"
M="$WORK/all7.m"
lines=$(wc -l < "$M")
run "$COLLRES" -d "$C" "$M"
expect_eq "exit status" 0 "$rc"
cmp "$WORK/out" "$WORK/all7.expected" ||
  { diff "$WORK/all7.expected" "$WORK/out" | head >&2; fail "extensions differ from the payloads' identity"; }
# The same, by hand, for the crafted runs.
expect_eq "crafted extensions" \
"http://a.example/2 0
http://b.example/z 0
http://b.example/w 1
http://b.example/v 1
http://a.example/1 0
http://a.example/3 0
http://b.example/1 0
http://b.example/x 1
http://b.example/y 1
http://c.example/1 0
http://c.example/2 1
http://c.example/3 2
http://c.example/4 0
http://c.example/5 1" \
  "$(awk '$4 ~ /^http:\/\/[abc]\.example\/[0-9a-z]$/ && $6 != "sha1:1ff3e5e996c7423b1b55e4641e400e595bfe2ed5" { print $4, $7 }' "$WORK/out")"
expect_eq "empty payloads and the single record" \
  "http://b.example/u 0;http://c.example/e1 0;http://c.example/e2 0;" \
  "$(awk '$4 ~ /\/(e1|e2|u)$/ { printf "%s %s;", $4, $7 }' "$WORK/out")"
if [ -f "$C/example-extra.warc" ]; then
  expect_eq "interop record" "example-extra.warc 0 0;" \
    "$(awk '$1 == "example-extra.warc" { printf "%s %s %s;", $1, $2, $7 }' "$WORK/out")"
fi
expect_eq "collision report" "$(collisions "$WORK/all7")" \
  "$(grep -v ' lines, ' "$WORK/err")"
n_coll=$(collisions "$WORK/all7" | wc -l)
[ "$n_coll" -ge 4 ] || fail "expected at least 4 collisions, found $n_coll"
grep -qE "^warccollres: $lines lines, [0-9]+ runs with more than one record, [0-9]+ records fetched \([0-9.]+ [KMGT]?B\), [0-9.]+ [KMGT]?B compared, $n_coll collisions, 0 records kept for errors, [0-9.]+ s$" "$WORK/err" ||
  fail "summary line: $(tail -n1 "$WORK/err")"
# The counts, exactly: three copies read once each (bytes fetched: the sum
# of their lengths), a lone record never fetched.
trio trio
run "$COLLRES" -d "$C" "$WORK/trio.m"
expect_eq "trio: exit status" 0 "$rc"
expect_eq "trio: summary" "$(cat "$WORK/trio.summary")" "$(summary "$WORK/err")"

# From stdin, and to a file: the same bytes.
"$COLLRES" -q -d "$C" - < "$M" > "$WORK/stdin.out"
cmp "$WORK/stdin.out" "$WORK/all7.expected" || fail "stdin input gives other output"
"$COLLRES" -q -d "$C" -o "$WORK/o.out" "$M"
cmp "$WORK/o.out" "$WORK/all7.expected" || fail "-o output differs"
# Runs compared on several threads: the same output, the same reports in the
# same order.
"$COLLRES" -d "$C" "$M" > "$WORK/t1.out" 2> "$WORK/t1.err"
"$COLLRES" -t 3 -d "$C" "$M" > "$WORK/t3.out" 2> "$WORK/t3.err"
cmp "$WORK/t3.out" "$WORK/all7.expected" || fail "-t 3 output differs"
expect_eq "-t 3 reports" "$(sed '$d' "$WORK/t1.err")" "$(sed '$d' "$WORK/t3.err")"

# Runs compared in parts (--run-part: what a run longer than memory gets):
# the same lines, the same collisions, with and without threads.
for part in 2 3; do
  "$COLLRES" --run-part "$part" -d "$C" "$M" > "$WORK/part.out" 2> "$WORK/part.err"
  cmp "$WORK/part.out" "$WORK/all7.expected" ||
    { diff "$WORK/all7.expected" "$WORK/part.out" | head >&2; fail "--run-part $part: output differs"; }
  expect_eq "--run-part $part: collisions" "$(grep ': same digest, different payloads: ' "$WORK/t1.err")" \
    "$(grep ': same digest, different payloads: ' "$WORK/part.err")"
  "$COLLRES" -q -t 3 --run-part "$part" -d "$C" "$M" > "$WORK/part.out"
  cmp "$WORK/part.out" "$WORK/all7.expected" || fail "-t 3 --run-part $part: output differs"
done

# --proc: one pass instead of sort | warcsumproc.
if [ -x "$PROC" ]; then
  "$COLLRES" -q -d "$C" "$M" | LC_ALL=C sort -k6,6 -k7,7n -k5,5 -k1,1 -k2,2n | "$PROC" > "$WORK/proc.pipe"
  run "$COLLRES" -q --proc -d "$C" "$M"
  expect_eq "--proc exit status" 0 "$rc"
  cmp "$WORK/out" "$WORK/proc.pipe" ||
    { diff "$WORK/proc.pipe" "$WORK/out" | head >&2; fail "--proc differs from sort | warcsumproc"; }
  [ "$(wc -l < "$WORK/out")" -eq "$lines" ] || fail "--proc dropped lines"
  for part in 2 3; do
    "$COLLRES" -q --proc --run-part "$part" --temp-dir "$WORK" -d "$C" "$M" > "$WORK/part.out"
    cmp "$WORK/part.out" "$WORK/proc.pipe" || fail "--proc --run-part $part differs"
  done
else
  echo "note: $PROC absent: --proc not compared with warcsumproc"
fi

# Unsorted input: the error names the line; -o writes nothing.
(sed -n 3p "$M"; sed -n 1,2p "$M"; sed -n '4,$p' "$M") > "$WORK/unsorted"
d1=$(sed -n 1p "$M" | cut -d' ' -f6)
d3=$(sed -n 3p "$M" | cut -d' ' -f6)
if [ "$d1" != "$d3" ]; then
  run "$COLLRES" -d "$C" -o "$WORK/unsorted.out" "$WORK/unsorted"
  expect_eq "unsorted exit status" 1 "$rc"
  expect_eq "unsorted error" \
    "warccollres: $WORK/unsorted: line 2: input not sorted by digest ($d1 after $d3); sort it with LC_ALL=C sort -k6,6; stopped there, the output is incomplete" \
    "$(errors "$WORK/err")"
  [ -z "$(ls "$WORK"/unsorted.out* 2>/dev/null)" ] || fail "unsorted input: -o file (or its .tmp) left"
else
  fail "the first and third lines share a digest: the unsorted check needs other lines"
fi

# A later stage's line (its own output, 7 fields) is refused, not cut down.
"$COLLRES" -q -d "$C" "$M" > "$WORK/seven" || true
run "$COLLRES" -d "$C" -o "$WORK/seven.out" "$WORK/seven"
expect_eq "7-field input exit status" 1 "$rc"
expect_eq "7-field input error" \
  "warccollres: $WORK/seven: line 1: expected a warcsum line (6 fields), found 7 fields (cut -d' ' -f1-6 takes them); stopped there, the output is incomplete" \
  "$(errors "$WORK/err")"

# check_kept NAME FILE OFFSET...: the run on NAME.m exits 1, its output is
# NAME.expected (no line dropped, the failed records apart), and stderr has
# exactly one "kept" error for each FILE OFFSET given, and no other.
check_kept() {
  local name=$1 dir=$2
  shift 2
  local kept=$(($# / 2))
  run "$COLLRES" -d "$dir" "$WORK/$name.m"
  expect_eq "$name: exit status" 1 "$rc"
  cmp "$WORK/out" "$WORK/$name.expected" ||
    { diff "$WORK/$name.expected" "$WORK/out" | head >&2; fail "$name: output"; }
  local where
  while [ $# -gt 0 ]; do
    where="$1: offset $2: "
    shift 2
    [ "$(grep -cF "warccollres: $where" "$WORK/err")" -eq 1 ] ||
      { cat "$WORK/err" >&2; fail "$name: no single error for $where"; }
    grep -F "warccollres: $where" "$WORK/err" | grep -q ' (kept as not a duplicate)$' ||
      fail "$name: $where not kept: $(grep -F "$where" "$WORK/err")"
  done
  expect_eq "$name: number of errors" "$kept" "$(errors "$WORK/err" | wc -l)"
  # On threads: the same lines and the same reports, in the same order.
  local errors_one_thread
  errors_one_thread=$(errors "$WORK/err")
  run "$COLLRES" -t 4 -d "$dir" "$WORK/$name.m"
  expect_eq "$name -t 4: exit status" 1 "$rc"
  cmp "$WORK/out" "$WORK/$name.expected" || fail "$name -t 4: output"
  expect_eq "$name -t 4: reports" "$errors_one_thread" "$(errors "$WORK/err")"
  grep -qE " [1-9][0-9]* records kept for errors, " "$WORK/err" || fail "$name: summary counts no error"
}

# A manifest offset one byte off: not a gzip member there.
edit wrong_offset '$4 == "http://a.example/3"' '$2 = $2 + 1'
off=$(awk '$4 == "http://a.example/3" { print $2 }' "$WORK/wrong_offset")
check_kept wrong_offset "$C" a.warc.gz "$off"

# A file that is nowhere.
edit missing '$4 == "http://b.example/1"' '$1 = "missing.warc.gz"'
off=$(awk '$4 == "http://b.example/1" { print $2 }' "$WORK/missing")
check_kept missing "$C" missing.warc.gz "$off"
expect_eq "missing file error" \
  "warccollres: missing.warc.gz: offset $off: cannot fetch: not found in any --warc-dir (kept as not a duplicate)" \
  "$(errors "$WORK/err")"

# Damaged members: the CRC-32 of the first copy of P1 and of a later one
# (payload bytes intact, only the trailer wrong), and a byte inside the stored
# data of a 1.5 MB copy (it inflates to other bytes: it must be kept for its
# CRC, not reported as a collision).
cp -r "$C" "$WORK/damaged-corpus"
python3 - "$WORK/damaged-corpus" "$WORK/all7" <<'EOF'
import sys
d, lines = sys.argv[1], open(sys.argv[2]).read().split('\n')
where = {l.split()[3]: l.split() for l in lines if l}
def flip(uri, pos):
    f = where[uri]
    with open(d + '/' + f[0], 'r+b') as w:
        at = int(f[1]) + (pos if pos >= 0 else int(f[2]) + pos)
        w.seek(at); b = w.read(1); w.seek(at); w.write(bytes([b[0] ^ 0x10]))
flip('http://a.example/1', -8)  # CRC-32
flip('http://b.example/1', -6)  # CRC-32
flip('http://b.example/z', 750000)
EOF
edit damaged '$4 == "http://a.example/1" || $4 == "http://b.example/1" || $4 == "http://b.example/z"' ''
awk '$4 ~ /^http:\/\/[ab]\.example\/[1z]$/ { print $1, $2 }' "$WORK/damaged" > "$WORK/damaged.where"
# shellcheck disable=SC2046
check_kept damaged "$WORK/damaged-corpus" $(cat "$WORK/damaged.where")
for u in http://a.example/1 http://b.example/1; do
  where=$(awk -v u="$u" '$4 == u { print $1 ": offset " $2 ": " }' "$WORK/damaged")
  grep -F "warccollres: $where" "$WORK/err" | grep -q 'CRC-32' || fail "damaged: $u: no CRC-32 error"
done
z=$(awk '$4 == "http://b.example/z" { print $1 ": offset " $2 }' "$WORK/damaged")
if grep ': same digest, different payloads: ' "$WORK/err" | grep -qF "$z "; then
  fail "damaged: a damaged record reported as a collision"
fi

# Memory: payloads of 200 MB compared in lockstep. Two are identical; the
# third differs in its last byte only (stored digest forged to match).
BIG="$WORK/big"
mkdir -p "$BIG"
python3 - "$BIG" $((200 * 1024 * 1024 + 4321)) > "$WORK/big.m" <<'EOF'
import base64, hashlib, os, random, sys, zlib
out, size = sys.argv[1], int(sys.argv[2])
r = random.Random(42)
words = [bytes(r.choice(b'abcdefghijklmnopqrstuvwxyz') for _ in range(r.randint(2, 9)))
         for _ in range(5000)]
block = bytearray()
while len(block) < 1 << 20:
    block += r.choice(words) + b' '
block = bytes(block[:1 << 20])
count, rest = divmod(size, len(block))
pieces = [block] * count + [block[:rest]]
sha = hashlib.sha1()
for p in pieces[:-1]:
    sha.update(p)
wrong = sha.copy()
sha.update(pieces[-1])
wrong.update(pieces[-1][:-1] + bytes([pieces[-1][-1] ^ 1]))
digest = sha.digest()
with open(os.path.join(out, 'big-3.sha1'), 'w') as f:
    f.write(wrong.hexdigest() + '\n')
uri, date = 'http://big.example/', '2020-02-02T00:00:00Z'
http = b'HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n' % size
head = ('WARC/1.0\r\nWARC-Type: response\r\n'
        'WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-000000000001>\r\n'
        'WARC-Date: %s\r\nWARC-Target-URI: %s\r\n'
        'Content-Type: application/http; msgtype=response\r\n'
        'WARC-Payload-Digest: sha1:%s\r\nContent-Length: %d\r\n\r\n'
        % (date, uri, base64.b32encode(digest).decode(), len(http) + size)).encode()
# One deflate stream up to the payload's last byte, written to all three
# files; then each ends its own way.
names = ['big-1.warc.gz', 'big-2.warc.gz', 'big-3.warc.gz']
files = [open(os.path.join(out, n), 'wb') for n in names]
for f in files:
    f.write(b'\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff')
c = zlib.compressobj(1, zlib.DEFLATED, -15)
crc, total = 0, 0
def feed(data):
    global crc, total
    crc, total = zlib.crc32(data, crc), total + len(data)
    z = c.compress(data)
    for f in files:
        f.write(z)
feed(head + http)
for p in pieces[:-1]:
    feed(p)
feed(pieces[-1][:-1])
last = pieces[-1][-1]
for which, byte in ((files[:2], last), (files[2:], last ^ 1)):
    end = bytes([byte]) + b'\r\n\r\n'
    cc = c.copy()
    data = cc.compress(end) + cc.flush()
    data += zlib.crc32(end, crc).to_bytes(4, 'little')
    data += ((total + len(end)) & 0xffffffff).to_bytes(4, 'little')
    for f in which:
        f.write(data)
for f in files:
    f.close()
for n in names:
    print(n, 0, os.path.getsize(os.path.join(out, n)), uri, date, 'sha1:' + digest.hex())
EOF
if [ -x /usr/bin/time ]; then
  run /usr/bin/time -f '%M' -o "$WORK/rss" "$COLLRES" -d "$BIG" "$WORK/big.m"
  rss=$(tail -n1 "$WORK/rss")
else
  run "$COLLRES" -d "$BIG" "$WORK/big.m"
  rss=""
  echo "note: /usr/bin/time absent: memory not measured"
fi
expect_eq "big: exit status" 0 "$rc"
expect_eq "big: extensions" "big-1.warc.gz 0;big-2.warc.gz 0;big-3.warc.gz 1;" \
  "$(awk '{ printf "%s %s;", $1, $7 }' "$WORK/out")"
expect_eq "big: report" "warccollres: same digest, different payloads: $(cut -d' ' -f6 "$WORK/big.m" | head -n1): big-1.warc.gz: offset 0 and big-3.warc.gz: offset 0: the stored digest of big-3.warc.gz: offset 0 is wrong (its payload's is sha1:$(cat "$BIG/big-3.sha1")); that of big-1.warc.gz: offset 0 agrees with its payload" \
  "$(grep -v ' lines, ' "$WORK/err")"
if [ -n "$rss" ]; then
  [ "$rss" -lt 65536 ] || fail "big: max RSS $rss KB, expected under 64 MB"
fi
rm -rf "$BIG"

# Memory: one payload captured 120,000 times (a popular script): the run is
# compared in parts, and ordered through temporary files for --proc, so it
# is never held whole (about 100 MB if it were).
LONG="$WORK/long"
mkdir -p "$LONG"
python3 - "$LONG/long.warc" <<'EOF'
import base64, hashlib, sys
payload = b"var tracker = 1;\n" * 12
digest = base64.b32encode(hashlib.sha1(payload).digest()).decode()
http = b"HTTP/1.1 200 OK\r\nContent-Type: text/javascript\r\n\r\n" + payload
with open(sys.argv[1], "wb") as f:
    for i in range(120000):
        head = ("WARC/1.0\r\nWARC-Type: response\r\n"
                "WARC-Target-URI: http://site%d.example/t.js\r\n"
                "WARC-Date: 2021-%02d-01T00:00:00Z\r\n"
                "WARC-Record-ID: <urn:uuid:%08d-0000-4000-8000-000000000000>\r\n"
                "WARC-Payload-Digest: sha1:%s\r\n"
                "Content-Type: application/http; msgtype=response\r\n"
                "Content-Length: %d\r\n\r\n" % (i, 12 - i % 12, i, digest, len(http))).encode()
        f.write(head + http + b"\r\n\r\n")
EOF
"$WARCSUM" -q "$LONG/long.warc" | LC_ALL=C sort -k6,6 > "$WORK/long.m"
for mode in plain proc; do
  flags=()
  [ "$mode" = proc ] && flags=(--proc --temp-dir "$LONG")
  if [ -x /usr/bin/time ]; then
    run /usr/bin/time -f '%M' -o "$WORK/rss" "$COLLRES" "${flags[@]}" -d "$LONG" "$WORK/long.m"
    long_rss=$(tail -n1 "$WORK/rss")
    [ "$long_rss" -lt 65536 ] || fail "long run ($mode): max RSS $long_rss KB, expected under 64 MB"
  else
    run "$COLLRES" "${flags[@]}" -d "$LONG" "$WORK/long.m"
  fi
  expect_eq "long run ($mode): exit status" 0 "$rc"
  [ "$(wc -l < "$WORK/out")" -eq 120000 ] || fail "long run ($mode): lines dropped"
  [ "$(cut -d' ' -f7 "$WORK/out" | sort -u)" = 0 ] || fail "long run ($mode): not one extension"
  cp "$WORK/out" "$WORK/long.$mode"
done
# --proc equals sort | warcsumproc, whose original is the earliest capture.
if [ -x "$PROC" ]; then
  LC_ALL=C sort -k6,6 -k7,7n -k5,5 -k1,1 -k2,2n "$WORK/long.plain" | "$PROC" > "$WORK/long.pipe"
  cmp "$WORK/long.proc" "$WORK/long.pipe" || fail "long run: --proc differs from sort | warcsumproc"
fi
expect_eq "long run: originals and copies" "1 119999" \
  "$(awk '$8 == 1 { o++ } $8 > 1 { d++ } END { print o, d }' "$WORK/long.proc")"
[ "$(ls "$LONG")" = long.warc ] || fail "long run: temporary files left in --temp-dir"
rm -rf "$LONG"
echo "ok: $lines lines, $n_coll collisions; 200 MB payloads compared in ${rss:-?} KB; a 120,000-record run in ${long_rss:-?} KB"
