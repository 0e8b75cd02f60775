# The version line, from CMake's project version.
warcsum --version
