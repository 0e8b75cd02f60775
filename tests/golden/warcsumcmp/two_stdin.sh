# Both manifests '-': a usage error.
warcsumcmp - -
