#include "common/longwork.h"

#include <chrono>
#include <thread>

namespace dtsim::common {

void runReportingProgress(const std::function<void()>& work, const std::atomic<std::int64_t>& done,
                          std::int64_t total, const WorkProgress& report)
{
    if (!report) {
        work();
        return;
    }
    std::atomic<bool> finished{false};
    std::thread worker([&] {
        work();
        finished.store(true);
    });
    auto nextReport = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    while (!finished.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (!finished.load() && std::chrono::steady_clock::now() >= nextReport) {
            report(done.load(), total);
            nextReport += std::chrono::seconds(1);
        }
    }
    worker.join();
}

} // namespace dtsim::common
