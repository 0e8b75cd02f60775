# Shared by the bench/*.sh scripts: the cached ~1 GB corpus and timing.
#
# Environment: BUILD (default: the build/ next to bench/), BENCH_DIR (default
# /tmp/warcdedup-bench), RUNS (default 3). Sizes in MB are 10^6 bytes.
BUILD=${BUILD:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build}
BENCH_DIR=${BENCH_DIR:-/tmp/warcdedup-bench}
RUNS=${RUNS:-3}
TIME=/usr/bin/time
WARCGEN="$BUILD/tests/warcgen"
# One gzip member per record, 2-60 KB payloads, 15% incompressible, 30%
# duplicate payloads, correct stored SHA-1 digests, in 16 files.
GEN_ARGS=(--seed 1 --size 1G --files 16 --version 1.0 --layout member --min-payload 2K
          --max-payload 60K --incompressible 0.15)

need() {
  for tool in "$@"; do
    [ -x "$tool" ] || { echo "$(basename "$0"): $tool: not found (build first; apt install time)" >&2; exit 2; }
  done
}

# Sets corpus (directory), files (array), raw_bytes, gz_bytes; generates the
# corpus once, again only when the arguments or warcgen change.
ensure_corpus() {
  need "$WARCGEN" "$TIME"
  corpus="$BENCH_DIR/corpus"
  local stamp="$BENCH_DIR/corpus.args"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "${GEN_ARGS[*]}" ] || [ "$WARCGEN" -nt "$stamp" ]; then
    echo "Generating the corpus in $corpus (once; about a minute)..."
    rm -rf "$corpus" "$stamp" "$BENCH_DIR/truth" "$BENCH_DIR/truth.empty" "$BENCH_DIR/uncompressed"
    mkdir -p "$corpus"
    "$WARCGEN" --out "$corpus" --truth "$BENCH_DIR/truth" "${GEN_ARGS[@]}"
    echo "${GEN_ARGS[*]}" > "$stamp"
  fi
  files=("$corpus"/*.warc.gz)
  [ -f "$BENCH_DIR/uncompressed" ] || gzip -dc "${files[@]}" | wc -c > "$BENCH_DIR/uncompressed"
  raw_bytes=$(cat "$BENCH_DIR/uncompressed")
  gz_bytes=$(cat "${files[@]}" | wc -c)
  cat "${files[@]}" > /dev/null  # into the page cache
}

# measure NAME STDOUT COMMAND...: best wall time of $RUNS runs. Sets
# secs[NAME], cpu[NAME] (user+system of that run) and rss[NAME] (KB).
declare -A secs cpu rss
measure() {
  local name=$1 dest=$2; shift 2
  local best="" s kb user sys
  for ((i = 0; i < RUNS; i++)); do
    "$TIME" -o "$BENCH_DIR/time" -f '%e %M %U %S' "$@" > "$dest"
    read -r s kb user sys < "$BENCH_DIR/time"
    if [ -z "$best" ] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$s secs[$name]=$s rss[$name]=$kb cpu[$name]=$(echo "$user + $sys" | bc -l)
    fi
  done
}

ratio() { echo "$1 / $2" | bc -l; }

failed=0
# check DESCRIPTION VALUE OP LIMIT  (OP is >=, < or <=); the value is shown
# with $check_decimals decimals (2 unless set).
check() {
  local fmt="%-48s %8.${check_decimals:-2}f %s %s\n"
  if awk -v v="$2" -v l="$4" -v op="$3" \
    'BEGIN { exit !(op == ">=" ? v >= l : op == "<=" ? v <= l : v < l) }'; then
    printf "PASS  $fmt" "$1" "$2" "$3" "$4"
  else
    printf "FAIL  $fmt" "$1" "$2" "$3" "$4"
    failed=1
  fi
}

load_note() {
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  printf 'load average %s (%s CPUs)%s\n' "$load" "$(nproc)" \
    "$(awk -v a="$load" 'BEGIN { if (a > 0.7) print ": BUSY MACHINE, figures unreliable" }')"
}
