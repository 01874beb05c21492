#!/usr/bin/env bash
# Refreshes resources/translations/dtsim_vi.ts and dtsim_en.ts (plural forms only) from the
# sources: new strings appear as "unfinished" (translate them in Qt Linguist or the file), removed
# ones are dropped.
# This plain lupdate run is the canonical one (tests/check_translations.cmake runs the same);
# do not use the CMake target update_translations on this file: it files strings under other
# context names (see common/language.cpp, DtsimTranslator).
set -euo pipefail
cd "$(dirname "$0")/../resources/translations"
lupdate=/usr/lib/qt6/bin/lupdate
command -v "$lupdate" >/dev/null || lupdate=lupdate
"$lupdate" -no-obsolete -locations none ../../common ../../ui ../../app -ts dtsim_vi.ts -target-language vi_VN
# English: only the texts tr() is given a count for, each with its singular and plural form
# ("%1 GPU(s)" → "%1 GPU", "%1 GPUs"); every other English text is its source.
"$lupdate" -no-obsolete -locations none -pluralonly ../../common ../../ui ../../app -ts dtsim_en.ts \
    -source-language en -target-language en
