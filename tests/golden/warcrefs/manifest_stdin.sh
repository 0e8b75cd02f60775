# The manifest on stdin (-m -), with --in-place: the files are replaced.
. "$GOLDEN"/lib.sh
chain_processed
warcrefs -q -m - --in-place a.warc.gz b.warc.gz <by-file
rc=$?
warcsum a.warc.gz b.warc.gz
exit $rc
