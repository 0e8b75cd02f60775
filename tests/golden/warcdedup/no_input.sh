# No input: a usage error.
warcdedup -n
