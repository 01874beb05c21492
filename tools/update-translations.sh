#!/usr/bin/env bash
# Refreshes resources/translations/dtsim_vi.ts from the sources: new strings appear as
# "unfinished" (translate them in Qt Linguist or the file), removed ones are dropped.
# This plain lupdate run is the canonical one (tests/check_translations.cmake runs the same);
# do not use the CMake target update_translations on this file: it files strings under other
# context names (see common/language.cpp, DtsimTranslator).
set -euo pipefail
cd "$(dirname "$0")/../resources/translations"
lupdate=/usr/lib/qt6/bin/lupdate
command -v "$lupdate" >/dev/null || lupdate=lupdate
"$lupdate" -no-obsolete -locations none ../../common ../../ui ../../app -ts dtsim_vi.ts -target-language vi_VN
