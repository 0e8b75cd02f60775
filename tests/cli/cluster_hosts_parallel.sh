# The simulated storage hosts under GNU parallel over ssh
# (scripts/test-servers/cluster): 3 hosts, each with its own files at
# /srv/warc. --nonall runs once on each host, which sees its own hostname
# and files; --onall runs every argument on every host; a command failing
# on one host makes parallel exit non-zero; a host whose link is down
# (net-down) fails within the connect timeout and is back after net-up;
# teardown leaves no namespace, link or daemon behind.
source "$SRC/tests/cli/common.bash"
source "$SRC/scripts/test-servers/cluster/testlib.bash"
cluster_need parallel perl

mkdir -p "$CW"/hosts/{h1,h2,h3}/data
seq 1 100 >"$CW/hosts/h1/data/a.warc"
seq 101 200 >"$CW/hosts/h2/data/b1.warc"
seq 201 300 >"$CW/hosts/h2/data/b2.warc"
seq 1000 3000 >"$CW/hosts/h3/data/c.warc"
cluster_up 3
SSH="ssh -F $CLUSTER_SSH_CONFIG"
par() { parallel --will-cite --ssh "$SSH" "$@"; }

# Once on each host, output tagged by host.
par -S h1,h2,h3 --nonall --tag 'hostname; ls /srv/warc' >"$WORK/nonall"
expect_eq "--nonall" "$(printf 'h1\th1\nh1\ta.warc\nh2\th2\nh2\tb1.warc\nh2\tb2.warc\nh3\th3\nh3\tc.warc')" \
  "$(sort -s -k1,1 "$WORK/nonall")"

# Every argument on every host: each host has its own files only.
par -S h1,h2,h3 --onall 'if test -e /srv/warc/{}; then echo $(hostname) {}; fi' \
  ::: a.warc b2.warc c.warc >"$WORK/onall"
expect_eq "--onall" "$(printf 'h1 a.warc\nh2 b2.warc\nh3 c.warc')" "$(sort "$WORK/onall")"

# One host failing: parallel's exit status counts the failed jobs.
run par -S h1,h2,h3 --nonall '[ "$(hostname)" != h2 ]'
expect_eq "exit status with h2 failing" "1" "$rc"
run par -S h1,h2,h3 --nonall 'exit 0'
expect_eq "exit status with none failing" "0" "$rc"

# Plain ssh by name, also from one host to another: the same bytes.
$SSH h3 cat /srv/warc/c.warc >"$WORK/c.ssh"
cmp "$CW/hosts/h3/data/c.warc" "$WORK/c.ssh" || fail "ssh h3 cat: different bytes"
expect_eq "ssh h1 -> h2" "h2" "$("$CLUSTER" run "$CW" h1 $SSH h2 hostname)"

# A host cut off: ssh fails within ConnectTimeout, parallel exits non-zero;
# back after net-up.
"$CLUSTER" net-down "$CW" h3
t=$EPOCHREALTIME
run $SSH -o ConnectTimeout=2 h3 true
[ "$rc" -ne 0 ] || fail "ssh to h3 succeeded with its link down"
[ "$(awk -v a="$t" -v b="$EPOCHREALTIME" 'BEGIN { print (b - a < 10) }')" = 1 ] ||
  fail "ssh to a cut-off host took $(seconds "$t") s"
run parallel --will-cite --ssh "$SSH -o ConnectTimeout=2" -S h1,h3 --nonall hostname
[ "$rc" -ne 0 ] || fail "parallel succeeded with h3 cut off"
"$CLUSTER" net-up "$CW" h3
expect_eq "h3 after net-up" "h3" "$($SSH h3 hostname)"

cluster_down_checked
echo "ok"
