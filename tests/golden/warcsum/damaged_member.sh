# A damaged gzip member (four bytes overwritten in the second record): the
# error names the file and the offset of the member; the first record is
# listed, exit 1.
cp "$GOLDEN_DATA"/a.warc.gz damaged.warc.gz
printf '\xff\xff\xff\xff' | dd of=damaged.warc.gz bs=1 seek=1100 conv=notrunc 2>/dev/null
warcsum damaged.warc.gz
