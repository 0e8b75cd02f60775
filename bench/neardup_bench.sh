#!/usr/bin/env bash
# The near-duplicate stage (warcshingle, warcnear) against issue 15's targets.
#
# On a generated corpus (warcgen --neardup --pages $PAGES, cached in
# $BENCH_DIR/neardup) with its truth (pages.tsv, texts.tsv):
#  1. exact check   warcnear --exact and LSH at t = 0.5, 0.8, 0.9 against a
#                   brute-force all-pairs computation over the same signature
#                   file (bench/neardup_allpairs; the star rule of warcnear(1)
#                   applied): --exact must agree line for line, LSH must be a
#                   subset with the same values
#  2. recall        of LSH (t 0.8) on the brute-force pairs with J >= 0.9 and
#                   >= 0.8 (pairs of distinct sets: identical ones are folded
#                   before LSH); candidates checked per true pair; --exact's
#                   time / LSH's
#  3. end to end    warcnear -t 0.8 pairs and --clusters against the intended
#                   pairs (true main texts' 5-shingle Jaccard >= 0.8;
#                   bench/neardup_truth); the template-trap pairs
#  4. extraction    token F1 of `warcshingle --text` per --extract method;
#                   warcshingle -j1 pages per CPU second against libxml2's
#                   SAX parse-only rate on the same pages in the same run
#                   (bench/neardup_pages_bench, which also splits the work)
#  5. sketching     bench/neardup_sketch_bench
#  6. memory        warcnear's peak RSS against the bytes of the sketches it
#                   indexes (records x num_perm x 4) on $SYNTH_DOCS synthetic
#                   records (bench/neardup_synth_sig; 40 shingles each): the
#                   anonymous RSS (sampled) and the whole (with the mapped
#                   signature file's pages)
#  7. scale         warcgen --neardup --pages $SCALE_PAGES --stdout --level 1 |
#                   warcshingle -j2, then warcnear --clusters -j2: wall and
#                   CPU time of each stage; the 20-minute target is judged on
#                   the wall time extrapolated to 1,000,000 pages, and the CPU
#                   time over the cores is printed beside it.
# Ratios are of figures measured in this run; CPU times (user + system) are
# printed beside wall times because the machine may be shared.
#
# Environment: BUILD, BENCH_DIR, RUNS (lib.bash); PAGES (default 5000),
# SCALE_PAGES (default 1000000; 0 skips step 7), SYNTH_DOCS (default
# 1000000; 0 skips step 6). Exit status: 0 when every target is met, 1 if
# not, 2 when something is missing.
set -euo pipefail
source "$(dirname "$0")/lib.bash"
PAGES=${PAGES:-5000}
SCALE_PAGES=${SCALE_PAGES:-1000000}
SYNTH_DOCS=${SYNTH_DOCS:-1000000}
SHINGLE="$BUILD/tools/warcshingle/warcshingle"
NEAR="$BUILD/tools/warcnear/warcnear"
ALLPAIRS="$BUILD/bench/neardup_allpairs"
TRUTH="$BUILD/bench/neardup_truth"
PAGESB="$BUILD/bench/neardup_pages_bench"
SKETCHB="$BUILD/bench/neardup_sketch_bench"
SYNTH="$BUILD/bench/neardup_synth_sig"
need "$WARCGEN" "$TIME" "$SHINGLE" "$NEAR" "$ALLPAIRS" "$TRUTH" "$PAGESB" "$SKETCHB" "$SYNTH"
dir="$BENCH_DIR/neardup"
mkdir -p "$dir"
corpus="$dir/c$PAGES"
if [ ! -f "$corpus/truth/texts.tsv" ] || [ "$WARCGEN" -nt "$corpus/truth/texts.tsv" ]; then
  rm -rf "$corpus"
  "$WARCGEN" --neardup --pages "$PAGES" --seed 1 --out "$corpus" -q
