// The Scaling panel's Physical mode over dp × tp × pp × cp layouts and its Validation view:
// what the ui draws is the report's (simcore/reports/scalingreport.h,
// simcore/reports/validationreport.h).
#include "common/format.h"
#include "helpers.h"
#include "simcore/reports/scalingreport.h"
#include "simcore/reports/validationreport.h"
#include "testaccess.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/scaling/scalingcharts.h"
#include "ui/panels/scaling/scalingpanel.h"
#include "ui/panels/scaling/validationview.h"
#include "ui/shell/exporter.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QFile>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

namespace {

simcore::Scenario physical(std::int64_t workers)
{
    simcore::Scenario s;
    s.scaling.mode = simcore::ScalingMode::Physical;
    s.scaling.workers = workers;
    return s;
}

} // namespace

TEST_CASE("Physical mode: one stacked bar per layout, its parts the report's terms",
          "[ui][scaling][physical][layout]")
{
    ScalingCharts charts;
    charts.resize(1000, 700);
    const auto report = simcore::scalingReport(physical(32));
    REQUIRE(report.ok());
    charts.showReport(report);
    REQUIRE(TestAccess::showsLayoutTerms(charts));
    // Compute, then tensor parallel, bubble + sends, data parallel and the rest, stacked.
    const QStackedBarSeries* series =
        qobject_cast<QStackedBarSeries*>(TestAccess::computeSet(charts)->parent());
    const QList<QBarSet*> expected{
        TestAccess::computeSet(charts), TestAccess::tensorParallelSet(charts),
        TestAccess::pipelineSet(charts), TestAccess::dataParallelSet(charts),
        TestAccess::otherSet(charts)};
    if (series != nullptr) {
        CHECK(series->barSets() == expected);
    }
    const double unit = TestAccess::barUnitSeconds(charts);
    QStringList categories;
    for (const auto& bar : report.bars) {
        categories << QString::number(bar.workers);
    }
    CHECK(TestAccess::categoryAxis(charts)->categories() == categories);
    for (qsizetype i = 0; i < categories.size(); ++i) {
        const auto& bar = report.bars[static_cast<std::size_t>(i)];
        INFO("N = " << bar.workers);
        CHECK(TestAccess::computeSet(charts)->at(i) * unit ==
              Approx(bar.computeSeconds).epsilon(1e-12));
        CHECK(TestAccess::tensorParallelSet(charts)->at(i) * unit ==
              Approx(bar.tensorParallelSeconds).epsilon(1e-12));
        CHECK(TestAccess::pipelineSet(charts)->at(i) * unit ==
              Approx(bar.pipelineSeconds).epsilon(1e-12));
        CHECK(TestAccess::dataParallelSet(charts)->at(i) * unit ==
              Approx(bar.dataParallelSeconds).margin(1e-15));
        CHECK(TestAccess::otherSet(charts)->at(i) * unit ==
              Approx(bar.otherSeconds).epsilon(1e-12));
    }
    // The layout on the axis; the bubble is the part that grows as N does (m = 32/dp falls).
    CHECK(TestAccess::categoryAxis(charts)->titleText().contains(
        QStringLiteral("tp 2 × pp 4 × cp 1")));
    CHECK(report.bars.back().pipelineSeconds >
          report.bars.front().pipelineSeconds / static_cast<double>(report.bars.size()));
    CHECK(charts.summary().contains(QStringLiteral("dp 4 × tp 2 × pp 4 × cp 1")));

    // The lesson model takes the two-part bar back.
    charts.showReport(simcore::scalingReport(simcore::Scenario{}));
    CHECK_FALSE(TestAccess::showsLayoutTerms(charts));
    CHECK(TestAccess::categoryAxis(charts)->titleText() == QStringLiteral("Workers N"));
}

