# Sourced by run.sh and test.sh: installs the Debian 12 packages dtsim needs, if any is missing.
dtsim_packages=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools qt6-tools-dev-tools
    qt6-qpa-plugins libgl-dev catch2
    desktop-file-utils appstream
    poppler-utils  # the export tests read PDFs back with pdftotext and pdftoppm
    clang-tidy     # tools/tidy.sh, a stage of .ci/run
)

dtsim_install_packages() {
    local missing=()
    local package
    for package in "${dtsim_packages[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" ||
            missing+=("$package")
    done
    if ((${#missing[@]} == 0)); then
        return 0
    fi
    echo "dtsim: installing ${missing[*]}"
    local sudo=""
    if ((EUID != 0)); then
        command -v sudo >/dev/null || {
            echo "dtsim: run as root or install sudo to install: ${missing[*]}" >&2
            return 1
        }
        sudo="sudo"
    fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
        "${missing[@]}" >/dev/null
}
