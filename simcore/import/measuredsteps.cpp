#include "simcore/import/measuredsteps.h"

#include "simcore/scenario/scenario.h" // parseNumber: the C-locale number reader every importer shares
#include "simcore/scenario/text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <string>

namespace simcore {

namespace {

using textutil::trim;

constexpr const char* kLineExpected =
    "a line 'workers,seconds': a whole number of workers and the step time in seconds, "
    "separated by a comma (e.g. 8,0.1425)";

std::vector<std::string_view> splitComma(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (true) {
        const auto comma = text.find(',', start);
        out.push_back(
            trim(text.substr(start, comma == std::string_view::npos ? comma : comma - start)));
        if (comma == std::string_view::npos) {
            return out;
        }
        start = comma + 1;
    }
}

/// Solves the n × n system a·x = b in place (partial pivoting); false when singular.
template <std::size_t N>
bool solve(std::array<std::array<double, N>, N> a, std::array<double, N> b,
           std::array<double, N>& x)
{
    for (std::size_t c = 0; c < N; ++c) {
        std::size_t pivot = c;
        for (std::size_t r = c + 1; r < N; ++r) {
            if (std::abs(a[r][c]) > std::abs(a[pivot][c])) {
                pivot = r;
            }
        }
        if (std::abs(a[pivot][c]) < 1e-12) {
            return false;
        }
        std::swap(a[c], a[pivot]);
        std::swap(b[c], b[pivot]);
        for (std::size_t r = c + 1; r < N; ++r) {
            const double f = a[r][c] / a[c][c];
            for (std::size_t k = c; k < N; ++k) {
                a[r][k] -= f * a[c][k];
            }
            b[r] -= f * b[c];
        }
    }
    for (std::size_t c = N; c-- > 0;) {
        double sum = b[c];
        for (std::size_t k = c + 1; k < N; ++k) {
            sum -= a[c][k] * x[k];
        }
        x[c] = sum / a[c][c];
    }
    return true;
}

std::array<double, 3> regressors(std::int64_t workers)
{
    const double n = static_cast<double>(workers);
    return {1 / n, workers > 1 ? 1.0 : 0.0, workers > 1 ? n - 1 : 0.0};
}

/// Least squares over the free constants (`free[k]`), the others held at 0. Columns are scaled
/// to unit length, so 1/N (≤ 1) and N − 1 (up to 4095) meet the pivot test alike.
std::optional<std::array<double, 3>> leastSquares(std::span<const MeasuredStep> points,
                                                  std::array<bool, 3> free)
{
    std::array<double, 3> norm{};
    for (const auto& p : points) {
        const auto x = regressors(p.workers);
        for (std::size_t k = 0; k < 3; ++k) {
            norm[k] += x[k] * x[k];
        }
    }
    std::array<std::size_t, 3> index{};
    std::size_t m = 0;
    for (std::size_t k = 0; k < 3; ++k) {
        if (free[k]) {
            if (norm[k] == 0) {
                return std::nullopt;
            }
            norm[k] = std::sqrt(norm[k]);
            index[m++] = k;
        }
    }
    std::array<std::array<double, 3>, 3> a{};
    std::array<double, 3> b{};
    for (std::size_t i = 0; i < 3; ++i) {
        a[i][i] = 1; // unused rows stay an identity: x = 0 there
    }
    for (std::size_t i = 0; i < m; ++i) {
        a[i][i] = 0;
    }
    for (const auto& p : points) {
        const auto x = regressors(p.workers);
        for (std::size_t i = 0; i < m; ++i) {
            const double xi = x[index[i]] / norm[index[i]];
            b[i] += xi * p.seconds;
            for (std::size_t j = 0; j < m; ++j) {
                a[i][j] += xi * x[index[j]] / norm[index[j]];
            }
        }
    }
    std::array<double, 3> y{};
    if (!solve<3>(a, b, y)) {
        return std::nullopt;
    }
    std::array<double, 3> theta{};
    for (std::size_t i = 0; i < m; ++i) {
        theta[index[i]] = y[i] / norm[index[i]];
    }
    return theta;
}

double squaredError(std::span<const MeasuredStep> points, const std::array<double, 3>& theta)
{
    double sum = 0;
    for (const auto& p : points) {
        const auto x = regressors(p.workers);
        const double e = x[0] * theta[0] + x[1] * theta[1] + x[2] * theta[2] - p.seconds;
        sum += e * e;
    }
    return sum;
}

} // namespace

StepTimesParse parseStepTimes(std::string_view bytes)
{
    using Kind = ImportError::Kind;
    StepTimesParse result;
    const auto fail = [&result](Kind kind, std::size_t line, std::string expected,
                                std::string_view found) {
        result.points.clear();
        result.error = importtext::error(kind, line, std::move(expected), found);
        return result;
    };
    const std::string text = textutil::decode(bytes);
    const auto lines = textutil::lines(text);
    bool first = true;
    const double most = static_cast<double>(maxScalingWorkers());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::size_t lineNo = i + 1;
        const std::string_view line = trim(lines[i]);
        if (line.empty() || line.front() == '#') {
            continue;
        }
        const bool header = first;
        first = false;
        const auto fields = splitComma(line);
        if (fields.size() != 2) {
            if (fields.size() == 1 && line.find(';') != std::string_view::npos) {
                return fail(Kind::BadLine, lineNo,
                            std::string(kLineExpected) + "; this line separates with ';'", line);
            }
            if (fields.size() == 3 && parseNumber(fields[0]) && parseNumber(fields[1]) &&
                parseNumber(fields[2])) {
                return fail(Kind::DecimalComma, lineNo,
                            std::string(kLineExpected) +
                                "; the time written with a decimal point (0.5, not 0,5)",
                            line);
            }
            return fail(Kind::BadLine, lineNo,
                        std::string(kLineExpected) + " (found " + std::to_string(fields.size()) +
                            " fields)",
                        line);
        }
        const auto workers = parseNumber(fields[0]);
        const auto seconds = parseNumber(fields[1]);
        if (header && !workers && !seconds) {
            continue; // a header such as "workers,seconds"
        }
        if (!workers || *workers < 1 || *workers > most || std::floor(*workers) != *workers) {
            return fail(Kind::BadNumber, lineNo,
                        "the worker count: a whole number 1 … " +
                            std::to_string(maxScalingWorkers()) + " in the first field",
                        fields[0]);
        }
        if (!seconds || !(*seconds > 0) || *seconds > kMostStepSeconds) {
            return fail(Kind::BadNumber, lineNo,
                        "the step time in seconds: a number > 0 and ≤ 1e6 in the second field "
                        "(decimal point, no unit)",
                        fields[1]);
        }
        result.points.push_back({static_cast<std::int64_t>(*workers), *seconds, lineNo});
    }
    if (result.points.empty()) {
        return fail(Kind::NoData, 0,
                    "at least one line 'workers,seconds' (e.g. 1,1.0 then 2,0.53); the file has "
                    "none",
                    "");
    }
    return result;
}