TEST_CASE("Physical mode: an N that is no layout is an empty slot, said on the panel",
          "[ui][scaling][physical][layout]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    REQUIRE_FALSE(model.setValue(QStringLiteral("scaling.mode"), QStringLiteral("physical")));
    REQUIRE_FALSE(model.setValue(QStringLiteral("scaling.workers"), QStringLiteral("24")));
    const ScalingCharts* charts = panel.charts();
    const auto index =
        TestAccess::categoryAxis(*charts)->categories().indexOf(ScalingCharts::impossibleMark(24));
    REQUIRE(index >= 0);
    for (QBarSet* set : {TestAccess::computeSet(*charts), TestAccess::tensorParallelSet(*charts),
                         TestAccess::pipelineSet(*charts), TestAccess::dataParallelSet(*charts),
                         TestAccess::otherSet(*charts), TestAccess::idealSet(*charts)}) {
        CHECK(set->at(index) == 0.0);
    }
    CHECK(panel.problemText().contains(QStringLiteral("N = 24 is no layout")));
    CHECK(panel.problemText().contains(QStringLiteral("global batch of 32 sequences")));
    CHECK(panel.readouts().at(0) == QStringLiteral("—")); // the step is not priced
    // With failures counted the priced bars stack them, the empty slot stays empty.
    REQUIRE_FALSE(model.setValue(QStringLiteral("scaling.count_failures"), QStringLiteral("on")));
    CHECK(TestAccess::countsFailures(*charts));
    CHECK(TestAccess::stragglerSet(*charts)->at(index) == 0.0);
    CHECK(TestAccess::stragglerSet(*charts)->at(0) > 0.0);
}

TEST_CASE("Physical mode: the chart's CSV has the layout's columns", "[ui][scaling][csv]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scaling.csv"));
    REQUIRE(exportPanel(QStringLiteral("scaling"), physical(24), path, {}).isEmpty());
    const QString csv = testing::exportedCsvTable(path, QStringLiteral("curve"));
    const QStringList lines = testing::csvTable(csv, QStringLiteral("workers,compute_s,"));
    REQUIRE(lines.size() > 3);
    CHECK(lines[0].endsWith(QStringLiteral(
        ",possible,data_parallel,microbatches,tp_comm_s,pp_bubble_s,pp_p2p_s,dp_comm_s,"
        "zero_gather_s,cp_comm_s,optimizer_s,other_s")));
    bool sawImpossible = false;
    for (const QString& line : lines.mid(1)) {
        const QStringList cells = line.split(QLatin1Char(','));
        REQUIRE(cells.size() == 25);
        if (cells[0] == QStringLiteral("24")) {
            sawImpossible = true;
            CHECK(cells[3].isEmpty()); // step_s: never priced
            CHECK(cells[14] == QStringLiteral("0"));
        } else if (cells[0] == QStringLiteral("32")) {
            CHECK(cells[14] == QStringLiteral("1"));
            CHECK(cells[15] == QStringLiteral("4")); // dp
            CHECK(cells[16] == QStringLiteral("8")); // m
            CHECK(cells[18].toDouble() > 0);         // the bubble
        }
    }
    CHECK(sawImpossible);
}

