# warcio's example.arc (plain ARC v1: a version block and one HTTP response),
# verified, as plain WARC: its two records with every header field.
. "$GOLDEN"/arc2warc/interop.bash
interop_copy example.arc
arc2warc --verify --no-gzip -o out example.arc
rc=$?
warc_heads out/example.warc
ls -A out
exit $rc
