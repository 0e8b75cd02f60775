# warcurlrules --clusters: near-duplicate clusters (warcnear --clusters
# lines) teach and judge beside the exact ones. Print versions whose bytes
# differ from their pages (no exact cluster) teach "/print/news/**" only through
# them; a bad line of the clusters file is reported with file and line, and
# learning goes on.
source "$(dirname "$0")/common.bash"
U="$BIN/warcurlrules/warcurlrules"
[ -x "$U" ] || fail "$U not built"
cd "$WORK"
hex() { printf '%040x' "$1"; }
for n in $(seq 1 30); do
  echo "c.warc.gz $((n * 10000)) 3000 http://a.com/news/p$n.html 2024-01-01T00:00:00Z sha1:$(hex "$n") 0 1 - -"
  echo "c.warc.gz $((n * 10000 + 5000)) 3000 http://a.com/print/news/p$n.html 2024-01-02T00:00:00Z sha1:$(hex $((n + 1000))) 0 1 - -"
done >m
for n in $(seq 1 30); do
  echo "c.warc.gz $((n * 10000)) $n c.warc.gz $((n * 10000)) 1.0000"
  echo "c.warc.gz $((n * 10000 + 5000)) $n c.warc.gz $((n * 10000)) 0.9100"
done >near

# Without the near-duplicate clusters every record is its own cluster.
run "$U" learn --held-out 0.5 --min-coverage 1 -o plain.rules m
expect_eq "exact only: exit" 0 "$rc"
expect_eq "exact only: no rule" "" "$(grep '^rule ' plain.rules || true)"

run "$U" learn --held-out 0.5 --min-coverage 1 --clusters near -o near.rules m
expect_eq "near: exit" 0 "$rc"
expect_eq "near: the print rule" "rule a.com /print/news/**?* -> \${host}/\${2}/\${**}?\${*}" \
  "$(grep '^rule ' near.rules | cut -d' ' -f1-5)"
grep -q '^warcurlrules: 60 records also in near-duplicate clusters (near)$' "$WORK/err" ||
  fail "near: summary: $(cat "$WORK/err")"
# eval judges through them as well.
run "$U" eval --thresholds 1 --clusters near near.rules m
expect_eq "eval: exit" 0 "$rc"
awk '$1 == "1" { exit !($5 == 30 && $6 == "1.0000") }' "$WORK/out" || fail "eval: $(cat "$WORK/out")"

# A bad line: named with its file and line; the others still count.
{ head -n 1 near; echo "c.warc.gz x 1"; tail -n +2 near; } >bad
run "$U" learn --held-out 0.5 --min-coverage 1 --clusters bad -q -o bad.rules m
expect_eq "bad line: exit" 1 "$rc"
expect_eq "bad line: message" "warcurlrules: bad: line 2: expected \"file offset cluster rep-file rep-offset similarity\" (warcnear --clusters), found \"c.warc.gz x 1\"" "$(cat "$WORK/err")"
cmp -s near.rules bad.rules || fail "bad line: the other lines did not count: $(diff near.rules bad.rules)"
echo "warcurlrules_near: ok"
