#include "ui/shell/panelregistry.h"

#include "ui/panels/checkpoint/checkpointcharts.h"
#include "ui/panels/checkpoint/checkpointpanel.h"
#include "ui/panels/communication/communicationcharts.h"
#include "ui/panels/communication/communicationpanel.h"
#include "ui/panels/memory/memorycharts.h"
#include "ui/panels/memory/memorypanel.h"
#include "ui/panels/parallelism/parallelismdiagram.h"
#include "ui/panels/parallelism/parallelismpanel.h"
#include "ui/panels/parallelism/pipelineview.h"
#include "ui/panels/plan/plancharts.h"
#include "ui/panels/plan/planpanel.h"
#include "ui/panels/scaling/scalingcharts.h"
#include "ui/panels/scaling/scalingpanel.h"
#include "ui/panels/scaling/validationview.h"
#include "ui/panels/topology/topologydiagram.h"
#include "ui/panels/topology/topologypanel.h"

namespace dtsim::ui {

namespace {

template <typename PanelType> Panel* makePanel(ScenarioModel* model, QWidget* parent)
{
    return new PanelType(model, parent);
}

template <typename AreaType> std::unique_ptr<ChartArea> makeArea()
{
    return std::make_unique<AreaType>();
}

std::vector<PanelEntry> buildEntries()
{
    // SPEC order of the tabs: Scaling, Memory, Parallelism, Communication, Topology, Checkpoint,
    // Plan.
    // Add a panel by adding one line here, in that order.
    return {
        {QStringLiteral("scaling"), &makePanel<ScalingPanel>, &makeArea<ScalingCharts>},
        {QStringLiteral("memory"), &makePanel<MemoryPanel>, &makeArea<MemoryCharts>},
        {QStringLiteral("parallelism"), &makePanel<ParallelismPanel>,
         &makeArea<ParallelismDiagram>},
        {QStringLiteral("communication"), &makePanel<CommunicationPanel>,
         &makeArea<CommunicationCharts>},
        {QStringLiteral("topology"), &makePanel<TopologyPanel>, &makeArea<TopologyDiagram>},
        {QStringLiteral("checkpoint"), &makePanel<CheckpointPanel>, &makeArea<CheckpointCharts>},
        {QStringLiteral("plan"), &makePanel<PlanPanel>, &makeArea<PlanCharts>},
        // Export-only views: their tabs are the Scaling panel's "Validation" view and the
        // Parallelism panel's "Pipeline" view.
        {QStringLiteral("validation"), nullptr, &makeArea<ValidationView>},
        {QStringLiteral("pipeline"), nullptr, &makeArea<PipelineView>},
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
