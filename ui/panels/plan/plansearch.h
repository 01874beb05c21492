#pragma once

#include "simcore/plan/planner.h"
#include "simcore/scenario/scenario.h"

#include <QObject>
#include <memory>

namespace dtsim::ui {

/// The Plan panel's search (simcore::planTraining) on a worker thread, so an edit never waits
/// for it: one search at a time, and the newest request wins. A request made while a search
/// runs is held (a newer one replaces it); when the running search ends, its result is dropped
/// if a newer request came meanwhile (never reported, never drawn) and the held one starts.
/// The scenario goes to the worker by value and the report comes back by value.
class PlanSearch : public QObject {
    Q_OBJECT
public:
    explicit PlanSearch(QObject* parent = nullptr);
    /// Waits for a running search (planTraining cannot be stopped; a search takes milliseconds).
    ~PlanSearch() override;

    /// Asks for the plan of `scenario`; finished() reports it unless a newer request comes first.
    void request(const simcore::Scenario& scenario);
    /// A search runs or a request waits for one.
    [[nodiscard]] bool isBusy() const { return m_running != nullptr; }
    /// Blocks until the newest request's plan is reported (finished() is emitted before it
    /// returns); returns at once when nothing is asked. For export, tests and the benchmark.
    void finish();
    /// Blocks until the running search's worker has ended, without reporting it (the event loop
    /// does, as it would in the window): the benchmark times that frame alone.
    void waitForWorker() const;

    /// Searches started, and results dropped because a newer request came (tests).
    [[nodiscard]] int started() const { return m_started; }
    [[nodiscard]] int dropped() const { return m_dropped; }

signals:
    /// The plan of the newest request, and the scenario it was searched for.
    void finished(const simcore::PlanReport& report, const simcore::Scenario& scenario);

private:
    struct Job;
    void launch();
    void collect(const std::shared_ptr<Job>& job);

    simcore::Scenario m_wanted;
    bool m_haveWanted = false; ///< a request waits for the running search to end
    quint64 m_generation = 0;  ///< of the newest request
    std::shared_ptr<Job> m_running;
    int m_started = 0;
    int m_dropped = 0;
};

} // namespace dtsim::ui
