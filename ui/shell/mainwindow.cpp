#include "ui/shell/mainwindow.h"

#include "common/errortext.h"
#include "common/files.h"
#include "common/language.h"
#include "common/presets.h"
#include "common/scenariofile.h"
#include "common/settings.h"
#include "simcore/reports/importkeys.h"
#include "simcore/reports/importreport.h"
#include "ui/kit/appearance.h"
#include "ui/kit/chartarea.h"
#include "ui/kit/importtexts.h"
#include "ui/kit/panel.h"
#include "ui/kit/problemtext.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/scaling/scalingpanel.h"
#include "ui/shell/exportdialog.h"
#include "ui/shell/exporter.h"
#include "ui/shell/lessonguide.h"
#include "ui/shell/panelregistry.h"
#include "ui/shell/predictioncover.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QSlider>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

namespace dtsim::ui {

namespace {
/// The panels SPEC lists, in tab order; ids as `dtsim export --panel` spells them.
const QStringList kPanelIds = {QStringLiteral("scaling"),     QStringLiteral("memory"),
                               QStringLiteral("parallelism"), QStringLiteral("communication"),
                               QStringLiteral("topology"),    QStringLiteral("checkpoint"),
                               QStringLiteral("plan")};
const QString kRecentFilesKey = QStringLiteral("recentFiles");

} // namespace

MainWindow::MainWindow(const simcore::Scenario& scenario, std::optional<Theme> theme,
                       QWidget* parent)
    : QMainWindow(parent), m_model(new ScenarioModel(scenario, this))
{
    setObjectName(QStringLiteral("dtsimMainWindow"));
    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    setLabelSizedFont(m_tabs->tabBar());
    setCentralWidget(m_tabs);
    buildTabs();
    buildActions(theme);
    buildLessonGuide();
    keepShortcutsWithoutBars();
    retranslate();
    m_lastExportFolder = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (m_lastExportFolder.isEmpty()) {
        m_lastExportFolder = QDir::homePath();
    }
    statusBar()->showMessage(tr("Ready"), 3000);
    resize(initialSize(screen()->availableGeometry().size()));
    // A settings file of gigabytes is set aside before anything parses it (said once).
    common::guardSettingsFiles();
    if (const QString notice = common::takeSettingsNotice(); !notice.isEmpty()) {
        showSettingsNotice(notice);
    }
    const QSettings settings;
    restoreGeometry(
        common::boundedSetting(settings, QStringLiteral("window/geometry")).toByteArray());
    connect(m_model->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    updateRecentMenu();
    updateTitle();
}

QSize MainWindow::initialSize(const QSize& available)
{
    // A classroom projector's 1280×800 where there is room. Before the first show the window
    // manager's frame is unknown: a title bar and borders are allowed for, so a 1366×768 laptop
    // does not get a window taller than its screen.
    const QSize frame(8, 40);
    return QSize(1280, 800).boundedTo(available - frame);
}

MainWindow::~MainWindow()
{
    // The undo stack outlives this class's part of the object (it is a grandchild): it must not
    // call back into it while the QObject destructor clears the stack.
    disconnect(m_model->undoStack(), nullptr, this, nullptr);
    // Closing the window hides the lesson dock after this class's part is gone: its
    // visibilityChanged and its action's toggled must not reach the cover or the panels then.
    disconnect(m_lessonDock, nullptr, this, nullptr);
    disconnect(m_lessonDock->toggleViewAction(), nullptr, this, nullptr);
}

void MainWindow::buildTabs()
{
    // Empty pages: each panel is built when its tab is first shown. Building all six up front
    // cost ~100–150 ms of cold start for tabs the user may never open (BENCHMARKS.md).
    for (qsizetype i = 0; i < kPanelIds.size(); ++i) {
        auto* page = new QWidget;
        auto* layout = new QVBoxLayout(page);
        layout->setContentsMargins(0, 0, 0, 0);
        m_tabs->addTab(page, QString());
        m_panels << nullptr;
    }
}

Panel* MainWindow::ensurePanel(qsizetype index)
{
    if (index < 0 || index >= m_panels.size()) {
        return nullptr;
    }
    if (m_panels[index]) {
        return m_panels[index];
    }
    const PanelEntry* entry = findPanelEntry(kPanelIds[index]);
    if (!entry || !entry->createPanel) {
        return nullptr;
    }
    QWidget* page = m_tabs->widget(static_cast<int>(index));
    Panel* panel = entry->createPanel(m_model, page);
    panel->setActive(index == m_tabs->currentIndex());
    panel->setGuideOpen(m_lessonDock != nullptr && m_lessonDock->isVisible());
    connect(panel, &Panel::exportRequested, this, &MainWindow::exportCurrentPanel);
    m_panels[index] = panel;
    page->layout()->addWidget(panel);
    panel->show(); // a child added to a shown page is otherwise shown only on the next pass
    return panel;
}

void MainWindow::activateCurrentPanel()
{
    const int current = m_tabs->currentIndex();
    if (isVisible()) {
        ensurePanel(current);
    }
    for (qsizetype i = 0; i < m_panels.size(); ++i) {
        if (m_panels[i]) {
            m_panels[i]->setActive(i == current);
        }
    }
}

void MainWindow::showEvent(QShowEvent* event)
{
    activateCurrentPanel(); // before the first paint: the window never shows an empty tab
    QMainWindow::showEvent(event);
}

QStringList MainWindow::panelIds()
{
    return kPanelIds;
}

bool MainWindow::showPanel(const QString& id)
{
    const auto index = kPanelIds.indexOf(id);
    if (index < 0) {
        return false;
    }
    m_tabs->setCurrentIndex(static_cast<int>(index));
    return true;
}

Panel* MainWindow::panel(const QString& id)
{
    return ensurePanel(kPanelIds.indexOf(id));
}

Panel* MainWindow::currentPanel()
{
    return ensurePanel(m_tabs->currentIndex());
}

bool MainWindow::isPanelBuilt(const QString& id) const
{
    const auto index = kPanelIds.indexOf(id);
    return index >= 0 && m_panels[index] != nullptr;
}

void MainWindow::buildActions(std::optional<Theme> sessionTheme)
{
    m_openAction = new QAction(themeIcon(QStringLiteral("document-open")), QString(), this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openWithDialog);
    m_saveAction = new QAction(themeIcon(QStringLiteral("document-save")), QString(), this);
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::save);
    m_saveAsAction = new QAction(this);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveWithDialog);
    m_importMeasurementsAction = new QAction(this);
    connect(m_importMeasurementsAction, &QAction::triggered, this,
            &MainWindow::importMeasurementsWithDialog);
    // Own actions rather than QUndoStack's, whose "Undo"/"Redo" prefix would not follow a
    // language switch.
    QUndoStack* stack = m_model->undoStack();
    m_undoAction = new QAction(themeIcon(QStringLiteral("edit-undo")), QString(), this);
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_undoAction->setEnabled(false);
    connect(m_undoAction, &QAction::triggered, stack, &QUndoStack::undo);
    connect(stack, &QUndoStack::canUndoChanged, m_undoAction, &QAction::setEnabled);
    m_redoAction = new QAction(themeIcon(QStringLiteral("edit-redo")), QString(), this);
    m_redoAction->setShortcut(QKeySequence::Redo);
    m_redoAction->setEnabled(false);
    connect(m_redoAction, &QAction::triggered, stack, &QUndoStack::redo);
    connect(stack, &QUndoStack::canRedoChanged, m_redoAction, &QAction::setEnabled);
    connect(stack, &QUndoStack::undoTextChanged, this, &MainWindow::updateUndoTexts);
    connect(stack, &QUndoStack::redoTextChanged, this, &MainWindow::updateUndoTexts);

