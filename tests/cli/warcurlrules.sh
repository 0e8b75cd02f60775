# warcurlrules on hand-made manifests whose rules, tables and reports are
# worked out by hand: learn (print versions, a tracking argument, a host
# alias, session ids in the path, three path depths and a ?page=N trap),
# apply (standard canonicalisation, stdin, --surt, -o, -j, field
# encoding), eval, estimate, the pywb form, --min-payload, and errors.
source "$(dirname "$0")/common.bash"
U="$BIN/warcurlrules/warcurlrules"
[ -x "$U" ] || fail "$U not built"

# expect_file WHAT EXPECTED-FILE ACTUAL-FILE: byte for byte.
expect_file() {
  cmp -s "$2" "$3" || { echo "FAIL: $1" >&2; diff "$2" "$3" >&2 || true; exit 1; }
}

# cluster LENGTH N URL...: one (digest, ext) group of 10-field manifest
# lines (warcsumproc's), digest sha1:000...N, the first URL the original.
off=0
cluster() {
  local len=$1 digest first=$3 n=0 u ref
  digest=$(printf 'sha1:%040d' "$2")
  shift 2
  for u in "$@"; do
    n=$((n + 1))
    ref="- -"
    [ $n = 1 ] || ref="$first 2024-01-01T00:00:00Z"
    printf 'c.warc.gz %d %d %s 2024-01-01T00:00:00Z %s 0 %d %s\n' \
      $off "$len" "$u" "$digest" $n "$ref"
    off=$((off + len))
  done
}
# page N PATH REF SESSION: one page under five URLs: itself, its print
# version, the mirror host's copy, a session id in the path, a tracking
# argument.
page() {
  cluster 2000 "$1" "http://site.example/$2" "https://www.site.example/Print/$2" \
    "http://mirror.site.example/$2" "http://site.example/sid-$4/$2" \
    "http://site.example/$2?ref=$3"
}

# With --held-out 0.5 a cluster is held out when XXH3 of "DIGEST:0" falls
# in the lower half: here N = 1, 2, 3, 6, 7 (H); the others teach (L).
# L pages give each pattern three pair-wise rules per depth, with three
# values for every component and for ref, so that each becomes '*'.
{
  page 4 about twitter 1k2m3n4p              # L
  page 5 contact mail 2q3r4s5t               # L
  page 8 faq rss 3u4v5w6x                    # L
  page 1 team feed 4y5z6a7b                  # H
  page 9 news/election twitter 5c6d7e8f      # L
  page 10 arts/opera mail 6g7h8i9j           # L
  page 12 sport/tennis rss 7k8l9m0n          # L
  page 2 world/summit feed 8o9p0q1r          # H
  page 14 news/2023/budget twitter 9s0t1u2v  # L
  page 17 arts/2022/festival mail 0w1x2y3z   # L
  page 18 sport/2024/final rss 1a3c5e7g      # L
  page 3 world/2021/climate feed 2b4d6f8h    # H
  # The trap: each page=N its own content, page=N&trk=x its duplicate.
  for n in 21:1 22:2 23:3 27:4 6:5 7:6; do   # L L L L H H
    cluster 2000 "${n%%:*}" "http://site.example/list?page=${n#*:}" \
      "http://site.example/list?trk=x&page=${n#*:}"
  done
} >"$WORK/site.m"
# A soft-404 page (200 bytes, L) under unrelated URLs, and an empty payload.
{
  cluster 200 28 http://site.example/gone http://site.example/missing \
    http://site.example/removed http://site.example/oldpage http://site.example/nothing
  echo "c.warc.gz 9000 2000 http://site.example/blank 2024-01-01T00:00:00Z" \
    "sha1:da39a3ee5e6b4b0d3255bfef95601890afd80709 0 1 - -"
} >"$WORK/soft404.m"
LEARN=(learn --held-out 0.5 --min-coverage 1)

