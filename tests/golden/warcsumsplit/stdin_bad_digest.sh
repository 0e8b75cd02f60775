# A manifest on stdin whose digest is not algorithm:hex: named by line.
printf 'a.warc.gz 0 10 http://x/ 2020-01-01T00:00:00Z sha1:abc\n' | warcsumsplit -c 2 -
