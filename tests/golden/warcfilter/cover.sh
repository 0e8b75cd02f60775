# A cover file (warccover(5)) over the chain's two files: its keep lines
# are written, its covered-by lines dropped, except a.warc.gz's record at
# 1023, the original of b.warc.gz's kept revisit. What is written is shown
# by warcsum of the new files (the revisit by the note on stderr's total).
. "$GOLDEN"/lib.sh
chain_warcs
mkdir out
cat >cover <<'LIST'
# file offset length uri date digest keep|covered-by ...
a.warc.gz 0 1023 http://a.example/ 2020-01-01T00:00:00Z sha1:00 keep
a.warc.gz 1023 1020 http://b.example/ 2020-01-02T00:00:00Z sha1:00 covered-by b.warc.gz 1022 1 1 1
b.warc.gz 0 1022 http://a.example/ 2021-01-01T00:00:00Z sha1:00 covered-by a.warc.gz 0 1 1 1
b.warc.gz 1022 325 http://b.example/ 2021-01-02T00:00:00Z sha1:00 keep
b.warc.gz 1347 256 http://c.example/ 2021-01-03T00:00:00Z sha1:00 keep
b.warc.gz 1603 256 http://c.example/ 2021-01-04T00:00:00Z sha1:00 covered-by b.warc.gz 1347 1 1 1
LIST
rc=0
warcfilter -m cover -o out a.warc.gz b.warc.gz || rc=$?
warcsum --keep-empty out/a.warc.gz out/b.warc.gz
exit $rc
