#pragma once

#include "simcore/models/ringallreduce.h"

#include <QObject>
#include <vector>

class QTimer;

namespace dtsim::ui {

/// What one step of a ring all-reduce trace shows, cell by cell: who sent, who received, who
/// holds a finished mean. No texts and no pixels (the view words and places them).
struct RingStepState {
    enum CellRole : unsigned char { Plain = 0, Sent = 1, Received = 2 };
    int workers = 0;
    int step = 0;                        ///< 0 = the start, k = after step k
    std::vector<unsigned char> roles;    ///< [worker·N + chunk]: Sent | Received this step
    std::vector<unsigned char> complete; ///< [worker·N + chunk]: 1 once it holds the final mean
    bool sending = false;                ///< a step with sends (every step but the start)
    bool gather = false;                 ///< an all-gather step (values copied, not added)
    /// Steps in each phase (the trace's reduce-scatter steps; the all-gather has as many).
    int stepsPerPhase = 0;

    [[nodiscard]] bool isComplete(int worker, int chunk) const;
    friend bool operator==(const RingStepState&, const RingStepState&) = default;
};

/// The state after `step` steps (0 … trace.steps.size(), clamped) of `trace`: each cell's role
/// in that step, and the chunks finished so far — by the last reduce-scatter step, which divides
/// the sum, or by the all-gather, which hands a finished copy on.
RingStepState ringStepState(const simcore::RingTrace& trace, int step);

/// The ring animation's playback (seed lesson §3a): N GPUs (the panel gives it collective.workers,
/// up to kMaxWorkers: 16 GPUs × 16 numbers is the most a projected table can show),
/// simcore::ringAllReduce's trace on simcore::ringDemoBuffers, the step shown, and play / pause /
/// speed. No painting: RingWidget
/// draws it, RingControls drives it. A QTimer runs only while playing and while the view is
/// visible; paused or hidden, the playback costs nothing.
class RingPlayback : public QObject {
    Q_OBJECT
public:
    static constexpr int kMinWorkers = 2;
    /// The largest ring drawn; a larger collective.workers is drawn as this many GPUs, and the
    /// panel says so.
    static constexpr int kMaxWorkers = 16;
    /// Until the panel gives it N: the scenario's default collective.workers.
    static constexpr int kDefaultWorkers = 8;
    /// One step per this many milliseconds at speed 1×.
    static constexpr int kBaseIntervalMs = 1400;
    static constexpr double kMinSpeed = 0.25;
    static constexpr double kMaxSpeed = 4.0;

    explicit RingPlayback(QObject* parent = nullptr);

    [[nodiscard]] int workers() const { return m_workers; }
    /// Sets N and rewinds to the start. False (nothing changes) for N outside 2…16.
    bool setWorkers(int workers);

    /// 0 = the start; k = after step k (1 … stepCount()).
    [[nodiscard]] int stepIndex() const { return m_step; }
    [[nodiscard]] int stepCount() const { return static_cast<int>(m_trace.steps.size()); }
    [[nodiscard]] bool atEnd() const { return m_step == stepCount(); }
    [[nodiscard]] const simcore::RingTrace& trace() const { return m_trace; }
    /// The step shown now (ringStepState of the trace at stepIndex()).
    [[nodiscard]] const RingStepState& state() const { return m_state; }
    /// What every GPU holds now: trace.initial at the start, else the buffers after the step.
    [[nodiscard]] const std::vector<std::vector<float>>& shownBuffers() const;
    /// What every GPU held before the step shown (trace.initial at steps 0 and 1).
    [[nodiscard]] const std::vector<std::vector<float>>& previousBuffers() const;
    /// The sends of step stepIndex(); empty at the start.
    [[nodiscard]] const std::vector<simcore::RingSend>& shownSends() const;
    /// The step stepIndex(), or null at the start.
    [[nodiscard]] const simcore::RingStep* shownStep() const;
    /// Whether GPU `worker` holds a finished mean of chunk `chunk` now.
    [[nodiscard]] bool isComplete(int worker, int chunk) const
    {
        return m_state.isComplete(worker, chunk);
    }

    [[nodiscard]] bool isPlaying() const { return m_playing; }
    /// True while the step timer runs (playing and visible).
    [[nodiscard]] bool isTimerActive() const;
    [[nodiscard]] double speed() const { return m_speed; }
    /// Playback speed factor (0.25 … 4, clamped); the step interval is kBaseIntervalMs / speed.
    void setSpeed(double speed);
    [[nodiscard]] int intervalMs() const;
    /// Whether the view is on screen: a hidden view (another tab) does not step.
    void setVisible(bool visible);

public slots:
    void play();
    void pause();
    void togglePlay();
    /// One step forward (pauses).
    void stepForward();
    void stepBack();
    /// Back to the start (keeps playing if it was).
    void reset();
    /// Jumps to the final state.
    void showEnd();

signals:
    /// N changed: a new trace, shown from its start.
    void workersChanged();
    /// The step shown changed (same N).
    void stepChanged();
    /// The step, N, or playing state changed (after workersChanged / stepChanged).
    void stateChanged();

private:
    void rebuild();
    void setStep(int step);
    void advance();
    void updateTimer();

    simcore::RingTrace m_trace;
    RingStepState m_state;
    int m_workers = kDefaultWorkers;
    int m_step = 0;
    bool m_playing = false;
    bool m_visible = false;
    double m_speed = 1.0;
    QTimer* m_timer = nullptr;
};

} // namespace dtsim::ui