# --- learn ---------------------------------------------------------------
# 13 L clusters with 2 URLs or more; 4 sources each (36) and 4 trap pairs:
# 40 pair-wise rules in 10 shapes (site.example with 2, 3, 4 components;
# with 1, 2, 3 components and ref; 1 component with page,trk; the mirror
# with 1, 2, 3). Each shape's tree gives one leaf per pattern (print and
# sid split by the recurring "print"): 13 leaves, which fold into 5 rules
# ("/print/*/*" -> "/print/**?*", ...). Each folded rule judges the
# variants of the 3 H pages (the trap rule the 2 H trap pages), all
# correct, so each stays and the 13 leaves go. Reduction: 72 URLs -> 18
# forms, 75.00%. The soft-404 records are left out (length 200 < 1024).
run "$U" "${LEARN[@]}" -o "$WORK/rules" "$WORK/site.m" "$WORK/soft404.m"
expect_eq "learn: exit" 0 "$rc"
cat >"$WORK/rules.expected" <<'END'
# warcurlrules 1
# learned from 72 records, 72 URLs, 18 clusters (held-out 0.5, min-coverage 1, min-precision 0.95, min-payload 1024)
# held-out precision 1.0000 (14 of 14 judged URLs), reduction 75.00% of all URLs
host mirror.site.example none
host site.example -
rule mirror.site.example /**?* -> site.example/${**}?${*} precision=1.0000 judged=3 correct=3 learned=9
rule site.example /**?ref=*&* -> ${host}/${**}?${*} precision=1.0000 judged=3 correct=3 learned=9
rule site.example /list?trk=x&* -> ${host}/${1}?${*} precision=1.0000 judged=2 correct=2 learned=4
rule site.example /print/**?* -> ${host}/${**}?${*} precision=1.0000 judged=3 correct=3 learned=9
rule site.example /sid-*/**?* -> ${host}/${**}?${*} precision=1.0000 judged=3 correct=3 learned=9
END
expect_file "learn: rules file" "$WORK/rules.expected" "$WORK/rules"
expect_eq "learn: stderr" "warcurlrules: left out 6 records shorter than 1024 bytes or with an empty payload
warcurlrules: 13 clusters with 2 URLs or more learned from; 40 pair-wise rules in 10 shapes; 13 rules from the trees and 6 folded; 5 kept, 1 below the coverage or precision, 13 subsumed by folded rules (3 rounds)
warcurlrules: held-out precision 1.0000 (14 of 14 judged URLs), reduction 75.00% of all URLs" "$(cat "$WORK/err")"
run "$U" "${LEARN[@]}" -j 2 -q -o "$WORK/rules.j2" "$WORK/site.m" "$WORK/soft404.m"
expect_eq "learn -j 2: exit" 0 "$rc"
expect_file "learn -j 2" "$WORK/rules" "$WORK/rules.j2"

# The trap: no rule drops page. page=N and its trk=x duplicate meet; no two
# pages do.
for n in $(seq 1 50); do
  echo "http://site.example/list?page=$n"
  echo "https://www.site.example/list?trk=x&page=$n"
done >"$WORK/trap.txt"
for n in $(seq 1 50); do
  echo "http://site.example/list?page=$n http://site.example/list?page=$n"
  echo "https://www.site.example/list?trk=x&page=$n http://site.example/list?page=$n"
done >"$WORK/trap.expected"
"$U" apply "$WORK/rules" "$WORK/trap.txt" >"$WORK/trap.out"
expect_file "trap: pages stay apart" "$WORK/trap.expected" "$WORK/trap.out"
expect_eq "trap: distinct forms" 50 "$(cut -d' ' -f2 "$WORK/trap.out" | sort -u | wc -l)"

# --- apply ---------------------------------------------------------------
# Standard canonicalisation first (https, www, case, port, trailing slash,
# argument order, fragment), then the first matching rule. Fields are
# written with the manifest's encoding: a raw space as %20, so a canonical
# "%20" as %2520 (it decodes to "%20").
cat >"$WORK/urls.txt" <<'END'
https://WWW.Site.Example/Print/News/Election?b=2&a=1#top
http://www3.mirror.site.example:80/Arts/Opera/
http://site.example/sid-9Z9Z9Z9Z/jobs
http://site.example/list?trk=x&page=2
http://site.example/list?page=2&trk=y
http://site.example/news/flood?utm=1&ref=Mail
http://other.example/print/x
http://site.example/Print
http://site.example/print/my%20page
http://site.example/print/my%2520page
http://site.example/print/my page