TEST_CASE("the Validation view: table, error chart with the band, and the selected breakdown",
          "[ui][scaling][validation]")
{
    ValidationView view;
    view.resize(1200, 700);
    view.show();
    const auto report = simcore::validationReport();
    view.showReport(report);
    const auto rows = static_cast<int>(report.rows.size());
    REQUIRE(TestAccess::table(view)->rowCount() == rows);
    REQUIRE(TestAccess::table(view)->columnCount() == 5);
    REQUIRE(TestAccess::runAxis(view)->count() == rows);
    int within = 0;
    for (int i = 0; i < rows; ++i) {
        const auto& row = report.rows[static_cast<std::size_t>(i)];
        INFO(row.tag);
        CHECK(TestAccess::runAxis(view)->at(i) == QString::fromStdString(row.tag));
        // Each row's source in its tip; the error bar in the band's colour or out of it.
        CHECK(TestAccess::table(view)->item(i, 0)->toolTip().contains(
            QString::fromStdString(row.run->source)));
        const double drawn =
            TestAccess::withinSet(view)->at(i) + TestAccess::outsideSet(view)->at(i);
        CHECK(drawn == Approx(row.errorFraction * 100.0).epsilon(1e-12));
        CHECK((row.withinBand ? TestAccess::outsideSet(view)->at(i)
                              : TestAccess::withinSet(view)->at(i)) == 0.0);
        within += row.withinBand ? 1 : 0;
    }
    // The band is ±15 % across every run.
    const auto upper = TestAccess::bandSeries(view)->upperSeries()->points();
    const auto lower = TestAccess::bandSeries(view)->lowerSeries()->points();
    REQUIRE(upper.size() == 2);
    CHECK(upper.front().y() == Approx(15.0));
    CHECK(lower.front().y() == Approx(-15.0));
    CHECK(upper.back().x() == Approx(rows - 0.5));
    // The count and the calibration are stated.
    CHECK(view.captionText().startsWith(QStringLiteral("%1 of %2").arg(within).arg(rows)));
    CHECK(view.captionText().contains(QStringLiteral("Table 2")));
    // Selecting a row shows its step's terms, from the same training report.
    const int k7 = 16;
    view.selectRun(k7);
    const auto& row = report.rows[k7];
    CHECK(TestAccess::table(view)->currentRow() == k7);
    QList<QBarSet*> shown;
    for (QBarSet* set : TestAccess::termSets(view)) {
        if (set->count() == 1 && set->at(0) > 0) {
            shown << set;
        }
    }
    double total = 0;
    for (QBarSet* set : TestAccess::termSets(view)) {
        total += set->count() == 1 ? set->at(0) : 0.0;
    }
    CHECK(total == Approx(row.step.stepSeconds).epsilon(1e-9));
    CHECK(TestAccess::termSets(view)[0]->at(0) == Approx(row.step.computeSeconds).epsilon(1e-12));
    CHECK(TestAccess::termSets(view)[2]->at(0) == Approx(row.step.bubbleSeconds).epsilon(1e-12));
    CHECK(view.breakdownText().contains(QStringLiteral("K7")));
    CHECK(view.breakdownText().contains(QStringLiteral("Korthikanti")));
    // Its CSV is simcore's.
    CHECK(view.csv() == simcore::validationCsv(report));
}

TEST_CASE("the Validation view is a sub-tab of Scaling and exports as 'validation'",
          "[ui][scaling][validation][export]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    CHECK(panel.exportId() == QStringLiteral("scaling"));
    panel.views()->showValidation(true);
    CHECK(panel.exportId() == QStringLiteral("validation"));
    CHECK(testing::csvText(panel.views()->csv())
              .contains(QStringLiteral("tag,id,name,metric,published,dtsim")));
    CHECK(panel.readouts().at(0).contains(QStringLiteral(" of ")));
    CHECK(panel.formulaText().contains(QStringLiteral("published")));
    panel.views()->showValidation(false);
    CHECK(panel.readouts().at(0) == dtsim::common::formatQuantity(panel.report(), "step"));
    // Presentation mode: the page buttons show the scaling charts, the sub-tab the validation.
    CHECK(panel.views()->presentationPages().size() == 2);
    panel.views()->showValidation(true);
    panel.views()->showPresentationPage(0);
    CHECK_FALSE(panel.views()->isValidationShown());

    QTemporaryDir dir;
    for (const char* suffix : {"png", "svg", "pdf", "csv"}) {
        const QString path = dir.filePath(QStringLiteral("validation.") + QLatin1String(suffix));
        INFO(suffix);
        CHECK(exportPanel(QStringLiteral("validation"), simcore::Scenario{}, path, {}).isEmpty());
        CHECK(QFile(path).size() > 100);
    }
}
