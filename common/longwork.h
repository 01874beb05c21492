#pragma once
// Work that can take longer than a second (a large Monte-Carlo batch) says how far it is, so a
// user does not take it for a hang.

#include <atomic>
#include <cstdint>
#include <functional>

namespace dtsim::common {

/// How far long work is: `done` of `total` units.
using WorkProgress = std::function<void(std::int64_t done, std::int64_t total)>;

/// Runs `work` on a worker thread and waits for it. Once it has run for a second, and then
/// once a second, calls `report(done, total)` on the calling thread; `done` is what `work`
/// stores as it goes. Without `report` the work runs on the calling thread.
void runReportingProgress(const std::function<void()>& work, const std::atomic<std::int64_t>& done,
                          std::int64_t total, const WorkProgress& report);

} // namespace dtsim::common
