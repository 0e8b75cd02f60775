# -o - with one input: the WARC file (plain here) on stdout, byte for byte,
# and the per-file line with the total on stderr.
. "$GOLDEN"/arc2warc/mini.bash
mini_arc a.arc
arc2warc --no-gzip -o - a.arc
