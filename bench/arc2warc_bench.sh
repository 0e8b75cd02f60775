#!/usr/bin/env bash
# arc2warc throughput, output size and memory against the naive recompression.
#
#   bench/arc2warc_bench.sh [--sweep]
#
# Generates (once; cached in $BENCH_DIR/arc-corpus) about 1 GiB of
# uncompressed ARC in 16 files with tests/gen/warcgen --format arc: one gzip
# member per record, the payload mix of the WARC corpus (2-60 KiB, 15%
# incompressible). Then, with the files in the page cache, times in $RUNS
# rounds of every case (median wall clock; max RSS from /usr/bin/time):
#   gzip -dc | gzip -6       the baseline: the naive recompression
#   arc2warc -j1, -j2        into a fresh output directory each time
#   the ceilings             bench/inflate_ceiling (libdeflate alone over the
#                            members in memory, and with SHA-1) and
#                            bench/recompress_members: inflate + 2 SHA-1 (the
#                            block and payload digests) + libdeflate at
#                            arc2warc's level, in memory: all of arc2warc's
#                            work but parsing, headers and I/O
# and the output size: arc2warc's bytes / the same WARC records recompressed
# one zlib level 6 gzip member each (bench/recompress_members --zlib 6). Then
# max RSS of arc2warc on one ARC file holding a single 1 GB record (generated
# once: its block is spooled to --temp-dir while its digests are computed).
# --sweep adds a table of arc2warc --level 1..9 on 3 of the files (~200 MB):
# rate and size ratio, and the recommended level (the fastest whose size
# ratio is within the target).
#
# Exit status: 0 when every target is met, 1 if not, 2 when something is
# missing. Environment: BUILD, BENCH_DIR, RUNS (see lib.bash), NICE (as in
# warcsum_bench.sh: e.g. -20, as root, keeps the cores on a busy machine),
# LEVELS (the sweep's levels, default "1 2 3 4 5 6 7 8 9"); for a trial run,
# ARC_SIZE (default 1G) and BIG_BYTES (default 1000000000, the big record's
# payload), with a BENCH_DIR of its own. MB are 10^6 bytes
# of uncompressed ARC; the CPU columns (user + system seconds) stay meaningful
# on a busy machine, where wall-clock ratios and -j2 scaling do not.
set -euo pipefail

sweep=0
case "${1:-}" in
  --sweep) sweep=1 ;;
  "") ;;
  *) echo "usage: arc2warc_bench.sh [--sweep]" >&2; exit 2 ;;
esac
NICE=${NICE:-}
if [ -n "$NICE" ] && [ -z "${ARC2WARC_BENCH_SESSION:-}" ] && [ -w /proc/self/autogroup ]; then
  ARC2WARC_BENCH_SESSION=1 exec setsid --wait "$0" "$@"
fi
if [ -n "${ARC2WARC_BENCH_SESSION:-}" ]; then
  echo "$NICE" > /proc/self/autogroup || echo "arc2warc_bench: cannot renice the autogroup" >&2
fi
source "$(dirname "$0")/lib.bash"
ARC2WARC="$BUILD/tools/arc2warc/arc2warc"
CEILING="$BUILD/bench/inflate_ceiling"
RECOMPRESS="$BUILD/bench/recompress_members"
need "$ARC2WARC" "$CEILING" "$RECOMPRESS" "$WARCGEN" "$TIME"
LEVEL=6  # arc2warc's default --level (convert::ConvertOptions)
LEVELS=${LEVELS:-1 2 3 4 5 6 7 8 9}
BIG_BYTES=${BIG_BYTES:-1000000000}
ARC_GEN_ARGS=(--format arc --seed 1 --size "${ARC_SIZE:-1G}" --files 16 --min-payload 2K --max-payload 60K
              --incompressible 0.15)

# --- The corpus: generated once, again only when the arguments or warcgen
# change. Sets arc_files and arc_raw (uncompressed bytes).
arc_corpus="$BENCH_DIR/arc-corpus"
stamp="$BENCH_DIR/arc-corpus.args"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "${ARC_GEN_ARGS[*]}" ] || [ "$WARCGEN" -nt "$stamp" ]; then
  echo "Generating the ARC corpus in $arc_corpus (once; about a minute)..."
  rm -rf "$arc_corpus" "$stamp" "$BENCH_DIR/arc-uncompressed"
  mkdir -p "$arc_corpus"
  "$WARCGEN" -q --out "$arc_corpus" "${ARC_GEN_ARGS[@]}"
  echo "${ARC_GEN_ARGS[*]}" > "$stamp"
