# warcsumsplit on generated manifests: partitions concatenate back to the
# input, runs of equal digests are never split, stdin and file agree,
# --by-host matches sort(1), and a failed run leaves nothing behind.
source "$(dirname "$0")/common.bash"
SPLIT="$BIN/warcsumsplit/warcsumsplit"
PROC="$BIN/warcsumproc/warcsumproc"
cd "$WORK"

# A digest-sorted 7-field manifest: 400 digests, runs of 1 to 40 lines (one of
# 300), comments here and there, files a0..a9 with unique offsets.
python3 - <<'EOF'
import random
random.seed(7)
lines, offset, long_run = [], 0, False
for d in sorted("%040x" % random.getrandbits(160) for _ in range(400)):
    n = random.choice([1, 1, 2, 3, 5, 40])
    if d.startswith("8") and not long_run:
        n, long_run = 300, True
    for _ in range(n):
        offset += random.randint(1, 5000)
        lines.append("a%d.warc.gz %d %d http://e.com/%d 2019-01-0%dT00:00:00Z sha1:%s %d" % (
            random.randint(0, 9), offset, random.randint(100, 9999), random.randint(0, 9999),
            random.randint(1, 9), d, random.randint(0, 1)))
    if random.random() < 0.05:
        lines.append("# comment after sha1:%s" % d)
open("m", "w").write("\n".join(lines) + "\n")
EOF
LC_ALL=C sort -c -s -k6,6 <(grep -v '^#' m) || fail "generated manifest is not sorted"

# check_runs FILES...: no digest appears in two of the (ordered) partitions.
check_runs() {
  for f in "$@"; do grep -v '^#' "$f" | cut -d' ' -f6 | uniq; done | sort | uniq -d > dup_runs
  [ ! -s dup_runs ] || fail "runs split across partitions: $(head -3 dup_runs)"
}

# -c 5: five partitions that give back the input, runs whole, sizes close.
run "$SPLIT" -c 5 m
expect_eq "-c exit" 0 "$rc"
expect_eq "-c files" "part.0 part.1 part.2 part.3 part.4" "$(echo part.*)"
cat part.0 part.1 part.2 part.3 part.4 | cmp - m || fail "-c partitions do not concatenate to the input"
check_runs part.0 part.1 part.2 part.3 part.4
summary=$(for f in part.?; do echo "warcsumsplit: $f: $(wc -l < $f) lines, $(wc -c < $f) bytes"; done)
expect_eq "-c summary" "$summary" "$(cat "$WORK/err")"
total=$(wc -c < m)
for f in part.0 part.1 part.2 part.3; do
  size=$(wc -c < $f)
  [ "$size" -ge $((total / 10)) ] || fail "$f is only $size of $total bytes"
done

# The same from stdin (spooled to a temporary file) and from '-'.
mkdir stdin dash
"$SPLIT" -q -c 5 -p stdin/part < m
cat m | "$SPLIT" -q -c 5 -p dash/part -
for f in part.0 part.1 part.2 part.3 part.4; do
  cmp "$f" "stdin/$f" || fail "stdin gives another $f"
  cmp "$f" "dash/$f" || fail "'-' gives another $f"
done
expect_eq "nothing else in the output directory" "part.0 part.1 part.2 part.3 part.4" "$(cd stdin && ls -A | xargs)"

# -c 12: names padded to two digits.
mkdir twelve
"$SPLIT" -q -c 12 -p twelve/p m
expect_eq "-c 12 names" "p.00 p.01 p.02 p.03 p.04 p.05 p.06 p.07 p.08 p.09 p.10 p.11" "$(cd twelve && echo p.*)"
cat twelve/p.* | cmp - m || fail "-c 12 partitions do not concatenate to the input"
check_runs twelve/p.*

