# A -s value that is no size: a usage error that quotes it.
warcsumsplit -s 12Q
