# The check after the whole chain: every removed record a copy whose
# original is still there, the kept copy accounted for; the summary.
. "$GOLDEN"/lib.sh
chain_processed
mkdir out
warcrefs -q -m by-file --referenced refs --kept kept --after-manifest after -o out \
  a.warc.gz b.warc.gz
warcsumcmp --referenced refs --kept kept sums after processed
