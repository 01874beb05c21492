// The Gantt chart of the schedules that split the backward (ZB-H1, ZB-H2: Qi et al. 2023;
// DualPipe: DeepSeek-V3 report): F, B and W in their own colours with a legend entry each,
// every block 3:1 off what surrounds it in light and dark looks (WCAG 2.1 SC 1.4.11, the
// measure tests/ui/test_contrast.cpp applies to Qt Charts; written out again here), the
// schedule's closed form in the formula strip, and the new key's editor.
#include "helpers.h"
#include "restorelook.h"
#include "simcore/models/pipeline.h"
#include "simcore/reports/pipelinereport.h"
#include "ui/kit/appearance.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/parallelism/parallelismpanel.h"
#include "ui/panels/parallelism/pipelineview.h"
#include "ui/shell/exporter.h"
#include "wcag.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QImage>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <cmath>

using namespace dtsim::ui;

// A control as a problem line names it: by its label, the key only in the tooltip.
static QString labelOf(const char* key)
{
    return dtsim::ui::accessibleLabel(dtsim::ui::keyText(QString::fromLatin1(key)).label);
}

namespace {

using testing::contrast;

bool containsColour(const QImage& image, QRgb colour)
{
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (image.pixel(x, y) == colour) {
                return true;
            }
        }
    }
    return false;
}

simcore::Scenario schedule(simcore::PipelineSchedule which)
{
    simcore::Scenario scenario;
    scenario.parallel.schedule = which;
    return scenario;
}

} // namespace

TEST_CASE("F, B and W blocks and their swatches stand 3:1 off their surroundings in light and "
          "dark",
          "[ui][gantt][contrast]")
{
    testing::RestoreLook restore;
    const auto& c = PipelineView::colours();
    // Three fills told apart.
    CHECK(c.forward != c.backward);
    CHECK(c.weight != c.backward);
    CHECK(c.weight != c.forward);
    for (const Theme theme : {Theme::Light, Theme::Dark}) {
        applyAppearance({theme, false, 1.25});
        const QColor background = chartstyle::backgroundColor();
        INFO((theme == Theme::Light ? "light" : "dark"));
        for (const QColor& fill : {c.forward, c.backward, c.weight}) {
            INFO(fill.name().toStdString());
            // Inside the rows, around a block, is the pale idle fill (every look): the block
            // passes by its fill or by its dark edge.
            CHECK(std::max(contrast(fill, c.idleFill), contrast(c.blockEdge, c.idleFill)) >= 3.0);
            // Between rows, and around a legend swatch, is the look's background.
            const QColor swatchEdge =
                theme == Theme::Dark ? chartstyle::axisLineColor() : c.blockEdge;
            CHECK(std::max(contrast(fill, background), contrast(swatchEdge, background)) >= 3.0);
        }
    }
}

TEST_CASE("the Gantt chart of ZB-H1, ZB-H2 and DualPipe draws W apart, with a legend entry",
          "[ui][gantt]")
{
    const QRgb forward = PipelineView::colours().forward.rgb();
    const QRgb backward = PipelineView::colours().backward.rgb();
    const QRgb weight = PipelineView::colours().weight.rgb();
    QTemporaryDir dir;
    for (const auto which :
         {simcore::PipelineSchedule::ZeroBubbleH1, simcore::PipelineSchedule::ZeroBubbleH2,
          simcore::PipelineSchedule::DualPipe}) {
        const auto scenario = schedule(which);
        INFO(static_cast<int>(which));
        PipelineView view;
        view.resize(1280, 700);
        view.showScenario(scenario);
        const GanttLayout& g = view.drawnLayout();
        REQUIRE(g.drawn);
        int weights = 0;
        int backwards = 0;
        for (const auto& block : g.blocks) {
            weights += block.pass == simcore::PipelinePass::Weight ? 1 : 0;
            backwards += block.pass == simcore::PipelinePass::Backward ? 1 : 0;
        }
        CHECK(weights > 0);
        CHECK(backwards > 0);
        bool legendW = false;
        for (const auto& entry : g.legend) {
            legendW = legendW || entry.sample == GanttLayout::Sample::Weight;
        }
        CHECK(legendW);
        CHECK(view.titleText().contains(PipelineView::scheduleName(which)));

        const QString png = dir.filePath(QStringLiteral("gantt.png"));
        REQUIRE(exportPanel(QStringLiteral("pipeline"), scenario, png, {QSize(1280, 800), 1.0})
                    .isEmpty());
        const QImage image(png);
        CHECK(containsColour(image, forward));
        CHECK(containsColour(image, backward));
        CHECK(containsColour(image, weight));
    }
    // The old schedules keep the backward whole: no W block, no W legend entry.
    PipelineView plain;
    plain.resize(1280, 700);
    plain.showScenario(schedule(simcore::PipelineSchedule::OneFOneB));
    for (const auto& block : plain.drawnLayout().blocks) {
        CHECK(block.pass != simcore::PipelinePass::Weight);
    }
}

TEST_CASE("the Pipeline panel edits the weight-gradient time and writes each closed form",
          "[ui][gantt]")
{
    ScenarioModel model;
    ParallelismPanel panel{&model};
    panel.resize(1280, 760);
    panel.show();
    QCoreApplication::processEvents();
    NumberField* weight = panel.field(QStringLiteral("parallel.weight_grad_time"));
    REQUIRE(weight != nullptr);
    CHECK_FALSE(weight->toolTip().isEmpty());
    CHECK_FALSE(weight->isEnabled()); // 1F1B keeps the backward whole
    testing::choose(panel.choiceBox(QStringLiteral("parallel.schedule")), QStringLiteral("zb-h1"));
    CHECK(model.scenario().parallel.schedule == simcore::PipelineSchedule::ZeroBubbleH1);
    CHECK(weight->isEnabled());
    // p = 4, t_f = 10 ms, t_b = 20 ms, W = 10 ms: (p − 1)(F + B − 2W) = 3 × 10 ms = 30 ms.
    CHECK(panel.formulaText().contains(QStringLiteral("(p − 1)(F + B − 2W)")));
    weight->setValue(5); // milliseconds
    CHECK(model.scenario().parallel.weightGradSeconds == Approx(0.005).epsilon(1e-12));
    // 3 × (10 + 20 − 10) ms = 60 ms, as simcore simulates it.
    CHECK(panel.pipelineView()->report().result.bubbleSeconds == Approx(0.060).epsilon(1e-9));
    testing::choose(panel.choiceBox(QStringLiteral("parallel.schedule")),
                    QStringLiteral("dualpipe"));
    const QString formula = panel.formulaText();
    CHECK((formula.contains(QStringLiteral("(p/2 − 1)(F&amp;B + B − 3W)")) ||
           formula.contains(QStringLiteral("(p/2 − 1)(F&B + B − 3W)"))));
    // DualPipe refuses an odd pp, naming the key.
    NumberField* pp = panel.field(QStringLiteral("parallel.pp"));
    pp->setValue(3);
    CHECK_FALSE(panel.pipelineView()->isValid());
    CHECK(panel.pipelineView()->problem().contains(labelOf("parallel.pp")));
}