fi
files=("$corpus"/*.warc.gz)
pages_tsv="$corpus/truth/pages.tsv" texts_tsv="$corpus/truth/texts.tsv"
sig="$dir/c$PAGES.sig"
cat "${files[@]}" > /dev/null
load_note
# summary_field FILE WORD: the number before WORD in warcnear's summary.
summary_field() { grep -o "[0-9]* $2" "$1" | head -1 | cut -d' ' -f1; }
# timed_anon NAME STDOUT STDERR COMMAND...: one run, as measure (secs, cpu,
# rss of NAME), also sampling the command's anonymous RSS (the signature
# file is mapped: its pages count in the RSS but are the page cache's) every
# 50 ms into anon[NAME] (KB).
declare -A anon
timed_anon() {
  local name=$1 out=$2 err=$3; shift 3
  "$TIME" -o "$BENCH_DIR/time" -f '%e %M %U %S' "$@" > "$out" 2> "$err" &
  local tpid=$! pid="" peak=0 kb rc=0
  while kill -0 "$tpid" 2> /dev/null; do
    # (ps fails when the child is not there yet, or gone already.)
    [ -n "$pid" ] || pid=$(ps -o pid= --ppid "$tpid" | head -1 | tr -d ' ' || true)
    kb=$( [ -n "$pid" ] && awk '/^RssAnon:/ { print $2 }' "/proc/$pid/status" 2> /dev/null || true)
    [ -n "$kb" ] && [ "$kb" -gt "$peak" ] && peak=$kb
    sleep 0.05
  done
  wait "$tpid" || rc=$?
  local s kb2 user sys
  read -r s kb2 user sys < "$BENCH_DIR/time"
  secs[$name]=$s rss[$name]=$kb2 cpu[$name]=$(echo "$user + $sys" | bc -l) anon[$name]=$peak
  return $rc
}

echo "== 4a. warcshingle -j1 on $PAGES pages (RUNS=$RUNS)"
measure shingle_j1 /dev/null "$SHINGLE" -q -j1 -o "$sig" "${files[@]}"
printf 'warcshingle -j1: %.2f s wall, %.2f s CPU, %.0f pages/s wall, %.0f pages per CPU s, RSS %d KB\n' \
  "${secs[shingle_j1]}" "${cpu[shingle_j1]}" "$(ratio "$PAGES" "${secs[shingle_j1]}")" \
  "$(ratio "$PAGES" "${cpu[shingle_j1]}")" "${rss[shingle_j1]}"

echo "== 1. the exact check against brute force"
"$ALLPAIRS" "$sig" "$dir/bf" 0.5 0.8 0.9
for t in 0.5 0.8 0.9; do
  measure "exact_$t" "$dir/exact.$t" "$NEAR" -q --exact -t "$t" "$sig"
  measure "lsh_$t" "$dir/lsh.$t" "$NEAR" -t "$t" "$sig" 2> "$dir/lsh.$t.summary"
  agree=$(comm -12 "$dir/exact.$t" "$dir/bf.$t.pairs" | wc -l)
  extra=$(comm -23 "$dir/exact.$t" "$dir/bf.$t.pairs" | wc -l)
  missing=$(comm -13 "$dir/exact.$t" "$dir/bf.$t.pairs" | wc -l)
  lsh_wrong=$(comm -23 "$dir/lsh.$t" "$dir/bf.$t.pairs" | wc -l)
  printf 't=%s: brute force %d lines; --exact agrees on %d, %d not in brute force, %d missed; ' \
    "$t" "$(wc -l < "$dir/bf.$t.pairs")" "$agree" "$extra" "$missing"
  printf 'LSH %d lines, %d not in brute force (value or pair)\n' "$(wc -l < "$dir/lsh.$t")" "$lsh_wrong"
  check "t=$t: --exact lines not agreeing" "$((extra + missing))" "<=" 0
  check "t=$t: LSH lines not in brute force" "$lsh_wrong" "<=" 0
done

echo "== 2. recall of LSH candidates (t 0.8; pairs of distinct sets)"
found9=$(comm -12 "$dir/lsh.0.8" "$dir/bf.0.9.rep" | wc -l)
found8=$(comm -12 "$dir/lsh.0.8" "$dir/bf.0.8.rep" | wc -l)
true9=$(wc -l < "$dir/bf.0.9.rep") true8=$(wc -l < "$dir/bf.0.8.rep")
cands=$(summary_field "$dir/lsh.0.8.summary" candidates)
found_pairs=$(summary_field "$dir/lsh.0.8.summary" "pairs at")
cat "$dir/lsh.0.8.summary"
check_decimals=4
check "recall J>=0.9 ($found9 of $true9)" "$(ratio "$found9" "$true9")" ">=" 0.99
check "recall J>=0.8 ($found8 of $true8)" "$(ratio "$found8" "$true8")" ">=" 0.95
found9_at9=$(comm -12 "$dir/lsh.0.9" "$dir/bf.0.9.rep" | wc -l)
printf 'with -t 0.9: recall J>=0.9 %.4f (%d of %d)\n' "$(ratio "$found9_at9" "$true9")" "$found9_at9" "$true9"
check_decimals=2
check "candidates checked per true pair" "$(ratio "$cands" "$true8")" "<=" 3
printf 'candidates per pair found: %.2f; time --exact / LSH (t 0.8): %.2f wall, %.2f CPU\n' \
  "$(ratio "$cands" "$found_pairs")" "$(ratio "${secs[exact_0.8]}" "${secs[lsh_0.8]}")" \
  "$(ratio "${cpu[exact_0.8]}" "${cpu[lsh_0.8]}")"

echo "== 3. end to end against the intended labels (t 0.8)"
"$NEAR" -q --clusters -t 0.8 "$sig" > "$dir/clusters.0.8"
"$TRUTH" labels 0.8 "$pages_tsv" "$texts_tsv" "$sig" "$dir/lsh.0.8" "$dir/clusters.0.8" |
  tee "$dir/labels.0.8"
check_decimals=4
check "pairwise F1, warcnear pairs vs intended pairs" \
  "$(awk '/^pairs got/ { print $NF }' "$dir/labels.0.8")" ">=" 0.95
# Clusters are judged against the intended pairs clustered by warcnear's own
# rule (each record joins the earliest representative it reaches): the
# issue asks for that rule, not for transitive closure. Against the
# connected components of the intended pairs (closure: chains of pages)
# the figure is printed above for information.
check "pairwise F1, clusters vs intended centre-based clusters" \
  "$(awk '/^clusters vs centre-based/ { print $NF }' "$dir/labels.0.8")" ">=" 0.95
check "trap pairs not paired" "$(awk '/^trap pairs/ { print $6 }' "$dir/labels.0.8")" ">=" 0.98
# The same judge on the brute-force pairs: what is lost before the candidates.
printf 'brute-force pairs of the signature file vs intended: '
"$TRUTH" labels 0.8 "$pages_tsv" "$texts_tsv" "$sig" "$dir/bf.0.8.pairs" "$dir/clusters.0.8" |
  grep '^pairs got'

echo "== 4b. extraction: token F1 per method; the work against the parse-only rate"
for m in dom bte none; do
  "$SHINGLE" -q --text --extract "$m" "${files[@]}" | "$TRUTH" f1 "$pages_tsv" "$texts_tsv" |
    sed "s/^/$m: /" | tee "$dir/f1.$m"
done
check "token F1 (dom, mean over pages)" "$(awk '{ print $4 }' "$dir/f1.dom")" ">=" 0.90
"$PAGESB" --runs "$RUNS" "${files[@]}" | tee "$dir/pages_bench"
rate() { awk -v n="$1" '$1 == n { print $2 }' "$dir/pages_bench"; }
check_decimals=2
check "sign / parse-only (in process)" "$(ratio "$(rate sign)" "$(rate parse)")" ">=" 0.5
check "warcshingle -j1 (pages/CPU s) / parse-only" \
  "$(ratio "$(ratio "$PAGES" "${cpu[shingle_j1]}")" "$(rate parse)")" ">=" 0.5
check_decimals=0
check "warcshingle -j1 pages per CPU second" "$(ratio "$PAGES" "${cpu[shingle_j1]}")" ">=" 1500

echo "== 5. sketching"
"$SKETCHB" | tee "$dir/sketch_bench"
sk() { awk -v n="$1" '$1 == n { print $2 }' "$dir/sketch_bench"; }
check_decimals=0
check "MinHash(128) docs per CPU s, 400 shingles" "$(sk minhash)" ">=" 200000
check "simhash docs per CPU s, 400 words" "$(sk simhash)" ">=" 300000
check_decimals=4
check "MinHash estimate MAE" "$(sk mae)" "<=" 0.03

if [ "$SYNTH_DOCS" -gt 0 ]; then
  echo "== 6. memory: warcnear on $SYNTH_DOCS synthetic records"
  synth="$dir/synth$SYNTH_DOCS.sig"
  [ -f "$synth" ] && [ "$synth" -nt "$SYNTH" ] || "$SYNTH" "$SYNTH_DOCS" "$synth"
  sketch_kb=$(echo "$SYNTH_DOCS * 128 * 4 / 1024" | bc -l)
  sketch_mb=$(ratio "$sketch_kb" 1024)
  for mode in pairs clusters; do
    flag=; [ $mode = clusters ] && flag=--clusters
    timed_anon "synth_$mode" /dev/null "$dir/synth.$mode.summary" "$NEAR" $flag "$synth"
    printf 'warcnear %s: %.1f s, RSS %.0f MiB (anonymous %.0f MiB; file %.0f MiB), sketches %.0f MiB; ' \
      "$mode" "${secs[synth_$mode]}" "$(ratio "${rss[synth_$mode]}" 1024)" \
      "$(ratio "${anon[synth_$mode]}" 1024)" "$(ratio "$(stat -c %s "$synth")" 1048576)" "$sketch_mb"
    cat "$dir/synth.$mode.summary"
    check_decimals=2
    check "anonymous RSS / sketch bytes ($mode)" "$(ratio "${anon[synth_$mode]}" "$sketch_kb")" "<=" 2
    check "RSS (with the mapped file) / sketch bytes ($mode)" \
      "$(ratio "${rss[synth_$mode]}" "$sketch_kb")" "<=" 2
    check_decimals=0
    check "RSS MiB at $SYNTH_DOCS docs ($mode)" "$(ratio "${rss[synth_$mode]}" 1024)" "<" 1536
  done
fi

if [ "$SCALE_PAGES" -gt 0 ]; then
  echo "== 7. scale: $SCALE_PAGES pages streamed"
  load_note
  ssig="$dir/scale$SCALE_PAGES.sig"
  start=$(date +%s.%N)
  "$TIME" -o "$dir/gen.time" -f '%e %M %U %S' "$WARCGEN" --neardup --pages "$SCALE_PAGES" --seed 7 \
    --stdout --level 1 -q |
    "$TIME" -o "$dir/shingle.time" -f '%e %M %U %S' "$SHINGLE" -q -j2 -o "$ssig" /dev/stdin
  mid=$(date +%s.%N)
  timed_anon near "$dir/scale.clusters" "$dir/scale.summary" "$NEAR" --clusters -j2 "$ssig"
  cp "$BENCH_DIR/time" "$dir/near.time"
  end=$(date +%s.%N)
  cat "$dir/scale.summary"
  printf 'warcnear: anonymous RSS %.0f MiB, sketches %.0f MiB, signature file %.0f MiB\n' \
    "$(ratio "${anon[near]}" 1024)" "$(echo "$SCALE_PAGES * 128 * 4 / 1048576" | bc -l)" \
    "$(ratio "$(stat -c %s "$ssig")" 1048576)"
  for s in gen shingle near; do
    read -r w kb u sy < "$dir/$s.time"
    printf '%-8s wall %8.1f s  CPU %8.1f s  RSS %6.0f MiB\n' "$s" "$w" "$(echo "$u + $sy" | bc -l)" \
      "$(ratio "$kb" 1024)"
  done
  total=$(echo "$end - $start" | bc -l)
  printf 'pipeline (warcgen | warcshingle) %.1f s, warcnear %.1f s, total %.1f s; ' \
    "$(echo "$mid - $start" | bc -l)" "$(echo "$end - $mid" | bc -l)" "$total"
  load_note
  # On a shared machine the wall time says more about the others: the CPU
  # time of the three stages over the machine's cores is what an idle
  # machine would take at best (the stages overlap in the pipe).
  cpu_total=0
  for s in gen shingle near; do
    read -r w kb u sy < "$dir/$s.time"
    cpu_total=$(echo "$cpu_total + $u + $sy" | bc -l)
  done
  printf 'CPU of all stages %.1f s; over %d cores: %.1f min per 1,000,000 pages (%.1f without warcgen)\n' \
    "$cpu_total" "$(nproc)" "$(echo "$cpu_total * 1000000 / $SCALE_PAGES / 60 / $(nproc)" | bc -l)" \
    "$(echo "($cpu_total - $(awk '{ print $3 + $4 }' "$dir/gen.time")) * 1000000 / $SCALE_PAGES / 60 / $(nproc)" | bc -l)"
  check_decimals=1
  check "minutes (wall), extrapolated to 1,000,000 pages" \
    "$(echo "$total * 1000000 / $SCALE_PAGES / 60" | bc -l)" "<=" 20
fi
exit $failed
