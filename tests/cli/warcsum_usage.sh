# warcsum's command line: help, version, usage errors (and every tool's
# unknown option), missing inputs, -r
# through symbolic link loops, atomic -o, --append, SIGINT clean-up, -q/-v,
# messages and the progress line. Input: tests/data/tiny.warc.gz.
source "$(dirname "$0")/common.bash"
W="$BIN/warcsum/warcsum"
[ -x "$W" ] || fail "$W not built"
tiny="$SRC/tests/data/tiny.warc.gz"
[ -f "$tiny" ] || fail "$tiny missing"
# tests/data/README.md: offsets are the gzip members of records 2 and 3, the
# digests hashlib.sha1(b"hello\n") and hashlib.sha1(b"world\n").
expected="tiny.warc.gz 174 214 http://example.com/ 2024-01-01T00:00:01Z sha1:f572d396fae9206628714fb2ce00f72e94f2258f
tiny.warc.gz 388 221 http://example.com/other 2024-01-01T00:00:02Z sha1:9591818c07e900db7e1e0bc4b884c945e6a61b24"
try="Try 'warcsum --help' for more information."

run "$W" "$tiny"
expect_eq "plain run: exit" 0 "$rc"
expect_eq "plain run: stdout" "$expected" "$(cat "$WORK/out")"
expect_eq "plain run: stderr" "" "$(cat "$WORK/err")"

# --help: on stdout, exit 0; -h is the same.
run "$W" --help
expect_eq "--help exit" 0 "$rc"
expect_eq "--help stderr" "" "$(cat "$WORK/err")"
grep -qxF "Usage: warcsum [OPTIONS] inputs..." "$WORK/out" || fail "--help has no usage line"
for opt in --recursive --output --append --hash --recompute --verify --types --keep-empty \
           --keep-truncated --full-path --jobs --quiet --verbose --progress --version --help; do
  grep -q -- "$opt" "$WORK/out" || fail "--help does not mention $opt"
done
cp "$WORK/out" "$WORK/help"
run "$W" -h
expect_eq "-h exit" 0 "$rc"
cmp -s "$WORK/help" "$WORK/out" || fail "-h differs from --help"

# --version: "warcsum (warcdedup) X.Y.Z", the project version.
version=$(sed -n 's/^project(warcdedup VERSION \([0-9.]*\).*/\1/p' "$SRC/CMakeLists.txt")
[ -n "$version" ] || fail "no project version in CMakeLists.txt"
run "$W" --version
expect_eq "--version exit" 0 "$rc"
expect_eq "--version stdout" "warcsum (warcdedup) $version" "$(cat "$WORK/out")"
expect_eq "--version stderr" "" "$(cat "$WORK/err")"

# Usage errors: exit 2, a message and the hint on stderr, nothing on stdout.
usage_error() {  # WHAT EXPECTED-STDERR ARGS...
  local what=$1 message=$2
  shift 2
  run "$W" "$@"
  expect_eq "$what: exit" 2 "$rc"
  expect_eq "$what: stdout" "" "$(cat "$WORK/out")"
  expect_eq "$what: stderr" "$message" "$(cat "$WORK/err")"
}
usage_error "unknown option" "warcsum: The following argument was not expected: --nope
$try" --nope "$tiny"
usage_error "no input" "warcsum: inputs is required
$try"
usage_error "bad --hash" "warcsum: --hash: sha3 not in {md5,sha1,sha256,sha512}
$try" -H sha3 "$tiny"
usage_error "bad --jobs" "warcsum: --jobs: Value 0 not in range 1 to 256
$try" -j 0 "$tiny"
usage_error "bad --types" "warcsum: --types: expected response and/or resource, found \"revisit\"
$try" --types revisit "$tiny"
usage_error "--types with an empty item" \
  "warcsum: --types: expected response and/or resource, found \"response,\"
$try" --types 'response,' "$tiny"
usage_error "--append without -o" "warcsum: --append needs -o FILE
$try" --append "$tiny"
usage_error "--revisit-refs - without -o" \
  "warcsum: --revisit-refs - needs the manifest in -o FILE (both would go to stdout)
$try" --revisit-refs - "$tiny"