http://site.example/print/a/b/c/d?z=1#frag
END
cat >"$WORK/urls.expected" <<'END'
https://WWW.Site.Example/Print/News/Election?b=2&a=1#top http://site.example/news/election?a=1&b=2
http://www3.mirror.site.example:80/Arts/Opera/ http://site.example/arts/opera
http://site.example/sid-9Z9Z9Z9Z/jobs http://site.example/jobs
http://site.example/list?trk=x&page=2 http://site.example/list?page=2
http://site.example/list?page=2&trk=y http://site.example/list?page=2&trk=y
http://site.example/news/flood?utm=1&ref=Mail http://site.example/news/flood?utm=1
http://other.example/print/x http://other.example/print/x
http://site.example/Print http://site.example/print
http://site.example/print/my%20page http://site.example/my%2520page
http://site.example/print/my%2520page http://site.example/my%2520page
http://site.example/print/my%20page http://site.example/my%2520page
http://site.example/print/a/b/c/d?z=1#frag http://site.example/a/b/c/d?z=1
END
run "$U" apply "$WORK/rules" "$WORK/urls.txt"
expect_eq "apply: exit" 0 "$rc"
expect_file "apply" "$WORK/urls.expected" "$WORK/out"
expect_eq "apply: stderr" "" "$(cat "$WORK/err")"
"$U" apply "$WORK/rules" - <"$WORK/urls.txt" >"$WORK/stdin.out"
expect_file "apply -" "$WORK/urls.expected" "$WORK/stdin.out"
"$U" apply "$WORK/rules" <"$WORK/urls.txt" >"$WORK/stdin2.out"
expect_file "apply (stdin)" "$WORK/urls.expected" "$WORK/stdin2.out"
run "$U" apply -o "$WORK/applied" "$WORK/rules" "$WORK/urls.txt"
expect_eq "apply -o: exit" 0 "$rc"
expect_eq "apply -o: stdout" "" "$(cat "$WORK/out")"
expect_file "apply -o" "$WORK/urls.expected" "$WORK/applied"
# --surt: the canonical form as a SURT without scheme.
"$U" apply --surt "$WORK/rules" "$WORK/urls.txt" >"$WORK/surt.out"
expect_eq "apply --surt" "https://WWW.Site.Example/Print/News/Election?b=2&a=1#top example,site)/news/election?a=1&b=2
http://www3.mirror.site.example:80/Arts/Opera/ example,site)/arts/opera
http://site.example/sid-9Z9Z9Z9Z/jobs example,site)/jobs
http://site.example/list?trk=x&page=2 example,site)/list?page=2
http://site.example/list?page=2&trk=y example,site)/list?page=2&trk=y
http://site.example/news/flood?utm=1&ref=Mail example,site)/news/flood?utm=1
http://other.example/print/x example,other)/print/x
http://site.example/Print example,site)/print
http://site.example/print/my%20page example,site)/my%2520page
http://site.example/print/my%2520page example,site)/my%2520page
http://site.example/print/my%20page example,site)/my%2520page
http://site.example/print/a/b/c/d?z=1#frag example,site)/a/b/c/d?z=1" "$(cat "$WORK/surt.out")"

# 10000 URLs (three of ParallelFor's 4096-line chunks): -j 1 gives what
# each rule makes, -j 2 the same bytes.
for i in $(seq 1 10000); do
  case $((i % 4)) in
    0) echo "http://site.example/print/sec$i/page http://site.example/sec$i/page" ;;
    1) echo "http://mirror.site.example/sec$i/page?b=1&a=2 http://site.example/sec$i/page?a=2&b=1" ;;
    2) echo "http://site.example/sid-${i}abc/sec$i http://site.example/sec$i" ;;
    3) echo "http://site.example/list?page=$i&trk=x http://site.example/list?page=$i" ;;
  esac
