# warcsumproc on generated manifests: copy numbers against an independent
# computation in python3 (no sort, no stream), stdin vs file, -o, errors and
# exit statuses.
source "$(dirname "$0")/common.bash"
PROC="$BIN/warcsumproc/warcsumproc"
cd "$WORK"

# 3000 lines with few digests, exts, dates and files, so that groups are
# large and ties on the date are frequent; offsets of 1 to 4 digits so that
# numeric and byte order differ (9 < 10). (file, offset) pairs are unique.
python3 - <<'EOF'
import random
random.seed(42)
digests = ["sha1:%040x" % random.getrandbits(160) for _ in range(40)] + ["md5:" + "0" * 32]
seen = set()
with open("m7", "w") as out:
    while len(seen) < 3000:
        f, off = random.choice(["a.warc.gz", "b.warc.gz", "a-b.warc.gz", "ab.warc.gz"]), random.choice([random.randint(0, 20), random.randint(0, 9999)])
        if (f, off) in seen:
            continue
        seen.add((f, off))
        date = random.choice(["2019-01-01T00:00:00Z", "2019-01-01T00:00:00.5Z", "2018-12-31T23:59:59Z", "2020-02-29T12:00:00Z"])
        out.write("%s %d %d http://e.com/%d %s %s %d\n" % (f, off, random.randint(1, 999), random.randint(0, 99), date, random.choice(digests), random.choice([0, 0, 0, 1, 2, 10])))
EOF

# The expected output, from the rules rather than from sort: order by
# (digest bytes, ext, date bytes, file bytes, offset), number within each
# (digest, ext) group, refer to the group's first line.
python3 - <<'EOF'
lines = [l.split() for l in open("m7", "rb").read().splitlines()]
lines.sort(key=lambda f: (f[5], int(f[6]), f[4], f[0], int(f[1])))
out, group, copy, ref = [], None, 0, None
for f in lines:
    if (f[5], int(f[6])) != group:
        group, copy, ref = (f[5], int(f[6])), 0, (f[3], f[4])
    copy += 1
    tail = [b"1", b"-", b"-"] if copy == 1 else [str(copy).encode(), ref[0], ref[1]]
    out.append(b" ".join(f + tail))
open("expected", "wb").write(b"\n".join(out) + b"\n")
EOF

LC_ALL=C sort -k6,6 -k7,7n -k5,5 -k1,1 -k2,2n m7 > sorted
run "$PROC" sorted
expect_eq "exit status" 0 "$rc"
cmp "$WORK/out" expected || fail "output differs from the independent computation"
expect_eq "stderr" "" "$(cat "$WORK/err")"

# stdin, '-' and -o give the same bytes.
"$PROC" < sorted > from_stdin
"$PROC" - < sorted > from_dash
cmp from_stdin expected || fail "stdin output differs"
cmp from_dash expected || fail "'-' output differs"
run "$PROC" -q -o proc.out sorted
expect_eq "-o exit status" 0 "$rc"
cmp proc.out expected || fail "-o output differs"
[ ! -e proc.out.tmp ] || fail "proc.out.tmp left behind"

# Verbose summary.
null_was_device=false; [ -c /dev/null ] && null_was_device=true
run "$PROC" -v -o /dev/null sorted
# Written as it is: a temporary file renamed over it (as root) replaced the
# machine's /dev/null with a regular file.
if $null_was_device && [ ! -c /dev/null ]; then fail "-o /dev/null replaced /dev/null by a regular file"; fi
groups=$(cut -d' ' -f6,7 m7 | sort -u | wc -l)
expect_eq "-v summary" "warcsumproc: sorted: 3000 lines, $groups originals, $((3000 - groups)) duplicates" "$(cat "$WORK/err")"

# Unsorted input: exact message with the line number, exit 1, output up to
# the line before; with -o no file at all.
printf '%s\n' \
  "# comment" \
  "a.warc.gz 9 5 http://x/ 2019-01-01T00:00:00Z sha1:aa 0" \
  "a.warc.gz 10 5 http://y/ 2019-01-01T00:00:00Z sha1:aa 0" \
  "b.warc.gz 3 5 http://z/ 2018-01-01T00:00:00Z sha1:aa 0" \
  "c.warc.gz 3 5 http://w/ 2020-01-01T00:00:00Z sha1:aa 0" > unsorted
