# The simulated storage hosts under Slurm (scripts/test-servers/cluster):
# 3 hosts, each with its own files at /srv/warc. A job array pinned to each
# host sees that host's hostname and only its files; a dependent job after a
# failed one is cancelled at once (--kill-on-invalid-dep=yes), one after a
# successful job runs; a host fetches a byte range of another host's file
# over HTTP; teardown leaves no namespace, link or daemon behind.
source "$SRC/tests/cli/common.bash"
source "$SRC/scripts/test-servers/cluster/testlib.bash"
cluster_need sbatch squeue scontrol sinfo /usr/sbin/slurmctld /usr/sbin/slurmd /usr/sbin/munged

# Different files on each host (seq: known bytes; c.warc over 8 KB).
mkdir -p "$CW"/hosts/{h1,h2,h3}/data
seq 1 100 >"$CW/hosts/h1/data/a.warc"
seq 101 200 >"$CW/hosts/h2/data/b1.warc"
seq 201 300 >"$CW/hosts/h2/data/b2.warc"
seq 1000 3000 >"$CW/hosts/h3/data/c.warc"
cluster_up 3 slurm
OUT="$WORK/out"
mkdir -p "$OUT"

# wait_queue_empty: every job has finished (or was cancelled), within 30 s.
wait_queue_empty() {
  for _ in $(seq 300); do
    [ -n "$(squeue -h -o %A)" ] || return 0
    sleep 0.1
  done
  fail "jobs still queued after 30 s: $(squeue)"
}

# job_states ID: the state of each job (or array task) of job ID, sorted.
job_states() { scontrol -o show job "$1" | grep -o 'JobState=[A-Z_]*' | sort | tr '\n' ' '; }

# A two-task array pinned to each host: hostname and ls /srv/warc.
declare -A array_id
for h in h1 h2 h3; do
  array_id[$h]=$(sbatch --parsable -D "$WORK" -w "$h" --array=0-1 -o "$OUT/$h.%a.txt" \
    --wrap 'hostname; ls /srv/warc')
done
wait_queue_empty
expect_eq "h1 saw" "$(printf 'h1\na.warc')" "$(cat "$OUT/h1.0.txt")"
expect_eq "h2 saw" "$(printf 'h2\nb1.warc\nb2.warc')" "$(cat "$OUT/h2.0.txt")"
expect_eq "h3 saw" "$(printf 'h3\nc.warc')" "$(cat "$OUT/h3.0.txt")"
for h in h1 h2 h3; do
  cmp "$OUT/$h.0.txt" "$OUT/$h.1.txt" || fail "the tasks of $h's array saw different things"
  expect_eq "$h's array tasks" "JobState=COMPLETED JobState=COMPLETED " "$(job_states "${array_id[$h]}")"
done

# Dependencies: afterok on a failed job is cancelled (not left pending);
# afterok on a successful one runs.
failed=$(sbatch --parsable -D "$WORK" -w h2 -o /dev/null --wrap 'exit 3')
never=$(sbatch --parsable -D "$WORK" --dependency="afterok:$failed" --kill-on-invalid-dep=yes \
  -o /dev/null --wrap "touch $OUT/never-ran")
ok=$(sbatch --parsable -D "$WORK" -w h1 -o /dev/null --wrap 'true')
after=$(sbatch --parsable -D "$WORK" --dependency="afterok:$ok" --kill-on-invalid-dep=yes \
  -w h3 -o "$OUT/after.txt" --wrap 'hostname')
wait_queue_empty
expect_eq "failed job" "JobState=FAILED " "$(job_states "$failed")"
scontrol -o show job "$failed" | grep -q ' ExitCode=3:0 ' || fail "exit code 3 not recorded"
expect_eq "dependent of the failed job" "JobState=CANCELLED " "$(job_states "$never")"
scontrol -o show job "$never" | grep -q 'Reason=DependencyNeverSatisfied' ||
  fail "cancelled for another reason: $(scontrol -o show job "$never")"
[ ! -e "$OUT/never-ran" ] || fail "the dependent of a failed job ran"
expect_eq "dependent of the successful job" "JobState=COMPLETED " "$(job_states "$after")"
expect_eq "it ran on h3" "h3" "$(cat "$OUT/after.txt")"

# HTTP from h1 to h3's nginx, by name: a Range gives exactly those bytes.
"$CLUSTER" run "$CW" h1 test ! -e /srv/warc/c.warc || fail "h1 sees h3's file"
"$CLUSTER" run "$CW" h1 curl -sS -o "$OUT/range" -w '%{http_code}' -r 5000-5999 http://h3/c.warc \
  >"$OUT/code"
expect_eq "HTTP status" "206" "$(cat "$OUT/code")"
tail -c +5001 "$CW/hosts/h3/data/c.warc" | head -c 1000 >"$OUT/expected"
[ "$(stat -c %s "$OUT/range")" -eq 1000 ] || fail "range of $(stat -c %s "$OUT/range") bytes"
cmp "$OUT/expected" "$OUT/range" || fail "the range's bytes differ"

cluster_down_checked
echo "ok"
