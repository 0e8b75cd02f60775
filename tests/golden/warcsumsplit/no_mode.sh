# None of -c, -s, --digest-range, --by-host: a usage error.
warcsumsplit
