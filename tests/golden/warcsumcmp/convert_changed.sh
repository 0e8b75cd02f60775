# A conversion check across a stem pair reports each discrepancy with each
# side's file as written: a changed digest names both files; a record only
# in x.arc.gz is missing, one only in x.warc.gz appeared. The directory is
# part of the stem: dir/y.arc does not match y.warc.
cat >before <<'END'
x.arc.gz 0 10 http://a/ 2014-02-16T05:02:21Z sha1:aa
x.arc.gz 10 10 http://b/ 2014-02-16T05:02:22Z sha1:bb
dir/y.arc 0 10 http://c/ 2014-02-16T05:02:23Z sha1:cc
END
cat >after <<'END'
x.warc.gz 0 12 http://a/ 2014-02-16T05:02:21Z sha1:a0
x.warc.gz 12 12 http://e/ 2014-02-16T05:02:24Z sha1:ee
y.warc 0 12 http://c/ 2014-02-16T05:02:23Z sha1:cc
END
warcsumcmp -v before after
