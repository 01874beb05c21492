#pragma once
// Measured step times against the lesson model (seed lesson §4–5, MODELS §1): a class times a
// real job on 1, 2, 4, 8 … workers, and the three constants of the model are fitted to it.
// Plain C++20: the caller reads the file and passes its text; errors are values.

#include "simcore/import/importerror.h"
#include "simcore/models/scaling.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace simcore {

// MeasuredStep (scenario.h): one measured run, as scaling.measured holds it.

/// The longest step accepted: lesson.base_compute's largest value (1e6 s).
constexpr double kMostStepSeconds = 1e6;

/// Points, or why the text was refused (nothing is imported then).
struct StepTimesParse {
    std::vector<MeasuredStep> points;
    std::optional<ImportError> error;
};

/// Reads a CSV of measured step times: one run per line, `workers,seconds` (a whole number of
/// workers 1 … maxScalingWorkers(), a step time in seconds > 0 and ≤ kMostStepSeconds, decimal
/// point), in any order, repeats allowed. Optional: a header on the first line (two fields that
/// are not numbers, e.g. "workers,seconds"), blank lines, lines starting with '#'. Text decoded
/// as textutil::decode does (UTF-8/UTF-16 with a BOM, any line ends). Refused with the line and
/// what was expected: no data line, a line without exactly two comma-separated fields (a ';'
/// separator or a decimal comma is named as such), a field that is not a number or out of range.
StepTimesParse parseStepTimes(std::string_view text);

/// The lesson model fitted to measured steps by least squares.
///
/// The model (scaling.h lessonStep): step(N) = base/N + [N > 1]·(fixed + perWorker·(N − 1)).
/// It is linear in θ = (base, fixed, perWorker): step(N) = x(N)·θ with the regressors
/// x(N) = (1/N, [N > 1], [N > 1]·(N − 1)). So the fit minimises the sum of squared errors
/// Σ (x(N_i)·θ − t_i)² in seconds, the normal equations (XᵀX)θ = Xᵀt (3 × 3, solved by Gaussian
/// elimination with partial pivoting, columns scaled to unit length first). Three unknowns need
/// three distinct worker counts: with fewer, XᵀX is singular (1/N, 1 and N − 1 separate only
/// at three N; at N = 1 only base is seen). The constants are the scenario keys' ranges: fixed
/// and perWorker ≥ 0, base > 0. When the best θ has a negative fixed or perWorker, the fit is
/// repeated with that constant (or both) held at 0 and the feasible fit of least error kept
/// (for three unknowns this is the exact non-negative least-squares solution: it lies on one of
/// these faces), and `*Clamped` says which. A base ≤ 0 (steps that do not shrink as N grows in
/// the way base/N does) is refused.
struct LessonFit {
    std::optional<ImportError> error; ///< CannotFit; everything else is 0 when set
    double baseComputeSeconds = 0;    ///< lesson.base_compute, s, > 0
    double fixedSyncSeconds = 0;      ///< lesson.fixed_sync, s, ≥ 0
    double syncPerWorkerSeconds = 0;  ///< lesson.sync_per_worker, s, ≥ 0
    double rmsSeconds = 0;            ///< √(Σ (model − measured)² / points), s
    double worstSeconds = 0;          ///< largest |model − measured|, s
    std::size_t worstLine = 0;        ///< the line of that point
    std::size_t points = 0;
    std::size_t distinctWorkers = 0;
    bool fixedClamped = false;       ///< fixed held at 0 (the free fit wanted it < 0)
    bool perWorkerClamped = false;   ///< perWorker held at 0 (the free fit wanted it < 0)
    std::int64_t optimalWorkers = 1; ///< lessonOptimalWorkers of the fit, up to the key's max
};

LessonFit fitLessonConstants(std::span<const MeasuredStep> points);

} // namespace simcore
