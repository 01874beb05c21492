#!/usr/bin/env bash
# Builds dtsim's libFuzzer targets (tests/fuzz) with clang-14 and runs each one over a copy of its
# seed corpus for SECONDS seconds, two at a time. Prints one line per target and exits non-zero
# on any crash, sanitizer report, leak, timeout (an input that takes > 5 s) or out-of-memory.
#
#   tools/fuzz.sh [SECONDS] [TARGET ...]      SECONDS defaults to 30; TARGET e.g. nccl_tests
#
# Installs nothing: it needs clang-14 and libclang-rt-14-dev (libFuzzer, ASan, UBSan) besides
# dtsim's own packages (tools/packages.sh). Environment:
#   DTSIM_FUZZ_BUILD  build directory (default build/fuzz)
#   DTSIM_FUZZ_JOBS   targets run at once (default 2)
#   DTSIM_FUZZ_KEEP   keep corpora, logs and crash inputs in this directory (default: a temporary
#                     directory, deleted at the end; crash inputs are copied to BUILD/fuzz-findings)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-30}
if ! [[ $seconds =~ ^[0-9]+$ ]] || ((seconds < 1)); then
    echo "fuzz: SECONDS must be a whole number ≥ 1, got '$seconds'" >&2
    exit 2
fi
shift || true
all_targets=(scenario_file set_assignment nccl_tests nvidia_topo step_times)
targets=("$@")
((${#targets[@]} > 0)) || targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
    [[ -d tests/fuzz/corpus/$target ]] || {
        echo "fuzz: unknown target '$target' (known: ${all_targets[*]})" >&2
        exit 2
    }
done

for tool in clang-14 clang++-14; do
    command -v "$tool" >/dev/null || {
        echo "fuzz: $tool is missing; install the Debian packages clang-14 libclang-rt-14-dev" >&2
        exit 2
    }
done
runtime=$(clang++-14 -print-file-name=libclang_rt.fuzzer-x86_64.a)
[[ -f $runtime ]] || {
    echo "fuzz: the libFuzzer runtime is missing; install the Debian package libclang-rt-14-dev" >&2
    exit 2
}

build=${DTSIM_FUZZ_BUILD:-build/fuzz}
jobs=${DTSIM_FUZZ_JOBS:-2}
start=$(date +%s)
if ! grep -qs '^DTSIM_FUZZ:BOOL=ON' "$build/CMakeCache.txt"; then
    mkdir -p "$build"
    CC=clang-14 CXX=clang++-14 cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DDTSIM_FUZZ=ON -DDTSIM_BUILD_TESTS=OFF -DDTSIM_BUILD_BENCH=OFF >"$build/configure.log" 2>&1 || {
        cat "$build/configure.log" >&2
        echo "fuzz: configuring $build failed" >&2
        exit 1
    }
fi
cmake --build "$build" --target fuzz_targets
echo "fuzz: built in $(($(date +%s) - start)) s; running ${#targets[@]} target(s) for $seconds s each"

if [[ -n ${DTSIM_FUZZ_KEEP:-} ]]; then
    work=$DTSIM_FUZZ_KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

run_target() {
    local target=$1 dir=$work/$1
    rm -rf "$dir/artifacts"
    mkdir -p "$dir/corpus" "$dir/artifacts"
    cp -r "tests/fuzz/corpus/$target/." "$dir/corpus/"
    local status=0
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
        "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$dir/artifacts/" "$dir/corpus" \
        >"$dir/log" 2>&1 || status=$?
    echo "$status" >"$dir/status"
}

pids=()
for target in "${targets[@]}"; do
    run_target "$target" &
    pids+=($!)
    if ((${#pids[@]} >= jobs)); then
        wait "${pids[0]}" || true # each run's status is in its folder, reported below
        pids=("${pids[@]:1}")
    fi
done
for pid in "${pids[@]}"; do
    wait "$pid" || true
done

failed=0
for target in "${targets[@]}"; do
    dir=$work/$target
    status=$(cat "$dir/status")
    stat_of() { sed -n "s/^stat::$1: *//p" "$dir/log" | tail -1; }
    # A run that stopped on a finding prints no final stats: its last status line counts.
    runs=$(stat_of number_of_executed_units)
    # A run that stops on its first input prints neither: grep finding nothing is no error here.
    [[ -n $runs ]] || runs=$(grep -Eo '^#[0-9]+' "$dir/log" | tail -1 | tr -d '#' || true)
    added=$(stat_of new_units_added)
    cov=$(grep -Eo 'cov: [0-9]+' "$dir/log" | tail -1 | cut -d' ' -f2 || true)
    findings=$(find "$dir/artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o \
        -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
    printf 'fuzz: %-15s %9s executions, %5s new inputs, coverage %5s, corpus %4s files, %s finding(s), exit %s\n' \
        "$target" "${runs:-?}" "${added:-?}" "${cov:-?}" \
        "$(find "$dir/corpus" -type f | wc -l)" "$findings" "$status"
    if ((status != 0 || findings > 0)); then
        failed=1
        mkdir -p "$build/fuzz-findings/$target"
        cp "$dir"/artifacts/* "$build/fuzz-findings/$target/" 2>/dev/null || true
        echo "fuzz: $target FAILED; its report (inputs copied to $build/fuzz-findings/$target):" >&2
        # The finding, dtsim's own stack frames, and where the input went (not libFuzzer's frames).
        grep -E 'ERROR|runtime error|SUMMARY|^fuzz:|Test unit written|/(simcore|ui|tests/fuzz)/[^ ]+:[0-9]' \
            "$dir/log" | grep -v NEW_FUNC | head -40 >&2 || tail -40 "$dir/log" >&2
    fi
done
echo "fuzz: finished in $(($(date +%s) - start)) s"
exit "$failed"
