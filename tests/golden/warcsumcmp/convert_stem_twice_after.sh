# AFTER names both x.warc and x.warc.gz (a recompression that left the
# old file), even given on stdin: refused, nothing on stdout, exit 1.
printf '%s\n' "x.arc 0 10 http://a/ 2014-02-16T05:02:21Z sha1:aa" >before
printf '%s\n' "x.warc.gz 0 10 http://a/ 2014-02-16T05:02:21Z sha1:aa" \
  "x.warc 0 10 http://a/ 2014-02-16T05:02:21Z sha1:aa" | warcsumcmp before -