done >"$WORK/many.expected"
cut -d' ' -f1 "$WORK/many.expected" >"$WORK/many.txt"
"$U" apply -j 1 "$WORK/rules" "$WORK/many.txt" >"$WORK/many.j1"
expect_file "apply -j 1 on 10000 URLs" "$WORK/many.expected" "$WORK/many.j1"
"$U" apply -j 2 "$WORK/rules" "$WORK/many.txt" >"$WORK/many.j2"
expect_file "apply -j 2 = -j 1" "$WORK/many.j1" "$WORK/many.j2"

# --- --format pywb ---------------------------------------------------------
# Rules in the order apply tries them, host by host. Only rules that drop
# arguments and keep the path are pywb fuzzy lookups (pywb searches under
# the requested path): the trap's rule and ref's capture every argument but
# the dropped one; the alias and the path rewrites are comments.
run "$U" "${LEARN[@]}" --format pywb -q -o "$WORK/rules.p" "$WORK/site.m" "$WORK/soft404.m"
expect_eq "pywb: exit" 0 "$rc"
expect_file "pywb: the rules file as without it" "$WORK/rules" "$WORK/rules.p"
cat >"$WORK/yaml.expected" <<'END'
# URL rules learned by warcurlrules from duplicate clusters, as pywb 2.x rules.yaml
# entries (url_prefix, fuzzy_lookup), for review: each entry follows its rule as a
# comment, with the rule's precision on held-out clusters.
rules:
  # mirror.site.example /**?* -> site.example/${**}?${*}  precision=1.0000 judged=3
  # not a pywb fuzzy lookup: another host's captures (an alias) are not searched

  # site.example /list?trk=x&* -> ${host}/${1}?${*}  precision=1.0000 judged=2
  - url_prefix: 'example,site)/list'
    fuzzy_lookup:
      match: '[?&]((?!trk=)[^&]+)'
      find_all: true

  # site.example /sid-*/**?* -> ${host}/${**}?${*}  precision=1.0000 judged=3
  # not a pywb fuzzy lookup: pywb looks under the requested path, and this rule changes it

  # site.example /print/**?* -> ${host}/${**}?${*}  precision=1.0000 judged=3
  # not a pywb fuzzy lookup: pywb looks under the requested path, and this rule changes it

  # site.example /**?ref=*&* -> ${host}/${**}?${*}  precision=1.0000 judged=3
  - url_prefix: 'example,site)/'
    fuzzy_lookup:
      match: '[?&]((?!ref=)[^&]+)'
      find_all: true

END
expect_file "pywb: RULES.yaml" "$WORK/yaml.expected" "$WORK/rules.p.yaml"