# An unknown option is what every tool reports, even when a required
# argument is missing too (CLI11 checks those first: "inputs is required").
tools=0
for dir in "$BIN"/*/; do
  tool=$(basename "$dir")
  [ -x "$dir/$tool" ] || continue
  tools=$((tools + 1))
  for args in "--bogus" "--bogus $tiny"; do
    # shellcheck disable=SC2086  # the words of $args are the arguments
    run "$dir/$tool" $args
    expect_eq "$tool $args: exit" 2 "$rc"
    expect_eq "$tool $args: stdout" "" "$(cat "$WORK/out")"
    expect_eq "$tool $args: stderr" "$tool: The following argument was not expected: --bogus
Try '$tool --help' for more information." "$(cat "$WORK/err")"
  done
done
[ "$tools" -ge 7 ] || fail "only $tools tools found in $BIN"

# A missing input: named, exit 1, the other inputs still read.
run "$W" "$WORK/no-such.warc.gz"
expect_eq "missing file: exit" 1 "$rc"
expect_eq "missing file: stderr" \
  "warcsum: $WORK/no-such.warc.gz: cannot open: No such file or directory" "$(cat "$WORK/err")"
expect_eq "missing file: stdout" "" "$(cat "$WORK/out")"
run "$W" "$WORK/no-such.warc.gz" "$tiny"
expect_eq "missing then present: exit" 1 "$rc"
expect_eq "missing then present: stdout" "$expected" "$(cat "$WORK/out")"
# The same through "-" (paths on stdin).
set +e
printf '%s\n' "$WORK/no-such.warc.gz" "$tiny" | "$W" - >"$WORK/out" 2>"$WORK/err"
rc=$?
set -e
expect_eq "'-' with a missing path: exit" 1 "$rc"
expect_eq "'-' with a missing path: stderr" \
  "warcsum: $WORK/no-such.warc.gz: cannot open: No such file or directory" "$(cat "$WORK/err")"
expect_eq "'-' with a missing path: stdout" "$expected" "$(cat "$WORK/out")"

# A directory without -r: exit 1 and why; with -r its files are read.
mkdir -p "$WORK/dir"
cp "$tiny" "$WORK/dir/"
run "$W" "$WORK/dir"
expect_eq "directory: exit" 1 "$rc"
expect_eq "directory: stderr" "warcsum: $WORK/dir: is a directory (use -r to read the files in it)" \
  "$(cat "$WORK/err")"
expect_eq "directory: stdout" "" "$(cat "$WORK/out")"
run "$W" -r "$WORK/dir"
expect_eq "directory with -r: exit" 0 "$rc"
expect_eq "directory with -r: stdout" "$expected" "$(cat "$WORK/out")"

# -r through symbolic links: d/up1 and d/up2 lead back up (a loop: an error,
# exit 1), e is a second name for d and link.warc.gz for a.warc.gz (notes).
# Each file is read once; without the check this ran until killed.
mkdir -p "$WORK/loop/d"
cp "$tiny" "$WORK/loop/a.warc.gz"
cp "$tiny" "$WORK/loop/d/b.warc.gz"
ln -s .. "$WORK/loop/d/up1"
ln -s .. "$WORK/loop/d/up2"
ln -s d "$WORK/loop/e"
ln -s a.warc.gz "$WORK/loop/link.warc.gz"
run timeout 10 "$W" -r "$WORK/loop"
expect_eq "-r loop: exit" 1 "$rc"
expect_eq "-r loop: stderr" \
  "warcsum: $WORK/loop/d/up1: skipped: a directory loop (the same directory as $WORK/loop)
warcsum: $WORK/loop/d/up2: skipped: a directory loop (the same directory as $WORK/loop)
warcsum: $WORK/loop/e: skipped: the same directory as $WORK/loop/d, already read
warcsum: $WORK/loop/link.warc.gz: skipped: the same file as $WORK/loop/a.warc.gz, already listed" \
  "$(cat "$WORK/err")"
expect_eq "-r loop: each file's lines once" \
  "$(sed 's/^tiny/a/' <<<"$expected"; sed 's/^tiny/b/' <<<"$expected")" "$(cat "$WORK/out")"
# -q keeps the errors, drops the notes.
run timeout 10 "$W" -q -r "$WORK/loop"
expect_eq "-r loop -q: exit" 1 "$rc"
expect_eq "-r loop -q: stderr" \
  "warcsum: $WORK/loop/d/up1: skipped: a directory loop (the same directory as $WORK/loop)
warcsum: $WORK/loop/d/up2: skipped: a directory loop (the same directory as $WORK/loop)" \
  "$(cat "$WORK/err")"
# A second name for a directory, no loop: notes only, exit 0.
rm "$WORK/loop/d/up1" "$WORK/loop/d/up2"
run timeout 10 "$W" -r "$WORK/loop"
expect_eq "-r second names: exit" 0 "$rc"
expect_eq "-r second names: stdout" \
  "$(sed 's/^tiny/a/' <<<"$expected"; sed 's/^tiny/b/' <<<"$expected")" "$(cat "$WORK/out")"
expect_eq "-r second names: notes" 2 "$(grep -c ': skipped: the same ' "$WORK/err")"

# Input that is not a WARC file: named with its offset, exit 1.
printf 'hello\n' >"$WORK/hello.txt"
run "$W" -q "$WORK/hello.txt"
expect_eq "not a WARC: exit" 1 "$rc"
expect_eq "not a WARC: stderr (errors print even with -q)" \
  "warcsum: $WORK/hello.txt: offset 0: not a WARC or ARC file (expected \"WARC/\" or \"filedesc://\", found \"hello\\x0a\")" \
  "$(cat "$WORK/err")"

# -v: a summary per file, then the totals.
run "$W" -v "$tiny"
expect_eq "-v exit" 0 "$rc"
expect_eq "-v stdout" "$expected" "$(cat "$WORK/out")"
expect_eq "-v per-file summary" \
  "warcsum: $tiny: 3 records, 2 listed, 0 problems, 0 not on member boundaries" \
  "$(sed -n 1p "$WORK/err")"
expect_eq "-v totals" "warcsum: 1 files, 3 records, 2 lines, inflate: " \
  "$(sed -n 2p "$WORK/err" | sed 's/inflate: .*/inflate: /')"
