# Run by CTest ("resources: install layout"): installs the build into a scratch prefix and checks
# that the program and its desktop files land where freedesktop.org desktops look for them.
# Inputs: BUILD_DIR, PREFIX, APP_ID, BINDIR, LIBDIR, DATADIR.
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
    RESULT_VARIABLE result OUTPUT_QUIET)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "cmake --install failed (${result})")
endif()
set(expected
    "${BINDIR}/dtsim"
    "${DATADIR}/applications/${APP_ID}.desktop"
    "${DATADIR}/metainfo/${APP_ID}.metainfo.xml"
    "${DATADIR}/icons/hicolor/scalable/apps/${APP_ID}.svg")
foreach(path IN LISTS expected)
    if(NOT EXISTS "${PREFIX}/${path}")
        message(FATAL_ERROR "missing after install: ${path}")
    endif()
endforeach()
# Nothing else: no test binaries, static libraries or headers.
file(GLOB_RECURSE installed RELATIVE "${PREFIX}" "${PREFIX}/*")
list(SORT installed)
list(SORT expected)
if(NOT installed STREQUAL expected)
    message(FATAL_ERROR "installed files differ from the expected list:\n  ${installed}")
endif()
execute_process(COMMAND "${PREFIX}/${BINDIR}/dtsim" --version
    RESULT_VARIABLE result OUTPUT_VARIABLE version ERROR_VARIABLE error)
if(NOT result EQUAL 0 OR NOT version MATCHES "^dtsim [0-9]")
    message(FATAL_ERROR "installed dtsim --version: ${result} ${version} ${error}")
endif()
# The desktop file starts the installed program and names the installed icon.
file(STRINGS "${PREFIX}/${DATADIR}/applications/${APP_ID}.desktop" exec REGEX "^Exec=")
file(STRINGS "${PREFIX}/${DATADIR}/applications/${APP_ID}.desktop" icon REGEX "^Icon=")
if(NOT exec MATCHES "^Exec=dtsim( |$)" OR NOT icon STREQUAL "Icon=${APP_ID}")
    message(FATAL_ERROR "desktop file: ${exec} / ${icon}")
endif()
file(REMOVE_RECURSE "${PREFIX}")
message(STATUS "installed: ${installed}")
