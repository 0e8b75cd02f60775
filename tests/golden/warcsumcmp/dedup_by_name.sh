# The deduplication check (with PROCESSED) still matches records by the
# file and URI as written: a record whose file became x.warc.gz, or whose
# URI became a%2520b, is lost and another appeared. (Stems that name two
# files are no error there.)
cat >before <<'END'
x.arc.gz 0 10 http://a/ 2014-02-16T05:02:21Z sha1:aa
x.arc 0 10 http://e/a%20b 2014-02-16T05:02:22Z sha1:bb
END
cat >processed <<'END'
x.arc.gz 0 10 http://a/ 2014-02-16T05:02:21Z sha1:aa 0 1 - -
x.arc 0 10 http://e/a%20b 2014-02-16T05:02:22Z sha1:bb 0 1 - -
END
cat >after <<'END'
x.warc.gz 0 12 http://a/ 2014-02-16T05:02:21Z sha1:aa
x.arc 0 10 http://e/a%2520b 2014-02-16T05:02:22Z sha1:bb
END
warcsumcmp before after processed
