# An ARC URL with spaces (manifest field a%20b) is the WARC-Target-URI
# a%20b that arc2warc writes (field a%2520b): one record in a conversion
# check. A URI that was %20 in the ARC already (field %2520) matches too.
# Messages show each side's URI as written: the changed digest of c d.
cat >before <<'END'
x.arc 0 10 http://e/a%20b?q=1%202 2014-02-16T05:02:21Z sha1:aa
x.arc 10 10 http://e/c%20d 2014-02-16T05:02:22Z sha1:bb
x.arc 20 10 http://e/f%2520g 2014-02-16T05:02:23Z sha1:cc
END
cat >after <<'END'
x.warc.gz 0 12 http://e/a%2520b?q=1%25202 2014-02-16T05:02:21Z sha1:aa
x.warc.gz 12 12 http://e/c%2520d 2014-02-16T05:02:22Z sha1:b0
x.warc.gz 24 12 http://e/f%2520g 2014-02-16T05:02:23Z sha1:cc
END
warcsumcmp before after