    m_exportAction = new QAction(themeIcon(QStringLiteral("document-save-as")), QString(), this);
    m_exportAction->setShortcut(Qt::CTRL | Qt::Key_E);
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportCurrentPanel);

    m_exportAllAction = new QAction(this);
    connect(m_exportAllAction, &QAction::triggered, this, &MainWindow::exportAllWithDialog);
    m_copyChartAction = new QAction(themeIcon(QStringLiteral("edit-copy")), QString(), this);
    m_copyChartAction->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_C);
    connect(m_copyChartAction, &QAction::triggered, this, &MainWindow::copyCurrentChart);

    m_resetAction = new QAction(themeIcon(QStringLiteral("edit-clear")), QString(), this);
    connect(m_resetAction, &QAction::triggered, this, &MainWindow::resetToDefaults);

    m_quitAction = new QAction(themeIcon(QStringLiteral("application-exit")), QString(), this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_aboutAction = new QAction(this);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);
    m_aboutQtAction = new QAction(this);
    connect(m_aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);

    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_openAction);
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_presetMenu = m_fileMenu->addMenu(QString());
    m_fileMenu->addAction(m_saveAction);
    m_fileMenu->addAction(m_saveAsAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_importMeasurementsAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_exportAction);
    m_fileMenu->addAction(m_exportAllAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);

    m_editMenu = menuBar()->addMenu(QString());
    m_editMenu->addAction(m_undoAction);
    m_editMenu->addAction(m_redoAction);
    m_editMenu->addSeparator();
    m_editMenu->addAction(m_copyChartAction);
    m_editMenu->addSeparator();
    m_editMenu->addAction(m_resetAction);

    m_viewMenu = menuBar()->addMenu(QString());
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto* action = new QAction(this);
        action->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        connect(action, &QAction::triggered, this, [this, i] { m_tabs->setCurrentIndex(i); });
        m_viewMenu->addAction(action);
        m_panelActions << action;
    }

    m_viewMenu->addSeparator();
    m_languageMenu = m_viewMenu->addMenu(QString());
    auto* languages = new QActionGroup(this);
    for (const QString& code : common::availableLanguages()) {
        // Each language is named in itself, so it can be found whatever language is showing.
        QAction* action = m_languageMenu->addAction(common::languageName(code));
        action->setCheckable(true);
        action->setData(code);
        languages->addAction(action);
        m_languageActions << action;
        connect(action, &QAction::triggered, this, [this, code] {
            if (common::setLanguage(code)) {
                QSettings settings;
                settings.setValue(QStringLiteral("language"), code);
                saveSettings(settings);
            }
        });
    }

    m_helpMenu = menuBar()->addMenu(QString());
    m_shortcutsAction = new QAction(this);
    m_shortcutsAction->setShortcut(QKeySequence::HelpContents);
    connect(m_shortcutsAction, &QAction::triggered, this, &MainWindow::showShortcuts);
    m_helpMenu->addAction(m_shortcutsAction);
    m_helpMenu->addSeparator();
    m_helpMenu->addAction(m_aboutAction);
    m_helpMenu->addAction(m_aboutQtAction);

    m_toolBar = addToolBar(QString());
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toolBar->addAction(m_openAction);
    m_toolBar->addAction(m_saveAction);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_undoAction);
    m_toolBar->addAction(m_redoAction);
    m_toolBar->addAction(m_resetAction);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_exportAction);
    buildAppearanceMenus(sessionTheme);

    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::activateCurrentPanel);
}

