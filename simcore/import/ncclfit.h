#pragma once
// The α–β model of MODELS §4 fitted to an nccl-tests table by least squares on the relative error.

#include "simcore/import/ncclimport.h"

namespace simcore {

/// Which of a row's two measurements to fit.
enum class NcclPlacement { OutOfPlace, InPlace };

/// The α–β model fitted to a table: t(S) = A + K·S by least squares on the relative error,
/// A = a(N)·α and K = b(N)/B with the collective's ring form (MODELS §4, collectives.h Ring):
///   all-reduce a = 2(N−1), b = 2(N−1)/N;  reduce-scatter, all-gather, all-to-all a = N−1,
///   b = (N−1)/N;  broadcast, reduce (pipelined chain) a = N−1, b = 1;  send/recv a = 1, b = 1.
/// So α is the latency of ONE step (one hop) and B the bandwidth of ONE link, one direction per
/// GPU — the numbers `hardware.{inter,intra}_latency` / `_bandwidth` take, and with which
/// `dtsim calc allreduce --set collective.algorithm=ring --set collective.workers=N` reproduces
/// the measurement. B equals the large-size busbw asymptote (PERFORMANCE.md: busbw is the
/// bandwidth of the slowest link).
/// Weighting: minimise Σ((A + K·S_i − t_i)/t_i)², the relative error, so an 8-byte point (tens
/// of µs) counts as much as an 8 GB one (tens of ms). If the best A is negative the fit is
/// repeated with A = 0 (α = 0, `latencyClamped`).
struct NcclFit {
    std::optional<ImportError> error; ///< CannotFit; everything else is 0 when set
    NcclCollective collective = NcclCollective::AllReduce;
    std::int64_t ranks = 0;
    std::size_t points = 0;             ///< rows used
    double latencySeconds = 0;          ///< α per step, s, ≥ 0
    double bandwidthBytesPerSecond = 0; ///< B per link, bytes/s, one direction, > 0
    double interceptSeconds = 0;        ///< A = a(N)·α, s
    double secondsPerByte = 0;          ///< K = b(N)/B, s per byte
    double latencySteps = 0;            ///< a(N)
    double bandwidthFactor = 0;         ///< b(N)
    double worstRelativeError = 0;      ///< max |t_fit − t|/t over the points
    std::size_t worstLine = 0;          ///< line of that point
    bool latencyClamped = false;
};

/// The model's time for S bytes with a fit: A + K·S (seconds).
double ncclFitSeconds(const NcclFit& fit, double bytes);

/// Fits α and B to one placement of a table. Needs ≥ 2 distinct sizes, N ≥ 2, and a time that
/// grows with the size; otherwise `error` (Kind CannotFit) says which.
NcclFit fitNcclTable(const NcclTable& table, NcclPlacement placement = NcclPlacement::OutOfPlace);

/// Parse and fit in one call: the fit of the out-of-place points, or the parse or fit error.
struct NcclImport {
    std::optional<NcclTable> table;
    NcclFit fit;
    std::optional<ImportError> error;
};
NcclImport importNcclTests(std::string_view text, std::string_view fileName = {});

} // namespace simcore
