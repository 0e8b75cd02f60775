# The version line, from CMake's project version.
warcsumcmp --version
