# warcio's bad.arc: its very first record line has length -1; nothing can be
# converted, no WARC file is written (no temporary file either), exit 1.
. "$GOLDEN"/arc2warc/interop.bash
interop_copy bad.arc
arc2warc --verify -o out bad.arc
rc=$?
echo "--- out:"
ls -A out
exit $rc
