#!/usr/bin/env bash
# Golden CLI cases, in the style of zstd's tests/cli-tests: each
# tests/golden/TOOL/CASE.sh is a small command line run with bash in a fresh
# scratch directory, and beside it are what it must print and return:
#   CASE.sh.stdout.exact  its stdout, byte for byte
#   CASE.sh.stderr.exact  its stderr, byte for byte
#   CASE.sh.exit          its exit status
# A case sees the built tools on PATH (BIN/TOOL/TOOL first), GOLDEN (this
# directory: lib.sh has the chain's set-up steps), GOLDEN_DATA (the
# tiny WARC files in tests/golden/data), SRC (the source tree) and LC_ALL=C;
# it reads no terminal and nothing on stdin unless it pipes something in.
# Cases name their files relative to the scratch directory, so that no
# message holds a path that changes from run to run.
#
# Usage: run.sh [--update] [--verbose] [TOOL | TOOL/CASE]...
#   BIN=build/tools tests/golden/run.sh                 # every case
#   BIN=build/tools tests/golden/run.sh warcsum         # one tool's cases
#   BIN=build/tools tests/golden/run.sh warcsum/version # one case
#   BIN=build/tools tests/golden/run.sh --update warcsum
# --update writes what the cases print as the new expectations (review the
# diff before committing it). Exit 0 when all match, 1 otherwise.
set -uo pipefail

GOLDEN=$(cd "$(dirname "$0")" && pwd)
SRC=${SRC:-$(cd "$GOLDEN/../.." && pwd)}
BIN=${BIN:-$SRC/build/tools}
update=0 verbose=0
selection=()
while [ $# -gt 0 ]; do
  case "$1" in
    --update) update=1 ;;
    --verbose) verbose=1 ;;
    -h | --help) sed -n '2,22s/^# \{0,1\}//p' "$0"; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) selection+=("${1%.sh}") ;;
  esac
  shift
done
[ -d "$BIN" ] || { echo "run.sh: BIN=$BIN is not a directory (the build's tools/)" >&2; exit 2; }
BIN=$(cd "$BIN" && pwd)

# The cases to run: all, or those of the tools and cases named.
cases=()
if [ ${#selection[@]} -eq 0 ]; then selection=($(cd "$GOLDEN" && ls -d */ | tr -d / | grep -vx data)); fi
for s in "${selection[@]}"; do
  if [ -d "$GOLDEN/$s" ]; then
    for c in "$GOLDEN/$s"/*.sh; do [ -e "$c" ] && cases+=("$c"); done
  elif [ -f "$GOLDEN/$s.sh" ]; then
    cases+=("$GOLDEN/$s.sh")
  else
    echo "run.sh: no tool or case $s in $GOLDEN" >&2
    exit 2
  fi
done
[ ${#cases[@]} -gt 0 ] || { echo "run.sh: no cases" >&2; exit 2; }

path=""
for dir in "$BIN"/*/; do path="$path${dir%/}:"; done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# compare NAME EXPECTED-FILE ACTUAL-FILE: 0 if equal, else a unified diff.
compare() {
  if [ ! -f "$2" ]; then
    echo "  missing $2 (run.sh --update writes it)"
    return 1
  fi
  cmp -s "$2" "$3" && return 0
  echo "  $1 differs:"
  diff -u --label "expected $1" --label "actual $1" "$2" "$3" | sed 's/^/    /'
  return 1
}

passed=0 failed=0 updated=0
for c in "${cases[@]}"; do
  name=${c#"$GOLDEN"/}
  name=${name%.sh}
  rm -rf "$tmp/work"
  mkdir "$tmp/work"
  (cd "$tmp/work" &&
    env PATH="$path$PATH" LC_ALL=C TZ=UTC BIN="$BIN" SRC="$SRC" GOLDEN="$GOLDEN" GOLDEN_DATA="$GOLDEN/data" \
      TMPDIR="$tmp/work" bash --noprofile --norc "$c" </dev/null >"$tmp/stdout" 2>"$tmp/stderr")
  echo $? >"$tmp/exit"
  if [ "$update" -eq 1 ]; then
    for k in stdout.exact stderr.exact exit; do
      src="$tmp/${k%.exact}"
      if ! cmp -s "$src" "$c.$k"; then
        cp "$src" "$c.$k"
        updated=$((updated + 1))
        echo "updated $name ($k)"
      fi
    done
    continue
  fi
  ok=0
  report=$(
    compare exit "$c.exit" "$tmp/exit" || ok=1
    compare stdout "$c.stdout.exact" "$tmp/stdout" || ok=1
    compare stderr "$c.stderr.exact" "$tmp/stderr" || ok=1
    exit $ok
  ) || ok=1
  if [ "$ok" -eq 0 ]; then
    passed=$((passed + 1))
    [ "$verbose" -eq 1 ] && echo "ok   $name"
  else
    failed=$((failed + 1))
    echo "FAIL $name"
    echo "$report"
  fi
done

if [ "$update" -eq 1 ]; then
  echo "golden: ${#cases[@]} cases run, $updated expectation files written"
  exit 0
fi
echo "golden: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
