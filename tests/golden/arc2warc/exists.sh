# A WARC file that exists is not replaced without --overwrite: an error,
# exit 1, the file untouched, no temporary file left; --overwrite replaces it.
. "$GOLDEN"/arc2warc/mini.bash
mini_arc a.arc
mkdir out
echo "old" >out/a.warc
arc2warc --no-gzip -o out a.arc
rc=$?
echo "--- out: $(ls -A out)"
cat out/a.warc
arc2warc -q --no-gzip --overwrite -o out a.arc
echo "--- --overwrite: $? $(ls -A out) $(head -c 8 out/a.warc)"
exit $rc
