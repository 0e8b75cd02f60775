# One manifest only: a usage error.
warcsumcmp before