LessonFit fitLessonConstants(std::span<const MeasuredStep> points)
{
    LessonFit fit;
    const auto cannot = [&fit](std::string expected) {
        fit = LessonFit{};
        fit.error = ImportError{ImportError::Kind::CannotFit, 0, std::move(expected), {}};
        return fit;
    };
    std::set<std::int64_t> counts;
    for (const auto& p : points) {
        counts.insert(p.workers);
    }
    fit.points = points.size();
    fit.distinctWorkers = counts.size();
    if (counts.size() < 3) {
        return cannot("step times at 3 or more different worker counts (the model has 3 "
                      "constants: base_compute, fixed_sync, sync_per_worker); the file has " +
                      std::to_string(counts.size()) +
                      ", so the fit is underdetermined: time the job on more worker counts, "
                      "e.g. 1, 2, 4, 8");
    }
    // Non-negative least squares by faces: the free fit, then fixed and/or perWorker held at 0.
    constexpr std::array<std::array<bool, 3>, 4> kFaces{
        {{true, true, true}, {true, false, true}, {true, true, false}, {true, false, false}}};
    std::optional<std::array<double, 3>> best;
    double bestError = 0;
    std::size_t bestFace = 0;
    for (std::size_t f = 0; f < kFaces.size(); ++f) {
        const auto theta = leastSquares(points, kFaces[f]);
        if (!theta || (*theta)[1] < 0 || (*theta)[2] < 0) {
            continue;
        }
        const double error = squaredError(points, *theta);
        if (!best || error < bestError * (1 - 1e-12)) {
            best = theta;
            bestError = error;
            bestFace = f;
        }
    }
    if (!best || !std::isfinite((*best)[0]) || !((*best)[0] > 0)) {
        return cannot("step times that shrink as workers are added (base_compute / N); the best "
                      "fit has base_compute ≤ 0");
    }
    fit.baseComputeSeconds = (*best)[0];
    fit.fixedSyncSeconds = (*best)[1];
    fit.syncPerWorkerSeconds = (*best)[2];
    fit.fixedClamped = !kFaces[bestFace][1];
    fit.perWorkerClamped = !kFaces[bestFace][2];
    fit.rmsSeconds = std::sqrt(bestError / static_cast<double>(points.size()));
    for (const auto& p : points) {
        const auto x = regressors(p.workers);
        const double model = x[0] * (*best)[0] + x[1] * (*best)[1] + x[2] * (*best)[2];
        const double error = std::abs(model - p.seconds);
        if (fit.worstLine == 0 || error > fit.worstSeconds) {
            fit.worstSeconds = error;
            fit.worstLine = p.line;
        }
    }
    LessonParams params;
    params.baseComputeSeconds = fit.baseComputeSeconds;
    params.fixedSyncSeconds = fit.fixedSyncSeconds;
    params.syncPerWorkerSeconds = fit.syncPerWorkerSeconds;
    fit.optimalWorkers = lessonOptimalWorkers(params, maxScalingWorkers());
    return fit;
}

} // namespace simcore
