#!/usr/bin/env bash
# warcrefs throughput and the whole warcdedup pipeline.
#
# On the ~1 GB corpus with ~30% duplicate payloads (bench/lib.bash):
#   gzip -dc of the corpus: the baseline;
#   warcrefs -o (every duplicate turned into a revisit, the new files
#     verified, synced and renamed): input MB/s as a ratio to gzip -dc
#     (target >= 2.0: untouched members are copied raw, so the cost is reading
#     plus the verify pass); max RSS under 64 MB;
#   warcdedup -o (warcsum, sort, warccollres --proc, sort, warcrefs with the
#     warcsum of the result from its verify pass, warcsumcmp): wall time as a
#     ratio to warcsum alone (target <= 3.0).
set -euo pipefail
source "$(dirname "$0")/lib.bash"
REFS="$BUILD/tools/warcrefs/warcrefs"
WARCSUM="$BUILD/tools/warcsum/warcsum"
COLLRES="$BUILD/tools/warccollres/warccollres"
DEDUP="$BUILD/tools/warcdedup/warcdedup"
need "$REFS" "$WARCSUM" "$COLLRES" "$DEDUP"
ensure_corpus
out="$BENCH_DIR/refs"
mkdir -p "$out"
if [ ! -s "$out/by-file" ] || [ "$BENCH_DIR/corpus.args" -nt "$out/by-file" ]; then
  "$WARCSUM" -j 2 "${files[@]}" | LC_ALL=C sort -k6,6 | "$COLLRES" -q --proc -d "$corpus" |
    LC_ALL=C sort -k1,1 -k2,2n > "$out/by-file"
fi
dups=$(awk '$8 > 1' "$out/by-file" | wc -l)

measure gzip /dev/null gzip -dc "${files[@]}"
rm -rf "$out/new" && mkdir -p "$out/new"
measure warcrefs /dev/null bash -c 'rm -f "$1"/*; exec "$2" -q -m "$3" -o "$1" "$4"' _ \
  "$out/new" "$REFS" "$out/by-file" "$corpus"
new_bytes=$(cat "$out"/new/*.warc.gz | wc -c)
revisits=$(gzip -dc "$out"/new/*.warc.gz | grep -ac '^WARC-Type: revisit')
[ "$revisits" -eq "$dups" ] || { echo "warcrefs_bench: $revisits revisits for $dups duplicates" >&2; exit 1; }

measure warcsum /dev/null "$WARCSUM" -j "$(nproc)" "${files[@]}"
RUNS=1 measure warcdedup /dev/null bash -c 'rm -rf "$1"; exec "$2" -o "$1" "$3" 2> "$4"' _ \
  "$out/dedup" "$DEDUP" "$corpus" "$out/dedup.err"

printf 'corpus: %d files, %.1f MB gzip, %.1f MB uncompressed; %d duplicates -> %.1f MB after warcrefs (-%.1f%%)\n' \
  "${#files[@]}" "$(echo "$gz_bytes / 1000000" | bc -l)" "$(echo "$raw_bytes / 1000000" | bc -l)" \
  "$dups" "$(echo "$new_bytes / 1000000" | bc -l)" "$(echo "100 * ($gz_bytes - $new_bytes) / $gz_bytes" | bc -l)"
load_note
printf '%-30s %8s %14s %8s %8s\n' command seconds "input MB/s" "CPU s" "RSS MiB"
for name in gzip warcrefs warcsum warcdedup; do
  label=$name
  [ "$name" = gzip ] && label="gzip -dc"
  [ "$name" = warcrefs ] && label="warcrefs -o (verify, fsync)"
  [ "$name" = warcsum ] && label="warcsum -j $(nproc)"
  [ "$name" = warcdedup ] && label="warcdedup -o (whole chain)"
  printf '%-30s %8.2f %14.1f %8.2f %8.1f\n' "$label" "${secs[$name]}" \
    "$(echo "$gz_bytes / 1000000 / ${secs[$name]}" | bc -l)" "${cpu[$name]}" \
    "$(echo "${rss[$name]} / 1024" | bc -l)"
done
# Where the pipeline's time goes: each stage as a multiple of its first
# warcsum (the stage times warcdedup reports).
echo "warcdedup stages (x its warcsum stage):"
awk '/^warcdedup: .*: done in / { sub(/^warcdedup: /, ""); split($0, p, ": done in "); t[++n] = p[1]; s[n] = p[2] + 0
       if (p[1] == "warcsum") w = s[n] }
     END { for (i = 1; i <= n; i++) { printf "  %-24s %6.2f s %6.2f\n", t[i], s[i], (w > 0 ? s[i] / w : 0); sum += s[i] }
           printf "  %-24s %6.2f s %6.2f\n", "stages together", sum, (w > 0 ? sum / w : 0) }' "$out/dedup.err"
check "warcrefs vs gzip -dc, same input (x)" "$(ratio "${secs[gzip]}" "${secs[warcrefs]}")" ">=" 2.0
check "max RSS warcrefs (MiB)" "$(echo "${rss[warcrefs]} / 1024" | bc -l)" "<" 64
check "warcdedup wall time / warcsum (x, at most)" "$(ratio "${secs[warcdedup]}" "${secs[warcsum]}")" "<" 3.0
exit $failed
