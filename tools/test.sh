#!/usr/bin/env bash
# Installs what is missing, builds everything with warnings as errors under AddressSanitizer and
# UndefinedBehaviorSanitizer (the asan preset, a Debug build), and runs every test. One build
# checks warnings, results and memory at once; `ctest --preset dev` is the faster loop while
# working.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/packages.sh
dtsim_install_packages
cmake --preset asan
cmake --build --preset asan
ctest --preset asan
