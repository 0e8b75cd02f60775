# Sourced by every tests/cli/*.sh: strict mode, a scratch directory, and
# assertions that print what differed.
set -euo pipefail
# A command that stops the script under set -e says which it was (a test
# that exits without a FAIL line is otherwise mute about where it stopped).
trap '__status=$?; [[ $- == *e* ]] && echo "FAIL: ${BASH_SOURCE[0]##*/}: line $LINENO: exit $__status from: $BASH_COMMAND" >&2' ERR
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

# expect_eq WHAT EXPECTED ACTUAL
expect_eq() {
  if [ "$2" != "$3" ]; then
    echo "FAIL: $1" >&2
    diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") >&2 || true
    exit 1
  fi
}

# run CMD...: runs a command, capturing stdout, stderr and exit status in
# $WORK/out, $WORK/err and $rc without stopping the script.
run() {
  set +e
  "$@" >"$WORK/out" 2>"$WORK/err"
  rc=$?
  set -e
}

need_interop() { [ -d "$INTEROP" ] || { echo "skipped: $INTEROP absent"; exit 77; }; }
