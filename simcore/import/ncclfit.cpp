#include "simcore/import/ncclfit.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace simcore {

double ncclFitSeconds(const NcclFit& fit, double bytes)
{
    return fit.interceptSeconds + fit.secondsPerByte * bytes;
}

NcclFit fitNcclTable(const NcclTable& table, NcclPlacement placement)
{
    NcclFit fit;
    fit.collective = table.collective;
    fit.ranks = table.ranks;
    const auto cannot = [&fit](std::string expected) {
        fit.error = ImportError{ImportError::Kind::CannotFit, 0, std::move(expected), {}};
        return fit;
    };
    const auto& points = placement == NcclPlacement::OutOfPlace ? table.outOfPlace : table.inPlace;
    if (points.empty()) {
        return cannot(placement == NcclPlacement::InPlace
                          ? "in-place measurements; this run printed out-of-place only"
                          : "measurements to fit");
    }
    if (table.ranks < 2) {
        return cannot("at least 2 ranks: with one GPU nothing crosses a link");
    }
    std::set<double> sizes;
    for (const auto& p : points) {
        sizes.insert(p.bytes);
    }
    if (sizes.size() < 2) {
        return cannot("at least 2 different sizes to separate latency from bandwidth");
    }
    const double n = static_cast<double>(table.ranks);
    switch (table.collective) {
    case NcclCollective::AllReduce:
        fit.latencySteps = 2 * (n - 1);
        fit.bandwidthFactor = 2 * (n - 1) / n;
        break;
    case NcclCollective::ReduceScatter:
    case NcclCollective::AllGather:
    case NcclCollective::AllToAll:
        fit.latencySteps = n - 1;
        fit.bandwidthFactor = (n - 1) / n;
        break;
    case NcclCollective::Broadcast:
    case NcclCollective::Reduce:
        fit.latencySteps = n - 1;
        fit.bandwidthFactor = 1;
        break;
    case NcclCollective::SendRecv:
        fit.latencySteps = 1;
        fit.bandwidthFactor = 1;
        break;
    }

    // Weighted least squares on t = A + K·S with weights 1/t²: minimise Σ(A/t + K·S/t − 1)².
    // Sizes are scaled by the largest so the normal equations stay well conditioned.
    const double scale = *sizes.rbegin();
    double sw = 0, sws = 0, swss = 0, swt = 0, swst = 0;
    for (const auto& p : points) {
        const double w = 1 / (p.seconds * p.seconds);
        const double s = p.bytes / scale;
        sw += w;
        sws += w * s;
        swss += w * s * s;
        swt += w * p.seconds;
        swst += w * s * p.seconds;
    }
    const double det = sw * swss - sws * sws;
    double a = det != 0 ? (swss * swt - sws * swst) / det : -1;
    double k = det != 0 ? (sw * swst - sws * swt) / det : 0;
    if (a < 0) {
        a = 0;
        k = swst / swss;
        fit.latencyClamped = true;
    }
    if (!(k > 0) || !std::isfinite(k) || !std::isfinite(a)) {
        return cannot("a time that grows with the message size (the fitted bandwidth term is "
                      "not positive)");
    }
    fit.interceptSeconds = a;
    fit.secondsPerByte = k / scale;
    fit.latencySeconds = a / fit.latencySteps;
    fit.bandwidthBytesPerSecond = fit.bandwidthFactor / fit.secondsPerByte;
    fit.points = points.size();
    for (const auto& p : points) {
        const double error = std::abs(ncclFitSeconds(fit, p.bytes) - p.seconds) / p.seconds;
        if (error > fit.worstRelativeError || fit.worstLine == 0) {
            fit.worstRelativeError = error;
            fit.worstLine = p.line;
        }
    }
    return fit;
}

NcclImport importNcclTests(std::string_view text, std::string_view fileName)
{
    NcclImport result;
    auto parsed = parseNcclTests(text, fileName);
    if (parsed.error) {
        result.error = parsed.error;
        return result;
    }
    result.fit = fitNcclTable(*parsed.table);
    if (result.fit.error) {
        result.error = result.fit.error;
        return result;
    }
    result.table = std::move(parsed.table);
    return result;
}

} // namespace simcore
