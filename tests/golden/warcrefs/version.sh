# The version line, from CMake's project version.
warcrefs --version
