# BEFORE names both x.arc and x.arc.gz: one stem, two files. A conversion
# check cannot tell their records apart: refused, nothing on stdout, exit 1.
printf '%s\n' "x.arc.gz 0 10 http://a/ 2014-02-16T05:02:21Z sha1:aa" \
  "y.arc 0 10 http://a/ 2014-02-16T05:02:21Z sha1:aa" \
  "x.arc 0 10 http://b/ 2014-02-16T05:02:21Z sha1:bb" >before
printf '%s\n' "x.warc.gz 0 10 http://a/ 2014-02-16T05:02:21Z sha1:aa" >after
warcsumcmp before after
