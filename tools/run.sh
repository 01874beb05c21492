#!/usr/bin/env bash
# Installs what is missing, builds dtsim (optimised) and starts it. Arguments go to dtsim.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/packages.sh
dtsim_install_packages
cmake --preset release >/dev/null
cmake --build --preset release --target dtsim
if [[ -z ${DISPLAY:-}${WAYLAND_DISPLAY:-}${QT_QPA_PLATFORM:-} ]]; then
    echo "dtsim: built build/release/app/dtsim, but there is no display to open a window on."
    echo "  Draw a chart instead:  build/release/app/dtsim export --panel scaling --out scaling.png --scale 2"
    echo "  Compute in text:       build/release/app/dtsim calc scaling --set scaling.workers=32"
    exit 0
fi
exec build/release/app/dtsim "$@"
