# warcdedup-slurm when things go wrong, on 3 simulated hosts under a real
# Slurm: (a) a host's map fails (its data directory is not mounted); (b) a
# reduce task is cancelled while it runs; (f) the driver is stopped; (c) a
# host's network goes down while the reduce tasks run; (e) a new run while
# that host is down; (d) one host's rewrite fails while the others rewrite;
# (g) a reduce task's merge (sort -m) dies mid-way. Each time the driver
# exits non-zero naming the step and its log, no job is left pending or
# running, no input is changed and no temporary file is left; then the same
# command resumes (submitting only what is not done) and every host's files
# are byte-identical to the one-machine warcdedup's.
source "$SRC/tests/cli/common.bash"
source "$SRC/scripts/test-servers/cluster/testlib.bash"
source "$SRC/tests/cli/cluster_dedup_slurm.bash"

# Fault injection: a reduce task waits before warccollres (60 s at most)
# while $WORK/hold/reduce-TASK or $WORK/hold/reduce-all exists, so that the
# test can act while it runs.
mkdir -p "$WORK/wrap" "$WORK/hold"
cat >"$WORK/wrap/warccollres" <<EOF
#!/bin/bash
for _ in \$(seq 300); do
  [ -e "$WORK/hold/reduce-\${SLURM_ARRAY_TASK_ID:-}" ] || [ -e "$WORK/hold/reduce-all" ] || break
  sleep 0.2
done
exec "$PKG_BIN/warccollres" "\$@"
EOF
chmod +x "$WORK/wrap/warccollres"
# And while $WORK/hold/sort-dies exists, reduce task 2's merge of its ranges
# writes one line and is killed (as by the OOM killer): what warccollres
# reads looks complete, only sort's exit status tells.
real_sort=$(command -v sort)
cat >"$WORK/wrap/sort" <<EOF
#!/bin/bash
if [ "\$1 \$2" = "-m -k6,6" ] && [ "\${SLURM_ARRAY_TASK_ID:-}" = 2 ] && [ -e "$WORK/hold/sort-dies" ]; then
  "$real_sort" "\$@" | head -n 1
  kill -KILL \$\$
fi
exec "$real_sort" "\$@"
EOF
chmod +x "$WORK/wrap/sort"
TOOLS=$WORK/wrap:$TOOLS

# wait_for WHAT SECONDS CMD...: until CMD succeeds.
wait_for() {
  local what=$1 n=$(($2 * 5))
  shift 2
  until "$@"; do
    ((--n > 0)) || fail "waited in vain for $what: $(squeue -r -o '%i %j %T %r %N')"
    sleep 0.2
  done
}
reduce_running_on() { squeue -h -r -n warcdedup-reduce -t R -o '%i %N' | grep -q " $1\$"; }
# slurm_dedup_bg NAME ARGS...: slurm_dedup in the background; slurm_dedup_wait: its end.
slurm_dedup_bg() {
  slurm_cmd "$@"
  "${cmd[@]}" >"$WORK/out" 2>"$WORK/err" &
  bg_pid=$!
}
slurm_dedup_wait() {
  set +e
  wait "$bg_pid"
  rc=$?
  set -e
}
# submitted NAME JOB: how many times the runs in scratch-NAME submitted JOB.
submitted() { grep -c " warcdedup-$2\$" "$WORK/scratch-$1/slurm/jobs"; }

make_corpus
cluster_up 3 slurm
install_tools
make_reference

# (a) h2's data directory is not mounted: its map fails, everything after
# it is cancelled, nothing is written anywhere.
mount_outdir out-a
"$CLUSTER" run "$CW" h2 sh -c 'umount /srv/warc && rmdir /srv/warc'
slurm_dedup out-a
[ "$rc" -eq 1 ] || fail "(a) exit $rc: $(cat "$WORK/err")"
grep -q "^warcdedup-slurm: map h2 failed (exit status 2 on h2); its log: $WORK/scratch-out-a/slurm/map-h2.out\$" \
  "$WORK/err" || fail "(a) the failed step is not named: $(cat "$WORK/err")"
