# LIST lines that do not parse or name no record: each an error with its
# line number; the files are still written; exit 1.
. "$GOLDEN"/lib.sh
chain_warcs
mkdir out
cat >list <<'LIST'
a.warc.gz 0
a.warc.gz 1000
a.warc.gz x1
c.warc.gz 0
c.warc.gz 5
b.warc.gz 1022 999 http://b.example/ 2021-01-02T00:00:00Z sha1:00 keep
b.warc.gz 0 1022 http://u/ 2021-01-01T00:00:00Z sha1:00 keep extra
b.warc.gz 0 1022 http://u/ 2021-01-01T00:00:00Z sha1:00 covered-by b.warc.gz
LIST
rc=0
warcfilter --only-listed -m list -o out a.warc.gz b.warc.gz || rc=$?
ls out
exit $rc
