#!/usr/bin/env bash
# The tree is formatted: clang-format-14 (Debian 12's, pinned: another
# version formats some constructs differently) with the root .clang-format
# finds nothing to change in any C++ file (*.cpp, *.h) outside
# tests/fuzz/corpus. Files are the tracked ones (git ls-files), or found with
# find when the tree is no git checkout. Exits 77 (CTest: skipped) when
# clang-format-14 is not installed.
#   tests/format_check.sh          # check (SRC: the source tree, default ..)
#   clang-format-14 -i FILE...     # what to run on the files it names
set -uo pipefail
SRC=${SRC:-$(cd "$(dirname "$0")/.." && pwd)}
FORMAT=${CLANG_FORMAT:-clang-format-14}
command -v "$FORMAT" >/dev/null || { echo "skipped: $FORMAT not installed"; exit 77; }
cd "$SRC" || exit 1
[ -f .clang-format ] || { echo "FAIL: no .clang-format in $SRC" >&2; exit 1; }

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files -- '*.cpp' '*.h' | grep -v '^tests/fuzz/corpus/')
else
  mapfile -t files < <(find . -path ./tests/fuzz/corpus -prune -o -path './build*' -prune \
    -o -path ./.git -prune -o -type f \( -name '*.cpp' -o -name '*.h' \) -print |
    sed 's|^\./||' | LC_ALL=C sort)
fi
# A file listed but deleted in the working tree is no file to check.
present=()
for f in "${files[@]}"; do [ -f "$f" ] && present+=("$f"); done
[ ${#present[@]} -gt 0 ] || { echo "FAIL: no C++ files found in $SRC" >&2; exit 1; }

# --dry-run --Werror: one warning per change it would make, exit 1 if any.
if ! out=$("$FORMAT" --dry-run --Werror "${present[@]}" 2>&1); then
  echo "$out" | head -n 60
  echo "FAIL: files not formatted (run $FORMAT -i on them):" >&2
  echo "$out" | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: .*/  \1/p' | sort -u >&2
  exit 1
fi
echo "${#present[@]} files formatted"
