# warccollres over HTTP Range requests: the same output as from local files
# (nginx, -j 1 and -j 8), and for every way a server can misbehave
# (scripts/test-servers/badhttp.py) the records it serves are kept apart,
# named with the cause, and the exit status is 1; a 5xx that goes away after a
# retry changes nothing. Also: a 404, a stalled transfer (3 s stall timeout),
# a server that drips the body or the header one byte every 0.5 s (3 s
# record timeout), each run in the background, and 100 MB payloads streamed
# in bounded memory.
source "$SRC/tests/cli/common.bash"
source "$SRC/tests/cli/collres_corpus.bash"
COLLRES="$BIN/warccollres/warccollres"
WARCSUM="$BIN/warcsum/warcsum"
GEN="${TESTBIN:-$BIN/../tests}/warcgen"
SERVERS="$SRC/scripts/test-servers"
NGINX_BIN=${NGINX_BIN:-/usr/sbin/nginx}
[ -x "$COLLRES" ] || { echo "skipped: $COLLRES not built"; exit 77; }
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
[ -x "$NGINX_BIN" ] || { echo "skipped: $NGINX_BIN absent (Debian package nginx)"; exit 77; }
export NGINX_BIN

# Whatever happens, no server and no background run outlives the test.
bad_pid="" slow_pid="" drip_pid="" hdrs_pid=""
cleanup() {
  for pid in $slow_pid $drip_pid $hdrs_pid; do kill "$pid" 2>/dev/null || true; done
  if [ -n "$bad_pid" ]; then
    kill -TERM "$bad_pid" 2>/dev/null || true
    wait "$bad_pid" 2>/dev/null || true
  fi
  "$SERVERS/nginx.sh" stop "$WORK" || true
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

C="$WORK/corpus"
mkdir -p "$C"

crafted_spec | python3 "$MKWARC" "$C" > "$WORK/lines"
add_generated 22 6M 3
if [ -f "$INTEROP/pywb/example-extra.warc" ] && [ -x "$WARCSUM" ]; then
  cp "$INTEROP/pywb/example-extra.warc" "$C/"
  # (warcsum reports damage at 2701 and lists only the first response.)
  { "$WARCSUM" "$C/example-extra.warc" 2>/dev/null || true; } | awk '{ print $0, "extra-" NR }' >> "$WORK/lines"
fi
LC_ALL=C sort -k6,6 -k1,1 -k2,2n "$WORK/lines" > "$WORK/all7"
# 100 MB payloads: two identical, one differing in its last byte.
python3 "$MKWARC" "$C" > "$WORK/big7" <<'EOF'
big-a.warc.gz http://big.example/1 rep 3 100000000 name=B level=1
big-b.warc.gz http://big.example/2 rep 3 100000000 level=1
big-b.warc.gz http://big.example/3 rep 3 100000000 flip=-1 forge=B level=1
EOF

derive "$WORK/all7"
M="$WORK/all7.m"

start_nginx() {
  local port
  for _ in $(seq 20); do
    port=$((18000 + RANDOM % 20000))
    if "$SERVERS/nginx.sh" start "$WORK" "$C" "$port" 2>>"$WORK/nginx-start.log"; then
      NPORT=$port
      return 0
    fi
  done
  fail "nginx did not start: $(tail -n3 "$WORK/nginx-start.log")"
}
start_badhttp() {
  local port
  for _ in $(seq 20); do
    port=$((18000 + RANDOM % 20000))
    : > "$WORK/bad.port"
    python3 "$SERVERS/badhttp.py" "$port" "$C" < /dev/null > "$WORK/bad.port" 2> "$WORK/bad.log" &
    bad_pid=$!
    for _ in $(seq 300); do
      [ -s "$WORK/bad.port" ] && break
      kill -0 "$bad_pid" 2>/dev/null || break
      sleep 0.1
    done
    if [ -s "$WORK/bad.port" ]; then
      BPORT=$(cat "$WORK/bad.port")
      return 0
    fi
    kill "$bad_pid" 2>/dev/null || true
    wait "$bad_pid" 2>/dev/null || true
    bad_pid=""
  done
  fail "badhttp.py did not start: $(tail -n3 "$WORK/bad.log")"
}
start_nginx
start_badhttp
NGX="http://127.0.0.1:$NPORT/"
BAD="http://127.0.0.1:$BPORT"

# A stalled transfer: headers, then nothing for 60 s. With --stall-timeout 3
# it fails after about 3 s; it runs in the background while the rest goes on
# all the same. Two copies of P1, no retries.
p1=$(awk '$4 == "http://a.example/1" { print $6 }' "$WORK/all7")
grep " $p1\$" "$M" | head -n2 > "$WORK/slow.m"
slow_start=$SECONDS
"$COLLRES" --retries 0 --stall-timeout 3 --url-prefix "$BAD/slow/" "$WORK/slow.m" > "$WORK/slow.out" 2> "$WORK/slow.err" &
slow_pid=$!
# Servers that never fall silent but send one byte every 0.5 s, the body
# (drip) or the header (slow-headers): with --record-timeout 3 each record
# fails after 3 s plus 1 s per 1000 bytes (--min-rate), well before the 30 s
# rate window ends.
# timed NAME COMMAND...: runs COMMAND, writes how long it took to NAME.time.
timed() {
  local name=$1 start=$SECONDS
  shift
  set +e
  "$@" > "$WORK/$name.out" 2> "$WORK/$name.err"
  local status=$?
  echo $((SECONDS - start)) > "$WORK/$name.time"
  return $status
}
timed drip "$COLLRES" --retries 0 --record-timeout 3 --url-prefix "$BAD/drip/" "$WORK/slow.m" &
drip_pid=$!
timed hdrs "$COLLRES" --retries 0 --record-timeout 3 --url-prefix "$BAD/slow-headers/" "$WORK/slow.m" &
hdrs_pid=$!

# Local reference.
run "$COLLRES" -d "$C" "$M"
expect_eq "local exit status" 0 "$rc"
cmp "$WORK/out" "$WORK/all7.expected" || fail "local output differs from the payloads' identity"
cp "$WORK/err" "$WORK/local.err"

# nginx, one and eight transfers: the same bytes, the same report.
for j in 1 8; do
  run "$COLLRES" -j "$j" --url-prefix "$NGX" "$M"
  expect_eq "nginx -j $j exit status" 0 "$rc"
  cmp "$WORK/out" "$WORK/all7.expected" ||
    { diff "$WORK/all7.expected" "$WORK/out" | head >&2; fail "nginx -j $j output differs from local"; }
  expect_eq "nginx -j $j collisions" "$(grep -v ' lines, ' "$WORK/local.err")" \
    "$(grep -v ' lines, ' "$WORK/err")"
done
# --catalog: each file from its own URL prefix (warchostcatalog(5)); here
# two spellings of the one nginx, one per "host", the same bytes as local.
awk '{ print $1 }' "$M" | LC_ALL=C sort -u |
  awk -v a="$NGX" -v b="${NGX/127.0.0.1/localhost}" \
    '{ print $1, (NR % 2 ? "h1 " a : "h2 " b) }' > "$WORK/catalog"
grep -q ' h2 http://localhost:' "$WORK/catalog" || fail "catalog: no second host"
run "$COLLRES" -j 4 --catalog "$WORK/catalog" "$M"
expect_eq "catalog: exit status" 0 "$rc"
cmp "$WORK/out" "$WORK/all7.expected" || fail "catalog: output differs from local"
# A file whose prefix leads nowhere, and one with none: their records are
# kept as not duplicates, each named with its cause.
first=$(head -1 "$WORK/catalog" | awk '{ print $1 }')
second=$(sed -n 2p "$WORK/catalog" | awk '{ print $1 }')
awk -v f="$first" -v s="$second" -v n="$NGX" '
  $1 == f { print $1, $2, n "nowhere/"; next }
  $1 == s { print $1, $2; next }
  { print }' "$WORK/catalog" > "$WORK/catalog.bad"
run "$COLLRES" --retries 0 --catalog "$WORK/catalog.bad" "$M"
expect_eq "catalog.bad: exit status" 1 "$rc"
grep -q "^warccollres: $first: offset [0-9]*: ${NGX}nowhere/$first: .*(kept as not a duplicate)" "$WORK/err" ||
  { cat "$WORK/err" >&2; fail "catalog.bad: no error for the wrong prefix"; }
grep -q "^warccollres: $second: offset [0-9]*: $second: no URL prefix for it in the host catalog (kept as not a duplicate)" "$WORK/err" ||
  { cat "$WORK/err" >&2; fail "catalog.bad: no error for the missing prefix"; }
run "$COLLRES" --catalog "$WORK/no-such-catalog" "$M"
expect_eq "missing catalog: exit status (as a bad --db config)" 2 "$rc"

# Bytes fetched over HTTP: the ranges received, here each once and whole.
trio trio
run "$COLLRES" --url-prefix "$NGX" "$WORK/trio.m"
expect_eq "trio: exit status" 0 "$rc"
expect_eq "trio: summary" "$(cat "$WORK/trio.summary")" "$(summary "$WORK/err")"

# check_kept NAME CAUSE: the run left out.m/err for NAME.m; it must exit 1,
# write NAME.expected, and give each line in NAME.broken exactly one error
# "FILE: offset N: ...CAUSE... (kept as not a duplicate)", and no other error.
check_kept() {
  local name=$1 cause=$2 file offset where
  expect_eq "$name: exit status" 1 "$rc"
  cmp "$WORK/out" "$WORK/$name.expected" ||
    { diff "$WORK/$name.expected" "$WORK/out" | head >&2; cat "$WORK/err" >&2; fail "$name: output"; }
  while read -r file offset; do
    where="warccollres: $file: offset $offset: "
    [ "$(grep -cF "$where" "$WORK/err")" -eq 1 ] ||
      { cat "$WORK/err" >&2; fail "$name: not exactly one error for $file: offset $offset"; }
    grep -F "$where" "$WORK/err" | grep -F -- "$cause" | grep -q ' (kept as not a duplicate)$' ||
      fail "$name: $file: offset $offset: expected \"$cause\", kept: $(grep -F "$where" "$WORK/err")"
  done < "$WORK/$name.broken"
  expect_eq "$name: number of errors" "$(wc -l < "$WORK/$name.broken")" "$(errors "$WORK/err" | wc -l)"
}

# A file the server does not have: 404, not retried.
awk '$4 == "http://b.example/1" { $1 = "nothere.warc.gz"; $7 = "gone" } { print }' "$WORK/all7" > "$WORK/404"
derive "$WORK/404"
awk '$7 == "gone" { print $1, $2 }' "$WORK/404" > "$WORK/404.broken"
run "$COLLRES" --url-prefix "$NGX" "$WORK/404.m"
check_kept 404 "${NGX}nothere.warc.gz: HTTP 404"

# The misbehaving server, on the runs of P1 (small records) and P2 (1.5 MB,
# streamed): whatever it sends, nothing is proven, every record is kept.
p2=$(awk '$4 == "http://a.example/2" { print $6 }' "$WORK/all7")
awk -v p1="$p1" -v p2="$p2" '$6 == p1 || $6 == p2 { $7 = "bad-" NR; print }' "$WORK/all7" > "$WORK/bad"
derive "$WORK/bad"
cut -d' ' -f1,2 "$WORK/bad" > "$WORK/bad.broken"
# requests MODE: how many requests badhttp.py got for the first record of P1
# (any range ending where it ends: a broken transfer resumes).
last=$(awk '$4 == "http://a.example/1" { print $2 + $3 - 1 }' "$WORK/all7")
requests() { grep -cE "\"GET /$1/a\\.warc\\.gz HTTP/1\\.1\" bytes=[0-9]+-$last\$" "$WORK/bad.log" || true; }
for mode_cause in \
    "ignore-range|HTTP 200 instead of 206: the server ignored the Range request" \
    "truncate|body ended after" \
    "error500|HTTP 500" \
    "close|Server returned nothing" \
    "wrong-range|is not the requested range"; do
  mode=${mode_cause%%|*}
  cause=${mode_cause#*|}
  run "$COLLRES" --url-prefix "$BAD/$mode/" "$WORK/bad.m"
  check_kept "bad" "$cause"
  grep -qF "$BAD/$mode/" "$WORK/err" || fail "$mode: the errors do not name the URL"
  # 5xx and broken transfers are retried (3 times by default), the others not.
  case $mode in
    ignore-range|wrong-range) want=1 ;;
    *) want=4 ;;
  esac
  expect_eq "$mode: requests for the first record" "$want" "$(requests "$mode")"
  # A body cut short: each attempt resumes where the last one ended and gets
  # half of what it asks. The error names the file and offset once and says
  # how far the transfer got.
  if [ "$mode" = truncate ]; then
    expect_eq "truncate: errors" \
      "$(awk -v url="$BAD/truncate/" '{ left = $3; got = 0
           for (a = 0; a < 4; a++) { half = int(left / 2); got += half; left -= half }
           print "warccollres: " $1 ": offset " $2 ": " url $1 ": body ended after " got " of " $3 \
             " bytes (kept as not a duplicate)" }' "$WORK/bad" | sort)" \
      "$(errors "$WORK/err" | sort)"
  fi
