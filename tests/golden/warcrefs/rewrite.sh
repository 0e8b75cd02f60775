# -o on the chain: b.warc.gz rewritten with record 3 a revisit of record 1,
# record 6 kept (its revisit would be larger), a.warc.gz unchanged (not
# written); the kept list and the after-manifest.
. "$GOLDEN"/lib.sh
chain_processed
mkdir out
warcrefs -m by-file --referenced refs --kept kept --after-manifest after -o out \
  a.warc.gz b.warc.gz
rc=$?
echo "--- out"
ls out
echo "--- kept"
cat kept
echo "--- after"
cat after
exit $rc
