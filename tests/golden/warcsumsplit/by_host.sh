# --by-host with --duplicates-only: one partition per host of the catalog,
# only the copies numbered above 1, sorted by file and offset.
. "$GOLDEN"/lib.sh
chain_processed
printf 'a.warc.gz host1\nb.warc.gz host2\n' >catalog
warcsumsplit --by-host catalog --duplicates-only -p dup processed
rc=$?
for f in dup.*; do echo "--- $f"; cat "$f"; done
exit $rc
