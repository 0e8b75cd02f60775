# A bad line on stdin: named by line, exit 1.
printf 'a.warc.gz 0 10 http://x/ 2020-01-01T00:00:00Z sha1:abc 0\n' | warcsumproc
