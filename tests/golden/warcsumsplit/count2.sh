# -c 2 on the chain's digest-sorted manifest: two partitions, the run of
# equal digests kept whole.
. "$GOLDEN"/lib.sh
chain_sorted
warcsumsplit -c 2 sorted
rc=$?
for f in part.*; do echo "--- $f"; cat "$f"; done
exit $rc
