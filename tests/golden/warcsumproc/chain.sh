# Copy numbers for the chain: warccollres's 7 fields sorted as warcsumproc
# wants them (digest, ext, date, file, offset).
. "$GOLDEN"/lib.sh
chain_sorted
warccollres -q sorted | sort -k6,6 -k7,7n -k5,5 -k1,1 -k2,2n >seven
warcsumproc seven
