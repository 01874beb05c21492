#include "ui/panelregistry.h"

#include "ui/checkpointcharts.h"
#include "ui/checkpointpanel.h"
#include "ui/memorycharts.h"
#include "ui/memorypanel.h"
#include "ui/scalingcharts.h"
#include "ui/scalingpanel.h"

namespace dtsim::ui {

namespace {

template <typename PanelType> Panel* makePanel(ScenarioModel* model)
{
    return new PanelType(model);
}

template <typename AreaType> std::unique_ptr<ChartArea> makeArea()
{
    return std::make_unique<AreaType>();
}

std::vector<PanelEntry> buildEntries()
{
    // SPEC order of the tabs: Scaling, Memory, Parallelism, Communication, Topology, Checkpoint.
    // Add a panel by adding one line here, in that order.
    return {
        {QStringLiteral("scaling"), &makePanel<ScalingPanel>, &makeArea<ScalingCharts>},
        {QStringLiteral("memory"), &makePanel<MemoryPanel>, &makeArea<MemoryCharts>},
        {QStringLiteral("checkpoint"), &makePanel<CheckpointPanel>, &makeArea<CheckpointCharts>},
    };
}

} // namespace

const std::vector<PanelEntry>& panelEntries()
{
    static const std::vector<PanelEntry> entries = buildEntries();
    return entries;
}

const PanelEntry* findPanelEntry(const QString& id)
{
    for (const auto& entry : panelEntries()) {
        if (entry.id == id) {
            return &entry;
        }
    }
    return nullptr;
}

} // namespace dtsim::ui
