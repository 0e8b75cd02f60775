# The manifest of tests/data/tiny.warc.gz: a warcinfo (not listed) and two
# responses without stored digests.
cp "$SRC"/tests/data/tiny.warc.gz .
warcsum tiny.warc.gz
