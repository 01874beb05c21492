// Measured step times over the Scaling charts: File › Import measurements reads the CSV into
// scaling.measured (one undo step), the charts draw the runs over the bars and the speed-up
// curve in both model modes, and the export (image and CSV) carries them.
#include "helpers.h"
#include "simcore/import/measuredsteps.h"
#include "simcore/reports/scalingreport.h"
#include "testaccess.h"
#include "ui/kit/importtexts.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/scaling/scalingcharts.h"
#include "ui/panels/scaling/scalingpanel.h"
#include "ui/shell/exporter.h"
#include "ui/shell/mainwindow.h"

#include <QFile>
#include <QImage>
#include <QScatterSeries>
#include <QTemporaryDir>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(text);
    return path;
}

/// The measured points' colour (chartstyle::kLost, vermillion) somewhere in the image.
bool hasMeasuredColour(const QImage& image)
{
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (image.pixel(x, y) == qRgb(0xD5, 0x5E, 0x00)) {
                return true;
            }
        }
    }
    return false;
}

} // namespace

TEST_CASE("File › Import measurements draws the runs over the bars and the curve",
          "[ui][scaling][measured]")
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("steps.csv"),
                                   "workers,seconds\n1,1.02\n2,0.55\n4,0.31\n"
                                   "8,0.2\n100,0.5\n");
    MainWindow window;
    REQUIRE(window.importMeasurements(path).isEmpty());
    const auto& measured = window.model()->scenario().scaling.measured;
    REQUIRE(measured.size() == 5);
    // As the scaling.measured key holds them (N:seconds, no file lines): what a saved file keeps.
    CHECK(measured[1] == simcore::MeasuredStep{2, 0.55, 0});
    // The same keys `dtsim import step-times` proposes: the lesson constants fitted to the runs.
    const auto fit = simcore::fitLessonConstants(measured);
    REQUIRE_FALSE(fit.error);
    CHECK(window.model()->scenario().lesson.baseComputeSeconds ==
          Approx(fit.baseComputeSeconds).epsilon(1e-12));
    CHECK(window.model()->scenario().lesson.syncPerWorkerSeconds ==
          Approx(fit.syncPerWorkerSeconds).margin(1e-15));

    auto* panel = qobject_cast<ScalingPanel*>(window.panel(QStringLiteral("scaling")));
    REQUIRE(panel != nullptr);
    ScalingCharts* charts = panel->charts();
    const auto report = simcore::scalingReport(window.model()->scenario());
    // Bars: the runs whose N is a bar (N = 100 is not), at the bar's slot, in the axis' unit.
    const auto bars = TestAccess::measuredBarSeries(*charts)->points();
    REQUIRE(bars.size() == 4);
    CHECK(bars[0].x() == Approx(-0.2)); // over the solid bar of slot 0
    CHECK(bars[1].y() == Approx(0.55 / TestAccess::barUnitSeconds(*charts)));
    // The speed-up chart draws every run, T(1)/T(N) against the measured T(1).
    const auto curve = TestAccess::measuredSpeedupSeries(*charts)->points();
    REQUIRE(curve.size() == 5);
    CHECK(curve[4].x() == 100);
    CHECK(curve[2].y() == Approx(report.measured[2].speedup));
    CHECK(testing::csvText(charts->csv())
              .contains(QStringLiteral("workers,measured_step_s,measured_speedup")));
    CHECK(testing::csvText(charts->csv()).contains(QStringLiteral("\n8,0.2,")));

    // One undo step takes them away again.
    window.model()->undoStack()->undo();
    CHECK(window.model()->scenario().scaling.measured.empty());
    CHECK(TestAccess::measuredBarSeries(*charts)->points().isEmpty());
    CHECK_FALSE(testing::csvText(charts->csv()).contains(QStringLiteral("measured")));
}

TEST_CASE("A refused measurement file names its line and changes nothing",
          "[ui][scaling][measured]")
{
    QTemporaryDir dir;
    MainWindow window;
    const simcore::Scenario before = window.model()->scenario();
    const QString error = window.importMeasurements(
        writeFile(dir, QStringLiteral("bad.csv"), "workers,seconds\n1,1.0\n2,0,5\n"));
    CHECK(error.contains(QStringLiteral("bad.csv, line 3")));
    CHECK(error.contains(QStringLiteral("Nothing was imported")));
    CHECK(window.model()->scenario() == before);
    CHECK_FALSE(window.importMeasurements(dir.filePath(QStringLiteral("missing.csv"))).isEmpty());
}

TEST_CASE("The export carries the measured runs, in Lesson and Physical mode",
          "[ui][scaling][measured][export]")
{
    simcore::Scenario scenario;
    REQUIRE_FALSE(simcore::setValue(scenario, "scaling.measured", "1:1.02 2:0.55 4:0.31 8:0.2"));
    ExportOptions options;
    options.size = QSize(1280, 800);
    CHECK(hasMeasuredColour(renderPanel(QStringLiteral("scaling"), scenario, options)));
    CHECK_FALSE(hasMeasuredColour(renderPanel(QStringLiteral("scaling"), {}, options)));

    simcore::Scenario physical = scenario;
    REQUIRE_FALSE(simcore::setValue(physical, "scaling.mode", "physical"));
    REQUIRE_FALSE(simcore::setValue(physical, "scaling.measured", "1:40 2:21 4:11 8:6"));
    CHECK(hasMeasuredColour(renderPanel(QStringLiteral("scaling"), physical, options)));

    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("scaling.csv"));
    REQUIRE(exportPanel(QStringLiteral("scaling"), physical, csv, options).isEmpty());
    const QString text = testing::exportedCsvTable(csv, QStringLiteral("measured"));
    CHECK(text.startsWith(
        QStringLiteral("workers,measured_step_s,measured_speedup,model_step_s,on_bar\n")));
    CHECK(text.contains(QStringLiteral("\n4,11,")));
}

TEST_CASE("File › Import measurements words a missing or bad file as the Topology panel does",
          "[ui][scaling][measured][import]")
{
    QTemporaryDir dir;
    MainWindow window;
    const QString missing = dir.filePath(QStringLiteral("missing.csv"));
    const QString text = window.importMeasurements(missing);
    CHECK(text == fileReadProblem(
                      dtsim::common::readWholeFile(missing, dtsim::common::kMaxMeasurementLogBytes),
                      missing));
    CHECK(text.contains(QStringLiteral("does not exist")));

    const QString bad = writeFile(dir, QStringLiteral("bad.csv"), "workers,seconds\n1,x\n");
    const auto parsed = simcore::parseStepTimes("workers,seconds\n1,x\n");
    REQUIRE(parsed.error);
    CHECK(window.importMeasurements(bad) == importErrorText(bad, *parsed.error));
}