done

# A 500 that goes away on retry: exactly the local result.
run "$COLLRES" -v --url-prefix "$BAD/flaky500/" "$M"
expect_eq "flaky500 exit status" 0 "$rc"
cmp "$WORK/out" "$WORK/all7.expected" || fail "flaky500 output differs from local"
grep -qE '^warccollres: http: [0-9]+ requests, [1-9][0-9]* retries$' "$WORK/err" ||
  fail "flaky500: no retries reported: $(tail -n1 "$WORK/err")"
expect_eq "flaky500: requests for the first record" 2 "$(requests flaky500)"

# 100 MB payloads through nginx: streamed with pauses, memory bounded.
derive "$WORK/big7"
if [ -x /usr/bin/time ]; then
  run /usr/bin/time -f '%M' -o "$WORK/rss" "$COLLRES" --url-prefix "$NGX" "$WORK/big7.m"
  rss=$(tail -n1 "$WORK/rss")
else
  run "$COLLRES" --url-prefix "$NGX" "$WORK/big7.m"
  rss=""
fi
expect_eq "big exit status" 0 "$rc"
expect_eq "big extensions" "0 0 1" "$(cut -d' ' -f7 "$WORK/out" | xargs)"
cmp "$WORK/out" "$WORK/big7.expected" || fail "big output"
if [ -n "$rss" ]; then
  [ "$rss" -lt 65536 ] || fail "big: max RSS $rss KB over HTTP, expected under 64 MB"
