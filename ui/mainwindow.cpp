#include "ui/mainwindow.h"

#include "ui/chartarea.h"
#include "ui/exportdialog.h"
#include "ui/exporter.h"
#include "ui/panel.h"
#include "ui/panelregistry.h"
#include "ui/scenariomodel.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>

namespace dtsim::ui {

namespace {
/// The panels SPEC lists, in tab order; ids as `dtsim export --panel` spells them.
const QStringList kPanelIds = {QStringLiteral("scaling"),     QStringLiteral("memory"),
                               QStringLiteral("parallelism"), QStringLiteral("communication"),
                               QStringLiteral("topology"),    QStringLiteral("checkpoint")};
} // namespace

MainWindow::MainWindow(const simcore::Scenario& scenario, QWidget* parent)
    : QMainWindow(parent), m_model(new ScenarioModel(scenario, this))
{
    setObjectName(QStringLiteral("dtsimMainWindow"));
    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    QFont tabFont = m_tabs->tabBar()->font();
    tabFont.setPointSizeF(tabFont.pointSizeF() * 1.15);
    m_tabs->tabBar()->setFont(tabFont);
    setCentralWidget(m_tabs);
    buildPanels();
    buildActions();
    for (auto* p : m_panels) {
        p->setActive(p == m_tabs->currentWidget());
    }
    retranslate();
    m_lastExportFolder = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (m_lastExportFolder.isEmpty()) {
        m_lastExportFolder = QDir::homePath();
    }
    statusBar()->showMessage(tr("Ready"), 3000);
    resize(1280, 800); // fits a 1280×800 projector and a 1366×768 laptop
}

void MainWindow::buildPanels()
{
    for (qsizetype i = 0; i < kPanelIds.size(); ++i) {
        const PanelEntry* entry = findPanelEntry(kPanelIds[i]);
        if (entry && entry->createPanel) {
            Panel* panel = entry->createPanel(m_model);
            connect(panel, &Panel::exportRequested, this, &MainWindow::exportCurrentPanel);
            m_panels << panel;
            m_tabs->addTab(panel, QString());
            continue;
        }
        auto* placeholder = new QLabel;
        placeholder->setProperty("panelIndex", i); // which lesson text it shows
        placeholder->setAlignment(Qt::AlignCenter);
        placeholder->setWordWrap(true);
        placeholder->setMargin(40);
        QFont font = placeholder->font();
        font.setPointSizeF(font.pointSizeF() * 1.3);
        placeholder->setFont(font);
        m_placeholders << placeholder;
        m_tabs->addTab(placeholder, QString());
    }
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

Panel* MainWindow::panel(const QString& id) const
{
    for (auto* p : m_panels) {
        if (p->panelId() == id) {
            return p;
        }
    }
    return nullptr;
}

void MainWindow::buildActions()
{
    m_exportAction =
        new QAction(QIcon::fromTheme(QStringLiteral("document-export")), QString(), this);
    m_exportAction->setShortcut(Qt::CTRL | Qt::Key_E);
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportCurrentPanel);

    m_resetAction = new QAction(QIcon::fromTheme(QStringLiteral("edit-undo")), QString(), this);
    connect(m_resetAction, &QAction::triggered, this, &MainWindow::resetToDefaults);

    m_quitAction =
        new QAction(QIcon::fromTheme(QStringLiteral("application-exit")), QString(), this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_aboutAction = new QAction(this);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);
    m_aboutQtAction = new QAction(this);
    connect(m_aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);

    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_exportAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);

    m_viewMenu = menuBar()->addMenu(QString());
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto* action = new QAction(this);
        action->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        connect(action, &QAction::triggered, this, [this, i] { m_tabs->setCurrentIndex(i); });
        m_viewMenu->addAction(action);
        m_panelActions << action;
    }
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_resetAction);

    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_aboutAction);
    m_helpMenu->addAction(m_aboutQtAction);

    m_toolBar = addToolBar(QString());
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toolBar->addAction(m_exportAction);
    m_toolBar->addAction(m_resetAction);

    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        for (auto* p : m_panels) {
            p->setActive(p == m_tabs->currentWidget());
        }
        m_exportAction->setEnabled(qobject_cast<Panel*>(m_tabs->currentWidget()) != nullptr);
    });
}

void MainWindow::retranslate()
{
    setWindowTitle(tr("dtsim — Distributed Training Simulator"));
    const QStringList titles = {tr("Scaling"),       tr("Memory"),   tr("Parallelism"),
                                tr("Communication"), tr("Topology"), tr("Checkpoint")};
    const QStringList lessons = {
        QString(),
        tr("Memory: where the bytes of training go on each GPU (lesson §1)."),
        tr("Parallelism: data, tensor and pipeline parallelism, and pipeline schedules "
           "(lesson §2)."),
        tr("Communication: ring all-reduce step by step, and how collectives scale (lesson §3)."),
        tr("Topology: how GPUs are wired, and why the slowest link bounds the all-reduce."),
        tr("Checkpoint: how often to save, and what failures cost a long run (lesson §3).")};
    for (int i = 0; i < m_tabs->count(); ++i) {
        m_tabs->setTabText(i, titles.value(i));
        m_panelActions.value(i)->setText(tr("&%1 %2").arg(i + 1).arg(titles.value(i)));
    }
    for (qsizetype i = 0; i < m_placeholders.size(); ++i) {
        m_placeholders[i]->setText(
            tr("%1\n\nThis panel is coming in a later version of dtsim.")
                .arg(lessons.value(m_placeholders[i]->property("panelIndex").toInt())));
    }
    m_fileMenu->setTitle(tr("&File"));
    m_viewMenu->setTitle(tr("&View"));
    m_helpMenu->setTitle(tr("&Help"));
    m_toolBar->setWindowTitle(tr("Main toolbar"));
    m_exportAction->setText(tr("&Export charts…"));
    m_exportAction->setToolTip(
        tr("Export the current panel's charts as PNG, SVG or PDF, or their data as CSV (Ctrl+E)."));
    m_resetAction->setText(tr("&Reset to lesson defaults"));
    m_resetAction->setToolTip(tr("Put every parameter back to the lesson's default values."));
    m_quitAction->setText(tr("&Quit"));
    m_aboutAction->setText(tr("&About dtsim"));
    m_aboutQtAction->setText(tr("About &Qt"));
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::exportCurrentPanel()
{
    auto* current = qobject_cast<Panel*>(m_tabs->currentWidget());
    if (!current) {
        statusBar()->showMessage(tr("This panel has nothing to export yet."), 5000);
        return;
    }
    const QString suggested =
        QDir(m_lastExportFolder).filePath(QStringLiteral("dtsim-%1.png").arg(current->panelId()));
    ExportDialog dialog(suggested, this);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const QString path = dialog.path();
    const QString error =
        exportPanel(current->panelId(), m_model->scenario(), path, dialog.options());
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Export failed"), error);
        return;
    }
    m_lastExportFolder = QFileInfo(path).absolutePath();
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 8000);
}

void MainWindow::resetToDefaults()
{
    m_model->setScenario(simcore::Scenario{});
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

} // namespace dtsim::ui
