// libFuzzer target: the measured step-time reader and the lesson fit
// (simcore/import/measuredsteps.h), as `dtsim import step-times` and File › Import measurements
// call them.
//
// Checked besides the sanitizers: points or an error, never both; an error's line within the
// text; every accepted point in range (N 1 … 4096, 0 < seconds ≤ 1e6); a fit is refused or has
// finite constants, base > 0, fixed and perWorker ≥ 0, a residual ≥ 0; and the points written as
// scaling.measured read back (what the --set line pastes).

#include "simcore/import/measuredsteps.h"
#include "simcore/scenario/text.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

void require(bool condition, const char* what)
{
    if (!condition) {
        std::fprintf(stderr, "fuzz: step times: %s\n", what);
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto lineCount = simcore::textutil::lines(simcore::textutil::decode(text)).size();
    const auto parsed = simcore::parseStepTimes(text);
    require(parsed.points.empty() == parsed.error.has_value(), "points and an error");
    if (parsed.error) {
        require(parsed.error->line <= lineCount, "an error line past the text");
        (void)parsed.error->message();
        return 0;
    }
    for (const auto& p : parsed.points) {
        require(p.workers >= 1 && p.workers <= 4096, "a worker count out of range");
        require(p.seconds > 0 && p.seconds <= simcore::kMostStepSeconds, "a time out of range");
        require(p.line >= 1 && p.line <= lineCount, "a point's line outside the text");
    }
    const auto fit = simcore::fitLessonConstants(parsed.points);
    if (!fit.error) {
        require(std::isfinite(fit.baseComputeSeconds) && fit.baseComputeSeconds > 0, "base");
        require(std::isfinite(fit.fixedSyncSeconds) && fit.fixedSyncSeconds >= 0, "fixed");
        require(std::isfinite(fit.syncPerWorkerSeconds) && fit.syncPerWorkerSeconds >= 0,
                "per worker");
        require(std::isfinite(fit.rmsSeconds) && fit.rmsSeconds >= 0, "residual");
    }
    if (parsed.points.size() <= 1000) {
        simcore::Scenario scenario;
        scenario.scaling.measured = parsed.points;
        simcore::Scenario back;
        require(!simcore::setValue(back, "scaling.measured",
                                   simcore::valueText(scenario, "scaling.measured")),
                "scaling.measured does not read back");
        require(back.scaling.measured.size() == parsed.points.size(), "points lost on the way");
    }
    return 0;
}