void MainWindow::retranslate()
{
    updateTitle();
    const QStringList titles = {tr("Scaling"),       tr("Memory"),   tr("Parallelism"),
                                tr("Communication"), tr("Topology"), tr("Checkpoint"),
                                tr("Plan")};
    const QStringList lessons = {
        tr("Scaling: why adding GPUs speeds a step up, and where it starts to slow it down."),
        tr("Memory: where the bytes of training go on each GPU (lesson §1)."),
        tr("Parallelism: data, tensor and pipeline parallelism, and pipeline schedules "
           "(lesson §2)."),
        tr("Communication: ring all-reduce step by step, and how collectives scale (lesson §3)."),
        tr("Topology: how GPUs are wired, and why the slowest link bounds the all-reduce."),
        tr("Checkpoint: how often to save, and what failures cost a long run (lesson §3)."),
        tr("Plan: the fastest layout that fits on your cluster, and what the run costs.")};
    for (int i = 0; i < m_tabs->count(); ++i) {
        m_tabs->setTabText(i, titles.value(i));
        m_panelActions.value(i)->setText(tr("&%1 %2").arg(i + 1).arg(titles.value(i)));
        m_tabs->setTabToolTip(i, lessons.value(i));
    }
    m_fileMenu->setTitle(tr("&File"));
    m_recentMenu->setTitle(tr("Open &recent"));
    m_presetMenu->setTitle(tr("&Presets"));
    updatePresetMenu();
    m_editMenu->setTitle(tr("&Edit"));
    m_openAction->setText(tr("&Open scenario…"));
    m_openAction->setToolTip(tr("Open a scenario file (.json) saved by dtsim (Ctrl+O)."));
    m_saveAction->setText(tr("&Save scenario"));
    m_saveAction->setToolTip(tr("Save every parameter to the scenario file (Ctrl+S)."));
    m_saveAsAction->setText(tr("Save scenario &as…"));
    m_importMeasurementsAction->setText(tr("&Import measurements…"));
    m_importMeasurementsAction->setToolTip(
        tr("Read step times you measured (a CSV of workers,seconds, one run per line) and draw "
           "them over the Scaling panel's model."));
    updateUndoTexts();
    m_viewMenu->setTitle(tr("&View"));
    m_languageMenu->setTitle(tr("&Language"));
    m_themeMenu->setTitle(tr("&Theme"));
    const QStringList themeTexts = {tr("Follow the &system"), tr("&Light"), tr("&Dark")};
    for (qsizetype i = 0; i < m_themeActions.size(); ++i) {
        m_themeActions[i]->setText(themeTexts.value(i));
    }
    m_scaleMenu->setTitle(tr("Presentation &size"));
    for (QAction* action : m_scaleActions) {
        action->setText(tr("%1 %").arg(qRound(action->data().toDouble() * 100)));
    }
    m_presentationAction->setText(tr("&Presentation mode"));
    m_presentationAction->setToolTip(
        tr("Full screen with larger text and a high-contrast palette for a projector (F5; Esc "
           "leaves). Arrow keys, Page Up/Down, Home and End move the worker slider."));
    m_shortcutsAction->setText(tr("&Keyboard shortcuts"));
    m_lessonDock->setWindowTitle(tr("Lesson guide"));
    m_lessonDock->toggleViewAction()->setText(tr("&Lesson guide"));
    m_lessonDock->toggleViewAction()->setToolTip(
        tr("Walk through the lesson step by step: each step opens its panel and asks you to "
           "predict a number before it reveals the answer (F2)."));
    for (QAction* action : m_languageActions) {
        action->setChecked(action->data().toString() == common::currentLanguage());
    }
    m_helpMenu->setTitle(tr("&Help"));
    m_toolBar->setWindowTitle(tr("Main toolbar"));
    m_exportAction->setText(tr("&Export charts…"));
    m_exportAction->setToolTip(
        tr("Export the current panel's charts as PNG, SVG or PDF, or their data as CSV (Ctrl+E)."));
    m_exportAllAction->setText(tr("Export &all panels…"));
    m_exportAllAction->setToolTip(
        tr("Write every panel's charts into one folder as PNG, SVG or PDF, with a CSV of the "
           "data beside each."));
    m_copyChartAction->setText(tr("&Copy chart"));
    m_copyChartAction->setToolTip(
        tr("Copy the current panel's charts to the clipboard as an image, ready to paste into "
           "a slide (Ctrl+Shift+C)."));
    m_resetAction->setText(tr("&Reset all"));
    m_resetAction->setToolTip(tr("Put every parameter back to the lesson's default values."));
    m_quitAction->setText(tr("&Quit"));
    m_aboutAction->setText(tr("&About dtsim"));
    m_aboutQtAction->setText(tr("About &Qt"));
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        // Widgets keep the locale they were built with: every spin box would go on writing
        // "20.000 ms" in Vietnamese, read there as twenty thousand. Setting it here passes the
        // new one down to every child that has none of its own.
        setLocale(QLocale());
        m_model->retranslateUndoTexts();
        retranslate();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::exportCurrentPanel()
{
    Panel* current = currentPanel();
    if (!current) {
        return;
    }
    const QString suggested =
        QDir(m_lastExportFolder).filePath(QStringLiteral("dtsim-%1.png").arg(current->exportId()));
    ExportDialog dialog(suggested, this);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const QString path = dialog.path();
    // A large picture takes seconds to draw: say so before the window stops answering.
    statusBar()->showMessage(tr("Exporting %1…").arg(QDir::toNativeSeparators(path)));
    statusBar()->repaint();
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QStringList written;
    const QString error =
        exportPanel(current->exportId(), m_model->scenario(), path, dialog.options(), &written);
    QApplication::restoreOverrideCursor();
    statusBar()->clearMessage();
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Export failed"), error);
        return;
    }
    m_lastExportFolder = QFileInfo(path).absolutePath();
    QStringList shown;
    for (const QString& file : written) {
        shown << QDir::toNativeSeparators(file);
    }
    statusBar()->showMessage(tr("Exported %1").arg(shown.join(QStringLiteral(", "))), 8000);
}

