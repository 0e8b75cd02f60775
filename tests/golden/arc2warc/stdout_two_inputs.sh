# -o - writes one WARC file to stdout: two inputs are a usage error.
. "$GOLDEN"/arc2warc/mini.bash
mini_arc a.arc
mini_arc b.arc
arc2warc -o - a.arc b.arc
