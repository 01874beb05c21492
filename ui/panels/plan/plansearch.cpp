#include "ui/panels/plan/plansearch.h"

#include <QThread>

namespace dtsim::ui {

struct PlanSearch::Job {
    simcore::Scenario scenario;
    quint64 generation = 0;
    simcore::PlanReport report; ///< written by the worker, read once it has ended
    QThread* thread = nullptr;
    bool collected = false;
};

PlanSearch::PlanSearch(QObject* parent) : QObject(parent) {}

PlanSearch::~PlanSearch()
{
    if (m_running) {
        m_running->thread->wait();
        delete m_running->thread;
        m_running->thread = nullptr;
    }
}

void PlanSearch::request(const simcore::Scenario& scenario)
{
    m_wanted = scenario;
    ++m_generation;
    m_haveWanted = true;
    if (!m_running) {
        launch();
    }
}

void PlanSearch::launch()
{
    auto job = std::make_shared<Job>();
    job->scenario = m_wanted;
    job->generation = m_generation;
    m_haveWanted = false;
    Job* raw = job.get();
    job->thread = QThread::create([raw] { raw->report = simcore::planTraining(raw->scenario); });
    // Queued to this object's (the UI) thread: the report is read there, after the worker ended.
    connect(job->thread, &QThread::finished, this, [this, job] { collect(job); });
    m_running = job;
    ++m_started;
    job->thread->start();
}

void PlanSearch::collect(const std::shared_ptr<Job>& job)
{
    // finish() may have collected it before the queued signal arrived.
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
        if (m_haveWanted && !m_running) {
            launch();
        }
        return;
    }
    emit finished(job->report, job->scenario);
}

void PlanSearch::finish()
{
    while (m_running) {
        const std::shared_ptr<Job> job = m_running;
        collect(job); // waits for its worker; a stale one launches the newest
    }
}

void PlanSearch::waitForWorker() const
{
    if (m_running) {
        m_running->thread->wait();
    }
}

} // namespace dtsim::ui
