# Two record sources at once: a usage error.
warccollres -d . --url-prefix http://localhost/ sorted
