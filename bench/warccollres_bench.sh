#!/usr/bin/env bash
# warccollres throughput, local files and HTTP (nginx on loopback).
#
# On the ~1 GB corpus with ~30% duplicate payloads (bench/lib.bash):
#   gzip -dc of exactly the members warccollres has to fetch (every record in
#     a run of two or more equal digests), concatenated: the baseline;
#   warccollres -d CORPUS (local mode), the ratio to that baseline
#     (target >= 2.0: fetch + inflate + compare should cost little more than
#     inflating);
#   warccollres --url-prefix http://127.0.0.1:PORT/ -j 8 against a private
#     nginx serving the corpus, as a ratio to local mode (target >= 0.7).
# Both on one thread (the default), then both with -t 2 (runs compared on
# two threads; shown, not judged). Max RSS of all must stay under 64 MB;
# all outputs must be identical.
set -euo pipefail
source "$(dirname "$0")/lib.bash"
COLLRES="$BUILD/tools/warccollres/warccollres"
WARCSUM="$BUILD/tools/warcsum/warcsum"
need "$COLLRES" "$WARCSUM"
ensure_corpus
out="$BENCH_DIR/collres"
mkdir -p "$out"

# The digest-sorted manifest and the members that will be compared.
if [ ! -s "$out/sorted" ] || [ "$BENCH_DIR/corpus.args" -nt "$out/sorted" ]; then
  "$WARCSUM" -j 2 "${files[@]}" | LC_ALL=C sort -k6,6 > "$out/sorted"
fi
awk '{ n[$6]++; line[NR] = $0; d[NR] = $6 } END { for (i = 1; i <= NR; i++) if (n[d[i]] > 1) print line[i] }' \
  "$out/sorted" > "$out/compared"
python3 - "$corpus" "$out/compared" "$out/members.gz" <<'PY'
import sys
corpus, listing, dest = sys.argv[1:]
with open(dest, "wb") as out:
    for line in open(listing):
        f, off, length = line.split()[:3]
        with open(f"{corpus}/{f}", "rb") as w:
            w.seek(int(off)); out.write(w.read(int(length)))
PY
compared_raw=$(gzip -dc "$out/members.gz" | wc -c)
records=$(wc -l < "$out/compared")

measure gzip /dev/null gzip -dc "$out/members.gz"
measure local "$out/local.out" "$COLLRES" -q -d "$corpus" "$out/sorted"
measure local_t2 "$out/local_t2.out" "$COLLRES" -q -t 2 -d "$corpus" "$out/sorted"

# HTTP: a private nginx on a free loopback port.
servers="$(dirname "$0")/../scripts/test-servers"
port=""
for try in $(seq 20); do
  p=$((20000 + RANDOM % 20000))
  if "$servers/nginx.sh" start "$out" "$corpus" "$p" 2>/dev/null; then port=$p; break; fi
done
[ -n "$port" ] || { echo "warccollres_bench: cannot start nginx" >&2; exit 2; }
trap '"$servers/nginx.sh" stop "$out"' EXIT
measure http "$out/http.out" "$COLLRES" -q -j 8 --url-prefix "http://127.0.0.1:$port/" "$out/sorted"
measure http_t2 "$out/http_t2.out" "$COLLRES" -q -t 2 -j 8 --url-prefix "http://127.0.0.1:$port/" "$out/sorted"
for o in local_t2 http http_t2; do
  cmp -s "$out/local.out" "$out/$o.out" || { echo "warccollres_bench: $o output differs from local" >&2; exit 1; }
done

printf 'corpus: %d files; %d records in runs of equal digests, %.1f MB uncompressed\n' \
  "${#files[@]}" "$records" "$(echo "$compared_raw / 1000000" | bc -l)"
load_note
printf '%-34s %8s %9s %8s %8s\n' command seconds "MB/s" "CPU s" "RSS MiB"
for name in gzip local http local_t2 http_t2; do
  label=$name
  [ "$name" = gzip ] && label="gzip -dc (same members)"
  [ "$name" = local ] && label="warccollres -d (local)"
  [ "$name" = http ] && label="warccollres --url-prefix -j 8"
  [ "$name" = local_t2 ] && label="warccollres -t 2 -d"
  [ "$name" = http_t2 ] && label="warccollres -t 2 --url-prefix -j 8"
  printf '%-34s %8.2f %9.1f %8.2f %8.1f\n' "$label" "${secs[$name]}" \
    "$(echo "$compared_raw / 1000000 / ${secs[$name]}" | bc -l)" "${cpu[$name]}" \
    "$(echo "${rss[$name]} / 1024" | bc -l)"
done
check "local compare rate vs gzip -dc (x)" "$(ratio "${secs[gzip]}" "${secs[local]}")" ">=" 2.0
check "HTTP -j 8 vs local (x)" "$(ratio "${secs[local]}" "${secs[http]}")" ">=" 0.7
printf '%-34s %8.2f\n' "-t 2: local / local -t 1 (x)" "$(ratio "${secs[local]}" "${secs[local_t2]}")"
printf '%-34s %8.2f\n' "-t 2: HTTP vs local (x)" "$(ratio "${secs[local_t2]}" "${secs[http_t2]}")"
max_rss=0
for name in local http local_t2 http_t2; do [ "${rss[$name]}" -gt "$max_rss" ] && max_rss=${rss[$name]}; done
check "max RSS local and HTTP (MiB)" "$(echo "$max_rss / 1024" | bc -l)" "<" 64
exit $failed
