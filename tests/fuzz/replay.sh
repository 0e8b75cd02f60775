#!/usr/bin/env bash
# Runs a libFuzzer binary once over every file in the given folders (missing
# folders count as empty): the ctest fuzz.replay.<target> in a -DWARCDEDUP_FUZZ
# build, over tests/fuzz/corpus/<target>/ and tests/fuzz/crashers/<target>/.
#
#   tests/fuzz/replay.sh FUZZER DIR...
#
# Exits non-zero when an input crashes, hangs (10 s) or breaks an invariant.
set -euo pipefail
fuzzer=$1
shift
files=()
for dir in "$@"; do
  [ -d "$dir" ] || continue
  while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$dir" -maxdepth 1 -type f -print0 | sort -z)
done
if [ ${#files[@]} -eq 0 ]; then
  echo "replay: no inputs in $*" >&2
  exit 1
fi
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 "$fuzzer" -timeout=10 -rss_limit_mb=2048 "${files[@]}"
echo "replay: ${#files[@]} inputs ok"
