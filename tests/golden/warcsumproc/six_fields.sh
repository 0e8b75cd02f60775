# A 6-field manifest (warccollres not run): named by file and line, exit 1.
. "$GOLDEN"/lib.sh
chain_sorted
warcsumproc sorted
