# Input not sorted by digest: the line where the order breaks, exit 1.
. "$GOLDEN"/lib.sh
chain_sorted
tac sorted >unsorted
warcsumsplit -c 2 unsorted