grep -q "warcdedup-step: /srv/warc: no such directory on h2" "$WORK/err" || fail "(a) no cause: $(cat "$WORK/err")"
expect_queue_idle
# map h1 and map h3 completed, or were cancelled as the rest (then run again).
expect_eq "(a) the states of the jobs" "warcdedup-check CANCELLED
warcdedup-map-h2 FAILED
warcdedup-reduce CANCELLED
warcdedup-rewrite-h1 CANCELLED
warcdedup-rewrite-h2 CANCELLED
warcdedup-rewrite-h3 CANCELLED" "$(squeue -h -t all -o '%j %T' | grep -v -e '^warcdedup-map-h[13] ' | sort)"
declare -A maps_expected=([h2]=2)
for h in h1 h3; do
  case $(squeue -h -t all -n "warcdedup-map-$h" -o %T) in
    COMPLETED) maps_expected[$h]=1 ;;
    CANCELLED) maps_expected[$h]=2 ;;
    *) fail "(a) map $h: $(squeue -t all -n "warcdedup-map-$h")" ;;
  esac
done
expect_nothing_written out-a
"$CLUSTER" run "$CW" h2 sh -c "mkdir /srv/warc && mount --bind '$CW/hosts/h2/data' /srv/warc"
slurm_dedup out-a
expect_done out-a
expect_eq "(a) maps submitted: h1, h2, h3" "${maps_expected[h1]} 2 ${maps_expected[h3]}" \
  "$(submitted out-a map-h1) $(submitted out-a map-h2) $(submitted out-a map-h3)"

# (b) reduce task 1 cancelled while it runs; the run fails; a second driver
# on the same plan meanwhile refuses to start; then the run resumes.
mount_outdir out-b
touch "$WORK/hold/reduce-1"
slurm_dedup_bg out-b
wait_for "reduce task 1 to run" 20 eval 'squeue -h -r -n warcdedup-reduce -t R -o %i | grep -q _1$'
slurm_cmd out-b
"${cmd[@]}" >"$WORK/out2" 2>"$WORK/err2" && fail "(b) a second driver ran"
grep -q "jobs of an earlier run of this plan are still queued" "$WORK/err2" ||
  fail "(b) a second driver on the same plan did not refuse: $(cat "$WORK/err2")"
scancel "$(squeue -h -r -n warcdedup-reduce -t R -o %i | grep '_1$')"
slurm_dedup_wait
[ "$rc" -eq 1 ] || fail "(b) exit $rc: $(cat "$WORK/err")"
grep -q "^warcdedup-slurm: reduce 1 failed (cancelled on h[123]); its log: $WORK/scratch-out-b/slurm/reduce-1.out\$" \
  "$WORK/err" || fail "(b) the failed step is not named: $(cat "$WORK/err")"
rm "$WORK/hold/reduce-1"
expect_queue_idle
expect_nothing_written out-b
[ ! -e "$WORK/scratch-out-b/reduce/1" ] || fail "(b) reduce 1 is done after all"
slurm_dedup out-b
expect_done out-b

# (f) the driver is stopped (SIGTERM) while the reduce tasks run: it
# cancels its jobs; the same command resumes.
mount_outdir out-f
touch "$WORK/hold/reduce-all"
slurm_dedup_bg out-f
wait_for "a reduce task to run" 20 eval 'squeue -h -n warcdedup-reduce -t R | grep -q .'
kill -TERM "$bg_pid"
slurm_dedup_wait
rm "$WORK/hold/reduce-all"
[ "$rc" -eq 130 ] || fail "(f) exit $rc: $(cat "$WORK/err")"
grep -q "^warcdedup-slurm: interrupted; the jobs were cancelled; the same command resumes\$" "$WORK/err" ||
  fail "(f) no message: $(cat "$WORK/err")"
expect_queue_idle
expect_nothing_written out-f
slurm_dedup out-f
expect_done out-f

