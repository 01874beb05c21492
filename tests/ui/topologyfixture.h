#pragma once
// The Topology panel with its own scenario, at the size the window gives it (tests/ui).

#include "ui/kit/scenariomodel.h"
#include "ui/panels/topology/topologydiagram.h"
#include "ui/panels/topology/topologypanel.h"

#include <QComboBox>

namespace testing {

struct TopologyFixture {
    dtsim::ui::ScenarioModel model;
    dtsim::ui::TopologyPanel panel{&model};
    TopologyFixture()
    {
        panel.resize(1280, 760);
        panel.diagram()->resize(880, 600);
    }
    QComboBox* presets() { return panel.choiceBox(QStringLiteral("topology.preset")); }
};

} // namespace testing
