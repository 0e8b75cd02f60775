# No input at all: a usage error.
warcsum
