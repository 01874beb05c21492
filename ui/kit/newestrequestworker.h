#pragma once

#include <QObject>
#include <QThread>
#include <QTimer>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace dtsim::ui {

/// What a running job shares with the UI thread. `stop` is set once its result can no longer be
/// delivered (a newer request, discard(), the worker's end): work that can stop early reads it.
/// `progress` is how far the work is, in its own units, for the UI thread to show.
struct JobControl {
    std::atomic<bool> stop{false};
    std::atomic<std::int64_t> progress{0};
};

/// Background work where the newest request wins (after hotspot's JobTracker), for a panel that
/// searches or simulates while the user edits. Each request gets a generation number. One job
/// runs at a time, on its own QThread; a request made meanwhile waits (a newer one replaces it)
/// and asks the running job to stop. A job's result comes back to the thread that made the
/// worker by a queued call and is delivered only if no newer request came meanwhile; otherwise
/// it is dropped and the waiting request starts. Requests and results cross threads by value.
/// Destroying the worker stops the running job and waits for it; nothing is delivered after.
template <typename Request, typename Result> class NewestRequestWorker {
public:
    /// Runs on the worker thread: must touch no UI object.
    using Work = std::function<Result(const Request&, JobControl&)>;
    /// Runs on the thread that made the worker (the UI thread), with the newest request's
    /// result.
    using Deliver = std::function<void(Result, const Request&)>;

    NewestRequestWorker(Work work, Deliver deliver)
        : m_work(std::move(work)), m_deliver(std::move(deliver))
    {
        m_startDelay.setSingleShot(true);
        QObject::connect(&m_startDelay, &QTimer::timeout, &m_receiver, [this] {
            if (!m_running && m_pending) {
                launch();
            }
        });
    }
    NewestRequestWorker(const NewestRequestWorker&) = delete;
    NewestRequestWorker& operator=(const NewestRequestWorker&) = delete;
    ~NewestRequestWorker()
    {
        if (m_running) {
            m_running->control.stop.store(true);
            m_running->thread->wait();
            delete m_running->thread;
            m_running->thread = nullptr;
        }
    }

    /// A job starts this long after the last request rather than at once: a slider drag then
    /// leaves both cores to the redraw and starts one job when it settles.
    void setStartDelay(int milliseconds) { m_startDelay.setInterval(milliseconds); }
    void setPriority(QThread::Priority priority) { m_priority = priority; }
    /// Called when a job starts, and when a job's result is dropped (the next one may start
    /// right after): for a panel that shows that work is under way.
    void setOnStarted(std::function<void(const Request&)> started)
    {
        m_onStarted = std::move(started);
    }
    void setOnDropped(std::function<void()> dropped) { m_onDropped = std::move(dropped); }

    /// Asks for the result of `request`; it is delivered unless a newer request comes first.
    void request(Request request)
    {
        m_pending = std::move(request);
        ++m_generation;
        if (m_running) {
            m_running->control.stop.store(true);
        }
        if (m_startDelay.interval() > 0) {
            m_startDelay.start();
        } else if (!m_running) {
            launch();
        }
    }
    /// Nothing is wanted any more: the waiting request is forgotten, and the running job is
    /// asked to stop and its result will be dropped.
    void discard()
    {
        m_pending.reset();
        ++m_generation;
        m_startDelay.stop();
        if (m_running) {
            m_running->control.stop.store(true);
        }
    }
    /// Blocks until the newest request's result is delivered (before this returns), without the
    /// event loop; returns at once when nothing is asked. For export, tests and the benchmark.
    void finish()
    {
        m_startDelay.stop();
        if (m_pending && !m_running) {
            launch();
        }
        while (m_running) {
            const std::shared_ptr<Job> job = m_running;
            collect(job); // waits for its thread; a dropped one starts the waiting request
        }
    }
    /// Blocks until the running job's thread has ended, without delivering its result (the
    /// event loop does, as in the window): the benchmark times that frame alone.
    void waitForWorker() const
    {
        if (m_running) {
            m_running->thread->wait();
        }
    }

    /// A job runs, or a request waits to start.
    [[nodiscard]] bool isBusy() const { return m_running != nullptr || m_pending.has_value(); }
    /// The running job's request; nullptr when none runs.
    [[nodiscard]] const Request* runningRequest() const
    {
        return m_running ? &m_running->request : nullptr;
    }
    /// The running job's JobControl::progress; 0 when none runs.
    [[nodiscard]] std::int64_t runningProgress() const
    {
        return m_running ? m_running->control.progress.load(std::memory_order_relaxed) : 0;
    }

private:
    friend struct TestAccess;

    struct Job {
        Request request;
        quint64 generation = 0;
        JobControl control;
        Result result; ///< written by the thread, read once it has ended
        QThread* thread = nullptr;
        bool collected = false;
    };

    void launch()
    {
        auto job = std::make_shared<Job>();
        job->request = std::move(*m_pending);
        m_pending.reset();
        job->generation = m_generation;
        Job* raw = job.get();
        job->thread = QThread::create(
            [raw, work = m_work] { raw->result = work(raw->request, raw->control); });
        // Queued to the receiver's thread: the result is read there, after the thread ended.
        QObject::connect(job->thread, &QThread::finished, &m_receiver,
                         [this, job] { collect(job); });
        m_running = job;
        ++m_started;
        job->thread->start(m_priority);
        if (m_onStarted) {
            m_onStarted(job->request);
        }
    }

    void collect(const std::shared_ptr<Job>& job)
    {
        // finish() may have collected it before the queued call arrived.
        if (job->collected) {
            return;
        }
        job->collected = true;
        job->thread->wait(); // ended already; makes its writes visible here
        job->thread->deleteLater();
        job->thread = nullptr;
        if (m_running == job) {
            m_running.reset();
        }
        if (job->generation != m_generation) {
            ++m_dropped;
            if (m_onDropped) {
                m_onDropped();
            }
            if (m_pending && !m_startDelay.isActive()) {
                launch();
            }
            return;
        }
        m_deliver(std::move(job->result), job->request);
    }

    Work m_work;
    Deliver m_deliver;
    std::function<void(const Request&)> m_onStarted;
    std::function<void()> m_onDropped;
    QThread::Priority m_priority = QThread::InheritPriority;
    std::optional<Request> m_pending; ///< asked for, not started yet
    quint64 m_generation = 0;         ///< of the newest request
    std::shared_ptr<Job> m_running;
    int m_started = 0;
    int m_dropped = 0;
    /// Context of the queued calls: destroyed with the worker, so none arrives after it.
    QObject m_receiver;
    QTimer m_startDelay;
};

} // namespace dtsim::ui
