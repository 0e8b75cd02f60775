# The version line, from CMake's project version.
warccollres --version
