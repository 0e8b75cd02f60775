# --verify reads the WARC file back: with -o - a usage error.
. "$GOLDEN"/arc2warc/mini.bash
mini_arc a.arc
arc2warc --verify -o - a.arc