# -s: every partition but the last holds at least SIZE bytes, and ends at the
# first digest change after it.
mkdir size
"$SPLIT" -q -s 16K -p size/p m
cat size/p.* | cmp - m || fail "-s partitions do not concatenate to the input"
check_runs size/p.*
n=$(ls size | wc -l)
[ "$n" -gt 5 ] || fail "-s 16K made only $n partitions"
for f in $(ls size/p.* | sed '$d'); do
  [ "$(wc -c < $f)" -ge 16384 ] || fail "$f is smaller than 16K"
  # Without its last run it would be under 16K: the cut came at the first change.
  last=$(grep -v '^#' $f | tail -1 | cut -d' ' -f6)
  [ "$(grep -v " $last " $f | wc -c)" -lt 16384 ] || fail "$f was not cut at the first digest change"
done

# --digest-range 3: all three exist, concatenate to the input, and each line
# is in its range.
mkdir range
"$SPLIT" -q --digest-range 3 -p range/r m
expect_eq "--digest-range files" "r.0 r.1 r.2" "$(cd range && echo r.*)"
cat range/r.0 range/r.1 range/r.2 | cmp - m || fail "--digest-range partitions do not concatenate"
python3 - <<'EOF' || fail "a line is outside its digest range"
for k in range(3):
    for line in open("range/r.%d" % k):
        if line.startswith("#"):
            continue
        v = int(line.split()[5].split(":")[1][:16], 16)
        assert v * 3 >> 64 == k, (k, line)
EOF
# Empty partitions exist too.
grep -m1 '^a' m > one
"$SPLIT" -q --digest-range 4 -p range/one one
expect_eq "one line, four partitions" "4" "$(ls range/one.* | wc -l)"

# Unsorted input: exact error, exit 1, and no PREFIX.* or temporary file left.
mkdir fail
{ head -20 m; echo "z.warc.gz 1 1 u 2019 sha1:0000000000000000000000000000000000000000 0"; tail -5 m; } > unsorted
prev=$(head -20 m | grep -v '^#' | tail -1 | cut -d' ' -f6)
prev_line=$(head -20 m | grep -n -v '^#' | tail -1 | cut -d: -f1)
for mode in "-c 3" "-s 1K" "--digest-range 2"; do
  run "$SPLIT" $mode -p fail/part unsorted
  expect_eq "unsorted exit ($mode)" 1 "$rc"
  expect_eq "unsorted stderr ($mode)" \
    "warcsumsplit: unsorted: line 21: input not sorted by digest (digest \"sha1:0000000000000000000000000000000000000000\" after \"$prev\" on line $prev_line)" \
    "$(cat "$WORK/err")"
  expect_eq "nothing left ($mode)" "" "$(ls -A fail)"
done
run "$SPLIT" -c 3 -p fail/part < unsorted
expect_eq "unsorted stdin exit" 1 "$rc"
grep -q '^warcsumsplit: standard input: line 21: ' "$WORK/err" || fail "stdin error: $(cat "$WORK/err")"
expect_eq "nothing left (stdin)" "" "$(ls -A fail)"
printf 'a 1 1 u 2019 sha1:aa\na x 1 u 2019 sha1:bb\n' > badline
run "$SPLIT" -c 2 -p fail/part badline
expect_eq "bad line exit" 1 "$rc"
expect_eq "bad line stderr" 'warcsumsplit: badline: line 2: field 2 (offset): expected a decimal number, found "x"' "$(cat "$WORK/err")"
expect_eq "nothing left (bad line)" "" "$(ls -A fail)"

