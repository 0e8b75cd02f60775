# --dry-run on the chain's two files: the prediction and the table.
mkdir in
cp "$GOLDEN_DATA"/a.warc.gz "$GOLDEN_DATA"/b.warc.gz in/
warcdedup -q -j 1 -n -w work in
