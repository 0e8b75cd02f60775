# A missing input: named with the reason, exit 1, the next input still read.
cp "$GOLDEN_DATA"/a.warc.gz .
warcsum no-such.warc.gz a.warc.gz
