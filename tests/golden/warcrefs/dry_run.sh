# --dry-run on the chain: what would be converted and kept, per file and in
# total; nothing written.
. "$GOLDEN"/lib.sh
chain_processed
warcrefs -n -m by-file --referenced refs a.warc.gz b.warc.gz
rc=$?
ls
exit $rc
