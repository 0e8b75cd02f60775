#!/usr/bin/env bash
# The README's first command: installs what is needed, builds, and runs the
# whole deduplication (warcdedup) on a generated sample corpus, or on the
# directory given as argument, printing the before/after table.
#
#   scripts/demo.sh              # generated sample in ./sample
#   scripts/demo.sh /data/warcs  # your own WARC files (written to DIR-dedup)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
if [ $# -ge 1 ]; then
  input=$(cd "$1" && pwd)
  output="$input-dedup"
else
  input=$PWD/sample/warcs
  output=$PWD/sample/dedup
  if [ ! -d "$input" ]; then
    echo "demo: generating a 100 MB sample corpus in $input (30% duplicate payloads)"
    build/tests/warcgen --out "$input" --size 100M --files 8 --seed 42 --version mixed -q
  fi
  rm -rf "$output"
fi
echo "demo: deduplicating $input into $output"
build/tools/warcdedup/warcdedup -o "$output" "$input"
