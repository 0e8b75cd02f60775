#!/usr/bin/env bash
# warcurlrules (URL rules learned from duplicate clusters) against issue
# 17's targets, on corpora from `warcgen --urlpatterns` (hosts with their own
# session ids, tracking arguments, print versions, irrelevant path prefixes,
# aliases, index files; and traps: arguments that change the page).
#  1. quality   $URLS URLs of $SITES hosts as WARC records, through the real chain
#               (warcsum | sort | warccollres --proc); the pages split by a
#               hash into learning (70%) and held-out (30%) pages; rules
#               learned from the learning pages' manifest lines; scored on
#               the held-out pages' URLs against the generator's truth,
#               counting only merges beyond url::AggressiveCanonicalize:
#               share of the achievable merges made right at learned
#               precision >= 0.95 (target 0.90) and = 1 (target 0.50);
#               merges of different pages through traps (target 0); and
#               warcurlrules eval's table on the held-out manifest lines
#  2. learning  $SCALE_URLS URLs in about $SCALE_URLS/10 clusters
#               (warcgen --manifest-only): warcurlrules learn -j2 under 5
#               minutes; peak RSS shown
#  3. apply     warcurlrules apply -j2 over that URL list against
#               `LC_ALL=C sort -u` of the same list in the same run: rate
#               at least 0.5 of sort's; and the ceiling, apply with no rules
#               (url::AggressiveCanonicalize and the output alone)
#
# Environment: BUILD, BENCH_DIR, RUNS (lib.bash; RUNS defaults to 1 here);
# URLS (default 200000), SITES (default 100: hosts of about 2,000 URLs;
# with warcgen's own default, URLS/500, the held-out part of a host is too
# small to judge most rules), SCALE_URLS (default 10000000; 0 skips 2 and 3).
# Exit status: 0 when every target is met, 1 if not, 2 when something is
# missing.
set -euo pipefail
RUNS=${RUNS:-1}
source "$(dirname "$0")/lib.bash"
URLS=${URLS:-200000}
SITES=${SITES:-100}
SCALE_URLS=${SCALE_URLS:-10000000}
SUM="$BUILD/tools/warcsum/warcsum"
COLLRES="$BUILD/tools/warccollres/warccollres"
RULES="$BUILD/tools/warcurlrules/warcurlrules"
TRUTH="$BUILD/bench/urlrules_truth"
need "$WARCGEN" "$TIME" "$SUM" "$COLLRES" "$RULES" "$TRUTH"
dir="$BENCH_DIR/urlrules"
mkdir -p "$dir"
HELD=0.3
load_note

# 1. Quality, through the real chain.
q="$dir/q$URLS-$SITES"
if [ ! -f "$q/processed" ] || [ "$WARCGEN" -nt "$q/processed" ]; then
  rm -rf "$q"
  "$WARCGEN" --urlpatterns --urls "$URLS" --sites "$SITES" --seed 1 -o "$q" -q
  "$SUM" -q -j2 "$q"/*.warc.gz | LC_ALL=C sort -k6,6 | "$COLLRES" -q --proc -d "$q" - > "$q/processed"
fi
"$TRUTH" split "$HELD" "$q/urls.tsv" "$q/processed" "$q/heldout.processed" > "$q/learn.processed"
measure learn "$q/learn.out" "$RULES" learn -q -j2 -o "$q/rules" "$q/learn.processed"
echo "learn from $(wc -l < "$q/learn.processed") records: ${secs[learn]} s, $(( ${rss[learn]} / 1024 )) MiB;" \
  "$(grep -c '^rule ' "$q/rules") rules"
"$TRUTH" score "$HELD" "$q/urls.tsv" "$q/rules" 1 0.99 0.95 0.9 0.8 0 | tee "$q/score"
share() { awk -v t="precision>=$1" '$1 == t { for (i = 1; i < NF; i++) if ($i == "achievable") print $(i + 1) }' "$q/score"; }
traps() { awk '{ s += $NF } END { print s + 0 }' <(grep '^precision>=' "$q/score"); }
echo "warcurlrules eval on the held-out pages' manifest lines:"
"$RULES" eval -j2 --thresholds 1,0.99,0.95,0.9,0.8,0 "$q/rules" "$q/heldout.processed"
check_decimals=4
check "share of achievable merges, precision >= 0.95" "$(share 0.95)" ">=" 0.90
check "share of achievable merges, precision = 1" "$(share 1)" ">=" 0.50
check_decimals=0
check "merges of different pages through traps" "$(traps)" "<=" 0

# 2. and 3. Learning at scale, and apply against sort -u.
if [ "$SCALE_URLS" -gt 0 ]; then
  s="$dir/s$SCALE_URLS"
  if [ ! -f "$s/processed" ] || [ "$WARCGEN" -nt "$s/processed" ]; then
    rm -rf "$s"
    "$WARCGEN" --urlpatterns --manifest-only --urls "$SCALE_URLS" --seed 2 -o "$s" -q
  fi
  echo "scale: $(wc -l < "$s/processed") manifest lines, $(cut -d' ' -f6,7 "$s/processed" | LC_ALL=C sort -u | wc -l) clusters"
  measure scale "$s/learn.out" "$RULES" learn -q -j2 -o "$s/rules" "$s/processed"
  echo "learn -j2: ${secs[scale]} s wall, ${cpu[scale]} s CPU, peak RSS $(( ${rss[scale]} / 1024 )) MiB; $(grep -c '^rule ' "$s/rules") rules"
  check_decimals=2
  check "learn, minutes" "$(echo "${secs[scale]} / 60" | bc -l)" "<" 5
  cut -d' ' -f4 "$s/processed" > "$s/urls"
  cat "$s/urls" > /dev/null
  echo '# warcurlrules 1' > "$s/none.rules"
  for ((r = 0; r < ${APPLY_RUNS:-3}; r++)); do  # alternately, so that all see the same machine
    measure sortu /dev/null env LC_ALL=C sort -u "$s/urls"
    sort_s[r]=${secs[sortu]}
    measure apply /dev/null "$RULES" apply -j2 "$s/rules" "$s/urls"
    apply_s[r]=${secs[apply]}
    measure canon /dev/null "$RULES" apply -j2 "$s/none.rules" "$s/urls"
    canon_s[r]=${secs[canon]}
  done
  best() { printf '%s\n' "$@" | sort -g | head -1; }
  sbest=$(best "${sort_s[@]}") abest=$(best "${apply_s[@]}") cbest=$(best "${canon_s[@]}")
  echo "apply -j2: $abest s; apply -j2 without rules (the standard canonicaliser): $cbest s;" \
    "LC_ALL=C sort -u: $sbest s (best of ${APPLY_RUNS:-3} each, alternately)"
  echo "apply over its ceiling (no rules): $(printf '%.2f' "$(ratio "$abest" "$cbest")")x;" \
    "the ceiling's rate over sort -u's: $(printf '%.2f' "$(ratio "$sbest" "$cbest")")"
  check "apply rate over sort -u's" "$(ratio "$sbest" "$abest")" ">=" 0.5
fi
load_note
exit $failed
