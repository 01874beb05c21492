#pragma once

#include "simcore/scenario/scenario.h"
#include "ui/kit/appearance.h"

#include <QMainWindow>
#include <optional>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QSettings;
class QTabWidget;
class QToolBar;

namespace dtsim::ui {

class LessonGuide;
class Panel;
class PredictionCover;
class ScenarioModel;

/// Six panels as tabs (Ctrl+1…6) around one shared ScenarioModel, with menus, a toolbar and a
/// status bar: scenario files (open, save, recent, unsaved-changes marker), undo/redo, export.
/// A panel is built the first time its tab is shown or asked for (cold start builds one, not six).
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// `theme`: this session's theme (given on the command line), not remembered; without it
    /// the theme chosen last time in the View menu.
    explicit MainWindow(const simcore::Scenario& scenario = {},
                        std::optional<Theme> theme = std::nullopt, QWidget* parent = nullptr);
    ~MainWindow() override;

    [[nodiscard]] ScenarioModel* model() const { return m_model; }
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    /// The panel with that id, built now if its tab has not been shown yet; null for an unknown id.
    [[nodiscard]] Panel* panel(const QString& id);
    /// The current tab's panel, built now if needed.
    [[nodiscard]] Panel* currentPanel();
    /// Whether the panel with that id has been built (tests: cold start builds only one).
    [[nodiscard]] bool isPanelBuilt(const QString& id) const;
    /// The six tab ids in order (scaling … checkpoint).
    [[nodiscard]] static QStringList panelIds();
    /// Makes the tab with that id current; false for an unknown id.
    bool showPanel(const QString& id);

    /// The scenario file the window edits, or empty for an unsaved scenario.
    [[nodiscard]] QString scenarioPath() const { return m_scenarioPath; }
    /// The "Lesson" guide's dock (hidden until View › Lesson guide).
    [[nodiscard]] QDockWidget* lessonDock() const { return m_lessonDock; }
    /// What covers the panels while the Lesson guide waits for a prediction (built on first use).
    [[nodiscard]] PredictionCover* predictionCover();
    /// The guide in the dock, built now if the dock has not been shown yet.
    LessonGuide* lessonGuide();
    /// Opens a scenario file as one undoable step. Returns a translated error, or empty; on error
    /// nothing changes.
    QString openScenario(const QString& path);
    /// Reads a CSV of measured step times (`workers,seconds`, simcore::parseStepTimes) into
    /// scaling.measured, one undo step, and shows the Scaling panel; the translated reason
    /// (naming the line) when the file is refused, and then nothing changes.
    QString importMeasurements(const QString& path);
    /// Replaces every parameter with a built-in preset's, as one undoable step; the scenario
    /// becomes untitled. Returns a translated error, or empty.
    QString loadPresetById(const QString& id);
    /// Saves to `path` atomically and makes it the window's file. Returns a translated error.
    QString saveScenario(const QString& path);
    /// Whether the scenario has changed since it was opened or saved.
    [[nodiscard]] bool hasUnsavedChanges() const;

    /// The size the window opens at on a screen with `available` room: 1280×800, or less with
    /// the window manager's frame around it.
    [[nodiscard]] static QSize initialSize(const QSize& available);

    /// Exports the current panel's charts (what the toolbar button and File menu do).
    void exportCurrentPanel();
    /// Full screen, larger fonts and lines, a high-contrast palette; Esc leaves.
    void setPresentationMode(bool on);
    [[nodiscard]] bool isPresentationMode() const;

    /// Puts the current panel's charts on the clipboard as an image (2× for crisp slides).
    bool copyCurrentChart();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    friend struct TestAccess;
    /// Writes `settings` now; the first failure of the session is said (settingsNotice).
    void saveSettings(QSettings& settings);
    /// Shows a message about the settings in the status bar until the window closes.
    void showSettingsNotice(const QString& text);
    void buildTabs();
    /// Builds the panel of tab `index` into its page if it is not built yet.
    Panel* ensurePanel(qsizetype index);
    /// Builds the current tab's panel and makes only it redraw on scenario changes.
    void activateCurrentPanel();
    void buildActions(std::optional<Theme> sessionTheme);
    void retranslate();
    void resetToDefaults();
    void showAbout();
    void exportAllWithDialog();
    void buildAppearanceMenus(std::optional<Theme> sessionTheme);
    void showShortcuts();
    /// Presentation mode: arrow keys, Page Up/Down, Home/End move the Scaling panel's slider.
    void stepWorkerSlider(int action);
    void openWithDialog();
    void importMeasurementsWithDialog();
    bool saveWithDialog();
    bool save();
    /// Asks "save changes?" when there are unsaved changes; false when the user cancels.
    bool maybeSave();
    void setScenarioPath(const QString& path);
    void addRecentFile(const QString& path);
    void updateRecentMenu();
    void updateTitle();
    void updatePresetMenu();
    void updateUndoTexts();
    void buildLessonGuide();
    /// Adds every menu and tool bar action with a shortcut to the window itself.
    void keepShortcutsWithoutBars();

    ScenarioModel* m_model;
    QTabWidget* m_tabs = nullptr;
    QList<Panel*> m_panels; ///< by tab index; null until the tab is first shown or asked for
    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_presetMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_themeMenu = nullptr;
    QMenu* m_scaleMenu = nullptr;
    QAction* m_presentationAction = nullptr;
    QAction* m_shortcutsAction = nullptr;
    QDockWidget* m_lessonDock = nullptr;
    PredictionCover* m_predictionCover = nullptr;
    QList<QAction*> m_themeActions;
    QList<QAction*> m_scaleActions;
    QList<QAction*> m_presentationKeys; ///< enabled only in presentation mode
    QList<QAction*> m_languageActions;
    QToolBar* m_toolBar = nullptr;
    bool m_toolBarWasShown = true; ///< before presentation mode hid it
    QAction* m_openAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_importMeasurementsAction = nullptr;
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
    QLabel* m_settingsNotice = nullptr; ///< a settings file set aside, or a failed save
    int m_settingsNoticesShown = 0;
    bool m_settingsSaveFailed = false; ///< said once a session
};

} // namespace dtsim::ui
