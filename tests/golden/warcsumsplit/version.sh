# The version line, from CMake's project version.
warcsumsplit --version
