#pragma once
// The goodput view's report: the model's terms for the scenario's job, the goodput-vs-N curve
// and the Llama 3 failure breakdown scaled to the job (MODELS §9).

#include "simcore/models/checkpointjob.h"
#include "simcore/models/goodput.h"
#include "simcore/montecarlo/goodputruns.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/report.h"

#include <string>
#include <vector>

namespace simcore {

/// One N of the goodput-vs-N curve.
struct GoodputPoint {
    std::int64_t gpus = 1;
    double goodputOptimal = 0;    ///< at Daly's τ_opt for that N
    double goodputAtInterval = 0; ///< at the scenario's τ
};

/// A failure cause with its share and its expected count in this job.
struct FailureShare {
    FailureCause cause;
    double share = 0;            ///< count / 419
    double expectedFailures = 0; ///< share × the job's expected failures at τ_opt
};

struct GoodputReport : Report {
    GoodputParams params;
    GoodputResult result;
    CheckpointJob job;                  ///< the job at checkpoint.gpus (its sources, its problems)
    std::vector<GoodputPoint> curve;    ///< layouts N ≤ 100,000, about ten a decade
    std::vector<FailureShare> failures; ///< the Llama 3 breakdown, scaled to this job
};

/// Quantities (the JSON fields of `dtsim calc goodput`): status (ok | overflow), gpus, gpu_mtbf,
/// job_mtbf, checkpoint_bytes, write_source (given | storage | memory), checkpoint_write_time,
/// storage_write_time (with an in-memory tier), restart_time, step_time, step_source (training),
/// steps, work_source (steps | given), useful_time,
/// straggler_cv, expected_max, expected_max_approx, straggler_factor, young_interval,
/// optimal_interval, interval, goodput, goodput_at_interval, straggler_fraction, straggler_time,
/// write_fraction, lost_fraction, restart_fraction, expected_failures, expected_time,
/// expected_days. With `withCurve`, the goodput-vs-N curve (≈ 40 evaluations) is filled too,
/// also when the only problem is that checkpoint.gpus is no layout (the chart then marks that N
/// as impossible on a curve of the N that are).
GoodputReport goodputReport(const Scenario& scenario, bool withCurve = true);

/// The CSV: the quantities; "curve", goodput vs N (gpus, goodput_optimal, goodput_at_interval;
/// Daly 2006 at the optimum and at the scenario's interval); "failure_causes", the Llama 3
/// paper's (arXiv 2407.21783, Table 5: 419 unexpected interruptions in 54 days on 16,384 H100)
/// breakdown (cause, category, count, share, printed_percent, expected_failures). A report with
/// problems has the quantities only.
std::vector<CsvTable> goodputCsv(const GoodputReport& report);

/// The Checkpoint view's CSV: checkpointCsv's tables, then goodputCsv's with "goodput" for its
/// quantities and "goodput_" before the others' names.
std::vector<CsvTable> checkpointViewCsv(const CheckpointReport& report,
                                        const MonteCarloSummary& monteCarlo,
                                        const GoodputReport& goodput);

/// A simulation's numbers as quantities, the one list `calc goodput --monte-carlo` prints:
/// mc_goodput, mc_runs, mc_seed, mc_mean_time, mc_standard_error, mc_mean_failures,
/// mc_straggler_time. Empty when it did not run.
std::vector<Quantity> goodputSimulationQuantities(const GoodputSimulation& simulation,
                                                  std::uint64_t seed);

} // namespace simcore