expect_eq "-v lines" 2 "$(wc -l <"$WORK/err")"

# --progress with stderr not a terminal: whole progress lines, and an error
# on a line of its own (it used to follow the progress line on the same
# line). The input is a FIFO fed a damaged copy of tiny.warc.gz only once a
# progress line is out, so the error comes between progress lines.
cp "$tiny" "$WORK/damaged.warc.gz"
printf '\xff\xff\xff\xff' | dd of="$WORK/damaged.warc.gz" bs=1 seek=250 conv=notrunc 2>/dev/null
mkfifo "$WORK/slow"
: >"$WORK/err"  # emptied here: the background job's redirection may come late
"$W" --progress "$WORK/slow" >"$WORK/out" 2>"$WORK/err" &
pid=$!
for _ in $(seq 200); do [ -s "$WORK/err" ] && break; sleep 0.05; done
[ -s "$WORK/err" ] || { kill "$pid"; fail "--progress: no progress line in 10 s"; }
cat "$WORK/damaged.warc.gz" >"$WORK/slow"
set +e
wait "$pid"
rc=$?
set -e
expect_eq "--progress, damaged: exit" 1 "$rc"
expect_eq "--progress, damaged: stdout" "$(sed -n 2p <<<"$expected" | sed 's/^tiny.warc.gz/slow/')" \
  "$(cat "$WORK/out")"
error="warcsum: $WORK/slow: offset 174: corrupt gzip member: invalid deflate data (invalid distance); skipped 214 bytes to the next gzip member at offset 388"
expect_eq "--progress, damaged: the error on a line of its own" 1 "$(grep -cxF "$error" "$WORK/err")"
! grep -q $'[\r\x1b]' "$WORK/err" || fail "--progress: terminal controls in a file: $(od -c "$WORK/err")"
progress_line='^warcsum: [01]/1 files, [0-9.]+ K?B, [0-9]+ records, [0-9.]+ K?B/s$'
expect_eq "--progress, damaged: the other lines are progress lines" "" \
  "$(grep -vxF "$error" "$WORK/err" | grep -vE "$progress_line" || true)"
