#pragma once
// The goodput model's job simulated whole, run by run (montecarlo.h): a check of the closed form
// that includes what it leaves out.

#include "simcore/models/goodput.h"
#include "simcore/montecarlo/montecarlo.h"

#include <atomic>
#include <cstdint>

namespace simcore {

/// The steps of the goodput model's job for montecarlo.h's straggler wait: μ, s = 1 + c·E[max of
/// N] and one synchronous step's standard deviation μ·c·√Var[max of N].
StragglerSteps goodputStragglerSteps(const GoodputParams& params);

/// A Monte-Carlo estimate of the same run: the result of simulateGoodput.
struct GoodputSimulation {
    bool ok = false;        ///< false: not run (bad input or too much to simulate)
    std::int64_t runs = 0;  ///< completed runs
    double meanSeconds = 0; ///< mean wall time
    double standardErrorSeconds = 0;
    double meanFailures = 0;
    double meanStragglerSeconds = 0; ///< per run, the wait for the slowest GPU in the work kept
    double goodput = 0;              ///< W / meanSeconds
};

/// The most failures plus straggler draws a goodput simulation may expect to make (a few
/// seconds on one core, like kMaxMonteCarloFailures).
inline constexpr double kMaxGoodputEvents = 1e8;

/// Simulates `runs` whole jobs at Daly's optimal interval (1 ≤ runs ≤ 1e7) with montecarlo.h's
/// simulateBatch, seeded (run i from the seed's xoshiro256** stream jumped i times, random.h): the
/// W·s seconds of work are cut into intervals of τ_opt wall seconds, each followed by a δ write;
/// failures are a Poisson process of rate 1/M in wall time, during work, writes and restarts
/// alike; after a failure R is paid (started over if a failure strikes it) and the interval is
/// redone. Stragglers (goodputStragglerSteps): each stretch of work kept between two failures
/// records its wait for the slowest GPU, the steps that fit in it drawn as a renewal count of
/// steps μ·(1 + c·max of N normals) — a normal with the count's mean and variance, the central
/// limit theorem; one step's skew is not drawn. Not run (ok = false) past kMaxGoodputEvents, when
/// τ_opt is 0, or when a run does not finish.
GoodputSimulation simulateGoodput(const GoodputParams& params, std::int64_t runs,
                                  std::uint64_t seed, const std::atomic<bool>* cancel = nullptr,
                                  std::atomic<std::int64_t>* progress = nullptr);

} // namespace simcore
