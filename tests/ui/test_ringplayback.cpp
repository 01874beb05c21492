// The ring animation's playback without a view: the step state against simcore's own trace
// (simcore::ringAllReduce is the oracle), and play / pause / speed / visibility driving one
// timer. Hand figures: N GPUs take 2(N−1) steps, N−1 per phase (seed README §3a).
#include "simcore/models/ringallreduce.h"
#include "ui/panels/communication/ringplayback.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

TEST_CASE("ring playback: each step's cells as the trace says", "[ui][ring][playback]")
{
    for (int n = 2; n <= 16; ++n) {
        INFO("N = " << n);
        const auto trace = simcore::ringAllReduce(simcore::ringDemoBuffers(n));
        REQUIRE(trace.steps.size() == static_cast<std::size_t>(2 * (n - 1)));
        const RingStepState start = ringStepState(trace, 0);
        CHECK(start.workers == n);
        CHECK(start.stepsPerPhase == n - 1);
        CHECK_FALSE(start.sending);
        for (int i = 0; i < n; ++i) {
            for (int c = 0; c < n; ++c) {
                CHECK_FALSE(start.isComplete(i, c));
            }
        }
        for (int k = 1; k <= 2 * (n - 1); ++k) {
            const auto& step = trace.steps[static_cast<std::size_t>(k - 1)];
            const RingStepState state = ringStepState(trace, k);
            CHECK(state.step == k);
            CHECK(state.sending);
            CHECK(state.gather == (step.phase == simcore::RingPhase::AllGather));
            int sent = 0;
            int received = 0;
            for (const unsigned char role : state.roles) {
                sent += (role & RingStepState::Sent) ? 1 : 0;
                received += (role & RingStepState::Received) ? 1 : 0;
            }
            // One send per GPU: N cells sent from and N cells received into.
            CHECK(sent == n);
            CHECK(received == n);
            for (const auto& send : step.sends) {
                CHECK((state.roles[static_cast<std::size_t>(send.to * n + send.chunk)] &
                       RingStepState::Received) != 0);
            }
            // After the last reduce-scatter step (k = N − 1) each GPU owns one finished chunk;
            // each all-gather step hands one more on: N·(k − N + 2) finished cells.
            int complete = 0;
            for (const unsigned char done : state.complete) {
                complete += done;
            }
            CHECK(complete == (k < n - 1 ? 0 : n * (k - n + 2)));
        }
        const RingStepState end = ringStepState(trace, 2 * (n - 1));
        for (int i = 0; i < n; ++i) {
            for (int c = 0; c < n; ++c) {
                CHECK(end.isComplete(i, c));
            }
        }
        // Out of range steps are clamped; cells outside the table are not complete.
        CHECK(ringStepState(trace, 1000) == end);
        CHECK(ringStepState(trace, -3) == start);
        CHECK_FALSE(end.isComplete(n, 0));
        CHECK_FALSE(end.isComplete(0, -1));
    }
}

TEST_CASE("ring playback: stepping, N and speed", "[ui][ring][playback]")
{
    RingPlayback playback;
    CHECK(playback.workers() == RingPlayback::kDefaultWorkers);
    QSignalSpy steps(&playback, &RingPlayback::stepChanged);
    QSignalSpy workers(&playback, &RingPlayback::workersChanged);
    REQUIRE(playback.setWorkers(6));
    CHECK(workers.count() == 1);
    CHECK(playback.stepCount() == 10); // 2(6−1)
    CHECK(playback.shownStep() == nullptr);
    CHECK(playback.shownBuffers() == playback.trace().initial);
    CHECK(playback.shownSends().empty());

    playback.stepForward();
    CHECK(steps.count() == 1);
    CHECK(playback.stepIndex() == 1);
    CHECK(playback.shownStep() == &playback.trace().steps.front());
    CHECK(playback.previousBuffers() == playback.trace().initial);
    playback.stepForward();
    CHECK(playback.previousBuffers() == playback.trace().steps.front().buffers);
    CHECK(playback.state() == ringStepState(playback.trace(), 2));
    playback.showEnd();
    CHECK(playback.atEnd());
    CHECK(playback.shownBuffers() == playback.trace().result);
    playback.stepForward(); // at the end: nothing
    CHECK(playback.stepIndex() == 10);
    playback.stepBack();
    CHECK(playback.stepIndex() == 9);
    playback.reset();
    CHECK(playback.stepIndex() == 0);
    playback.stepBack(); // at the start: nothing
    CHECK(playback.stepIndex() == 0);

    // N outside 2 … 16 changes nothing.
    const int before = workers.count();
    CHECK_FALSE(playback.setWorkers(1));
    CHECK_FALSE(playback.setWorkers(17));
    CHECK(playback.workers() == 6);
    CHECK(workers.count() == before);
    CHECK(playback.setWorkers(6)); // the same N: nothing to rebuild
    CHECK(workers.count() == before);

    // Speed 0.25× … 4×: 1400 ms / speed per step.
    playback.setSpeed(2);
    CHECK(playback.intervalMs() == 700);
    playback.setSpeed(100);
    CHECK(playback.speed() == 4);
    CHECK(playback.intervalMs() == 350);
    playback.setSpeed(0);
    CHECK(playback.speed() == 0.25);
    CHECK(playback.intervalMs() == 5600);
}

TEST_CASE("ring playback: the timer runs only while playing and visible", "[ui][ring][playback]")
{
    RingPlayback playback;
    REQUIRE(playback.setWorkers(2)); // 2 steps
    playback.setSpeed(4);            // 350 ms per step
    playback.play();
    CHECK(playback.isPlaying());
    CHECK_FALSE(playback.isTimerActive()); // not on screen yet
    playback.setVisible(true);
    CHECK(playback.isTimerActive());
    playback.setVisible(false);
    CHECK(playback.isPlaying());
    CHECK_FALSE(playback.isTimerActive());
    playback.setVisible(true);
    // Played to the end it pauses by itself.
    QElapsedTimer clock;
    clock.start();
    while (playback.isPlaying() && clock.elapsed() < 5000) {
        QTest::qWait(10);
    }
    CHECK_FALSE(playback.isPlaying());
    CHECK(playback.atEnd());
    CHECK_FALSE(playback.isTimerActive());
    // Play at the end starts over; a step by hand pauses.
    playback.play();
    CHECK(playback.stepIndex() == 0);
    CHECK(playback.isTimerActive());
    playback.stepForward();
    CHECK_FALSE(playback.isPlaying());
    CHECK_FALSE(playback.isTimerActive());
    CHECK(playback.stepIndex() == 1);
    playback.togglePlay();
    CHECK(playback.isPlaying());
    playback.togglePlay();
    CHECK_FALSE(playback.isPlaying());
}
