#pragma once
// `dtsim calc pipeline`: one pipeline-parallel step simulated with simcore/pipeline.h (GPipe,
// 1F1B, interleaved 1F1B), its bubble, and the published closed form beside it (MODELS §5).

#include "app/calcoutput.h"

namespace dtsim::app {

/// Prints the step of parallel.pp stages, parallel.microbatches micro-batches, the schedule and
/// times of the scenario. JSON fields (SI seconds):
/// - `time`: the simulated step (makespan); `ideal_time`: m·(t_f + t_b), one device's busy time;
///   `bubble_time` = time − ideal_time, idle on every device;
/// - `bubble_fraction` = bubble_time / time, the idle share of the step (Huang et al. 2019's
///   (p − 1)/(m + p − 1) for GPipe at zero p2p time, and the same for 1F1B);
/// - `bubble_ratio` = bubble_time / ideal_time (Narayanan et al. 2021: (p − 1)/m for 1F1B,
///   (1/v)(p − 1)/m interleaved);
/// - `formula`, `formula_value`: the published closed form for the schedule, at zero p2p time;
/// - `peak_in_flight`: the most (chunk, micro-batch) activation sets any device holds at once,
///   `peak_in_flight_microbatches` the same ÷ v, `peak_in_flight_per_device` per device;
/// - `activations_per_device`: those activations in bytes (simcore/pipelinememory.h), or null
///   when the memory model's inputs do not go together (the reason goes to stderr).
/// Exit 2 with one line on stderr when simcore rejects the schedule.
int calcPipeline(const simcore::Scenario& scenario, const CalcOptions& options);

} // namespace dtsim::app
