# --proc on the chain, manifest on stdin: the hash extension, copy numbers
# and the originals' URIs and dates, then the summary.
. "$GOLDEN"/lib.sh
chain_sorted
untimed warccollres --proc <sorted
