# warccollres --db: record URLs from a MariaDB path index (a private server
# from scripts/test-servers/mariadb.sh), records from nginx. Checks the
# results equal local ones over TCP and the unix socket, that a file's
# replicas are tried in the order the index gives them (the first a 404), and
# that a file missing from the index, a wrong password and a stopped server
# each keep every fetched record apart with a clear error and exit 1.
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
for b in mariadbd mariadb-install-db mariadb mariadb-admin; do
  command -v "$b" >/dev/null || [ -x "/usr/sbin/$b" ] ||
    { echo "skipped: $b absent (Debian package mariadb-server)"; exit 77; }
done
export NGINX_BIN

# Whatever happens, no server outlives the test.
cleanup() {
  "$SERVERS/mariadb.sh" stop "$WORK" || true
  "$SERVERS/nginx.sh" stop "$WORK" || true
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

C="$WORK/corpus"
mkdir -p "$C"

crafted_spec | python3 "$MKWARC" "$C" > "$WORK/lines"
add_generated 23 4M 2
LC_ALL=C sort -k6,6 -k1,1 -k2,2n "$WORK/lines" > "$WORK/all7"

derive "$WORK/all7"
M="$WORK/all7.m"

# Two "stores" with the same files; "gone" has none.
mkdir -p "$WORK/www"
ln -s "$C" "$WORK/www/store1"
ln -s "$C" "$WORK/www/store2"
for _ in $(seq 20); do
  port=$((18000 + RANDOM % 20000))
  if "$SERVERS/nginx.sh" start "$WORK" "$WORK/www" "$port" 2>>"$WORK/start.log"; then
    NGX="http://127.0.0.1:$port"
    break
  fi
done
[ -n "${NGX:-}" ] || fail "nginx did not start: $(tail -n3 "$WORK/start.log")"
for _ in $(seq 20); do
  port=$((18000 + RANDOM % 20000))
  if "$SERVERS/mariadb.sh" start "$WORK" "$port" >/dev/null 2>>"$WORK/start.log"; then
    DBPORT=$port
    break
  fi
done
[ -n "${DBPORT:-}" ] || fail "MariaDB did not start: $(tail -n3 "$WORK/start.log")"

# The index: b.warc.gz has two URLs, a 404 first. Rows come back in the order
# they were inserted (no ORDER BY: the index's own order).
{
  echo "DELETE FROM warcdedup_test.path_index;"
  for f in $(cut -d' ' -f1 "$M" | sort -u); do
    if [ "$f" = b.warc.gz ]; then
      echo "INSERT INTO warcdedup_test.path_index VALUES ('$f', '$NGX/gone/$f');"
      echo "INSERT INTO warcdedup_test.path_index VALUES ('$f', '$NGX/store2/$f');"
    else
      echo "INSERT INTO warcdedup_test.path_index VALUES ('$f', '$NGX/store1/$f');"
    fi
  done
} | "$SERVERS/mariadb.sh" sql "$WORK"
cat > "$WORK/tcp.conf" <<EOF
# the test server, over TCP
host=127.0.0.1
port=$DBPORT
user=dedup
password=secret
database=warcdedup_test
table=path_index
filename_column=filename
url_column=url
EOF
cat > "$WORK/socket.conf" <<EOF
socket=$WORK/mariadb/mysql.sock
user=dedup
password=secret
database=warcdedup_test
EOF

# Through the index: the local result, over TCP and the socket.
for conf in tcp socket; do
  : > "$WORK/nginx/access.log"
  run "$COLLRES" --db "$WORK/$conf.conf" "$M"
  expect_eq "$conf: exit status" 0 "$rc"
  cmp "$WORK/out" "$WORK/all7.expected" ||
    { diff "$WORK/all7.expected" "$WORK/out" | head >&2; cat "$WORK/err" >&2; fail "$conf: output"; }
  expect_eq "$conf: errors" "" "$(errors "$WORK/err")"
done
# Replicas in order: every range of b.warc.gz was asked of store2 only after
# "gone" answered 404 for it, and nothing else failed.
# (Log lines: IP [TIME ZONE] "GET PATH HTTP/1.1" STATUS BYTES "RANGE".)
awk '
  $5 == "/gone/b.warc.gz" { if ($7 != 404) bad = bad " gone:" $7; gone[$NF] = 1; ++n_gone; next }
  $5 == "/store2/b.warc.gz" { if (!($NF in gone)) bad = bad " store2-first:" $NF; ++n_store2; next }
  $7 != 206 { bad = bad " status:" $7 }
  END { if (bad != "" || n_gone == 0 || n_gone != n_store2) {
          print "replicas:" bad " (" n_gone " to gone, " n_store2 " to store2)"; exit 1 } }' \
  "$WORK/nginx/access.log" || fail "replicas not tried in order (see above)"

# Bytes fetched through the index: the ranges received, each once and whole
# (b.warc.gz's 404s from "gone" bring none).
trio trio
run "$COLLRES" --db "$WORK/tcp.conf" "$WORK/trio.m"
expect_eq "trio: exit status" 0 "$rc"
expect_eq "trio: summary" "$(cat "$WORK/trio.summary")" "$(summary "$WORK/err")"

# check_kept NAME CAUSE: the run left out/err for NAME.m; it must exit 1,
# write NAME.expected, give each line of NAME.broken exactly one error
# "FILE: offset N: ...CAUSE... (kept as not a duplicate)", and no other.
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

# A file the index does not know.
awk '$4 == "http://a.example/3" { $1 = "unindexed.warc.gz"; $7 = "unindexed" } { print }' \
  "$WORK/all7" > "$WORK/unindexed"
derive "$WORK/unindexed"
awk '$7 == "unindexed" { print $1, $2 }' "$WORK/unindexed" > "$WORK/unindexed.broken"
run "$COLLRES" --db "$WORK/tcp.conf" "$WORK/unindexed.m"
check_kept unindexed "not in the path index"

# No URL can be had: every record that has to be fetched (those sharing a
# digest) is kept apart; the others are never fetched and keep 0.
awk '{ n[$6]++; line[NR] = $0; d[NR] = $6 }
     END { for (i = 1; i <= NR; i++) { $0 = line[i]; if (n[d[i]] > 1) $7 = "nourl-" i; print } }' \
  "$WORK/all7" > "$WORK/nourl"
derive "$WORK/nourl"
awk '$7 ~ /^nourl-/ { print $1, $2 }' "$WORK/nourl" > "$WORK/nourl.broken"
[ "$(wc -l < "$WORK/nourl.broken")" -ge 10 ] || fail "too few fetched records for the failure checks"

sed 's/^password=secret$/password=wrong/' "$WORK/tcp.conf" > "$WORK/wrong.conf"
run "$COLLRES" --db "$WORK/wrong.conf" "$M"
check_kept nourl "path index database: Access denied for user 'dedup'@'127.0.0.1'"

# A configuration that does not parse: a usage error, before any work.
printf 'hots=127.0.0.1\ndatabase=warcdedup_test\n' > "$WORK/typo.conf"
run "$COLLRES" --db "$WORK/typo.conf" "$M"
expect_eq "typo: exit status" 2 "$rc"
expect_eq "typo: error" "warccollres: $WORK/typo.conf: line 1: unknown key \"hots\"
Try 'warccollres --help' for more information." "$(cat "$WORK/err")"
expect_eq "typo: output" "" "$(cat "$WORK/out")"

# The server stopped: over TCP and over the socket.
"$SERVERS/mariadb.sh" stop "$WORK"
run "$COLLRES" --db "$WORK/tcp.conf" "$M"
check_kept nourl "path index database: Can't connect to server on '127.0.0.1'"
run "$COLLRES" --db "$WORK/socket.conf" "$M"
check_kept nourl "path index database: Can't connect to local server through socket '$WORK/mariadb/mysql.sock'"
echo "ok: $(wc -l < "$M") lines through the index; $(wc -l < "$WORK/nourl.broken") records kept when the index is unusable"
