# The version line, from CMake's project version.
warcdedup --version
