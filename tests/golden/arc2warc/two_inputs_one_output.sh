# x.arc and x.arc.gz would both become out/x.warc.gz: a usage error before
# anything is written (no output directory either).
. "$GOLDEN"/arc2warc/mini.bash
mini_arc x.arc
gzip -c x.arc >x.arc.gz
arc2warc -o out x.arc x.arc.gz
rc=$?
ls
exit $rc
