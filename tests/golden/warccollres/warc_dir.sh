# The WARC files in another directory (-d), without --proc: the hash
# extension only.
. "$GOLDEN"/lib.sh
chain_sorted
mkdir w
mv a.warc.gz b.warc.gz w/
warccollres -q -d w sorted
