// One report per view: what every panel reads out is its report's quantities (ui computes
// nothing of its own), and one thing has one price on every panel.
#include "common/presets.h"
#include "simcore/models/topologypick.h"
#include "simcore/reports/communicationreport.h"
#include "simcore/reports/report.h"
#include "simcore/reports/topologyreport.h"
#include "simcore/views/views.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/panel.h"
#include "ui/kit/scenariomodel.h"
#include "ui/shell/panelregistry.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
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
                           "train.global_batch=16", "parallel.schedule=interleaved"});
    variant("a layout that does not divide the model", {"parallel.tp=3"});
    // Each uniform named wiring as the Topology panel picks it (its hardware keys written,
    // simcore::withTopologyPreset), inside one node and across nodes, and the mis-wired node at
    // N = 8 (below 8 the two panels are not meant to agree: see the same-price test).
    const auto picked = [&list](const char* name, simcore::TopologyPresetId preset,
                                std::int64_t workers) {
        simcore::Scenario scenario;
        scenario.collective.workers = workers;
        list.emplace_back(QString::fromLatin1(name), simcore::withTopologyPreset(scenario, preset));
    };
    picked("PCIe workstation picked", simcore::TopologyPresetId::PcieWorkstation, 8);
    picked("PCIe workstation picked, 3 GPUs", simcore::TopologyPresetId::PcieWorkstation, 3);
    picked("one DGX H100 picked", simcore::TopologyPresetId::H100Nvswitch, 8);
    picked("NDR cluster picked, 20 GPUs", simcore::TopologyPresetId::NdrCluster, 20);
    picked("NDR cluster picked, 32 GPUs", simcore::TopologyPresetId::NdrCluster, 32);
    picked("mis-wired node picked", simcore::TopologyPresetId::Miswired, 8);
    variant("your cluster, 100 GPUs",
            {"topology.preset=scenario", "hardware.gpus_per_node=4", "collective.workers=100"});
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
                if (!report.ok()) {
                    CHECK(shown[i] == QStringLiteral("—"));
                    continue;
                }
                CHECK(shown[i] == Panel::readoutText(rows[i], report.quantities));
                // A row naming a quantity the report does not have (a misspelt id) shows "—",
                // and so does readoutText: equal texts alone would not notice. A report without
                // problems leaves a read-out without a value only where its model defines none:
                // a quantity that is NaN here, or the plan's best layout when no layout fits.
                if (shown[i] == QStringLiteral("—")) {
                    const auto* fitting = report.find("fitting");
                    const bool nothingFits =
                        *view == simcore::View::Plan && fitting && fitting->value == 0;
                    const auto definedNone = [&](const QString& id) {
                        const simcore::Quantity* q = report.find(id.toStdString());
                        return q ? q->unit != simcore::Unit::Word && !std::isfinite(q->value)
                                 : nothingFits;
                    };
                    INFO("quantities " << rows[i].quantities.join(QLatin1Char(' ')).toStdString());
                    CHECK(std::any_of(rows[i].quantities.begin(), rows[i].quantities.end(),
                                      definedNone));
                }
            }
        }
    }
}

// Every scenario above, ring and hierarchical. Where the two models are not meant to agree, the
// scenario is left out of the list: the mis-wired node for N < 8 (its ring of GPUs 0 … N−1 never
// reaches GPU 7, so Topology follows the actual ring on NVSwitch, while Scaling and Communication
// price a uniform node at the node's slowest ring hop, PCIe). An imported node with fewer NICs
// than GPUs would differ in the hierarchical rings across nodes (Topology shares the node's NICs,
// the others read hardware.inter_* per GPU); none is listed. Scenarios one model refuses (more
// GPUs than the wiring has) are skipped.
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

TEST_CASE("every key's editor is found by its key and announced by its label",
          "[ui][reports][keys]")
{
    // One description per key (ui/kit/keytexts): a screen reader hears "Worker count N", not
    // "scaling.workers", and every panel shows the key with the same unit and decimals.
    ScenarioModel model;
    for (const auto& entry : panelEntries()) {
        if (!entry.createPanel) {
            continue;
        }
        std::unique_ptr<Panel> panel(entry.createPanel(&model, nullptr));
        int bound = 0;
        for (const auto& key : simcore::scenarioKeys()) {
            const QString name =
                QString::fromUtf8(key.name.data(), static_cast<qsizetype>(key.name.size()));
            QWidget* editor = panel->editorFor(name);
            if (!editor) {
                continue;
            }
            ++bound;
            const KeyText text = keyText(name);
            INFO(entry.id.toStdString() << ": " << name.toStdString());
            CHECK(editor->accessibleName() == accessibleLabel(text.label));
            CHECK(editor->accessibleName() != name);
            CHECK_FALSE(editor->accessibleName().contains(QLatin1Char('&')));
            CHECK(editor->toolTip() == text.tip);
            if (const auto* field = qobject_cast<NumberField*>(editor)) {
                CHECK(field->suffix() == text.suffix);
                CHECK(field->decimals() == text.decimals);
            }
        }
        INFO(entry.id.toStdString());
        CHECK(bound >= 3); // every panel edits keys
    }
}