# --by-host: each host's lines sorted as by sort -k1,1 -k2,2n, with a tiny
# sort buffer so that the external sort writes and merges many runs.
printf '# file host\n' > catalog
for i in 0 1 2 3 4 5 6 7 8 9; do echo "a$i.warc.gz host$((i % 3))"; done >> catalog
echo "unused.warc.gz idle" >> catalog
shuf --random-source=m m > shuffled  # order does not matter for --by-host
mkdir host
run "$SPLIT" --by-host catalog --sort-buffer 4K -p host/h shuffled
expect_eq "--by-host exit" 0 "$rc"
expect_eq "--by-host files" "h.host0 h.host1 h.host2 h.idle" "$(cd host && echo h.*)"
for h in 0 1 2; do
  awk -v h=$h '!/^#/ { n = substr($1, 2, 1); if (n % 3 == h) print }' m | LC_ALL=C sort -k1,1 -k2,2n > expected
  cmp host/h.host$h expected || fail "h.host$h differs from sort -k1,1 -k2,2n"
done
[ ! -s host/h.idle ] || fail "h.idle not empty"
expect_eq "--by-host leaves no temporary file" "h.host0 h.host1 h.host2 h.idle" "$(cd host && ls -A | xargs)"

# --duplicates-only on warcsumproc output: only copies above 1.
LC_ALL=C sort -k6,6 -k7,7n -k5,5 -k1,1 -k2,2n m | grep -v '^#' | "$PROC" > proc
mkdir dups
"$SPLIT" -q --by-host catalog --duplicates-only -p dups/d proc
for h in 0 1 2; do
  awk -v h=$h '$8 > 1 { n = substr($1, 2, 1); if (n % 3 == h) print }' proc | LC_ALL=C sort -k1,1 -k2,2n > expected
  [ -s expected ] || fail "test data has no duplicates for host$h"
  cmp dups/d.host$h expected || fail "--duplicates-only d.host$h differs"
done
run "$SPLIT" --by-host catalog --duplicates-only -p fail/d m
expect_eq "--duplicates-only on 7 fields exit" 1 "$rc"
expect_eq "nothing left (--duplicates-only)" "" "$(ls -A fail)"

# A file missing from the catalog: reported once with its first line, its
# lines dropped, the other hosts written, exit 1.
grep -v '^a9' catalog > partial
mkdir missing
run "$SPLIT" -q --by-host partial -p missing/h m
expect_eq "missing exit" 1 "$rc"
first=$(grep -n -m1 '^a9\.warc\.gz ' m | cut -d: -f1)
count=$(grep -c '^a9\.warc\.gz ' m)
expect_eq "missing stderr" \
  "warcsumsplit: m: line $first: file \"a9.warc.gz\" is not in the catalog partial; its lines are not written to any partition
warcsumsplit: $count lines of 1 files missing from the catalog were not written" \
  "$(cat "$WORK/err")"
cat missing/h.* | grep -q '^a9' && fail "lines of a9 written"
expect_eq "missing: lines kept" "$(grep -v '^#' m | grep -vc '^a9')" "$(cat missing/h.* | wc -l)"

# Usage errors: exit 2.
for args in "m" "-c 2 -s 1K m" "-c 2 --digest-range 2 m" "-s 12X m" "-s 0 m" "-c 0 m" \
            "-c 2 --duplicates-only m" "m --by-host" "-c 2 --sort-buffer 1 m" "-c 2 --nope m" \
            "-c 2 -p dir/ m" "-c 2 m m"; do
  run "$SPLIT" $args
  expect_eq "usage error exit for '$args'" 2 "$rc"
done
run "$SPLIT" -c 2 -p fail/part no-such-file
expect_eq "missing input exit" 1 "$rc"
expect_eq "missing input stderr" "warcsumsplit: no-such-file: cannot open: No such file or directory" "$(cat "$WORK/err")"
expect_eq "nothing left (missing input)" "" "$(ls -A fail)"

# Stale partitions of an earlier, wider split are reported, not removed.
mkdir stale
"$SPLIT" -q -c 3 -p stale/p m
run "$SPLIT" -c 2 -p stale/p m
expect_eq "stale exit" 0 "$rc"
grep -qx 'warcsumsplit: stale/p.2: not written by this run (left from an earlier one?)' "$WORK/err" ||
  fail "stale partition not reported: $(cat "$WORK/err")"
echo "warcsumsplit: ok"
