#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, build-fuzz/) and runs each for SECONDS.
#
#   tests/fuzz/run.sh [SECONDS]        default 60 seconds per target
#
# Environment: JOBS targets at a time (default 2), TARGETS a subset (default
# all four), BUILD_DIR (default build-fuzz next to the sources).
# The committed seeds in tests/fuzz/corpus/<target>/ are only read; what the
# fuzzer finds goes to $BUILD_DIR/fuzz-work/<target>/ (corpus/, crash-*,
# timeout-*, <target>.log). Exits 1 when a target crashed, hung or timed out.
# Not part of ctest: tests/unit/fuzz_regressions_test.cpp replays the corpus.
set -euo pipefail

seconds=${1:-60}
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD_DIR:-$src/build-fuzz}
targets=${TARGETS:-"segment_reader warc_reader arc_reader manifest"}

mkdir -p "$build"
(cd "$build" &&
  CC=clang CXX=clang++ cmake "$src" -G Ninja -DWARCDEDUP_FUZZ=ON -DWARCDEDUP_TESTS=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null &&
  ninja $(for t in $targets; do printf '%s_fuzz ' "$t"; done))

run_one() {
  local t=$1 work="$build/fuzz-work/$1"
  mkdir -p "$work/corpus"
  if UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$build/tests/${t}_fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=512 \
    -print_final_stats=1 -artifact_prefix="$work/" \
    "$work/corpus" "$src/tests/fuzz/corpus/$t" >"$work/$t.log" 2>&1; then
    echo "$t: ok: $(grep -E '^#[0-9]+' "$work/$t.log" | tail -1)"
  else
    echo "$t: FAILED, see $work/$t.log and $work/"
    return 1
  fi
}
export -f run_one
export build src seconds

# xargs exits 123 when any target failed.
if printf '%s\n' $targets | xargs -P "${JOBS:-2}" -I{} bash -c 'run_one {}'; then
  exit 0
fi
exit 1
