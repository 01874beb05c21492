#pragma once

class QWidget;

namespace dtsim::bench {

/// Cold-start timing (BENCHMARKS.md), inert unless asked for: when the
/// environment variable DTSIM_BENCH_LAUNCH_NS holds the launch time on the monotonic clock (in
/// ns), prints "first-paint-ns N" when `window` gets its first paint event (sent before any child
/// paints) and "first-frame-ns N" once that paint pass is over (every child painted, the backing
/// store flushed: what a user sees), then quits the application. DTSIM_BENCH_EXIT_AT_PAINT or
/// DTSIM_BENCH_EXIT_AT_FRAME exits at once at that point instead, for profilers. A scroll area
/// (a chart view) is watched in its viewport, where it paints.
void reportStartup(QWidget* window);

/// The monotonic clock in ns, the clock DTSIM_BENCH_LAUNCH_NS is read on (steady_clock is
/// CLOCK_MONOTONIC on Linux, in every process).
long long monotonicNanoseconds();

} // namespace dtsim::bench