run "$PROC" unsorted
expect_eq "unsorted exit status" 1 "$rc"
expect_eq "unsorted stderr" \
  'warcsumproc: unsorted: line 4: input not sorted by digest, ext, date, file, offset (date "2018-01-01T00:00:00Z" after "2019-01-01T00:00:00Z" on line 3)' \
  "$(cat "$WORK/err")"
expect_eq "unsorted stdout" \
  "a.warc.gz 9 5 http://x/ 2019-01-01T00:00:00Z sha1:aa 0 1 - -
a.warc.gz 10 5 http://y/ 2019-01-01T00:00:00Z sha1:aa 0 2 http://x/ 2019-01-01T00:00:00Z" \
  "$(cat "$WORK/out")"
run "$PROC" -o never.out unsorted
expect_eq "unsorted -o exit status" 1 "$rc"
[ ! -e never.out ] && [ ! -e never.out.tmp ] || fail "-o file written after an error"
run "$PROC" < unsorted
grep -q '^warcsumproc: standard input: line 4: input not sorted' "$WORK/err" || fail "stdin name: $(cat "$WORK/err")"

# Lexical offsets (10 before 9) are out of order for -k2,2n.
printf '%s\n' "a 10 1 u 2019 sha1:aa 0" "a 9 1 u 2019 sha1:aa 0" > lexical
run "$PROC" lexical
expect_eq "lexical exit" 1 "$rc"
expect_eq "lexical stderr" \
  'warcsumproc: lexical: line 2: input not sorted by digest, ext, date, file, offset (offset 9 after 10 on line 1)' \
  "$(cat "$WORK/err")"

# Bad lines stop the run: wrong field count, bad field.
printf '%s\n' "a 1 1 u 2019 sha1:aa" > six
run "$PROC" six
expect_eq "6 fields exit" 1 "$rc"
expect_eq "6 fields stderr" \
  'warcsumproc: six: line 1: expected 7 fields (file offset length uri date digest ext), found 6 (run warccollres first)' \
  "$(cat "$WORK/err")"
printf '%s\n' "a 1 1 u 2019 sha1:aa 0" "a 2 1 u 2019 sha1:aa x" "a 3 1 u 2019 sha1:aa 0" > badfield
run "$PROC" -o bad.out badfield
expect_eq "bad field exit" 1 "$rc"
expect_eq "bad field stderr" \
  'warcsumproc: badfield: line 2: field 7 (ext): expected a decimal number, found "x"' \
  "$(cat "$WORK/err")"
[ ! -e bad.out ] || fail "bad.out written"

# Missing input, usage errors, --help and --version.
run "$PROC" no-such-file
expect_eq "missing file exit" 1 "$rc"
expect_eq "missing file stderr" "warcsumproc: no-such-file: cannot open: No such file or directory" "$(cat "$WORK/err")"
run "$PROC" --no-such-option sorted
expect_eq "bad option exit" 2 "$rc"
run "$PROC" sorted sorted
expect_eq "two inputs exit" 2 "$rc"
run "$PROC" --help
expect_eq "--help exit" 0 "$rc"
run "$PROC" --version
expect_eq "--version exit" 0 "$rc"

# Empty input: empty output.
: > empty
run "$PROC" empty
expect_eq "empty exit" 0 "$rc"
expect_eq "empty output" "" "$(cat "$WORK/out")"
# -o /dev/stdout with stdout redirected to a regular file: /dev/stdout is a
# link to /proc/self/fd/1, which stat sees as that regular file; the output
# must go through the descriptor, not replace the link by a renamed temporary
# file (found by a helper running as root: /dev/stdout became a plain file).
if [[ -L /dev/stdout ]]; then
  "$PROC" -o /dev/stdout sorted > via-dev-stdout 2>err || fail "-o /dev/stdout: exit $?"
  if [[ ! -L /dev/stdout ]]; then
    rm -f /dev/stdout.tmp; rm -f /dev/stdout && ln -s /proc/self/fd/1 /dev/stdout  # repair
    fail "-o /dev/stdout replaced the /dev/stdout link"
  fi
  cmp -s via-dev-stdout expected || fail "-o /dev/stdout: output differs"
fi
echo "warcsumproc: ok"

