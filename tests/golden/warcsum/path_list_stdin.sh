# '-': the paths to read come on stdin; a missing one is named, the others
# are read, exit 1.
. "$GOLDEN"/lib.sh
chain_warcs
printf 'b.warc.gz\nno-such.warc.gz\na.warc.gz\n' | warcsum -
