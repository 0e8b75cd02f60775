# --with-originals: each host gets its copies and the copy-1 line of every
# group it has a copy of, wherever that original lives (h1 holds B's copy,
# whose original is on h2; h2 holds A's copies, whose original is on h1);
# a group without a copy-1 line adds nothing; the partitions are sorted by
# file and offset. Then the usage errors and a digest that goes backwards.
. "$GOLDEN"/lib.sh
D1=sha1:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
D2=sha1:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
D3=sha1:cccccccccccccccccccccccccccccccccccccccc
cat >processed <<M
f1 100 10 http://a/ 2020-01-01T00:00:00Z $D1 1 1 - -
f3 50 10 http://a2/ 2020-01-03T00:00:00Z $D1 1 3 http://a/ 2020-01-01T00:00:00Z
f2 70 10 http://a1/ 2020-01-02T00:00:00Z $D1 1 2 http://a/ 2020-01-01T00:00:00Z
f1 10 10 http://b1/ 2020-02-02T00:00:00Z $D2 1 2 http://b/ 2020-02-01T00:00:00Z
f2 5 10 http://b/ 2020-02-01T00:00:00Z $D2 1 1 - -
f2 90 10 http://b2/ 2020-02-03T00:00:00Z $D2 1 3 http://b/ 2020-02-01T00:00:00Z
f3 7 10 http://c1/ 2020-03-02T00:00:00Z $D3 1 2 http://c/ 2020-03-01T00:00:00Z
M
printf 'f1 h1\nf2 h2 http://h2/\nf3 h2\n' >catalog
mkdir out
warcsumsplit -q --by-host catalog --duplicates-only --with-originals -p out/part processed
for f in out/part.*; do echo "== $f"; cat "$f"; done
warcsumsplit -q --by-host catalog --with-originals processed
echo "exit $?"
printf 'f2 5 10 http://b/ 2020-02-01T00:00:00Z %s 1 1 - -\nf1 100 10 http://a/ 2020-01-01T00:00:00Z %s 1 1 - -\n' "$D2" "$D1" >backwards
warcsumsplit -q --by-host catalog --duplicates-only --with-originals -p out/back backwards
