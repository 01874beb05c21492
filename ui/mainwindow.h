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
/// status bar: scenario files (open, save, recent, unsaved-changes marker), undo/redo, export.
/// Panels not built yet say so instead of pretending.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const simcore::Scenario& scenario = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    [[nodiscard]] ScenarioModel* model() const { return m_model; }
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    /// The panel with that id, or null when it is not built yet.
    [[nodiscard]] Panel* panel(const QString& id) const;
    /// The six tab ids in order (scaling … checkpoint).
    [[nodiscard]] static QStringList panelIds();
    /// Makes the tab with that id current; false for an unknown id.
    bool showPanel(const QString& id);

    /// The scenario file the window edits, or empty for an unsaved scenario.
    [[nodiscard]] QString scenarioPath() const { return m_scenarioPath; }
    /// Opens a scenario file as one undoable step. Returns a translated error, or empty; on error
    /// nothing changes.
    QString openScenario(const QString& path);
    /// Saves to `path` atomically and makes it the window's file. Returns a translated error.
    QString saveScenario(const QString& path);
    /// Whether the scenario has changed since it was opened or saved.
    [[nodiscard]] bool hasUnsavedChanges() const;

    /// Exports the current panel's charts (what the toolbar button and File menu do).
    void exportCurrentPanel();
    /// Puts the current panel's charts on the clipboard as an image (2× for crisp slides).
    bool copyCurrentChart();

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void buildPanels();
    void buildActions();
    void retranslate();
    void resetToDefaults();
    void showAbout();
    void exportAllWithDialog();
    void openWithDialog();
    bool saveWithDialog();
    bool save();
    /// Asks "save changes?" when there are unsaved changes; false when the user cancels.
    bool maybeSave();
    void setScenarioPath(const QString& path);
    void addRecentFile(const QString& path);
    void updateRecentMenu();
    void updateTitle();

    ScenarioModel* m_model;
    QTabWidget* m_tabs = nullptr;
    QList<Panel*> m_panels;
    QList<QLabel*> m_placeholders;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QList<QAction*> m_languageActions;
    QToolBar* m_toolBar = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_exportAllAction = nullptr;
    QAction* m_copyChartAction = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    QAction* m_resetAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_aboutQtAction = nullptr;
    QList<QAction*> m_panelActions;
    QString m_lastExportFolder;
    QString m_scenarioPath;
};

} // namespace dtsim::ui
