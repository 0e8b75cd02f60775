# Two files read in parallel: the lines come in input order.
. "$GOLDEN"/lib.sh
chain_warcs
warcsum -j 2 b.warc.gz a.warc.gz
