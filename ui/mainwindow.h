#pragma once

#include "simcore/scenario.h"

#include <QMainWindow>

class QAction;
class QLabel;
class QMenu;
class QTabWidget;
class QToolBar;

namespace dtsim::ui {

class Panel;
class ScenarioModel;

/// Six panels as tabs (Ctrl+1…6) around one shared ScenarioModel, with menus, a toolbar and a
/// status bar. Panels not built yet say so instead of pretending.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const simcore::Scenario& scenario = {}, QWidget* parent = nullptr);

    [[nodiscard]] ScenarioModel* model() const { return m_model; }
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    /// The panel with that id, or null when it is not built yet.
    [[nodiscard]] Panel* panel(const QString& id) const;

    /// The six tab ids in order (scaling … checkpoint).
    [[nodiscard]] static QStringList panelIds();
    /// Makes the tab with that id current; false for an unknown id.
    bool showPanel(const QString& id);

    /// Exports the current panel's charts (what the toolbar button and File menu do).
    void exportCurrentPanel();

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildPanels();
    void buildActions();
    void retranslate();
    void resetToDefaults();
    void showAbout();

    ScenarioModel* m_model;
    QTabWidget* m_tabs = nullptr;
    QList<Panel*> m_panels;
    QList<QLabel*> m_placeholders;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QToolBar* m_toolBar = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_resetAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_aboutQtAction = nullptr;
    QList<QAction*> m_panelActions;
    QString m_lastExportFolder;
};

} // namespace dtsim::ui
