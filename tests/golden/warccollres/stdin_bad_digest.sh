# A bad line on stdin: named by line, the output said to be incomplete.
printf 'a.warc.gz 0 10 http://x/ 2020-01-01T00:00:00Z sha1:abc\n' | warccollres -q -
