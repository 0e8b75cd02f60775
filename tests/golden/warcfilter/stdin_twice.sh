# The LIST and the list of inputs cannot both come from standard input.
warcfilter -m - -o . -
