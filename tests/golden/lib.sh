# Sourced by the golden cases that need the inputs of a later stage: each
# function leaves its files in the scratch directory and prints nothing
# (a stage that fails makes the case's output differ, which is the point).
# The records are described in data/make.py.

# a.warc.gz and b.warc.gz.
chain_warcs() { cp "$GOLDEN_DATA"/a.warc.gz "$GOLDEN_DATA"/b.warc.gz .; }

# sums (warcsum's manifest) and refs (its --revisit-refs list).
chain_sums() {
  chain_warcs
  warcsum -q --revisit-refs refs a.warc.gz b.warc.gz >sums
}

# sorted: sums sorted by digest, as warcsumsplit and warccollres read it.
chain_sorted() {
  chain_sums
  sort -k6,6 sums >sorted
}

# processed: warccollres --proc's 10-field manifest; by-file: it sorted by
# file and offset, as warcrefs reads it.
chain_processed() {
  chain_sorted
  warccollres -q --proc sorted >processed
  sort -k1,1 -k2,2n processed >by-file
}

# untimed COMMAND...: runs COMMAND with its stderr's durations ("0.0 s",
# "in 0.12 s") written as "T s", and exits with its status.
untimed() {
  local rc=0
  "$@" 2>stderr.untimed || rc=$?
  sed -E 's/[0-9]+\.[0-9]+ s\b/T s/g' stderr.untimed >&2
  rm -f stderr.untimed
  return $rc
}
