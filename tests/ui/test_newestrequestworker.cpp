// NewestRequestWorker on its own: the newest request wins, an overtaken result is dropped, and
// the worker can be destroyed while a job runs. Jobs are held at a gate (or loop until asked to
// stop) so each test decides what runs when.
#include "testaccess.h"
#include "ui/kit/newestrequestworker.h"

#include <QElapsedTimer>
#include <QSemaphore>
#include <QTest>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

using namespace dtsim::ui;

namespace {

using Worker = NewestRequestWorker<int, int>;

/// The requests the worker thread ran, in order (written there, read here).
class RunLog {
public:
    void add(int request)
    {
        const std::lock_guard lock(m_mutex);
        m_requests.push_back(request);
    }
    std::vector<int> requests() const
    {
        const std::lock_guard lock(m_mutex);
        return m_requests;
    }

private:
    mutable std::mutex m_mutex;
    std::vector<int> m_requests;
};

/// Loops until the job is asked to stop, at most five seconds (a failing test does not hang).
void runUntilStopped(const JobControl& control)
{
    QElapsedTimer timer;
    timer.start();
    while (!control.stop.load() && timer.elapsed() < 5000) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

} // namespace

TEST_CASE("worker: of requests made while a job runs, only the newest runs and is delivered",
          "[ui][worker]")
{
    QSemaphore gate;
    RunLog log;
    std::atomic<bool> firstAskedToStop{false};
    std::vector<std::pair<int, int>> delivered;
    Worker worker(
        [&](const int& request, JobControl& control) {
            log.add(request);
            if (request == 1) {
                gate.acquire();
                firstAskedToStop = control.stop.load();
            }
            return request * 10;
        },
        [&](int result, const int& request) { delivered.emplace_back(result, request); });

    worker.request(1);
    REQUIRE(worker.isBusy());
    worker.request(2); // waits for the first job, then is replaced
    worker.request(3);
    gate.release();
    REQUIRE(QTest::qWaitFor([&] { return !delivered.empty(); }, 5000));
    CHECK(delivered == std::vector<std::pair<int, int>>{{30, 3}});
    CHECK(log.requests() == std::vector<int>{1, 3});
    CHECK(firstAskedToStop);
    CHECK(TestAccess::started(worker) == 2);
    CHECK(TestAccess::dropped(worker) == 1);
    CHECK_FALSE(worker.isBusy());
    QTest::qWait(50);
    CHECK(delivered.size() == 1);
}

TEST_CASE("worker: a result a newer request overtook is dropped, never delivered", "[ui][worker]")
{
    QSemaphore gate;
    std::vector<int> delivered;
    Worker worker(
        [&](const int& request, JobControl& /*control*/) {
            if (request == 1) {
                gate.acquire();
            }
            return request;
        },
        [&](int result, const int& /*request*/) { delivered.push_back(result); });

    worker.request(1);
    worker.request(2);
    gate.release();
    REQUIRE(QTest::qWaitFor([&] { return !worker.isBusy(); }, 5000));
    QTest::qWait(50);
    CHECK(delivered == std::vector<int>{2});
    CHECK(TestAccess::dropped(worker) == 1);
}

TEST_CASE("worker: finish() delivers the newest result before it returns, without the event "
          "loop",
          "[ui][worker]")
{
    std::vector<int> delivered;
    Worker worker([](const int& request, JobControl& /*control*/) { return request; },
                  [&](int result, const int& /*request*/) { delivered.push_back(result); });

    worker.finish(); // nothing asked: returns at once
    CHECK(delivered.empty());
    worker.request(1);
    worker.request(2);
    worker.finish();
    CHECK(delivered == std::vector<int>{2});
    CHECK_FALSE(worker.isBusy());
    QTest::qWait(50); // the queued ends of both jobs arrive, and deliver nothing more
    CHECK(delivered == std::vector<int>{2});
    CHECK(TestAccess::started(worker) == 2);
    CHECK(TestAccess::dropped(worker) == 1);
}

TEST_CASE("worker: with a start delay, quick requests start one job once they settle",
          "[ui][worker]")
{
    std::vector<int> delivered;
    Worker worker([](const int& request, JobControl& /*control*/) { return request; },
                  [&](int result, const int& /*request*/) { delivered.push_back(result); });
    worker.setStartDelay(50);
    for (int i = 1; i <= 5; ++i) {
        worker.request(i);
    }
    CHECK(TestAccess::started(worker) == 0);
    CHECK(worker.isBusy());
    REQUIRE(QTest::qWaitFor([&] { return !delivered.empty(); }, 5000));
    CHECK(delivered == std::vector<int>{5});
    CHECK(TestAccess::started(worker) == 1);
}

TEST_CASE("worker: the running request and its progress are read on the UI thread", "[ui][worker]")
{
    QSemaphore gate;
    std::vector<int> delivered;
    Worker worker(
        [&](const int& request, JobControl& control) {
            control.progress.store(42);
            gate.acquire();
            return request;
        },
        [&](int result, const int& /*request*/) { delivered.push_back(result); });
    std::vector<int> startedWith;
    worker.setOnStarted([&](const int& request) { startedWith.push_back(request); });

    worker.request(7);
    CHECK(startedWith == std::vector<int>{7});
    REQUIRE(worker.runningRequest() != nullptr);
    CHECK(*worker.runningRequest() == 7);
    CHECK(QTest::qWaitFor([&] { return worker.runningProgress() == 42; }, 5000));
    gate.release();
    REQUIRE(QTest::qWaitFor([&] { return !delivered.empty(); }, 5000));
    CHECK(worker.runningRequest() == nullptr);
    CHECK(worker.runningProgress() == 0);
}

TEST_CASE("worker: discard() stops the running job and drops its result", "[ui][worker]")
{
    std::atomic<bool> entered{false};
    std::vector<int> delivered;
    int droppedCalls = 0;
    Worker worker(
        [&](const int& request, JobControl& control) {
            entered = true;
            runUntilStopped(control);
            return request;
        },
        [&](int result, const int& /*request*/) { delivered.push_back(result); });
    worker.setOnDropped([&] { ++droppedCalls; });

    worker.request(1);
    REQUIRE(QTest::qWaitFor([&] { return entered.load(); }, 5000));
    QElapsedTimer timer;
    timer.start();
    worker.discard();
    REQUIRE(QTest::qWaitFor([&] { return !worker.isBusy(); }, 5000));
    CHECK(timer.elapsed() < 4000); // it stopped when asked, not at the five-second limit
    CHECK(delivered.empty());
    CHECK(droppedCalls == 1);
    CHECK(TestAccess::dropped(worker) == 1);
}

TEST_CASE("worker: destroyed while a job runs, it stops the job, waits, and delivers nothing",
          "[ui][worker]")
{
    std::atomic<bool> entered{false};
    std::atomic<bool> ended{false};
    std::vector<int> delivered;

    SECTION("a job that stops when asked")
    {
        auto worker = std::make_unique<Worker>(
            [&](const int& request, JobControl& control) {
                entered = true;
                runUntilStopped(control);
                ended = true;
                return request;
            },
            [&](int result, const int& /*request*/) { delivered.push_back(result); });
        worker->request(1);
        worker->request(2); // waiting: never started
        REQUIRE(QTest::qWaitFor([&] { return entered.load(); }, 5000));
        QElapsedTimer timer;
        timer.start();
        worker.reset();
        CHECK(ended);
        CHECK(timer.elapsed() < 4000);
    }
    SECTION("a job that cannot stop runs to its end first")
    {
        auto worker = std::make_unique<Worker>(
            [&](const int& request, JobControl& /*control*/) {
                entered = true;
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
                ended = true;
                return request;
            },
            [&](int result, const int& /*request*/) { delivered.push_back(result); });
        worker->request(1);
        REQUIRE(QTest::qWaitFor([&] { return entered.load(); }, 5000));
        worker.reset();
        CHECK(ended);
    }
    QTest::qWait(20); // a queued end, had one been left behind, would arrive now
    CHECK(delivered.empty());
}