# --- --min-payload ---------------------------------------------------------
# With --min-payload 0 the soft-404 cluster (L) teaches "/* -> ${host}/gone"
# (its shortest URL the target), folded "/*?* -> ${host}/gone?${*}". Rules
# apply in turn, so "/*?*" also rewrites what other rules leave with one
# component (/print/team -> /team -> /gone) and takes /list?page=N: the
# trap's folded rule meets nothing and goes, "/*?*" and its leaf go. A
# wrong chain that no step pins (/team?ref=feed -> /gone?ref=feed, not in
# the corpus, -> /gone) counts against each of its rules, so ref's folded
# rule goes too and its leaves stay: fewer, narrower rules, none wrong.
# The empty payload is left out still.
run "$U" "${LEARN[@]}" --min-payload 0 -o "$WORK/rules0" "$WORK/site.m" "$WORK/soft404.m"
expect_eq "min-payload 0: exit" 0 "$rc"
cat >"$WORK/rules0.expected" <<'END'
# warcurlrules 1
# learned from 77 records, 77 URLs, 19 clusters (held-out 0.5, min-coverage 1, min-precision 0.95, min-payload 0)
# held-out precision 1.0000 (13 of 13 judged URLs), reduction 64.94% of all URLs
host mirror.site.example none
host site.example -
rule mirror.site.example /**?* -> site.example/${**}?${*} precision=1.0000 judged=3 correct=3 learned=9
rule site.example /*/*/*?ref=* -> ${host}/${1}/${2}/${3} precision=1.0000 judged=1 correct=1 learned=3
rule site.example /*/*?ref=* -> ${host}/${1}/${2} precision=1.0000 judged=1 correct=1 learned=3
rule site.example /list?trk=x&* -> ${host}/${1}?${*} precision=1.0000 judged=2 correct=2 learned=4
rule site.example /print/**?* -> ${host}/${**}?${*} precision=1.0000 judged=3 correct=3 learned=9
rule site.example /sid-*/**?* -> ${host}/${**}?${*} precision=1.0000 judged=3 correct=3 learned=9
END
expect_file "min-payload 0: rules file" "$WORK/rules0.expected" "$WORK/rules0"
expect_eq "min-payload 0: stderr" "warcurlrules: left out 1 record shorter than 0 bytes or with an empty payload
warcurlrules: 14 clusters with 2 URLs or more learned from; 44 pair-wise rules in 11 shapes; 14 rules from the trees and 7 folded; 6 kept, 5 below the coverage or precision, 10 subsumed by folded rules (4 rounds)
warcurlrules: held-out precision 1.0000 (13 of 13 judged URLs), reduction 64.94% of all URLs" "$(cat "$WORK/err")"
# With no precision to reach, the bad rule stays and the held-out precision
# falls: it sends one-component pages, first or after another rule, to /gone.
run "$U" "${LEARN[@]}" --min-payload 0 --min-precision 0 -q -o "$WORK/rules00" \
  "$WORK/site.m" "$WORK/soft404.m"
expect_eq "min-payload 0, min-precision 0: exit" 0 "$rc"
cat >"$WORK/rules00.expected" <<'END'
# warcurlrules 1
# learned from 77 records, 77 URLs, 19 clusters (held-out 0.5, min-coverage 1, min-precision 0, min-payload 0)
# held-out precision 0.7058 (12 of 17 judged URLs), reduction 80.52% of all URLs
host mirror.site.example none
host site.example -
rule mirror.site.example /**?* -> site.example/${**}?${*} precision=1.0000 judged=2 correct=2 learned=9
rule site.example /**?ref=*&* -> ${host}/${**}?${*} precision=0.6666 judged=3 correct=2 learned=9
rule site.example /*?* -> ${host}/gone?${*} precision=0.5000 judged=8 correct=4 learned=4
rule site.example /list?trk=x&* -> ${host}/${1}?${*} precision=1.0000 judged=2 correct=2 learned=4
rule site.example /print/**?* -> ${host}/${**}?${*} precision=1.0000 judged=2 correct=2 learned=9
rule site.example /sid-*/**?* -> ${host}/${**}?${*} precision=1.0000 judged=2 correct=2 learned=9
END
expect_file "min-payload 0, min-precision 0: rules file" "$WORK/rules00.expected" "$WORK/rules00"
expect_eq "the bad rule merges unrelated pages" "http://site.example/about http://site.example/gone
http://site.example/missing http://site.example/gone" \
  "$(printf '%s\n' http://site.example/about http://site.example/missing | "$U" apply "$WORK/rules00")"