void MainWindow::resetToDefaults()
{
    m_model->setScenario(simcore::Scenario{}, tr("Reset all"));
    statusBar()->showMessage(tr("All parameters are back to the lesson defaults."), 5000);
}

void MainWindow::showAbout()
{
    QMessageBox::about(
        this, tr("About dtsim"),
        tr("<h3>dtsim %1</h3><p>Distributed Training Simulator: why training a large neural "
           "network on many GPUs is fast, slow or impossible.</p><p>Every number comes from a "
           "documented model with its published source.</p>")
            .arg(QApplication::applicationVersion()));
}

QString MainWindow::openScenario(const QString& path)
{
    const auto loaded = common::loadScenarioFile(path);
    if (!loaded.scenario) {
        return loaded.error;
    }
    m_model->setScenario(*loaded.scenario, tr("Open %1").arg(QFileInfo(path).fileName()));
    m_model->undoStack()->setClean();
    setScenarioPath(path);
    addRecentFile(path);
    return {};
}

QString MainWindow::saveScenario(const QString& path)
{
    if (QString error = common::saveScenarioFile(path, m_model->scenario()); !error.isEmpty()) {
        return error;
    }
    m_model->undoStack()->setClean();
    setScenarioPath(path);
    addRecentFile(path);
    return {};
}

bool MainWindow::hasUnsavedChanges() const
{
    return !m_model->undoStack()->isClean();
}

void MainWindow::openWithDialog()
{
    if (!maybeSave()) {
        return;
    }
    const QString folder =
        m_scenarioPath.isEmpty() ? QDir::homePath() : QFileInfo(m_scenarioPath).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open scenario"), folder, tr("dtsim scenarios (*.json);;All files (*)"));
    if (path.isEmpty()) {
        return;
    }
    if (const QString error = openScenario(path); !error.isEmpty()) {
        QMessageBox::warning(this, tr("Could not open the scenario"), error);
        return;
    }
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
}

