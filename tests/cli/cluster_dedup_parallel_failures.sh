# contrib/parallel/warcdedup-parallel when a step fails, on 3 simulated
# storage hosts: the run stops with a message naming the step and the host,
# runs no later stage, leaves no file half-written, and the same command,
# once the cause is gone, completes byte-identical to the one-machine run.
#   (a) a host's map fails (its data directory is gone);
#   (b) a reducer (warccollres) is killed mid-way;
#   (c) a host's network goes down during the rewrite stage (some hosts
#       rewritten, the next one cut off).
source "$SRC/tests/cli/cluster_dedup_parallel.bash"

# (a) h2's /srv/warc removed: its map fails; the other maps finish, nothing
# else runs; back in place, the same command completes.
S="$WORK/scratch-a"
"$CLUSTER" run "$CW" h2 sh -c 'umount /srv/warc && rmdir /srv/warc'
dedup "$S"
expect_failed "map h2 failed on h2 (exit 2; see above); the later stages were not run"
[ -d "$S/map/h1" ] && [ -d "$S/map/h3" ] || fail "the other maps did not finish"
[ ! -e "$S/map/h2" ] && [ ! -e "$S/reduce" ] && [ ! -e "$S/rewrite" ] || fail "steps ran after the failed map"
expect_untouched h1 h2 h3
"$CLUSTER" run "$CW" h2 sh -c "mkdir /srv/warc && mount --bind '$CW/hosts/h2/data' /srv/warc"
dedup "$S" --max-tasks 2
expect_complete

# (b) A reducer killed: while $WORK/slow exists, a shim holds warccollres's
# input open for 3 s (it has read the ranges, not the end), long enough for
# the watcher to find the real warccollres of this run and kill it.
S="$WORK/scratch-b"
clear_outputs
mkdir "$WORK/shim"
cat >"$WORK/shim/warccollres" <<SHIM
#!/bin/bash
PATH=\${PATH//"$WORK/shim:"/}
[ -e "$WORK/slow" ] || exec warccollres "\$@"
exec warccollres "\$@" < <(cat; sleep 3)
SHIM
chmod +x "$WORK/shim/warccollres"
touch "$WORK/slow"
(
  for _ in $(seq 300); do
    for pid in $(pgrep -f -- "--catalog $S/catalog" || true); do
      # The packaged one, as seen from here (the host sees it at $PKG_BIN).
      [ "/proc/$pid/exe" -ef "$CW/pkg/root/usr/bin/warccollres" ] || continue
      tr '\0' ' ' <"/proc/$pid/cmdline" >"$WORK/killed" || continue
      kill -KILL "$pid"
      rm "$WORK/slow"
      exit 0
    done
    sleep 0.02
  done
) &
watcher=$!
dedup "$S" --bin "$WORK/shim:$TOOLS"
wait "$watcher"
[ -s "$WORK/killed" ] || fail "the watcher found no reducer running"
# Its temporary directory names the range and the host: SCRATCH/reduce/K.tmp.HOST.PID.
read -r k host < <(grep -o "$S/reduce/[0-9]*\.tmp\.[a-z0-9]*" "$WORK/killed" | sed 's|.*/||; s|\.tmp\.| |')
expect_failed "reduce $k failed on $host (exit 2; see above); the later stages were not run"
[ ! -e "$S/reduce/$k" ] && [ ! -e "$S/rewrite" ] || fail "reduce $k done, or a rewrite ran"
expect_untouched h1 h2 h3
dedup "$S" --bin "$WORK/shim:$TOOLS"
expect_complete

# (c) h1 and h2 rewritten, h3 cannot be (its output directory is a file):
# the run fails. Then h3's link goes down: the run fails again, within the
# connect timeout, saying so; nothing half-written on any host. With the
# link up the same command completes. 12 ranges (the default for 3 hosts):
# their files have two-digit names.
S="$WORK/scratch-c"
clear_outputs
"$CLUSTER" run "$CW" h3 sh -c 'umount /srv/warc-out && rmdir /srv/warc-out && touch /srv/warc-out'
dedup "$S" --buckets 12
expect_failed "rewrite h3 failed on h3 (exit 2; see above)"
expect_rewritten h1 h2
expect_untouched h3
"$CLUSTER" run "$CW" h3 sh -c "rm /srv/warc-out && mkdir /srv/warc-out && mount --bind '$CW/hosts/h3/out' /srv/warc-out"
"$CLUSTER" net-down "$CW" h3
t=$EPOCHREALTIME
dedup "$S" --buckets 12
expect_failed "rewrite h3: cannot reach h3 over ssh, or the connection broke; the later stages were not run"
[ "$(awk -v a="$t" -v b="$EPOCHREALTIME" 'BEGIN { print (b - a < 10) }')" = 1 ] ||
  fail "a run with h3 cut off took $(seconds "$t") s"
expect_rewritten h1 h2
expect_untouched h3
[ ! -e "$S/rewrite/h3" ] && [ ! -e "$S/check" ] || fail "rewrite h3 or the check done"
expect_eq "temporary files" "" "$(find "$CW"/hosts/*/out "$CW"/hosts/*/data -name '.*')"
"$CLUSTER" net-up "$CW" h3
dedup "$S" --buckets 12
expect_complete

cluster_down_checked
echo "ok"
