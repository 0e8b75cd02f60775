# An input in the output directory is not written over; exit 1.
. "$GOLDEN"/lib.sh
chain_warcs
printf 'a.warc.gz 0\n' >list
warcfilter -m list -o . a.warc.gz
