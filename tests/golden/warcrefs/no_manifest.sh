# No -m: a usage error.
cp "$GOLDEN_DATA"/a.warc.gz .
warcrefs a.warc.gz
