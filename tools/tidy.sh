#!/usr/bin/env bash
# clang-tidy with the repository's .clang-tidy on the C++ files changed since a base: what the
# working tree changes relative to the merge base of HEAD and BASE. A changed header is checked
# through the source file of the same name beside it, when there is one.
# Usage: tools/tidy.sh [BASE]   BASE defaults to origin/main, or HEAD~1 when that is HEAD itself
#                               (CI on main) or there is no origin/main.
# Needs a configured, built tree (compile_commands.json and the moc files): build/dev, or the
# asan tree tools/test.sh builds (DTSIM_TIDY_BUILD=build/asan, as CI runs it).
# DTSIM_TIDY_BUILD picks another build tree, DTSIM_TIDY_JOBS the parallel runs (default: cores).
# DTSIM_TIDY_MAX_FILES: with more changed files than this, say so and check none (CI's time cap).
set -euo pipefail
cd "$(dirname "$0")/.."

base=${1:-}
if [[ -z $base ]]; then
    base=HEAD~1
    if git rev-parse -q --verify origin/main >/dev/null &&
        [[ $(git merge-base origin/main HEAD) != $(git rev-parse HEAD) ]]; then
        base=origin/main
    elif ! git rev-parse -q --verify HEAD~1 >/dev/null; then
        echo "tidy: HEAD has no parent here (a first commit or a shallow clone): nothing to compare"
        exit 0
    fi
fi
from=$(git merge-base "$base" HEAD)

build=${DTSIM_TIDY_BUILD:-build/dev}
jobs=${DTSIM_TIDY_JOBS:-$(nproc)}

mapfile -t changed < <(git diff --name-only --diff-filter=ACMR "$from" -- '*.cpp' '*.h')
sources=()
for file in "${changed[@]}"; do
    [[ $file == *.h ]] && file=${file%.h}.cpp
    [[ -f $file ]] && sources+=("$file")
done
if ((${#sources[@]} == 0)); then
    echo "tidy: no C++ file changed since $base"
    exit 0
fi

if [[ ! -f $build/compile_commands.json ]]; then
    echo "tidy: no $build/compile_commands.json; configure and build first (cmake --preset dev)" >&2
    exit 2
fi
tidy=$(command -v clang-tidy || command -v clang-tidy-14 || true)
if [[ -z $tidy ]]; then
    echo "tidy: clang-tidy is not installed (tools/packages.sh lists it)" >&2
    exit 2
fi

# Clang 14 cannot parse these: C++20 lambda captures of structured bindings (clang 16 can).
unparsed=(ui/shell/mainwindow.cpp)
# Only files the build compiles: the fuzz targets, for one, are not in the dev tree.
mapfile -t sources < <(printf '%s\n' "${sources[@]}" | sort -u | while read -r file; do
    if [[ " ${unparsed[*]} " == *" $file "* ]]; then
        echo "tidy: skipped $file (clang 14 cannot parse it)" >&2
    elif grep -qF "\"file\": \"$PWD/$file\"" "$build/compile_commands.json"; then
        echo "$file"
    fi
done)
if ((${#sources[@]} == 0)); then
    echo "tidy: no changed C++ file is compiled in $build"
    exit 0
fi

if [[ -n ${DTSIM_TIDY_MAX_FILES:-} ]] && ((${#sources[@]} > DTSIM_TIDY_MAX_FILES)); then
    echo "tidy: ${#sources[@]} files changed since $base, more than the $DTSIM_TIDY_MAX_FILES" \
        "checked here; run tools/tidy.sh $base on them before merging"
    exit 0
fi
echo "tidy: ${#sources[@]} file(s) changed since $base"
# The build precompiles headers with GCC; clang would find GCC's .gch beside each forced include
# and refuse it. Each file includes what it uses, so clang reads it without the forced include.
commands=$(mktemp -d)
trap 'rm -rf "$commands"' EXIT
sed -E 's/ -Winvalid-pch -include [^ "]*cmake_pch\.hxx//g' "$build/compile_commands.json" \
    >"$commands/compile_commands.json"
# clang-tidy counts the warnings it suppressed in Qt's and the standard library's headers on
# stderr; only what it reports about our files is worth reading.
# shellcheck disable=SC2016 # the inner bash expands $0, $1 and $2
if ! printf '%s\0' "${sources[@]}" |
    xargs -0 -n 1 -P "$jobs" bash -c \
        '"$0" -p "$1" --quiet "$2" 2> >(grep -v "^[0-9]* warnings\? generated\.$" >&2)' \
        "$tidy" "$commands"; then
    echo "tidy: findings above (.clang-tidy says which checks and why)" >&2
    exit 1
fi
echo "tidy: clean"
