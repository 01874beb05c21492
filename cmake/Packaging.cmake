# Debian package: after building, `cpack -G DEB` in the build directory writes
# dtsim_<version>_<arch>.deb with /usr/bin/dtsim and the desktop files under /usr/share.
# Dependencies come from dpkg-shlibdeps (packages dpkg-dev and file), which reads the libraries the
# executable links against (libqt6charts6, libqt6svg6, libqt6widgets6, …) on the machine that
# builds it.

set(CPACK_PACKAGE_NAME "dtsim")
set(CPACK_PACKAGE_VENDOR "The dtsim developers")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "The dtsim developers <dtsim@example.invalid>")
set(CPACK_PACKAGE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "simulator for teaching distributed neural-network training")
# Debian shows the long description as written: lines under 80 columns.
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "dtsim shows why training a large neural network on many GPUs is fast,\n"
    "slow or impossible: step time and speed-up as workers are added, memory\n"
    "per GPU with ZeRO, and the time lost to failures and checkpoints. Every\n"
    "number comes from a documented model checked against a published figure.\n"
    "Charts export to PNG, SVG, PDF and CSV; dtsim calc prints the same numbers\n"
    "as text or JSON.")
set(CPACK_GENERATOR "DEB")
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Plugins are loaded at run time, so dpkg-shlibdeps cannot see them. Debian 12 ships the X11
# platform plugin in libqt6gui6 and the SVG icon engine in libqt6svg6 (both found by shlibdeps);
# Wayland and the remaining platform plugins are separate packages.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland, qt6-qpa-plugins")

set(CPACK_SOURCE_GENERATOR "TGZ")
set(CPACK_SOURCE_IGNORE_FILES "/build/" "/\\\\.git/")

include(CPack)