# (c) h2's network goes down while the reduce tasks run (one of them on h2):
# Slurm sets h2 DOWN, its task fails (NODE_FAIL), the rest is cancelled.
mount_outdir out-c
touch "$WORK/hold/reduce-all"
slurm_dedup_bg out-c
wait_for "a reduce task on h2" 20 reduce_running_on h2
"$CLUSTER" net-down "$CW" h2
slurm_dedup_wait
[ "$rc" -eq 1 ] || fail "(c) exit $rc: $(cat "$WORK/err")"
grep -q "^warcdedup-slurm: reduce [0-3] failed (NODE_FAIL on h2: NodeDown)" "$WORK/err" ||
  fail "(c) the failed step is not named: $(cat "$WORK/err")"
expect_queue_idle
expect_nothing_written out-c
# (e) While h2 is DOWN, a new run's map pinned to h2 cannot start: the run
# fails once it has waited WARCDEDUP_SLURM_STUCK_SECONDS, not for ever.
mount_outdir out-e
WARCDEDUP_SLURM_STUCK_SECONDS=3 slurm_dedup out-e
[ "$rc" -eq 1 ] || fail "(e) exit $rc: $(cat "$WORK/err")"
grep -q "^warcdedup-slurm: map h2 failed (could not start for 3 s: ReqNodeNotAvail" "$WORK/err" ||
  fail "(e) the failed step is not named: $(cat "$WORK/err")"
expect_queue_idle
expect_nothing_written out-e
"$CLUSTER" net-up "$CW" h2
# The task h2 ran while cut off ends once h2 is back (Slurm ends it).
step_on_h2() { ip netns pids "wd$CLUSTER_SLOT-h2" | xargs -r ps -o args= -p | grep -q warcdedup-step; }
wait_for "h2's reduce task to end" 30 eval '! step_on_h2'
rm "$WORK/hold/reduce-all"
slurm_dedup out-c
expect_done out-c
slurm_dedup out-e
expect_done out-e

# (d) h3's rewrite fails (its output directory cannot be made) while h1 and
# h2 rewrite: a run cut mid-way; the same command resumes it.
mount_outdir out-d h1 h2
"$CLUSTER" run "$CW" h3 touch /srv/out-d
slurm_dedup out-d
[ "$rc" -eq 1 ] || fail "(d) exit $rc: $(cat "$WORK/err")"
grep -q "^warcdedup-slurm: rewrite h3 failed (exit status 2 on h3)" "$WORK/err" ||
  fail "(d) the failed step is not named: $(cat "$WORK/err")"
expect_queue_idle
expect_inputs_kept
for f in "$CW"/hosts/h{1,2}/out-d/*; do
  [ -e "$f" ] || continue # the rewrite of h1 or h2 may have been cancelled
  cmp "$WORK/ref/$(basename "$f")" "$f" || fail "(d) $f is not the reference's"
done
"$CLUSTER" run "$CW" h3 rm /srv/out-d
mount_outdir out-d h3
slurm_dedup out-d
expect_done out-d
expect_eq "(d) map, reduce and check submitted" "1 1 2" \
  "$(submitted out-d map-h1) $(submitted out-d reduce) $(submitted out-d check)"

# (g) Reduce task 2's merge dies after one line: warccollres ends well on
# that line, but the step fails on sort's exit status; nothing after it
# runs; the same command resumes.
mount_outdir out-g
touch "$WORK/hold/sort-dies"
slurm_dedup out-g
rm "$WORK/hold/sort-dies"
[ "$rc" -eq 1 ] || fail "(g) exit $rc: $(cat "$WORK/err")"
grep -q "^warcdedup-slurm: reduce 2 failed (exit status 2 on h[123]); its log: $WORK/scratch-out-g/slurm/reduce-2.out\$" \
  "$WORK/err" || fail "(g) the failed step is not named: $(cat "$WORK/err")"
grep -q "^  warcdedup-step: sort -m of the buckets 2 failed (exit 137)\$" "$WORK/err" ||
  fail "(g) no cause: $(cat "$WORK/err")"
expect_queue_idle
expect_nothing_written out-g
[ ! -e "$WORK/scratch-out-g/reduce/2" ] || fail "(g) reduce 2 is done after all"
slurm_dedup out-g
expect_done out-g
expect_eq "(g) reduces submitted" 2 "$(submitted out-g reduce)"

cluster_down_checked
echo "ok"
