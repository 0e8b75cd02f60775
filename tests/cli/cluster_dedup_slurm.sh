# warcdedup-slurm on 3 simulated storage hosts under a real Slurm: each host
# writes its own rewritten files, byte-identical to the one-machine
# warcdedup's, and the same table is printed; --dry-run prints the sbatch
# commands and submits nothing; the same command again submits nothing and
# prints the table again; the default 12 ranges work too. Prints both wall
# times (the overhead).
source "$SRC/tests/cli/common.bash"
source "$SRC/scripts/test-servers/cluster/testlib.bash"
source "$SRC/tests/cli/cluster_dedup_slurm.bash"

make_corpus
cluster_up 3 slurm
install_tools
make_reference
mount_outdir warc-out

# --dry-run: the 8 jobs, dependencies by placeholder; nothing submitted or written.
slurm_dedup warc-out --max-tasks 2 --dry-run
[ "$rc" -eq 0 ] || fail "dry run: exit $rc: $(cat "$WORK/err")"
S=$WORK/scratch-warc-out
sb="sbatch --parsable --no-requeue"
expect_eq "dry run: the sbatch commands" \
  "$sb -J warcdedup-map-h1 -D $S/slurm -w h1 -c 2 -o $S/slurm/map-h1.out $S/slurm/step.sh map h1  # <map-h1>
$sb -J warcdedup-map-h2 -D $S/slurm -w h2 -c 2 -o $S/slurm/map-h2.out $S/slurm/step.sh map h2  # <map-h2>
$sb -J warcdedup-map-h3 -D $S/slurm -w h3 -c 2 -o $S/slurm/map-h3.out $S/slurm/step.sh map h3  # <map-h3>
$sb -J warcdedup-reduce -D $S/slurm --dependency=afterok:<map-h1>:<map-h2>:<map-h3> --kill-on-invalid-dep=yes --array=0-3%2 -c 2 -o $S/slurm/reduce-%a.out $S/slurm/step.sh reduce  # <reduce>
$sb -J warcdedup-rewrite-h1 -D $S/slurm --dependency=afterok:<reduce> --kill-on-invalid-dep=yes -w h1 -c 2 -o $S/slurm/rewrite-h1.out $S/slurm/step.sh rewrite h1  # <rewrite-h1>
$sb -J warcdedup-rewrite-h2 -D $S/slurm --dependency=afterok:<reduce> --kill-on-invalid-dep=yes -w h2 -c 2 -o $S/slurm/rewrite-h2.out $S/slurm/step.sh rewrite h2  # <rewrite-h2>
$sb -J warcdedup-rewrite-h3 -D $S/slurm --dependency=afterok:<reduce> --kill-on-invalid-dep=yes -w h3 -c 2 -o $S/slurm/rewrite-h3.out $S/slurm/step.sh rewrite h3  # <rewrite-h3>
$sb -J warcdedup-check -D $S/slurm --dependency=afterok:<rewrite-h1>:<rewrite-h2>:<rewrite-h3> --kill-on-invalid-dep=yes -c 1 -o $S/slurm/check.out $S/slurm/step.sh check  # <check>" \
  "$(grep -v '^#' "$WORK/out")"
grep -q "^#   $PKG_SHARE/contrib/common/warcdedup-step $S \"\$1\"" "$WORK/out" ||
  fail "dry run: the step script is not shown: $(cat "$WORK/out")"
[ -z "$(squeue -h -t all)" ] || fail "the dry run submitted jobs: $(squeue -t all)"
[ ! -e "$S" ] || fail "the dry run wrote $S"

slurm_dedup warc-out
expect_done warc-out
grep -q 'submitted 8 jobs' "$WORK/err" || fail "not 8 jobs submitted: $(cat "$WORK/err")"
grep -q '^warcdedup-slurm: 11/11 steps done$' "$WORK/err" || fail "no final progress: $(cat "$WORK/err")"
expect_queue_idle
first_seconds=$slurm_seconds
jobs_known=$(squeue -h -t all | wc -l)
[ "$jobs_known" -eq 11 ] || fail "Slurm knows $jobs_known jobs (tasks), not 11: $(squeue -t all)"

# The same command again: everything is done; nothing submitted, the same table.
slurm_dedup warc-out
expect_done warc-out
expect_eq "second run: what it says" "warcdedup-slurm: resuming the plan in $S
warcdedup-slurm: every step is done already" "$(cat "$WORK/err")"
expect_eq "jobs Slurm knows after the second run" "$jobs_known" "$(squeue -h -t all | wc -l)"
expect_eq "jobs submitted in all" 8 "$(wc -l <"$S/slurm/jobs")"
second_seconds=$slurm_seconds

# The default number of ranges, 4 a host: 12, named bucket.00 to bucket.11;
# at most 3 tasks at once.
mount_outdir default-buckets
buckets_opt=()
slurm_dedup default-buckets --max-tasks 3
expect_done default-buckets
grep -q '^warcdedup-slurm: 19/19 steps done$' "$WORK/err" || fail "not 12 reduce ranges: $(cat "$WORK/err")"

echo "timing: one-machine warcdedup $ref_seconds s; warcdedup-slurm $first_seconds s" \
  "(overhead $(awk -v a="$first_seconds" -v b="$ref_seconds" 'BEGIN { printf "%.1f", a - b }') s)," \
  "with 12 ranges $slurm_seconds s, second run $second_seconds s; corpus $(du -sb "$WORK/corpus" | cut -f1) bytes"
cluster_down_checked
echo "ok"
