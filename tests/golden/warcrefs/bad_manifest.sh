# A manifest line with a bad digest: named by file and line, nothing
# rewritten, exit 1.
. "$GOLDEN"/lib.sh
chain_warcs
printf 'a.warc.gz 0 10 http://x/ 2020-01-01T00:00:00Z sha1:abc 0 1 - -\n' >bad
warcrefs -n -m bad a.warc.gz
