# contrib/parallel/warcdedup-parallel on 3 simulated storage hosts over
# ssh: --dry-run prints the exact commands and changes nothing; a run
# rewrites each host's files byte-identical to the one-machine warcdedup
# run and prints its table; the same command again resumes (every step done
# earlier) and prints the same table; -q prints nothing else.
source "$SRC/tests/cli/cluster_dedup_parallel.bash"
S="$WORK/scratch"

# --dry-run: one line per parallel call (the map and the rewrite pinned to
# each host, the reduce ranges spread over them) and the check here.
ssh_q="'$PARALLEL_SSH -o ConnectTimeout=10 -o ServerAliveInterval=10 -o ServerAliveCountMax=3 -o BatchMode=yes'"
step="$PKG_SHARE/contrib/common/warcdedup-step"
par="parallel --will-cite --halt soon,fail=1 --ssh $ssh_q --joblog $S/parallel"
job() { echo "'flock -n -E 75 $S/parallel/$1.{} $step $S $1 {}; r=\$?; [ \$r = 1 ] || exit \$r'"; }
dedup "$S" --dry-run
[ "$rc" = 0 ] || fail "--dry-run: exit $rc: $(cat "$WORK/err")"
expect_eq "--dry-run" "$par/map.joblog -S @h1/1/h1,@h2/1/h2,@h3/1/h3 --hostgroups $(job map) ::: h1@h1 h2@h2 h3@h3
$par/reduce.joblog -S 2/h1,2/h2,2/h3 $(job reduce) ::: 0 1 2 3
$par/rewrite.joblog -S @h1/1/h1,@h2/1/h2,@h3/1/h3 --hostgroups $(job rewrite) ::: h1@h1 h2@h2 h3@h3
flock -n -E 75 $S/parallel/check $step $S check" "$(cat "$WORK/out")"
# At most 2 tasks at once: the hosts two by two, one reduce on each of two.
dedup "$S" --dry-run --max-tasks 2
expect_eq "--dry-run --max-tasks 2" "$par/map.joblog -S @h1/1/h1,@h2/1/h2 --hostgroups $(job map) ::: h1@h1 h2@h2
$par/map.joblog -S @h3/1/h3 --hostgroups $(job map) ::: h3@h3
$par/reduce.joblog -S 1/h1,1/h2 $(job reduce) ::: 0 1 2 3
$par/rewrite.joblog -S @h1/1/h1,@h2/1/h2 --hostgroups $(job rewrite) ::: h1@h1 h2@h2
$par/rewrite.joblog -S @h3/1/h3 --hostgroups $(job rewrite) ::: h3@h3
flock -n -E 75 $S/parallel/check $step $S check" "$(cat "$WORK/out")"
[ ! -e "$S" ] || fail "--dry-run created $S"
expect_untouched h1 h2 h3

# The run: every step done once, in order; the reference's bytes and table.
t=$EPOCHREALTIME
dedup "$S"
echo "warcdedup-parallel: $(seconds "$t") s"
expect_complete
expect_eq "progress" "$(seq -f '%g/11 steps done' 1 11)" \
  "$(sed -n 's/^warcdedup-parallel: \([0-9]*\/11 steps done\) .*/\1/p' "$WORK/err")"
# Stage after stage; within a stage the order varies: compare them sorted.
steps=$(sed -n 's/^warcdedup-parallel: [0-9]*\/11 steps done (\(.*\))$/\1/p' "$WORK/err")
expect_eq "stages" "map reduce rewrite check" "$(echo "$steps" | cut -d' ' -f1 | uniq | xargs)"
for stage in map reduce rewrite; do
  expect_eq "$stage steps" "$(if [ $stage = reduce ]; then seq 0 3; else printf 'h1\nh2\nh3\n'; fi)" \
    "$(echo "$steps" | sed -n "s/^$stage //p" | sort)"
done

# The same command again: nothing to do, the same table.
dedup "$S"
expect_complete
expect_eq "resumed steps" 11 "$(grep -c '^warcdedup-parallel: [0-9]*/11 steps done (.*, done earlier)$' "$WORK/err")"
dedup "$S" -q
expect_complete
expect_eq "-q: stderr" "" "$(cat "$WORK/err")"

cluster_down_checked
echo "ok"
