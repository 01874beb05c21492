#!/usr/bin/env bash
# Installs what is missing, builds everything with warnings as errors, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/packages.sh
dtsim_install_packages
cmake --preset dev
cmake --build --preset dev
ctest --preset dev
