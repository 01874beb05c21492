// Measured step times (simcore/import/measuredsteps.h): the CSV reader's every refusal, and the
// least-squares fit of the lesson model (MODELS §1: step = base/N + [N > 1]·(fixed + perWorker·(N −
// 1))) recovering known constants, exactly without noise and within the noise with it.
#include "csvtables.h"
#include "simcore/import/measuredsteps.h"
#include "simcore/reports/scalingreport.h"

#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

using namespace simcore;

namespace {

double lessonSeconds(double base, double fixed, double perWorker, std::int64_t n)
{
    return base / static_cast<double>(n) +
           (n > 1 ? fixed + perWorker * static_cast<double>(n - 1) : 0.0);
}

ImportError refused(const std::string& text)
{
    const auto parsed = parseStepTimes(text);
    INFO(text);
    REQUIRE(parsed.error);
    CHECK(parsed.points.empty());
    return *parsed.error;
}

} // namespace

TEST_CASE("Step-time CSV: header, comments, blank lines, CRLF and repeats are read")
{
    const auto parsed =
        parseStepTimes("workers,seconds\r\n# our cluster, 2026-11-30\r\n1,1.02\r\n\r\n2, 0.55\r\n"
                       "2,0.56\r\n4,0.31\r\n");
    REQUIRE_FALSE(parsed.error);
    REQUIRE(parsed.points.size() == 4);
    CHECK(parsed.points[0] == MeasuredStep{1, 1.02, 3});
    CHECK(parsed.points[3] == MeasuredStep{4, 0.31, 7});
    CHECK(parseStepTimes("8,0.1425\n16,0.1425").points.size() == 2); // no header, no last LF
}

TEST_CASE("Step-time CSV: every bad line is refused with its line and what was expected")
{
    using Kind = ImportError::Kind;
    CHECK(refused("").kind == Kind::NoData);
    CHECK(refused("workers,seconds\n# nothing yet\n").kind == Kind::NoData);
    auto e = refused("1,1.0\n2;0.5\n");
    CHECK(e.line == 2);
    CHECK(e.expected.find("';'") != std::string::npos);
    e = refused("1,1.0\n2,0,5\n");
    CHECK(e.kind == Kind::DecimalComma);
    CHECK(e.line == 2);
    e = refused("1,1.0,extra,fields\n");
    CHECK(e.kind == Kind::BadLine);
    CHECK(e.expected.find("4 fields") != std::string::npos);
    e = refused("1\n");
    CHECK(e.kind == Kind::BadLine);
    e = refused("workers,seconds\n1,1.0\nfour,0.3\n");
    CHECK(e.kind == Kind::BadNumber);
    CHECK(e.line == 3);
    CHECK(e.found == "four");
    CHECK(refused("1.5,1.0\n").found == "1.5");   // not a whole number
    CHECK(refused("0,1.0\n").found == "0");       // below 1
    CHECK(refused("5000,1.0\n").found == "5000"); // above scaling.workers' 4096
    CHECK(refused("2,0\n").found == "0");         // not > 0
    CHECK(refused("2,-0.5\n").found == "-0.5");
    CHECK(refused("2,2e6\n").found == "2e6"); // above 1e6 s
    CHECK(refused("2,0.5s\n").found == "0.5s");
    CHECK(refused("2,nan\n").kind == Kind::BadNumber);
    e = refused("1,1.0\n2,fast\n");
    CHECK(e.expected.find("second field") != std::string::npos);
    CHECK(e.message().find("line 2") == 0);
    // A header is only allowed on the first line.
    CHECK(refused("1,1.0\nworkers,seconds\n").line == 2);
}

TEST_CASE("The fit recovers the lesson's constants exactly from exact data")
{
    // The defaults of DESIGN.md: T = 1000 ms, fixed 20 ms, 4 ms per extra worker.
    std::vector<MeasuredStep> points;
    for (std::int64_t n : {1, 2, 4, 8, 16, 32}) {
        points.push_back({n, lessonSeconds(1.0, 0.02, 0.004, n), 0});
    }
    const auto fit = fitLessonConstants(points);
    REQUIRE_FALSE(fit.error);
    CHECK(fit.baseComputeSeconds == Approx(1.0).epsilon(1e-10));
    CHECK(fit.fixedSyncSeconds == Approx(0.02).epsilon(1e-9));
    CHECK(fit.syncPerWorkerSeconds == Approx(0.004).epsilon(1e-9));
    CHECK(fit.rmsSeconds < 1e-12);
    CHECK(fit.optimalWorkers == 16); // DESIGN.md: the optimum of the defaults
    CHECK_FALSE(fit.fixedClamped);
    CHECK_FALSE(fit.perWorkerClamped);
    // Three worker counts without N = 1 determine the three constants too.
    std::vector<MeasuredStep> three;
    for (std::int64_t n : {2, 3, 7}) {
        three.push_back({n, lessonSeconds(2.5, 0.1, 0.01, n), 0});
    }
    const auto f3 = fitLessonConstants(three);
    REQUIRE_FALSE(f3.error);
    CHECK(f3.baseComputeSeconds == Approx(2.5).epsilon(1e-9));
    CHECK(f3.fixedSyncSeconds == Approx(0.1).epsilon(1e-8));
    CHECK(f3.syncPerWorkerSeconds == Approx(0.01).epsilon(1e-8));
}