expect_eq "--progress, damaged: a progress line before the error" 1 \
  "$(sed -n 1p "$WORK/err" | grep -cE "$progress_line")"
# The final line, printed once (it used to come twice).
expect_eq "--progress, damaged: the final line" 1 \
  "$(grep -cE '^warcsum: 1/1 files, 609 B, 2 records, ' "$WORK/err")"
expect_eq "--progress, damaged: the final line last" 1 \
  "$(tail -n 1 "$WORK/err" | grep -cE '^warcsum: 1/1 files, 609 B, 2 records, ')"

# -o FILE: written whole, no FILE.tmp left, an old FILE replaced.
echo "old manifest" >"$WORK/m"
run "$W" -o "$WORK/m" "$tiny"
expect_eq "-o exit" 0 "$rc"
expect_eq "-o stdout" "" "$(cat "$WORK/out")"
expect_eq "-o file" "$expected" "$(cat "$WORK/m")"
[ ! -e "$WORK/m.tmp" ] || fail "-o left $WORK/m.tmp"
run "$W" -o - "$tiny"
expect_eq "-o - is stdout" "$expected" "$(cat "$WORK/out")"
run "$W" -o "$WORK/no-such-dir/m" "$tiny"
expect_eq "-o in a missing directory: exit" 1 "$rc"
expect_eq "-o in a missing directory: stderr" \
  "warcsum: $WORK/no-such-dir/m: cannot open for writing: No such file or directory" \
  "$(cat "$WORK/err")"

# -o is atomic: while warcsum waits for its input (a FIFO nobody writes yet)
# it writes m.tmp and FILE still holds the old manifest.
mkfifo "$WORK/fifo"
wait_for() {  # PATH: up to 10 s
  for _ in $(seq 200); do [ -e "$1" ] && return 0; sleep 0.05; done
  return 1
}
echo "old manifest" >"$WORK/m"
"$W" -o "$WORK/m" "$WORK/fifo" 2>"$WORK/err" &
pid=$!
wait_for "$WORK/m.tmp" || { kill "$pid"; fail "-o: no $WORK/m.tmp while writing"; }
expect_eq "-o: the old file while writing" "old manifest" "$(cat "$WORK/m")"
cat "$tiny" >"$WORK/fifo"
set +e
wait "$pid"
rc=$?
set -e
expect_eq "-o through a FIFO: exit" 0 "$rc"
expect_eq "-o through a FIFO: file" "$(sed 's/^tiny.warc.gz/fifo/' <<<"$expected")" "$(cat "$WORK/m")"
[ ! -e "$WORK/m.tmp" ] || fail "-o left $WORK/m.tmp after renaming"

# SIGINT while writing: exit 130, m.tmp removed, the old file untouched.
echo "old manifest" >"$WORK/m"
"$W" -o "$WORK/m" "$WORK/fifo" 2>"$WORK/err" &
pid=$!
wait_for "$WORK/m.tmp" || { kill "$pid"; fail "-o: no $WORK/m.tmp before SIGINT"; }
kill -INT "$pid"
set +e
wait "$pid"
rc=$?
set -e
expect_eq "SIGINT: exit" 130 "$rc"
[ ! -e "$WORK/m.tmp" ] || fail "SIGINT left $WORK/m.tmp"
expect_eq "SIGINT: old file untouched" "old manifest" "$(cat "$WORK/m")"

# --append adds to the file, in place.
printf '# earlier manifest\n' >"$WORK/a"
run "$W" -o "$WORK/a" --append "$tiny"
expect_eq "--append exit" 0 "$rc"
run "$W" -o "$WORK/a" --append "$tiny"
expect_eq "--append again exit" 0 "$rc"
expect_eq "--append file" "# earlier manifest
$expected
$expected" "$(cat "$WORK/a")"
[ ! -e "$WORK/a.tmp" ] || fail "--append left $WORK/a.tmp"
# --append to a file that does not exist yet creates it.
run "$W" -o "$WORK/new" --append "$tiny"
expect_eq "--append new file" "$expected" "$(cat "$WORK/new")"
echo ok
