#!/bin/bash
# The include graph ARCHITECTURE.md draws, checked on the sources: which part
# may include which, no tool including another tool, and libraries that never
# print (stdout/stderr belong to the tools). A new arrow is added here and in
# ARCHITECTURE.md together, or not at all.
set -u
SRC=${SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$SRC" || exit 1

# part -> the parts its files may include (besides itself).
declare -A ALLOWED=(
  [base]=""
  [gzmulti]="base"
  [url]="base"
  [manifest]="base url"
  [warc]="base gzmulti"
  [fetch]="base gzmulti warc manifest"
  [dedup]="base gzmulti warc manifest fetch"
  [convert]="base gzmulti warc"
  [neardup]="base gzmulti warc manifest fetch"
  [cover]="base manifest neardup"
  [filter]="base gzmulti warc manifest dedup"
  [urlrules]="base url manifest"
  [toolcommon]="base fetch"
)
LIBS="base gzmulti url manifest warc fetch dedup convert neardup cover filter urlrules"
failures=0
fail() { echo "architecture: $*"; failures=$((failures + 1)); }

# Every quoted include of FILE, one per line.
includes() { sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$1"; }

check_part() {  # part, files...
  local part=$1 file inc target
  shift
  for file in "$@"; do
    while IFS= read -r inc; do
      target=${inc%%/*}
      [[ $inc == */* ]] || continue
      [[ $target == "$part" ]] && continue
      [[ " ${ALLOWED[$part]} " == *" $target "* ]] && continue
      fail "$file includes \"$inc\": $part may not use $target"
    done < <(includes "$file")
  done
}

for lib in $LIBS; do
  [[ -d lib/$lib ]] || { fail "lib/$lib: missing"; continue; }
  mapfile -t files < <(find "lib/$lib" -name '*.h' -o -name '*.cpp')
  check_part "$lib" "${files[@]}"
  # A library reports through Status and callbacks; it never prints or exits.
  grep -nE 'std::(cout|cerr|clog)|[^sn]printf\(|[^_a-z]exit\(' "${files[@]}" /dev/null |
    while IFS= read -r hit; do echo "architecture: a library prints or exits: $hit"; done |
    grep . && failures=$((failures + 1))
done
mapfile -t files < <(find tools/common -name '*.h' -o -name '*.cpp')
check_part toolcommon "${files[@]}"

# A tool includes libraries, toolcommon and its own files; never another tool's.
for dir in tools/*/; do
  tool=$(basename "$dir")
  [[ $tool == common ]] && continue
  for file in "$dir"*.h "$dir"*.cpp; do
    [[ -f $file ]] || continue
    while IFS= read -r inc; do
      if [[ $inc == */* ]]; then
        target=${inc%%/*}
        [[ " $LIBS toolcommon " == *" $target "* ]] || fail "$file includes \"$inc\": not a library"
      elif [[ ! -f $dir$inc ]]; then
        fail "$file includes \"$inc\", which is not in $dir (another tool's file?)"
      fi
    done < <(includes "$file")
  done
done

# And no tool links another tool's core library.
if grep -nE 'warcdedup_tool\(.*LIBS.*[a-z]+_core' tools/CMakeLists.txt; then
  fail "tools/CMakeLists.txt: a tool links another tool's core"
fi

if ((failures)); then
  echo "architecture: $failures problems (see ARCHITECTURE.md)"
  exit 1
fi
echo "architecture: the include graph is as ARCHITECTURE.md draws it"
