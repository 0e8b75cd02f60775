# A catalog line without a host: named by file and line, exit 1.
. "$GOLDEN"/lib.sh
chain_processed
printf 'a.warc.gz\n' >catalog
warcsumsplit --by-host catalog processed