fi

# A record whose bytes change while a long run is compared part by part
# (--run-part 2): in the first part m/1 and m/2 differ; when the first
# records of those two groups are read again for the second part, m/1 has
# become m/2's payload. Equal to two groups found different before, m/3 (also
# m/2's payload) proves nothing and is kept apart; m/4 (m/1's first payload)
# starts a group of its own. Random payloads of one size give members of one
# size (stored, level 0), so the changed file has the same offsets.
mkdir -p "$WORK/mut-later"
python3 "$MKWARC" "$C" > "$WORK/mut" <<'EOF_SPEC'
mut.warc.gz http://m.example/1 rand 11 5000 name=M level=0
mut.warc.gz http://m.example/2 rand 12 5000 forge=M level=0
mut.warc.gz http://m.example/3 rand 12 5000 forge=M level=0
mut.warc.gz http://m.example/4 rand 11 5000 forge=M level=0
EOF_SPEC
python3 "$MKWARC" "$WORK/mut-later" > "$WORK/mut-later.lines" <<'EOF_SPEC'
mut.warc.gz http://m.example/1 rand 12 5000 name=M level=0
mut.warc.gz http://m.example/2 rand 12 5000 forge=M level=0
mut.warc.gz http://m.example/3 rand 12 5000 forge=M level=0
mut.warc.gz http://m.example/4 rand 11 5000 forge=M level=0
EOF_SPEC
expect_eq "changing: the changed file has the same offsets" "$(cut -d' ' -f2,3 "$WORK/mut")" \
  "$(cut -d' ' -f2,3 "$WORK/mut-later.lines")"
