# Neither -o, --in-place nor --dry-run: a usage error.
. "$GOLDEN"/lib.sh
chain_processed
warcrefs -m by-file a.warc.gz b.warc.gz
