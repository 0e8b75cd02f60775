# A conversion check across an ARC -> WARC conversion: files match by stem
# (x.arc.gz is x.warc.gz, y.arc is y.warc, the directory kept), a
# recompression too (w.warc is w.warc.gz); offsets and order change. No
# discrepancy, exit 0.
cat >before <<'END'
x.arc.gz 0 10 http://a/ 2014-02-16T05:02:21Z sha1:aa
x.arc.gz 10 10 http://b/ 2014-02-16T05:02:22Z sha1:bb
y.arc 0 10 http://a/ 2014-02-16T05:02:21Z sha1:aa
dir/z.arc.gz 0 10 http://c/ 2014-02-16T05:02:23Z sha1:cc
w.warc 0 10 http://d/ 2019-01-01T00:00:00Z sha1:dd
END
cat >after <<'END'
dir/z.warc.gz 0 12 http://c/ 2014-02-16T05:02:23Z sha1:cc
w.warc.gz 0 12 http://d/ 2019-01-01T00:00:00Z sha1:dd
x.warc.gz 12 12 http://b/ 2014-02-16T05:02:22Z sha1:bb
x.warc.gz 0 12 http://a/ 2014-02-16T05:02:21Z sha1:aa
y.warc 0 12 http://a/ 2014-02-16T05:02:21Z sha1:aa
END
warcsumcmp before after
