#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs ctest.
#
#   scripts/test.sh [--full | --quick]
#
# --full (the default when CI=true) then also proves the code under the
# sanitizers, in this order:
#   1. the fuzz targets (tests/fuzz/run.sh, clang, ASan + UBSan, build-fuzz/),
#      FUZZ_SECONDS (default 30) each, two at a time, then the replay of every
#      seed and crasher through the fuzz binaries (ctest -R fuzz.replay in
#      build-fuzz);
#   2. the whole suite again in build-asan (gcc, ASan + UBSan, every UBSan
#      report fatal), so that ctest's summary of the full suite closes the
#      output.
# --quick: the Release build and suite only, even when CI=true.
# Every stage runs even when an earlier one failed; the exit status is 1 when
# any failed.
set -euo pipefail
cd "$(dirname "$0")/.."

full=false
[ "${CI:-}" = "true" ] && full=true
for arg in "$@"; do
  case $arg in
    --full) full=true ;;
    --quick) full=false ;;
    *) echo "usage: scripts/test.sh [--full | --quick]" >&2; exit 2 ;;
  esac
done

failed=()
stage_start=$SECONDS
stage_done() {  # name status
  echo "test.sh: $1: $([ "$2" -eq 0 ] && echo ok || echo FAILED) ($((SECONDS - stage_start)) s)"
  [ "$2" -eq 0 ] || failed+=("$1")
  stage_start=$SECONDS
}

scripts/install-deps.sh
scripts/build.sh
status=0
(cd build && ctest --output-on-failure -j "$(nproc)") || status=$?
stage_done "install, Release build and suite" $status

if $full; then
  # A sanitizer report fails the test that hit it (leaks too: LeakSanitizer
  # is on by default); UBSan prints where.
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

  status=0
  tests/fuzz/run.sh "${FUZZ_SECONDS:-30}" || status=$?
  stage_done "fuzz run (${FUZZ_SECONDS:-30} s per target)" $status
  status=0
  ctest --test-dir build-fuzz -R '^fuzz\.replay\.' --output-on-failure || status=$?
  stage_done "fuzz replay of seeds and crashers" $status

  status=0
  scripts/build.sh --sanitize || status=$?
  stage_done "ASan/UBSan build" $status
  if [ $status -eq 0 ]; then
    if [ ${#failed[@]} -gt 0 ]; then
      echo "test.sh: FAILED so far: ${failed[*]}"
    fi
    echo "test.sh: the whole suite under ASan/UBSan (build-asan):"
    status=0
    (cd build-asan && ctest --output-on-failure -j "$(nproc)") || status=$?
    [ $status -eq 0 ] || failed+=("ASan/UBSan suite")
  fi
fi

if [ ${#failed[@]} -gt 0 ]; then
  echo "test.sh: FAILED: ${failed[*]}" >&2
  exit 1
fi
