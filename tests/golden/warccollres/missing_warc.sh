# A manifest naming a file that is not there: the error names it, the records
# of its runs are kept (extension 0, copy 1), exit 1.
. "$GOLDEN"/lib.sh
chain_sorted
rm b.warc.gz
untimed warccollres --proc sorted
