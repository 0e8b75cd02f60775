#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, build-fuzz/) and runs each for SECONDS.
#
#   tests/fuzz/run.sh [SECONDS]        default 60 seconds per target
#
# Environment: JOBS targets at a time (default 2), TARGETS a subset (default
# every tests/fuzz/*_fuzz.cpp), BUILD_DIR (default build-fuzz next to the
# sources).
# The committed seeds in tests/fuzz/corpus/<target>/ and the crashers in
# tests/fuzz/crashers/<target>/ are only read; what the fuzzer finds goes to
# $BUILD_DIR/fuzz-work/<target>/ (corpus/, crash-*, timeout-*, <target>.log).
# Exits 1 when a target crashed, hung or timed out, after showing the end of
# its log. Not part of ctest: unit_tests replays the seeds and crashers, and
# so do the fuzz.replay.<target> tests of the fuzz build.
set -euo pipefail

seconds=${1:-60}
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD_DIR:-$src/build-fuzz}
if [ -z "${TARGETS:-}" ]; then
  TARGETS=$(cd "$src/tests/fuzz" && for f in *_fuzz.cpp; do printf '%s ' "${f%_fuzz.cpp}"; done)
fi
targets=$TARGETS

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
mkdir -p "$build"
(cd "$build" &&
  CC=clang CXX=clang++ cmake "$src" -G Ninja -DWARCDEDUP_FUZZ=ON -DWARCDEDUP_TESTS=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" >/dev/null &&
  ninja $(for t in $targets; do printf '%s_fuzz ' "$t"; done))

run_one() {
  local t=$1 work="$build/fuzz-work/$1" seeds=("$src/tests/fuzz/corpus/$1")
  if [ -d "$src/tests/fuzz/crashers/$t" ]; then seeds+=("$src/tests/fuzz/crashers/$t"); fi
  mkdir -p "$work/corpus"
  if UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$build/tests/${t}_fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=512 \
    -print_final_stats=1 -artifact_prefix="$work/" \
    "$work/corpus" "${seeds[@]}" >"$work/$t.log" 2>&1; then
    echo "$t: ok: $(grep -E '^#[0-9]+' "$work/$t.log" | tail -1)"
  else
    echo "$t: FAILED, see $work/$t.log and $work/"
    tail -n 40 "$work/$t.log" | sed "s/^/  $t: /"
    ls "$work" | grep -E '^(crash|timeout|oom|leak|slow-unit)-' | sed "s|^|  $t: saved $work/|" || true
    echo "  $t: fix the bug, then add the input to tests/fuzz/crashers/$t/"
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
