# The whole URL-rules chain on a generated corpus (warcgen --urlpatterns:
# hosts with print versions, session ids, tracking arguments, prefixes,
# aliases; traps whose argument changes the page): warcsum, warccollres
# --proc, then warcurlrules learn on 70% of the pages and eval and apply
# on the other 30%, checked against the generator's truth: no two pages
# ever merged (traps included), most of what the standard canonicaliser
# leaves merged, the same rules for -j1 and -j2.
source "$(dirname "$0")/common.bash"
SUM="$BIN/warcsum/warcsum"
COLLRES="$BIN/warccollres/warccollres"
U="$BIN/warcurlrules/warcurlrules"
for t in "$SUM" "$COLLRES" "$U" "$TESTBIN/warcgen"; do [ -x "$t" ] || fail "$t not built"; done
cd "$WORK"
"$TESTBIN/warcgen" --urlpatterns --urls 20000 --sites 10 --seed 3 -o in -q
"$SUM" -q -j2 in/*.warc.gz | LC_ALL=C sort -k6,6 | "$COLLRES" -q --proc -d in - >processed ||
  fail "warcsum | warccollres --proc"
expect_eq "one line per record" 20000 "$(wc -l <processed)"

# Pages 0-6 of every 10 to learn from, 7-9 held out (truth: uri -> page).
awk -F'\t' 'NR == FNR { if (FNR > 1) page[$1] = $3; next }
  { split($0, f, " "); p = page[f[4]]; if (p == "") { print "no truth: " f[4] > "/dev/stderr"; exit 1 }
    print > (p % 10 < 7 ? "learn.m" : "held.m") }' in/urls.tsv processed || fail "split"

"$U" learn -j2 -o rules learn.m 2>learn.err || fail "learn: $(cat learn.err)"
"$U" learn -j1 -q -o rules.j1 learn.m
cmp -s rules rules.j1 || fail "-j1 and -j2 rules differ"
rules=$(grep -c '^rule ' rules)
[ "$rules" -ge 20 ] || fail "only $rules rules: $(cat learn.err)"
grep -q '^warcurlrules: held-out precision 1.0000' learn.err || fail "held-out precision: $(cat learn.err)"

# eval on the held-out pages: every judged URL right at threshold 1.
"$U" eval --thresholds 1 rules held.m >eval || fail "eval: $(cat "$WORK/err" 2>/dev/null)"
awk '$1 == "1" { if ($6 != "1.0000") exit 1; found = 1 } END { exit !found }' eval || fail "eval: $(cat eval)"

# apply on the held-out URLs, against the truth: the forms of different
# pages never meet, and the rules merge most of what is left to merge.
cut -d' ' -f4 held.m >held.urls
"$U" apply -j2 rules held.urls >held.forms || fail "apply"
"$U" apply -j1 rules held.urls >held.forms.j1
cmp -s held.forms held.forms.j1 || fail "apply -j1 and -j2 differ"
awk -F'\t' 'NR == FNR { if (FNR > 1) { page[$1] = $3; kind[$1] = $4 } next }
  { split($0, f, " "); if (kind[f[1]] ~ /soft404/) next
    p = page[f[1]]
    if ((f[2] in owner) && owner[f[2]] != p) { print "pages " owner[f[2]] " and " p " meet at " f[2]; bad = 1 }
    owner[f[2]] = p }
  END { exit bad }' in/urls.tsv held.forms || fail "different pages merged"
# Achievable: distinct standard forms (apply with no rules) less distinct
# pages; made: distinct standard forms less distinct rule forms.
echo '# warcurlrules 1' >none.rules
"$U" apply none.rules held.urls >held.std
awk -F'\t' 'NR == FNR { if (FNR > 1) { page[$1] = $3; kind[$1] = $4 } next }
  FILENAME == "held.std" { split($0, f, " "); if (kind[f[1]] ~ /soft404/) next; std[f[2]] = 1; pages[page[f[1]]] = 1; next }
  { split($0, f, " "); if (kind[f[1]] ~ /soft404/) next; forms[f[2]] = 1 }
  END { s = length(std); a = s - length(pages); m = s - length(forms)
        printf "%d standard forms, %d merges achievable, %d made\n", s, a, m > "share"
        exit !(a > 0 && m >= 0.8 * a) }' in/urls.tsv held.std held.forms || fail "too few merges: $(cat share)"
echo "urlrules_chain: $rules rules; $(cat share)"
