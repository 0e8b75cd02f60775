# The version line, from CMake's project version.
warcsumproc --version
