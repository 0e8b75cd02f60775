# warcio's example.arc.gz (one gzip member per record), verified, into the
# default gzip WARC: offsets are member offsets, so the IDs differ from
# example.arc's. (The compressed size hangs on the deflater: shown as N.)
. "$GOLDEN"/arc2warc/interop.bash
interop_copy example.arc.gz
arc2warc --verify -o out example.arc.gz | sed -E 's/ [0-9]+ out;/ N out;/'
rc=${PIPESTATUS[0]}
warc_heads out/example.warc.gz
ls -A out
exit $rc
