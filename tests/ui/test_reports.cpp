// One report per view: what every panel reads out is its report's quantities (ui computes
// nothing of its own), and one thing has one price on every panel.
#include "common/presets.h"
#include "simcore/communicationreport.h"
#include "simcore/report.h"
#include "simcore/topologyreport.h"
#include "ui/kit/panel.h"
#include "ui/kit/scenariomodel.h"
#include "ui/shell/panelregistry.h"

#include <catch2/catch.hpp>
#include <memory>

using namespace dtsim::ui;

namespace {

/// The defaults, every preset, and a few scenarios that take other branches of the models.
std::vector<std::pair<QString, simcore::Scenario>> scenarios()
{
    std::vector<std::pair<QString, simcore::Scenario>> list{{QStringLiteral("defaults"), {}}};
    for (const QString& id : dtsim::common::presetIds()) {
        list.emplace_back(id, *dtsim::common::loadPreset(id));
    }
    const auto variant = [&list](const char* name, std::initializer_list<const char*> sets) {
        simcore::Scenario scenario;
        for (const char* set : sets) {
            REQUIRE_FALSE(simcore::applyAssignment(scenario, set));
        }
        list.emplace_back(QString::fromLatin1(name), scenario);
    };
    variant("one worker", {"scaling.workers=1", "collective.workers=1"});
    variant("physical, hierarchical, 64 GPUs",
            {"scaling.mode=physical", "collective.algorithm=hierarchical", "scaling.workers=64",
             "collective.workers=20"});
    variant("3-D layout", {"parallel.dp=2", "parallel.tp=2", "parallel.pp=4",
                           "parallel.microbatches=8", "parallel.schedule=interleaved"});
    variant("a layout that does not divide the model", {"parallel.tp=3"});
    return list;
}

} // namespace

TEST_CASE("every panel's read-outs are its report's quantities, in every scenario", "[ui][reports]")
{
    for (const auto& [name, scenario] : scenarios()) {
        ScenarioModel model(scenario);
        for (const auto& entry : panelEntries()) {
            if (!entry.createPanel) {
                continue;
            }
            std::unique_ptr<Panel> panel(entry.createPanel(&model, nullptr));
            const auto view = simcore::findView(panel->exportId().toStdString());
            REQUIRE(view);
            const simcore::Report report = simcore::evaluateView(*view, model.scenario());
            const QStringList shown = panel->readouts();
            const auto& rows = panel->readoutRows();
            INFO(name.toStdString() << ", " << entry.id.toStdString());
            REQUIRE(rows.size() == shown.size());
            for (qsizetype i = 0; i < rows.size(); ++i) {
                INFO("read-out " << rows[i].label.toStdString());
                CHECK(shown[i] == (report.ok() ? Panel::readoutText(rows[i], report.quantities)
                                               : QStringLiteral("—")));
            }
        }
    }
}

TEST_CASE("Communication and Topology price the same all-reduce the same, to the last digit",
          "[ui][reports][topology][communication]")
{
    for (const auto& [name, scenario] : scenarios()) {
        for (const char* algorithm : {"ring", "hierarchical"}) {
            simcore::Scenario s = scenario;
            REQUIRE_FALSE(simcore::setValue(s, "collective.algorithm", algorithm));
            const auto communication = simcore::communicationReport(s);
            const auto topology = simcore::topologyReport(s);
            INFO(name.toStdString() << ", " << algorithm);
            if (!communication.ok() || !topology.ok()) {
                continue; // a scenario one of them refuses (its problems say why)
            }
            const auto* a = communication.find("time");
            const auto* b = topology.find("time");
            REQUIRE(a);
            REQUIRE(b);
            CHECK(a->value == b->value);
        }
    }
}
