# --revisit-refs: the revisit in b.warc.gz refers to record 2 by capture and
# by record ID; it is no manifest line of its own.
. "$GOLDEN"/lib.sh
chain_warcs
warcsum --revisit-refs refs.txt a.warc.gz b.warc.gz
rc=$?
echo "--- refs.txt"
cat refs.txt
exit $rc