# --- eval ----------------------------------------------------------------
# Pages not seen in learning (any input order: eval judges every URL).
{
  page 40 jobs rss 3c5e7g9i
  page 41 shop mail 4d6f8h0j
  page 42 news/flood twitter 5e7g9i1k
  cluster 2000 43 "http://site.example/list?page=7" "http://site.example/list?page=7&trk=x"
  cluster 2000 44 "http://site.example/list?page=8" "http://site.example/list?page=8&trk=x"
  cluster 100 45 http://site.example/void http://site.example/empty
} >"$WORK/eval.m"
# Threshold 1: the 4 rules of precision 1 rewrite the variants of jobs,
# shop and flood and the trap pages' trk copies, all correct. Threshold 0
# adds "/*?*" and ref's rule: one-component pages, first or after another
# rule, go to /gone and meet pages that are not theirs.
run "$U" eval --thresholds 1,0 --per-rule "$WORK/rules00" "$WORK/eval.m"
expect_eq "eval: exit" 0 "$rc"
expect_eq "eval" '# 19 records, 19 distinct URLs, 5 clusters; 2 records left out (small)
learned>=  rules   used  rewritten     judged precision    reduced reduction     per-rule
1              4      4         11         11    1.0000         11  57.8947%   14.473684%
0              6      6         18         18    0.4444         15  78.9474%   13.157895%
rule mirror.site.example /**?* -> site.example/${**}?${*} measured=1.0000 judged=1 learned-precision=1.0000
rule site.example /list?trk=x&* -> ${host}/${1}?${*} measured=1.0000 judged=2 learned-precision=1.0000
rule site.example /sid-*/**?* -> ${host}/${**}?${*} measured=1.0000 judged=1 learned-precision=1.0000
rule site.example /print/**?* -> ${host}/${**}?${*} measured=1.0000 judged=1 learned-precision=1.0000
rule site.example /*?* -> ${host}/gone?${*} measured=0.2857 judged=14 learned-precision=0.5000
rule site.example /**?ref=*&* -> ${host}/${**}?${*} measured=0.3333 judged=3 learned-precision=0.6666' \
  "$(cat "$WORK/out")"
# The good rules on the same pages: the trap pages meet too.
run "$U" eval --thresholds 1 "$WORK/rules" "$WORK/eval.m"
expect_eq "eval of the good rules" '# 19 records, 19 distinct URLs, 5 clusters; 2 records left out (small)
learned>=  rules   used  rewritten     judged precision    reduced reduction     per-rule
1              5      5         14         14    1.0000         14  73.6842%   14.736842%' \
  "$(cat "$WORK/out")"

# --- estimate ------------------------------------------------------------
# Hand-made stats: print 10 of 10 (Wilson 0.7225..1), ref 8 of 10
# (0.4902..0.9433). 8 lines, 7 URLs (/a twice), forms /a /b /c /d. At /a the
# page is /a, print/a (1) and a?ref=x (0.8) duplicates; at /c the least
# precise, c?ref=z, is the page and print/c (1) the duplicate; b?ref=y meets
# nothing. Expected 2.8, stddev sqrt(0.8 * 0.2) = 0.4, bounds 1.935..2.943.
cat >"$WORK/est.rules" <<'END'
# warcurlrules 1
host site.example -
rule site.example /print/**?* -> ${host}/${**}?${*} precision=1.0000 judged=10 correct=10 learned=9
rule site.example /**?ref=*&* -> ${host}/${**}?${*} precision=0.8000 judged=10 correct=8 learned=9
END
printf '%s\n' http://site.example/a http://site.example/print/a 'https://www.site.example/a#f' \
  'http://site.example/a?ref=x' 'http://site.example/b?ref=y' http://site.example/print/c \
  'http://site.example/c?ref=z' http://site.example/d >"$WORK/est.txt"
run "$U" estimate "$WORK/est.rules" "$WORK/est.txt"
expect_eq "estimate: exit" 0 "$rc"
expect_eq "estimate" "urls listed       8
distinct URLs     7 (after the standard canonicalisation)
forms             4 (after the rules)
merged by rules   3
expected duplicates 2.8 +- 0.4 URLs (95%: +- 0.8 by chance; 1.9 to 2.9 with each rule's precision at its 95% bounds)
expected duplicate share 40.00% of the distinct URLs (27.64% to 42.05%)" "$(cat "$WORK/out")"
"$U" estimate -j 2 "$WORK/est.rules" <"$WORK/est.txt" >"$WORK/est.stdin"
expect_file "estimate from stdin, -j 2" "$WORK/out" "$WORK/est.stdin"

# --- errors --------------------------------------------------------------
# A 6-field line (warcsum's: equal digests prove nothing) is refused; the
# rest is read, the rules written, exit 1.
{
  head -n 5 "$WORK/site.m"
  echo "c.warc.gz 9 2000 http://site.example/x 2024-01-01T00:00:00Z sha1:0000000000000000000000000000000000000004"
} >"$WORK/six.m"
run "$U" learn -q -o "$WORK/six.rules" "$WORK/six.m"
expect_eq "6 fields: exit" 1 "$rc"
expect_eq "6 fields: message" "warcurlrules: $WORK/six.m: line 6: expected 7 or 10 fields (warccollres or warcsumproc: records proved identical), found 6; the rest of this manifest is not read" "$(cat "$WORK/err")"
grep -q '^# learned from 5 records, 5 URLs, 1 cluster ' "$WORK/six.rules" ||
  fail "6 fields: the other lines are learned from"
# A rules file's bad line, with its number.
{
  head -n 5 "$WORK/rules"
  echo "bogus line"
} >"$WORK/bad.rules"
run "$U" apply "$WORK/bad.rules" "$WORK/urls.txt"
expect_eq "bad rules line: exit" 1 "$rc"
expect_eq "bad rules line: message" "warcurlrules: $WORK/bad.rules: line 6: expected a line starting \"host\" or \"rule\", found \"bogus line\"" "$(cat "$WORK/err")"
expect_eq "bad rules line: no output" "" "$(cat "$WORK/out")"
printf 'host site.example -\nrule site.example /print/* -> ${host}/${3} precision=1.0000 judged=1 correct=1 learned=1\n' >"$WORK/bad2.rules"
run "$U" eval "$WORK/bad2.rules" "$WORK/eval.m"
expect_eq "bad reference: exit" 1 "$rc"
expect_eq "bad reference: message" "warcurlrules: $WORK/bad2.rules: line 2: expected references to matched components only (\${N} up to the context's count, \${**} with '**'), found \"\${host}/\${3}\"" "$(cat "$WORK/err")"
# Usage errors: exit 2 and the pointer to --help.
TRY="Try 'warcurlrules --help' for more information."
run "$U" apply --bogus "$WORK/rules"
expect_eq "unknown option: exit" 2 "$rc"
expect_eq "unknown option" "warcurlrules: The following argument was not expected: --bogus
$TRY" "$(cat "$WORK/err")"
run "$U"
expect_eq "no command: exit" 2 "$rc"
expect_eq "no command: help pointer" "$TRY" "$(tail -n 1 "$WORK/err")"
grep -q "subcommand" "$WORK/err" || fail "no command: $(cat "$WORK/err")"
run "$U" learn "$WORK/site.m"
expect_eq "learn without -o: exit" 2 "$rc"
expect_eq "learn without -o: help pointer" "$TRY" "$(tail -n 1 "$WORK/err")"
grep -q -- "--output is required" "$WORK/err" || fail "learn without -o: $(cat "$WORK/err")"
run "$U" learn -o "$WORK/none.rules"
expect_eq "learn without manifests: exit" 2 "$rc"
expect_eq "learn without manifests" "warcurlrules: learn: no manifests given
$TRY" "$(cat "$WORK/err")"
[ ! -e "$WORK/none.rules" ] || fail "learn without manifests wrote a rules file"
# "learn --help" is learn's help, not the tool's.
run "$U" learn --help
expect_eq "learn --help: exit" 0 "$rc"
grep -q "^Usage: learn \[OPTIONS\] \[manifests...\]" "$WORK/out" || fail "learn --help: $(cat "$WORK/out")"
for opt in --output --held-out --min-coverage --min-precision --min-payload --format --jobs; do
  grep -q -- "$opt" "$WORK/out" || fail "learn --help lacks $opt"
done
! grep -q -- "--surt\|--thresholds" "$WORK/out" || fail "learn --help shows other commands' options"
VERSION=$(sed -n 's/^project(warcdedup VERSION \([0-9.]*\).*/\1/p' "$SRC/CMakeLists.txt")
run "$U" --version
expect_eq "--version: exit" 0 "$rc"
expect_eq "--version" "warcurlrules (warcdedup) $VERSION" "$(cat "$WORK/out")"
echo "warcurlrules: ok"
