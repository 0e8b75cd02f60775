# An input that does not exist: a usage error naming it.
warcdedup -n no-such-dir