cp "$WORK/mut-later/mut.warc.gz" "$C/mut.warc.gz.later"
cut -d' ' -f1-6 "$WORK/mut" > "$WORK/mut.m"
run "$COLLRES" --run-part 2 --url-prefix "$BAD/changing/" "$WORK/mut.m"
expect_eq "changing: exit status" 1 "$rc"
expect_eq "changing: extensions" "0 1 2 3" "$(cut -d' ' -f7 "$WORK/out" | xargs)"
m3=$(awk '$4 == "http://m.example/3" { print $2 }' "$WORK/mut")
expect_eq "changing: errors" \
  "warccollres: mut.warc.gz: offset $m3: compared equal to two groups found different before (kept as not a duplicate)" \
  "$(errors "$WORK/err")"
# The same run without the change: m/3 and m/4 join the groups of the first part.
rm "$C/mut.warc.gz.later"
run "$COLLRES" --run-part 2 --url-prefix "$BAD/changing/" "$WORK/mut.m"
expect_eq "unchanged: exit status" 0 "$rc"
expect_eq "unchanged: extensions" "0 1 1 0" "$(cut -d' ' -f7 "$WORK/out" | xargs)"

# The stalled, dripping and slow-header transfers: all kept, each once
# requested (no retries), in bounded time.
awk '{ $7 = "slow-" NR; print }' "$WORK/slow.m" > "$WORK/slow"
derive "$WORK/slow"
cut -d' ' -f1,2 "$WORK/slow" > "$WORK/slow.broken"
# finish NAME PID: waits for the background run, takes its output.
finish() {
  set +e
  wait "$2"
  rc=$?
  set -e
  cp "$WORK/$1.out" "$WORK/out"
  cp "$WORK/$1.err" "$WORK/err"
}
finish slow "$slow_pid"
slow_pid=""
slow_seconds=$((SECONDS - slow_start))
check_kept slow "too slow: 0 bytes in the last 3 s, less than --min-rate 1000 bytes/s (0 of "
finish drip "$drip_pid"
drip_pid=""
check_kept slow "timed out (--record-timeout): "
grep -F "timed out (--record-timeout): " "$WORK/err" |
  grep -qE ': [0-9]+ of [0-9]+ bytes received after [0-9]+ s \(kept as not a duplicate\)$' ||
  fail "drip: the errors do not say how far the record got: $(cat "$WORK/err")"
finish hdrs "$hdrs_pid"
hdrs_pid=""
check_kept slow "timed out (--record-timeout): the reply's header had not ended after "
# About 5 s each; the bound leaves room for a loaded machine, and is still
# far below the 30 s rate window and the minutes these runs took before.
for name in drip hdrs; do
  [ "$(cat "$WORK/$name.time")" -le 20 ] ||
    fail "$name: the run took $(cat "$WORK/$name.time") s, expected about 5"
done
for mode in drip slow-headers; do
  expect_eq "$mode: requests" 2 "$(grep -c "\"GET /$mode/" "$WORK/bad.log")"
done

echo "ok: nginx -j 1/-j 8 = local ($(wc -l < "$M") lines); 404, 5 misbehaviours kept, flaky500 retried;" \
  "100 MB payloads in ${rss:-?} KB; stall timeout after ${slow_seconds} s;" \
  "drip and slow headers failed after $(cat "$WORK/drip.time") and $(cat "$WORK/hdrs.time") s"
