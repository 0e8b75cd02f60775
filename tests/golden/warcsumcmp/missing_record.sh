# Without a processed manifest, a record gone from AFTER (given on stdin) is
# a discrepancy on stdout, exit 1.
. "$GOLDEN"/lib.sh
chain_sums
sed 2d sums | warcsumcmp sums -
