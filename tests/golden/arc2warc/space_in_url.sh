# warcio's example-space-in-url.arc: its response has spaces in the URL
# (percent-encoded in WARC-Target-URI, kept in WARC-ARC-Header-Line) and is
# 12 bytes short of its length: converted with WARC-Truncated, reported,
# verified, exit 1.
. "$GOLDEN"/arc2warc/interop.bash
interop_copy example-space-in-url.arc
arc2warc --verify --no-gzip -o out example-space-in-url.arc
rc=$?
warc_heads out/example-space-in-url.warc
ls -A out
exit $rc
