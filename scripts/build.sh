#!/usr/bin/env bash
# Configures and builds warcdedup in ./build (Release). With CI=true warnings
# are errors.
#
#   scripts/build.sh              ./build, Release
#   scripts/build.sh --sanitize   ./build-asan: gcc with AddressSanitizer and
#                                 UndefinedBehaviorSanitizer (-O1, line tables),
#                                 the tests included; warnings are not errors
#                                 there (the Release build checks them)
#
# ccache is used when installed.
set -euo pipefail
cd "$(dirname "$0")/.."
args=(-G Ninja)
command -v ccache >/dev/null && args+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
case "${1:-}" in
  "")
    dir=build
    werror=OFF
    [ "${CI:-}" = "true" ] && werror=ON
    args+=(-DCMAKE_BUILD_TYPE=Release -DWARCDEDUP_WERROR=$werror)
    ;;
  --sanitize)
    dir=build-asan
    args+=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1"
           -DWARCDEDUP_SANITIZE=ON -DWARCDEDUP_WERROR=OFF)
    ;;
  *)
    echo "usage: scripts/build.sh [--sanitize]" >&2
    exit 2
    ;;
esac
cmake -S . -B "$dir" "${args[@]}" >/dev/null
cmake --build "$dir" -j "$(nproc)"