QString MainWindow::importMeasurements(const QString& path)
{
    const QString file = QFileInfo(path).fileName();
    const common::FileRead read = common::readWholeFile(path, common::kMaxMeasurementLogBytes);
    if (const QString problem = fileReadProblem(read, path); !problem.isEmpty()) {
        return problem;
    }
    const auto report = simcore::stepTimesImportReport(
        {path.toStdString(), file.toStdString(),
         std::string_view(read.bytes->constData(), static_cast<std::size_t>(read.bytes->size()))});
    if (report.error && report.points.empty()) {
        return importErrorText(path, *report.error);
    }
    // What `dtsim import step-times` proposes: the lesson constants fitted to the points (when
    // three worker counts or more allow a fit) and the points, drawn over the model.
    const simcore::AppliedGroups applied =
        simcore::applyGroups(m_model->scenario(), report.proposed);
    if (!applied.problems.empty()) {
        return describeProblem(applied.problems.front());
    }
    m_model->setScenario(applied.scenario, tr("Import measurements: %1").arg(file));
    showPanel(QStringLiteral("scaling"));
    return {};
}

void MainWindow::importMeasurementsWithDialog()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Import measured step times"), QString(),
                                     tr("CSV files (*.csv *.txt);;All files (*)"));
    if (path.isEmpty()) {
        return;
    }
    if (const QString error = importMeasurements(path); !error.isEmpty()) {
        QMessageBox::warning(this, tr("Could not import the measurements"), error);
        return;
    }
    statusBar()->showMessage(tr("Imported %1").arg(QDir::toNativeSeparators(path)), 5000);
}

