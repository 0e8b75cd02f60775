# An unknown option: a usage error (exit 2) that names it, nothing on stdout.
cp "$GOLDEN_DATA"/a.warc.gz .
warcsum --nope a.warc.gz