fi
arc_files=("$arc_corpus"/*.arc.gz)
[ -f "$BENCH_DIR/arc-uncompressed" ] ||
  gzip -dc "${arc_files[@]}" | wc -c > "$BENCH_DIR/arc-uncompressed"
arc_raw=$(cat "$BENCH_DIR/arc-uncompressed")
arc_gz=$(cat "${arc_files[@]}" | wc -c)
cat "${arc_files[@]}" > /dev/null  # into the page cache

# One ARC file holding a single 1 GB HTTP response (random bytes), after its
# version block; one gzip member per record. Made once.
big="$BENCH_DIR/arc-big/big-$BIG_BYTES.arc.gz"
if [ ! -f "$big" ]; then
  echo "Writing $big (once; about a minute)..."
  mkdir -p "$(dirname "$big")"
  fields='1 0 bench.example.org
URL IP-address Archive-date Content-type Archive-length
'
  http=$'HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: '"$BIG_BYTES"$'\r\n\r\n'
  {
    printf 'filedesc://big-%s.arc 192.0.2.1 20260101000000 text/plain %d\n%s\n' "$BIG_BYTES" "${#fields}" "$fields" |
      gzip -1
    {
      printf 'http://big.example.org/1GB 192.0.2.2 20260101000001 application/octet-stream %d\n%s' \
        $((${#http} + BIG_BYTES)) "$http"
      head -c "$BIG_BYTES" /dev/urandom
      printf '\n'
    } | gzip -1
  } > "$big.tmp"
  mv "$big.tmp" "$big"
fi

# --- Timing. walls[NAME] collects the wall-clock seconds of every run;
# cpu_all[NAME] their user + system seconds; rss[NAME] the max RSS (KB).
out="$BENCH_DIR/arc2warc-out"
rm -rf "$out"
mkdir -p "$out"
declare -A walls cpu_all rss
# timed NAME STDOUT COMMAND...: one run under /usr/bin/time; a failure stops
# the benchmark.
timed() {
  local name=$1 dest=$2; shift 2
  local s kb user sys
  if ! ${NICE:+nice -n "$NICE"} "$TIME" -o "$out/time" -f '%e %M %U %S' "$@" > "$dest"; then
    echo "arc2warc_bench: $name failed: $*" >&2
    exit 1
  fi
  read -r s kb user sys < "$out/time"
  walls[$name]+=" $s"
  cpu_all[$name]+=" $(echo "$user + $sys" | bc -l)"
  [ "${rss[$name]:-0}" -gt "$kb" ] || rss[$name]=$kb
}
# inner NAME COMMAND...: a program that times its own loop (first field).
inner() {
  local name=$1; shift
  walls[$name]+=" $("$@" | cut -d' ' -f1)"
}
median() { tr ' ' '\n' <<< "$1" | grep . | sort -g | awk '{ v[NR] = $1 }
  END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# convert NAME DIR ARGS...: arc2warc into a fresh DIR, timed.
convert() {
  local name=$1 dir=$2; shift 2
  rm -rf "$dir"
  timed "$name" "$out/$name.stdout" "$ARC2WARC" -q -o "$dir" "$@"
}

load_before=$(cut -d' ' -f1 /proc/loadavg)
# Rounds of every case, so that a slow spell of the machine does not fall on
# one case only.
for ((round = 0; round < RUNS; round++)); do
  timed naive /dev/null bash -c 'gzip -dc "$@" | gzip -6' _ "${arc_files[@]}"
  convert j1 "$out/j1" -j1 "${arc_files[@]}"
  convert j2 "$out/j2" -j2 "${arc_files[@]}"
  inner ceiling "$CEILING" "${arc_files[@]}"
  inner ceiling_sha1 "$CEILING" --sha1 "${arc_files[@]}"
  inner ceiling_work "$RECOMPRESS" --sha1 2 --libdeflate "$LEVEL" "${arc_files[@]}"
done
load_after=$(cut -d' ' -f1 /proc/loadavg)
declare -A secs cpu
for name in "${!walls[@]}"; do secs[$name]=$(median "${walls[$name]}"); done
for name in "${!cpu_all[@]}"; do cpu[$name]=$(median "${cpu_all[$name]}"); done

# The conversion must be whole and the same for any -j, or the speed means
# nothing.
# Per-file lines: "x.arc.gz -> DIR/x.warc.gz: records N in, N out, 0 truncated; problems 0; ..."
for name in j1 j2; do
  read -r files_ok rin rout < <(awk '{ split($0, r, "records "); split(r[2], n, "[ ,]+")
      in_ += n[1]; out_ += n[3]; ok += (n[5] == 0 && / problems 0;/) }
    END { print ok + 0, in_ + 0, out_ + 0 }' "$out/$name.stdout")
  if [ "$files_ok" != "${#arc_files[@]}" ] || [ "$rin" != "$rout" ]; then
    echo "arc2warc_bench: $name: records $rin in, $rout out; $files_ok of ${#arc_files[@]} files converted whole" >&2
    exit 1
  fi
done
for f in "$out"/j1/*; do
  cmp -s "$f" "$out/j2/$(basename "$f")" ||
    { echo "arc2warc_bench: $f: -j1 and -j2 outputs differ" >&2; exit 1; }
done

# --- The output size against zlib level 6 members of the same records.
warc_bytes=$(cat "$out"/j1/*.warc.gz | wc -c)
read -r zlib6_s zlib6_members warc_raw zlib6_bytes < <("$RECOMPRESS" --zlib 6 "$out"/j1/*.warc.gz)
size_ratio=$(ratio "$warc_bytes" "$zlib6_bytes")

# --- One 1 GB record: max RSS, its block spooled to --temp-dir.
spool="$out/spool"
mkdir -p "$spool"
timed big "$out/big.stdout" "$ARC2WARC" -q -o "$out/big" --temp-dir "$spool" "$big"
grep -q 'records 2 in, 2 out, 0 truncated; problems 0;' "$out/big.stdout" ||
  { echo "arc2warc_bench: the 1 GB record: $(cat "$out/big.stdout")" >&2; exit 1; }
big_out=$(cat "$out"/big/*.warc.gz | wc -c)
secs[big]=$(median "${walls[big]}")
spool_left=$(find "$spool" -type f | wc -l)
rm -rf "$out/big"

# --- Report.
mb() { echo "$1 / 1000000" | bc -l; }
rate() { echo "$arc_raw / 1000000 / $1" | bc -l; }
printf 'corpus: %d ARC files, %.1f MB uncompressed, %.1f MB gzip (%.2f:1), %s records; %s\n' \
  "${#arc_files[@]}" "$(mb "$arc_raw")" "$(mb "$arc_gz")" "$(ratio "$arc_raw" "$arc_gz")" \
  "$rin" "$("$ARC2WARC" --version)"
printf 'load average %s before, %s after (%s CPUs)%s%s; medians of %d runs\n' "$load_before" \
  "$load_after" "$(nproc)" "${NICE:+, timed at niceness $NICE}" \
  "$(awk -v a="$load_before" -v b="$load_after" 'BEGIN { if (a > 0.5 || b > 1.5) print ": BUSY MACHINE, figures unreliable" }')" \
  "$RUNS"
printf '%-40s %8s %8s %8s %8s %8s %8s\n' command seconds MB/s "x naive" "CPU s" "x (CPU)" "RSS MiB"
for name in naive j1 j2; do
  label="arc2warc -$name"
  [ "$name" = naive ] && label="gzip -dc | gzip -6 (naive)"
  printf '%-40s %8.2f %8.1f %8.2f %8.2f %8.2f %8.1f\n' "$label" "${secs[$name]}" \
    "$(rate "${secs[$name]}")" "$(ratio "${secs[naive]}" "${secs[$name]}")" "${cpu[$name]}" \
    "$(ratio "${cpu[naive]}" "${cpu[$name]}")" "$(echo "${rss[$name]} / 1024" | bc -l)"
done
for name in ceiling ceiling_sha1 ceiling_work; do
  case $name in
    ceiling) label="ceiling: inflate in memory" ;;
    ceiling_sha1) label="ceiling: inflate + SHA-1" ;;
    ceiling_work) label="ceiling: inflate + 2 SHA-1 + deflate-$LEVEL" ;;
  esac
  printf '%-40s %8.2f %8.1f %8.2f\n' "$label" "${secs[$name]}" "$(rate "${secs[$name]}")" \
    "$(ratio "${secs[naive]}" "${secs[$name]}")"
done
printf '%-40s %8.2f %8.1f %8.2f   (zlib level 6 members of the WARC output, in memory)\n' \
  "zlib-6 recompression of the output" "$zlib6_s" "$(echo "$warc_raw / 1000000 / $zlib6_s" | bc -l)" \
  "$(ratio "${secs[naive]}" "$zlib6_s")"
printf 'arc2warc -j1 / its ceiling (inflate + 2 SHA-1 + deflate-%d): %.2f\n' "$LEVEL" \
  "$(ratio "${secs[ceiling_work]}" "${secs[j1]}")"
printf 'output: %.1f MB WARC gzip (%.1f MB uncompressed, %s members); zlib-6 members %.1f MB: ratio %.4f\n' \
  "$(mb "$warc_bytes")" "$(mb "$warc_raw")" "$zlib6_members" "$(mb "$zlib6_bytes")" "$size_ratio"
printf 'one %.0f MB record: %.2f s, max RSS %.1f MiB, %.1f MB out; spooled to --temp-dir (%s files left there)\n' \
  "$(mb "$BIG_BYTES")" "${secs[big]}" "$(echo "${rss[big]} / 1024" | bc -l)" "$(mb "$big_out")" "$spool_left"
rm -rf "$out/j1" "$out/j2"

check "arc2warc -j1 vs the naive recompression (x)" "$(ratio "${secs[naive]}" "${secs[j1]}")" ">=" 2.5
check "arc2warc -j2 vs -j1 (x)" "$(ratio "${secs[j1]}" "${secs[j2]}")" ">=" 1.8
check_decimals=4 check "output size / zlib-6 members (x)" "$size_ratio" "<=" 1.03
check "arc2warc -j2 max RSS (MiB)" "$(echo "${rss[j2]} / 1024" | bc -l)" "<" 64
check "arc2warc max RSS, one $(printf %.0f "$(mb "$BIG_BYTES")") MB record (MiB)" "$(echo "${rss[big]} / 1024" | bc -l)" "<" 64

[ "$sweep" = 1 ] || exit "$failed"

# --- The level sweep on 3 files (~200 MB): rate and size ratio per level.
subset=("${arc_files[@]:0:3}")
subset_raw=$(gzip -dc "${subset[@]}" | wc -c)
sweep_zlib6=""
echo
printf 'level sweep: arc2warc -j1 --level N on %d files, %.1f MB uncompressed; medians of %d runs\n' \
  "${#subset[@]}" "$(mb "$subset_raw")" "$RUNS"
printf '%-6s %8s %8s %8s %10s %10s\n' level seconds MB/s "x naive" "MB out" "x zlib-6"
best_level="" best_rate=0
for level in $LEVELS; do
  for ((round = 0; round < RUNS; round++)); do
    convert "sweep$level" "$out/sweep" -j1 --level "$level" "${subset[@]}"
  done
  s=$(median "${walls[sweep$level]}")
  bytes=$(cat "$out"/sweep/*.warc.gz | wc -c)
  # The WARC records are the same at every level: one denominator.
  [ -n "$sweep_zlib6" ] || sweep_zlib6=$("$RECOMPRESS" --zlib 6 "$out"/sweep/*.warc.gz | cut -d' ' -f4)
  r=$(echo "$subset_raw / 1000000 / $s" | bc -l)
  size=$(ratio "$bytes" "$sweep_zlib6")
  printf '%-6s %8.2f %8.1f %8.2f %10.1f %10.4f\n' "$level" "$s" "$r" \
    "$(echo "$r / $(rate "${secs[naive]}")" | bc -l)" "$(mb "$bytes")" "$size"
  if awk -v z="$size" -v r="$r" -v b="$best_rate" 'BEGIN { exit !(z <= 1.03 && r > b) }'; then
    best_level=$level best_rate=$r
  fi
done
rm -rf "$out/sweep"
echo "recommended level (the fastest with size ratio <= 1.03): ${best_level:-none}"
exit "$failed"