bool MainWindow::save()
{
    if (m_scenarioPath.isEmpty()) {
        return saveWithDialog();
    }
    if (const QString error = saveScenario(m_scenarioPath); !error.isEmpty()) {
        QMessageBox::warning(this, tr("Could not save the scenario"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(m_scenarioPath)), 5000);
    return true;
}

bool MainWindow::saveWithDialog()
{
    const QString suggested = m_scenarioPath.isEmpty()
                                  ? QDir::home().filePath(QStringLiteral("scenario.json"))
                                  : m_scenarioPath;
    QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"), suggested,
                                                tr("dtsim scenarios (*.json)"));
    if (path.isEmpty()) {
        return false;
    }
    if (QFileInfo(path).suffix().isEmpty()) {
        path += QStringLiteral(".json");
    }
    if (const QString error = saveScenario(path); !error.isEmpty()) {
        QMessageBox::warning(this, tr("Could not save the scenario"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

bool MainWindow::maybeSave()
{
    if (!hasUnsavedChanges()) {
        return true;
    }
    const auto answer = QMessageBox::question(
        this, tr("Save changes?"),
        tr("The scenario has changes that are not saved. Save them before going on?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        return save();
    }
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("lastScenario"), m_scenarioPath);
    saveSettings(settings);
    event->accept();
}

void MainWindow::saveSettings(QSettings& settings)
{
    const QString problem = common::saveSettings(settings);
    if (problem.isEmpty() || m_settingsSaveFailed) {
        return;
    }
    m_settingsSaveFailed = true;
    showSettingsNotice(problem);
}

void MainWindow::showSettingsNotice(const QString& text)
{
    if (!m_settingsNotice) {
        m_settingsNotice = new QLabel;
        m_settingsNotice->setObjectName(QStringLiteral("settingsNotice"));
        m_settingsNotice->setWordWrap(true);
        m_settingsNotice->setTextFormat(Qt::PlainText);
        statusBar()->addPermanentWidget(m_settingsNotice, 1);
    }
    m_settingsNotice->setText(text);
    m_settingsNotice->setAccessibleName(text);
    m_settingsNotice->show();
    ++m_settingsNoticesShown;
}

void MainWindow::setScenarioPath(const QString& path)
{
    m_scenarioPath = path;
    updateTitle();
}

void MainWindow::addRecentFile(const QString& path)
{
    QSettings settings;
    QStringList files = common::boundedFileList(settings, kRecentFilesKey);
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > common::kMaxRecentFiles) {
        files.removeLast();
    }
    settings.setValue(kRecentFilesKey, files);
    saveSettings(settings);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = common::boundedFileList(QSettings(), kRecentFilesKey);
    for (const QString& path : files) {
        QAction* action = m_recentMenu->addAction(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] {
            if (!maybeSave()) {
                return;
            }
            if (const QString error = openScenario(path); !error.isEmpty()) {
                QMessageBox::warning(this, tr("Could not open the scenario"), error);
            }
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::updateTitle()
{
    const QString name =
        m_scenarioPath.isEmpty() ? tr("Untitled scenario") : QFileInfo(m_scenarioPath).fileName();
    // Qt replaces [*] with the platform's unsaved-changes marker.
    setWindowTitle(tr("%1[*] — dtsim, Distributed Training Simulator").arg(name));
    setWindowModified(hasUnsavedChanges());
}

bool MainWindow::copyCurrentChart()
{
    Panel* current = currentPanel();
    if (!current) {
        return false;
    }
    ExportOptions options;
    options.scale = 2.0;
    const QImage image = renderPanel(current->exportId(), m_model->scenario(), options);
    if (image.isNull()) {
        statusBar()->showMessage(tr("Could not draw the chart for the clipboard."), 5000);
        return false;
    }
    QGuiApplication::clipboard()->setImage(image);
    statusBar()->showMessage(
        tr("Chart copied to the clipboard (%1×%2 pixels).").arg(image.width()).arg(image.height()),
        5000);
    return true;
}

void MainWindow::exportAllWithDialog()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Export all panels into a folder"), m_lastExportFolder);
    if (folder.isEmpty()) {
        return;
    }
    const QStringList formats = {tr("PNG (pictures for slides)"), tr("SVG (vector)"),
                                 tr("PDF (vector, for print)")};
    bool chosen = false;
    const QString format = QInputDialog::getItem(this, tr("Export all panels"),
                                                 tr("Picture format:"), formats, 0, false, &chosen);
    if (!chosen) {
        return;
    }
    const ExportFormat exportFormat = format == formats[0]   ? ExportFormat::Png
                                      : format == formats[1] ? ExportFormat::Svg
                                                             : ExportFormat::Pdf;
    ExportOptions options;
    options.scale = exportFormat == ExportFormat::Png ? 2.0 : 1.0;
    QStringList written;
    statusBar()->showMessage(
        tr("Exporting every panel into %1…").arg(QDir::toNativeSeparators(folder)));
    statusBar()->repaint();
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const QString error =
        exportAllPanels(m_model->scenario(), folder, exportFormat, options, &written);
    QApplication::restoreOverrideCursor();
    statusBar()->clearMessage();
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Export failed"), error);
        return;
    }
    m_lastExportFolder = folder;
    statusBar()->showMessage(
        tr("Wrote %1 files into %2").arg(written.size()).arg(QDir::toNativeSeparators(folder)),
        8000);
}

void MainWindow::buildAppearanceMenus(std::optional<Theme> sessionTheme)
{
    QSettings settings;
    Appearance appearance = currentAppearance();
    appearance.theme = sessionTheme.value_or(
        themeFromName(common::boundedSetting(settings, QStringLiteral("theme")).toString()));
    // 125 % by default: at 150 % a 1280×800 projector no longer fits the charts' legends.
    const double scale =
        common::boundedSetting(settings, QStringLiteral("presentationScale"), 1.25).toDouble();
    for (double offered : kPresentationScales) {
        if (offered == scale) {
            appearance.presentationScale = scale;
        }
    }
    appearance.presentation = false;
    if (!(appearance == currentAppearance())) {
        applyAppearance(appearance);
    }

    m_themeMenu = m_viewMenu->addMenu(QString());
    auto* themes = new QActionGroup(this);
    for (Theme theme : {Theme::System, Theme::Light, Theme::Dark}) {
        QAction* action = m_themeMenu->addAction(QString());
        action->setCheckable(true);
        action->setChecked(theme == appearance.theme);
        themes->addAction(action);
        m_themeActions << action;
        connect(action, &QAction::triggered, this, [this, theme] {
            Appearance changed = currentAppearance();
            changed.theme = theme;
            applyAppearance(changed);
            QSettings settings;
            settings.setValue(QStringLiteral("theme"), themeName(theme));
            saveSettings(settings);
        });
    }

    m_viewMenu->addSeparator();
    m_presentationAction = m_viewMenu->addAction(QString());
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(Qt::Key_F5);
    m_presentationAction->setIcon(themeIcon(QStringLiteral("view-fullscreen")));
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_presentationAction);

    m_scaleMenu = m_viewMenu->addMenu(QString());
    auto* scales = new QActionGroup(this);
    for (double offered : kPresentationScales) {
        QAction* action = m_scaleMenu->addAction(QString());
        action->setCheckable(true);
        action->setData(offered);
        action->setChecked(offered == appearance.presentationScale);
        scales->addAction(action);
        m_scaleActions << action;
        connect(action, &QAction::triggered, this, [this, offered] {
            Appearance changed = currentAppearance();
            changed.presentationScale = offered;
            applyAppearance(changed);
            QSettings settings;
            settings.setValue(QStringLiteral("presentationScale"), offered);
            saveSettings(settings);
        });
    }

    auto addKey = [this](const QKeySequence& key, auto handler) {
        auto* action = new QAction(this);
        action->setShortcut(key);
        action->setEnabled(false);
        connect(action, &QAction::triggered, this, handler);
        addAction(action);
        m_presentationKeys << action;
    };
    addKey(Qt::Key_Escape, [this] { m_presentationAction->setChecked(false); });
    const std::pair<Qt::Key, QAbstractSlider::SliderAction> keys[] = {
        {Qt::Key_Right, QAbstractSlider::SliderSingleStepAdd},
        {Qt::Key_Up, QAbstractSlider::SliderSingleStepAdd},
        {Qt::Key_Left, QAbstractSlider::SliderSingleStepSub},
        {Qt::Key_Down, QAbstractSlider::SliderSingleStepSub},
        {Qt::Key_PageUp, QAbstractSlider::SliderPageStepAdd},
        {Qt::Key_PageDown, QAbstractSlider::SliderPageStepSub},
        {Qt::Key_Home, QAbstractSlider::SliderToMinimum},
        {Qt::Key_End, QAbstractSlider::SliderToMaximum}};
    for (const auto& [key, sliderAction] : keys) {
        addKey(key, [this, sliderAction] { stepWorkerSlider(sliderAction); });
    }
}

void MainWindow::stepWorkerSlider(int action)
{
    auto* scaling = qobject_cast<ScalingPanel*>(panel(QStringLiteral("scaling")));
    if (!scaling) {
        return;
    }
    showPanel(QStringLiteral("scaling"));
    scaling->workerSlider()->triggerAction(static_cast<QAbstractSlider::SliderAction>(action));
}

void MainWindow::setPresentationMode(bool on)
{
    if (m_presentationAction->isChecked() != on) {
        m_presentationAction->setChecked(on); // comes back here through toggled
        return;
    }
    Appearance appearance = currentAppearance();
    appearance.presentation = on;
    applyAppearance(appearance);
    for (QAction* key : m_presentationKeys) {
        key->setEnabled(on);
    }
    // A projector's 800 rows are the charts': the bars' ~90 px go, their keys stay
    // (keepShortcutsWithoutBars). The tool bar comes back only if it was shown before.
    if (on) {
        m_toolBarWasShown = !m_toolBar->isHidden();
    }
    menuBar()->setVisible(!on);
    m_toolBar->setVisible(!on && m_toolBarWasShown);
    if (on) {
        showFullScreen();
        statusBar()->showMessage(tr("Presentation mode: Esc leaves, arrows move the worker "
                                    "slider, Ctrl+1…7 switch panels."),
                                 8000);
    } else {
        showNormal();
    }
}

void MainWindow::keepShortcutsWithoutBars()
{
    // A shortcut of an action only in a hidden menu or tool bar does nothing: presentation mode
    // hides both, and F5, Esc, F2, Ctrl+1…7 and Ctrl+Z must still answer there.
    QList<QAction*> pending = menuBar()->actions();
    pending << m_toolBar->actions();
    while (!pending.isEmpty()) {
        QAction* action = pending.takeFirst();
        if (QMenu* menu = action->menu()) {
            pending << menu->actions();
        } else if (!action->shortcut().isEmpty() && !actions().contains(action)) {
            addAction(action);
        }
    }
}

bool MainWindow::isPresentationMode() const
{
    return m_presentationAction->isChecked();
}

void MainWindow::showShortcuts()
{
    const QString rows =
        tr("<table cellspacing='6'>"
           "<tr><td><b>Ctrl+1 … Ctrl+7</b></td><td>Show a panel (Scaling … Plan)</td></tr>"
           "<tr><td><b>F5</b></td><td>Presentation mode on / off</td></tr>"
           "<tr><td><b>Esc</b></td><td>Leave presentation mode</td></tr>"
           "<tr><td><b>← → ↑ ↓, Page Up/Down, Home/End</b></td><td>Presentation mode: move the "
           "worker slider</td></tr>"
           "<tr><td><b>Ctrl+Z / Ctrl+Shift+Z</b></td><td>Undo / redo a parameter change</td></tr>"
           "<tr><td><b>Ctrl+O / Ctrl+S</b></td><td>Open / save a scenario file</td></tr>"
           "<tr><td><b>Ctrl+E</b></td><td>Export the current panel's charts</td></tr>"
           "<tr><td><b>Ctrl+Shift+C</b></td><td>Copy the current chart to the clipboard</td></tr>"
           "<tr><td><b>F1</b></td><td>This list</td></tr>"
           "</table>");
    QMessageBox::information(this, tr("Keyboard shortcuts"), rows);
}

QString MainWindow::loadPresetById(const QString& id)
{
    QString error;
    const auto scenario = common::loadPreset(id, &error);
    if (!scenario) {
        return error;
    }
    QString name = id;
    for (const auto& preset : common::presets()) {
        if (preset.id == id) {
            name = preset.name;
        }
    }
    m_model->setScenario(*scenario, tr("Load preset: %1").arg(name));
    // A preset is a document as it stands, like a file just opened: switching to the next one
    // has nothing to save (edits after it do).
    m_model->undoStack()->setClean();
    setScenarioPath(QString());
    statusBar()->showMessage(tr("Preset loaded: %1").arg(name), 5000);
    return {};
}

void MainWindow::updatePresetMenu()
{
    m_presetMenu->clear();
    for (const auto& preset : common::presets()) {
        QAction* action = m_presetMenu->addAction(preset.name);
        action->setToolTip(preset.description);
        action->setStatusTip(preset.description);
        const QString id = preset.id;
        connect(action, &QAction::triggered, this, [this, id] {
            if (!maybeSave()) {
                return;
            }
            if (const QString error = loadPresetById(id); !error.isEmpty()) {
                QMessageBox::warning(this, tr("Could not load the preset"), error);
            }
        });
    }
    m_presetMenu->setToolTipsVisible(true);
}

void MainWindow::buildLessonGuide()
{
    // The dock is hidden until F2: its guide (the lesson plan, each answer from a report) is
    // built when the dock is first shown, not at cold start.
    m_lessonDock = new QDockWidget(this);
    m_lessonDock->setObjectName(QStringLiteral("lessonDock"));
    m_lessonDock->setMinimumWidth(fontMetrics().horizontalAdvance(QString(36, QLatin1Char('n'))));
    addDockWidget(Qt::RightDockWidgetArea, m_lessonDock);
    m_lessonDock->hide();
    QAction* toggle = m_lessonDock->toggleViewAction();
    toggle->setShortcut(Qt::Key_F2);
    toggle->setIcon(themeIcon(QStringLiteral("help-contents")));
    m_viewMenu->insertAction(m_viewMenu->actions().value(0), toggle);
    m_toolBar->addAction(toggle);
    const auto foldPanels = [this](bool guideOpen) {
        for (Panel* panel : std::as_const(m_panels)) {
            if (panel != nullptr) {
                panel->setGuideOpen(guideOpen);
            }
        }
    };
    // F2 toggles the action before the dock shows: the panels narrow first, so the dock's width
    // is taken from them, never added to the window (which Qt would not narrow again).
    connect(toggle, &QAction::toggled, this, foldPanels);
    connect(m_lessonDock, &QDockWidget::visibilityChanged, this, [this, foldPanels](bool visible) {
        foldPanels(visible);
        if (visible) {
            // As narrow as its text allows: the width is the panels'.
            resizeDocks({m_lessonDock}, {m_lessonDock->minimumWidth()}, Qt::Horizontal);
        }
        // Closing the guide ends the question: the panels come back.
        predictionCover()->setQuestion(visible ? lessonGuide()->pendingQuestion() : QString());
    });
}

PredictionCover* MainWindow::predictionCover()
{
    if (m_predictionCover == nullptr) {
        // Over the pages, not the tab bar: the class may still look at another panel.
        auto* pages = m_tabs->findChild<QStackedWidget*>();
        m_predictionCover =
            new PredictionCover(pages != nullptr ? static_cast<QWidget*>(pages) : m_tabs);
    }
    return m_predictionCover;
}

LessonGuide* MainWindow::lessonGuide()
{
    if (auto* guide = qobject_cast<LessonGuide*>(m_lessonDock->widget())) {
        return guide;
    }
    auto* guide = new LessonGuide;
    m_lessonDock->setWidget(guide);
    connect(guide, &LessonGuide::showRequested, this,
            [this](const common::LessonPlanStep& step,
                   const std::optional<simcore::Scenario>& scenario, int number) {
                if (scenario) {
                    m_model->setScenario(*scenario, [number] {
                        return LessonGuide::tr("Lesson step %1").arg(number);
                    });
                }
                showPanel(step.panel);
                if (!step.shows.isEmpty()) {
                    currentPanel()->showView(step.shows);
                }
            });
    connect(guide, &LessonGuide::predictionPending, this, [this](const QString& question) {
        predictionCover()->setQuestion(m_lessonDock->isVisible() ? question : QString());
    });
    // The guide drives the lesson from its first step: that step's panel and settings.
    guide->setStep(0);
    predictionCover()->setQuestion(m_lessonDock->isVisible() ? guide->pendingQuestion()
                                                             : QString());
    return guide;
}

void MainWindow::updateUndoTexts()
{
    const QUndoStack* stack = m_model->undoStack();
    //: Edit menu; %1 is what would be undone, e.g. "Change scaling.workers"
    m_undoAction->setText(stack->canUndo() ? tr("&Undo: %1").arg(stack->undoText()) : tr("&Undo"));
    m_redoAction->setText(stack->canRedo() ? tr("&Redo: %1").arg(stack->redoText()) : tr("&Redo"));
    m_undoAction->setToolTip(tr("Undo the last parameter change (Ctrl+Z)."));
    m_redoAction->setToolTip(tr("Redo the change just undone (Ctrl+Shift+Z)."));
}

} // namespace dtsim::ui
