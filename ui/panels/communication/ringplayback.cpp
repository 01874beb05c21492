#include "ui/panels/communication/ringplayback.h"

#include <QTimer>
#include <algorithm>
#include <cmath>

namespace dtsim::ui {

bool RingStepState::isComplete(int worker, int chunk) const
{
    if (worker < 0 || chunk < 0 || worker >= workers || chunk >= workers) {
        return false;
    }
    return complete[static_cast<std::size_t>(worker * workers + chunk)] != 0;
}

RingStepState ringStepState(const simcore::RingTrace& trace, int step)
{
    RingStepState state;
    const int n = static_cast<int>(trace.workers);
    const int steps = static_cast<int>(trace.steps.size());
    state.workers = n;
    state.step = std::clamp(step, 0, steps);
    const auto cells = static_cast<std::size_t>(n * n);
    state.roles.assign(cells, RingStepState::Plain);
    state.complete.assign(cells, 0);
    for (const auto& s : trace.steps) {
        state.stepsPerPhase += s.phase == simcore::RingPhase::ReduceScatter ? 1 : 0;
    }
    const auto at = [n](std::int64_t worker, std::int64_t chunk) {
        return static_cast<std::size_t>(worker * n + chunk);
    };
    for (int s = 0; s < state.step; ++s) {
        const auto& done = trace.steps[static_cast<std::size_t>(s)];
        const bool finishes =
            done.phase == simcore::RingPhase::AllGather || done.index + 1 == state.stepsPerPhase;
        if (finishes) {
            for (const auto& send : done.sends) {
                state.complete[at(send.to, send.chunk)] = 1;
            }
        }
    }
    if (state.step > 0) {
        const auto& shown = trace.steps[static_cast<std::size_t>(state.step - 1)];
        for (const auto& send : shown.sends) {
            state.roles[at(send.from, send.chunk)] |= RingStepState::Sent;
            state.roles[at(send.to, send.chunk)] |= RingStepState::Received;
        }
        state.sending = !shown.sends.empty();
        state.gather = shown.phase == simcore::RingPhase::AllGather;
    }
    return state;
}

RingPlayback::RingPlayback(QObject* parent) : QObject(parent)
{
    m_timer = new QTimer(this);
    m_timer->setInterval(intervalMs());
    connect(m_timer, &QTimer::timeout, this, &RingPlayback::advance);
    rebuild();
}

bool RingPlayback::setWorkers(int workers)
{
    if (workers < kMinWorkers || workers > kMaxWorkers) {
        return false;
    }
    if (workers != m_workers) {
        m_workers = workers;
        rebuild();
    }
    return true;
}

const std::vector<std::vector<float>>& RingPlayback::shownBuffers() const
{
    const simcore::RingStep* step = shownStep();
    return step ? step->buffers : m_trace.initial;
}

const std::vector<std::vector<float>>& RingPlayback::previousBuffers() const
{
    return m_step <= 1 ? m_trace.initial
                       : m_trace.steps[static_cast<std::size_t>(m_step - 2)].buffers;
}

const std::vector<simcore::RingSend>& RingPlayback::shownSends() const
{
    static const std::vector<simcore::RingSend> none;
    const simcore::RingStep* step = shownStep();
    return step ? step->sends : none;
}

const simcore::RingStep* RingPlayback::shownStep() const
{
    return m_step == 0 ? nullptr : &m_trace.steps[static_cast<std::size_t>(m_step - 1)];
}

bool RingPlayback::isTimerActive() const
{
    return m_timer->isActive();
}

void RingPlayback::setSpeed(double speed)
{
    m_speed = std::clamp(speed, kMinSpeed, kMaxSpeed);
    m_timer->setInterval(intervalMs());
}

int RingPlayback::intervalMs() const
{
    return static_cast<int>(std::lround(kBaseIntervalMs / m_speed));
}

void RingPlayback::setVisible(bool visible)
{
    m_visible = visible;
    updateTimer();
}

void RingPlayback::play()
{
    if (atEnd()) {
        setStep(0);
    }
    m_playing = true;
    updateTimer();
    emit stateChanged();
}

void RingPlayback::pause()
{
    m_playing = false;
    updateTimer();
    emit stateChanged();
}

void RingPlayback::togglePlay()
{
    if (m_playing) {
        pause();
    } else {
        play();
    }
}

void RingPlayback::stepForward()
{
    if (m_playing) {
        pause();
    }
    advance();
}

void RingPlayback::advance()
{
    if (!atEnd()) {
        setStep(m_step + 1);
    }
    if (atEnd() && m_playing) {
        pause();
    }
}

void RingPlayback::stepBack()
{
    if (m_playing) {
        pause();
    }
    if (m_step > 0) {
        setStep(m_step - 1);
    }
}

void RingPlayback::reset()
{
    setStep(0);
    if (m_playing && m_visible) {
        m_timer->start(intervalMs()); // a full interval before the first step
    }
}

void RingPlayback::showEnd()
{
    if (m_playing) {
        pause();
    }
    setStep(stepCount());
}

void RingPlayback::rebuild()
{
    m_trace = simcore::ringAllReduce(simcore::ringDemoBuffers(m_workers));
    m_step = 0;
    m_state = ringStepState(m_trace, m_step);
    if (m_playing && m_visible) {
        m_timer->start(intervalMs());
    }
    emit workersChanged();
    emit stateChanged();
}

void RingPlayback::setStep(int step)
{
    const int clamped = std::clamp(step, 0, stepCount());
    if (clamped == m_step) {
        return;
    }
    m_step = clamped;
    m_state = ringStepState(m_trace, m_step);
    emit stepChanged();
    emit stateChanged();
}

void RingPlayback::updateTimer()
{
    const bool run = m_playing && m_visible;
    if (run && !m_timer->isActive()) {
        m_timer->start(intervalMs());
    } else if (!run && m_timer->isActive()) {
        m_timer->stop();
    }
}

} // namespace dtsim::ui
