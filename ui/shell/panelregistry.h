#pragma once
// The one list of panels and exportable views. The main window builds its tabs from it and
// `dtsim export` draws from it, so adding a panel is one entry in panelregistry.cpp.

#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

class QWidget;

namespace dtsim::ui {

class ChartArea;
class Panel;
class ScenarioModel;

struct PanelEntry {
    QString id; ///< as `dtsim export --panel` spells it
    /// The tab, or null for a view that only exists for export (its tab is another panel's).
    /// Built inside `parent` (the tab's page), so its widgets take their fonts and palette once.
    Panel* (*createPanel)(ScenarioModel* model, QWidget* parent) = nullptr;
    /// A fresh chart area that draws the view off screen.
    std::unique_ptr<ChartArea> (*createChartArea)() = nullptr;
};

/// Every built panel and export-only view, tab order first.
const std::vector<PanelEntry>& panelEntries();

/// The entry with that id, or null.
const PanelEntry* findPanelEntry(const QString& id);

} // namespace dtsim::ui
