# -o: the whole chain; the table, the files written, the check's report.
mkdir in
cp "$GOLDEN_DATA"/a.warc.gz "$GOLDEN_DATA"/b.warc.gz in/
warcdedup -q -j 1 -o out in
rc=$?
echo "--- out"
ls -A out
echo "--- out/.warcdedup/discrepancies.txt"
cat out/.warcdedup/discrepancies.txt
exit $rc
