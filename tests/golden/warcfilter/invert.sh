# --invert writes what the run without it drops: the covered records (and
# the original of a written revisit: none here).
. "$GOLDEN"/lib.sh
chain_warcs
mkdir out
cat >cover <<'LIST'
a.warc.gz 0 1023 http://a.example/ 2020-01-01T00:00:00Z sha1:00 keep
b.warc.gz 0 1022 http://a.example/ 2021-01-01T00:00:00Z sha1:00 covered-by a.warc.gz 0 1 1 1
b.warc.gz 1603 256 http://c.example/ 2021-01-04T00:00:00Z sha1:00 covered-by b.warc.gz 1347 1 1 1
LIST
rc=0
warcfilter --invert -m cover -o out a.warc.gz b.warc.gz || rc=$?
ls out
warcsum out/b.warc.gz
exit $rc