TEST_CASE("The fit recovers the constants from noisy data (seeded)")
{
    std::mt19937_64 random(20261203);
    std::normal_distribution<double> noise(0.0, 0.01); // 1 % of each step
    std::vector<MeasuredStep> points;
    for (int repeat = 0; repeat < 5; ++repeat) {
        for (std::int64_t n : {1, 2, 4, 8, 16, 32, 64}) {
            const double t = lessonSeconds(1.0, 0.02, 0.004, n);
            points.push_back({n, t * (1 + noise(random)), 0});
        }
    }
    const auto fit = fitLessonConstants(points);
    REQUIRE_FALSE(fit.error);
    CHECK(fit.baseComputeSeconds == Approx(1.0).epsilon(0.02));
    CHECK(fit.fixedSyncSeconds == Approx(0.02).margin(0.006));
    CHECK(fit.syncPerWorkerSeconds == Approx(0.004).epsilon(0.05));
    CHECK(fit.rmsSeconds > 0);
    CHECK(fit.rmsSeconds < 0.01); // the noise is at most ~1 % of 1 s
    CHECK(fit.points == 35);
    CHECK(fit.distinctWorkers == 7);
}

TEST_CASE("Fits that are underdetermined or impossible are refused")
{
    const std::vector<MeasuredStep> two = {{1, 1.0, 1}, {2, 0.55, 2}, {2, 0.56, 3}};
    const auto fit = fitLessonConstants(two);
    REQUIRE(fit.error);
    CHECK(fit.error->kind == ImportError::Kind::CannotFit);
    CHECK(fit.error->expected.find("3 or more different worker counts") != std::string::npos);
    CHECK(fit.error->expected.find("has 2") != std::string::npos);
    // Steps that grow like N: base would be negative.
    const std::vector<MeasuredStep> growing = {{1, 0.1, 1}, {2, 0.5, 2}, {4, 2.0, 3}, {8, 9, 4}};
    const auto bad = fitLessonConstants(growing);
    REQUIRE(bad.error);
    CHECK(bad.error->expected.find("base_compute") != std::string::npos);
}

TEST_CASE("A negative constant is held at 0 (the key's range), the rest refitted")
{
    // Perfect scaling plus a per-worker cost: the free fit would want fixed < 0 with noise.
    std::vector<MeasuredStep> points;
    for (std::int64_t n : {1, 2, 4, 8}) {
        points.push_back({n, lessonSeconds(1.0, 0.0, 0.01, n) - (n > 1 ? 0.003 : 0.0), 0});
    }
    const auto fit = fitLessonConstants(points);
    REQUIRE_FALSE(fit.error);
    CHECK(fit.fixedClamped);
    CHECK(fit.fixedSyncSeconds == 0);
    CHECK(fit.syncPerWorkerSeconds > 0);
}

TEST_CASE("scaling.measured: the report draws the runs and the CSV says measured")
{
    Scenario s;
    REQUIRE_FALSE(setValue(s, "scaling.measured", "1:1.02 2:0.55 4:0.31 100:0.5"));
    CHECK(valueText(s, "scaling.measured") == "1:1.02 2:0.55 4:0.31 100:0.5");
    CHECK(setValue(s, "scaling.measured", "1:1.0 two:0.5"));
    CHECK(setValue(s, "scaling.measured", "0:1.0"));
    CHECK(setValue(s, "scaling.measured", "2:-1"));
    const auto report = scalingReport(s);
    REQUIRE(report.ok());
    REQUIRE(report.measured.size() == 4);
    CHECK_FALSE(report.speedupFromModel);
    CHECK(report.measured[1].speedup == Approx(1.02 / 0.55));
    CHECK(report.measured[0].barSlot == 0u); // N = 1 is always the first bar
    CHECK(report.measured[1].barSlot);
    CHECK_FALSE(report.measured[3].barSlot); // N = 100 is not a bar of the default window
    const std::string csv = testing::tableText(scalingCsv(report), "measured");
    CHECK(csv.starts_with("workers,measured_step_s,measured_speedup,model_step_s,on_bar\n"));
    CHECK(csv.find("\n2,0.55,") != std::string::npos);
    // The Physical model draws them too.
    REQUIRE_FALSE(setValue(s, "scaling.mode", "physical"));
    REQUIRE_FALSE(setValue(s, "scaling.measured", "2:0.55 4:0.31"));
    const auto physical = scalingReport(s);
    REQUIRE(physical.ok());
    CHECK(physical.measured.size() == 2);
    CHECK(physical.speedupFromModel);
    CHECK(testing::tableText(scalingCsv(physical), "measured").find("measured_step_s") !=
          std::string::npos);
    // Empty: nothing measured, no rows.
    REQUIRE_FALSE(setValue(s, "scaling.measured", ""));
    CHECK_FALSE(testing::hasCsvTable(scalingCsv(scalingReport(s)), "measured"));
    CHECK(testing::joinedCsv(scalingCsv(scalingReport(s))).find("measured") == std::string::npos);
}
