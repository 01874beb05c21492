#include "ui/panels/topology/topologypanel.h"

#include "common/errortext.h"
#include "common/files.h"
#include "common/format.h"
#include "simcore/import/ncclfitchart.h"
#include "simcore/models/topology.h"
#include "simcore/models/topologypick.h"
#include "simcore/reports/importkeys.h"
#include "simcore/reports/importreport.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/chartupdate.h"
#include "ui/kit/importtexts.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/problemtext.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/topology/topologydiagram.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPushButton>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <limits>

namespace dtsim::ui {

namespace {

// Read-outs, in order: all-reduce time, slowest link, its busy share, nodes used (updateReadouts).
constexpr int kReadoutCount = 4;
constexpr int kFitPoints = 64;

QString fromStd(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace

TopologyPanel::TopologyPanel(ScenarioModel* model, QWidget* parent) : Panel(model, parent)
{
    m_diagram = new TopologyDiagram;
    setChartArea(m_diagram);
    buildControls();
    retranslate();
    refresh();
}

QString TopologyPanel::panelTitle() const
{
    return tr("Topology");
}

void TopologyPanel::buildControls()
{
    const auto addGroup = [this](QGroupBox*& group) {
        group = new QGroupBox;
        group->setFlat(true); // as on the other panels: a framed group repaints on every edit
        auto* form = new QFormLayout(group);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        controlsLayout()->addWidget(group);
        return form;
    };

    QFormLayout* cluster = addGroup(m_clusterGroup);
    // The wiring picker is built here rather than by addFormRow: a pick also writes the hardware
    // keys the wiring implies, in the same undo step (pickWiring).
    const QString presetKey = QStringLiteral("topology.preset");
    m_presets = newChoiceBox();
    for (const auto word : simcore::findKey(presetKey.toStdString())->choices) {
        const QString id = fromStd(word);
        m_presets->addItem(id, id);
    }
    addLabelledRow(cluster, m_presets);
    bindKeyText(presetKey, m_presets);
    connect(m_presets, &QComboBox::activated, this,
            [this](int index) { pickWiring(m_presets->itemData(index).toString()); });

    QFormLayout* collective = addGroup(m_collectiveGroup);
    addFormRow(collective, QStringLiteral("collective.workers"));
    addFormRow(collective, QStringLiteral("collective.bytes"));
    addFormRow(collective, QStringLiteral("collective.algorithm"));

    QFormLayout* readouts = addGroup(m_readoutGroup);
    addReadouts(readouts, kReadoutCount, ReadoutSize::Body, true);

    m_importGroup = new QGroupBox;
    m_importGroup->setFlat(true);
    auto* importLayout = new QVBoxLayout(m_importGroup);
    m_importNccl = new QPushButton;
    m_importTopo = new QPushButton;
    m_useImport = new QPushButton;
    m_useImport->setEnabled(false);
    m_importLabel = new QLabel;
    m_importLabel->setWordWrap(true);
    m_importLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_importLabel->hide();
    importLayout->addWidget(m_importNccl);
    importLayout->addWidget(m_importTopo);
    importLayout->addWidget(m_importLabel);
    buildFitChart();
    importLayout->addWidget(m_fitView);
    importLayout->addWidget(m_useImport);
    controlsLayout()->addWidget(m_importGroup);
    controlsLayout()->addStretch(1);

    connect(m_importNccl, &QPushButton::clicked, this, [this] {
        const QStringList paths =
            QFileDialog::getOpenFileNames(this, tr("Import nccl-tests output"), QString(),
                                          tr("Text files (*.txt *.log *.out);;All files (*)"));
        if (!paths.isEmpty()) {
            importNcclFiles(paths);
        }
    });
    connect(m_importTopo, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Import nvidia-smi topo -m output"), QString(),
                                         tr("Text files (*.txt *.log *.out);;All files (*)"));
        if (!path.isEmpty()) {
            importTopoFile(path);
        }
    });
    connect(m_useImport, &QPushButton::clicked, this, [this] { useImport(); });
}

void TopologyPanel::buildFitChart()
{
    auto* chart = new QChart;
    chartstyle::applyChartStyle(chart); // theme first: it would replace the series' pens
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    m_measured = new QScatterSeries;
    m_measured->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_measured->setMarkerSize(7);
    m_measured->setColor(chartstyle::kCommunication);
    m_measured->setBorderColor(chartstyle::kCommunication.darker(140));
    m_fitted = new QLineSeries;
    QPen pen(chartstyle::kCompute, 2.5);
    m_fitted->setPen(pen);
    m_sizeAxis = new QLogValueAxis;
    m_sizeAxis->setBase(1000); // one label per 10³: eight decades fit a narrow column
    m_sizeAxis->setMinorTickCount(2);
    m_sizeAxis->setLabelFormat(QStringLiteral("%.0g"));
    m_timeAxis = new QLogValueAxis;
    m_timeAxis->setBase(10);
    m_timeAxis->setLabelFormat(QStringLiteral("%.6g"));
    chart->addAxis(m_sizeAxis, Qt::AlignBottom);
    chart->addAxis(m_timeAxis, Qt::AlignLeft);
    for (auto* axis :
         {static_cast<QAbstractAxis*>(m_sizeAxis), static_cast<QAbstractAxis*>(m_timeAxis)}) {
        chartstyle::applyAxisStyle(axis);
    }
    chart->addSeries(m_fitted);
    chart->addSeries(m_measured);
    for (auto* series :
         {static_cast<QAbstractSeries*>(m_fitted), static_cast<QAbstractSeries*>(m_measured)}) {
        series->attachAxis(m_sizeAxis);
        series->attachAxis(m_timeAxis);
    }
    m_fitView = new QChartView(chart);
    chartstyle::applyViewStyle(m_fitView);
    // Small minimum width: the controls column is fixed, and a wider chart would push it out.
    m_fitView->setMinimumSize(160, 260);
    m_fitView->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_fitView->setFixedHeight(280);
    m_fitView->hide();
}

void TopologyPanel::retranslate()
{
    Panel::retranslate();
    m_clusterGroup->setTitle(tr("Cluster"));
    m_collectiveGroup->setTitle(tr("All-reduce"));
    m_readoutGroup->setTitle(tr("Results"));
    m_importGroup->setTitle(tr("Your own measurements"));
    m_importNccl->setText(tr("Import nccl-tests…"));
    m_importNccl->setToolTip(
        tr("Read the text all_reduce_perf (or all_gather_perf, …) printed on your machine and "
           "fit latency α and bandwidth B to it."));
    m_importTopo->setText(tr("Import nvidia-smi topo…"));
    m_importTopo->setToolTip(
        tr("Read what nvidia-smi topo -m printed on your node: which GPUs share NVLink, a PCIe "
           "switch or only the CPU, and where the NICs sit."));
    m_useImport->setText(tr("Use these for my cluster"));
    m_useImport->setToolTip(
        tr("Write the import into the scenario: an nccl-tests fit into the hardware keys "
           "(\"Your cluster\"), an nvidia-smi topo node pair by pair (\"Imported node\"). "
           "Undo brings the old values back."));
    // No chart title: the group's heading and the legend say what it is, and the narrow column
    // would elide a title.
    m_measured->setName(tr("measured"));
    m_fitted->setName(tr("fit"));
    m_sizeAxis->setTitleText(tr("S (bytes)"));
    m_timeAxis->setTitleText(tr("time (µs)"));
    m_fitView->setAccessibleName(tr("Chart of the measured times and the fitted model"));
    showImport();
    updateReadouts();
    updateFormula();
}

void TopologyPanel::pickWiring(const QString& id)
{
    showProblem(QString());
    simcore::Scenario scenario = model()->scenario();
    if (auto error = simcore::setValue(scenario, "topology.preset", id.toStdString())) {
        showProblem(*error);
        return;
    }
    // The undo step is named as the model names a one-key edit: the wiring is the key picked.
    model()->setScenario(simcore::withTopologyPreset(scenario, scenario.topology.preset),
                         ScenarioModel::tr("Change %1").arg(QStringLiteral("topology.preset")));
}

void TopologyPanel::refresh()
{
    m_report = simcore::topologyReport(model()->scenario());
    m_diagram->showReport(m_report);
    showFieldValues();
    updateReadouts();
    updateFormula();
    showModelProblem(m_report.ok() ? QString() : m_diagram->problem());
}

void TopologyPanel::updateReadouts()
{
    // The slowest link's row names its kind in words: the pattern carries the kind's name, chosen
    // from the report's bottleneck_kind (a word), and the balanced ring has a pattern of its own.
    QList<Readout> rows{
        {tr("All-reduce time:"),
         tr("Time of one all-reduce of S bytes over N GPUs on this wiring (α–β model, MODELS §4)."),
         {QStringLiteral("time")},
         {}},
        {tr("Slowest link:"),
         tr("The hop that moves data longest: in a ring every hop carries the same bytes, so the "
            "slowest link sets the pace for all."),
         {},
         tr("none: one GPU sends nothing")},
        {tr("Its busy share:"),
         tr("Share of the all-reduce during which the slowest link is transferring."),
         {QStringLiteral("bottleneck_utilisation")},
         {}},
        {tr("Nodes used:"),
         tr("Nodes the N GPUs occupy, of the cluster's nodes."),
         {QStringLiteral("nodes_used"), QStringLiteral("nodes")},
         tr("%1 of %2")},
    };
    if (const auto* slowest = m_report.bottleneckHop()) {
        const QString kind = TopologyDiagram::kindName(slowest->hop.kind);
        auto& row = rows[1];
        if (m_report.balanced) {
            row.quantities = {QStringLiteral("bottleneck_bandwidth")};
            row.pattern = tr("every hop alike: %1, %2").arg(kind);
        } else {
            row.quantities = {QStringLiteral("bottleneck_from"), QStringLiteral("bottleneck_to"),
                              QStringLiteral("bottleneck_bandwidth")};
            row.pattern = tr("GPU %1 → GPU %2: %3, %4").replace(QStringLiteral("%3"), kind);
        }
    }
    setReadouts(rows);
    showReadouts(m_report);
}

void TopologyPanel::updateFormula()
{
    const auto& terms = m_report.formula;
    const auto value = [this](std::string_view id) { return common::formatQuantity(m_report, id); };
    using Form = simcore::TopologyFormulaTerms::Form;
    if (!m_report.ok() || terms.form == Form::General) {
        setFormula(tr("<i>T</i> = 2(<i>N</i>−1)·α + 2(<i>N</i>−1)/<i>N</i> · <i>S</i>/<i>B</i>"));
        return;
    }
    if (terms.form == Form::Hierarchical) {
        setFormula(tr("<i>T</i> = ring inside each node on its slowest hop (%1, %2) + rings "
                      "across %3 nodes on each GPU's network share (%4, %5) = %6 + %7 = <b>%8</b>")
                       .arg(common::formatBandwidth(terms.intra.bandwidthBytesPerSecond),
                            common::formatDuration(terms.intra.latencySeconds))
                       .arg(terms.nodesUsed)
                       .arg(common::formatBandwidth(terms.inter.bandwidthBytesPerSecond),
                            common::formatDuration(terms.inter.latencySeconds), value("intra_time"),
                            value("inter_time"), value("time")));
        return;
    }
    setFormula(tr("<i>T</i> = 2(<i>N</i>−1)·α + 2(<i>N</i>−1)/<i>N</i> · <i>S</i>/<i>B</i> = "
                  "%1 × %2 + %3 × %4 / %5 = <b>%6</b> — α and <i>B</i> of the slowest hop")
                   .arg(common::formatNumber(terms.ringSteps),
                        common::formatDuration(terms.intra.latencySeconds),
                        common::formatNumber(terms.ringFactor), common::formatBytes(terms.bytes),
                        common::formatBandwidth(terms.intra.bandwidthBytesPerSecond),
                        value("time")));
}

std::optional<QByteArray> TopologyPanel::readImportFile(const QString& path)
{
    const common::FileRead read = common::readWholeFile(path, common::kMaxMeasurementLogBytes);
    if (const QString problem = fileReadProblem(read, path); !problem.isEmpty()) {
        showProblem(problem);
        return std::nullopt;
    }
    return read.bytes;
}

bool TopologyPanel::importNcclFile(const QString& path)
{
    return importNcclFiles({path});
}

bool TopologyPanel::importNcclFiles(const QStringList& paths)
{
    showProblem(QString());
    std::vector<QByteArray> contents;
    for (const QString& path : paths) {
        auto bytes = readImportFile(path);
        if (!bytes) {
            return false;
        }
        contents.push_back(std::move(*bytes));
    }
    std::vector<simcore::ImportSource> sources;
    for (std::size_t i = 0; i < contents.size(); ++i) {
        const QString& path = paths.at(static_cast<qsizetype>(i));
        sources.push_back({path.toStdString(), QFileInfo(path).fileName().toStdString(),
                           std::string_view(contents[i].constData(),
                                            static_cast<std::size_t>(contents[i].size()))});
    }
    auto report = simcore::ncclImportReport(sources);
    if (report.error && report.errorSource) {
        showProblem(
            importErrorText(paths.at(static_cast<qsizetype>(*report.errorSource)), *report.error));
        return false;
    }
    if (report.error) {
        showProblem(tr("Choose one or two nccl-tests logs: one measured inside a node and one "
                       "across nodes. Nothing was imported."));
        return false;
    }
    m_nccl = std::move(report);
    m_otherPath = paths.size() == 2 ? paths.at(1) : QString();
    m_topo.reset();
    m_imported = Imported::Nccl;
    m_importPath = paths.front();
    showImport();
    return true;
}

bool TopologyPanel::importTopoFile(const QString& path)
{
    showProblem(QString());
    const auto bytes = readImportFile(path);
    if (!bytes) {
        return false;
    }
    auto report = simcore::nvTopoImportReport(
        {path.toStdString(), QFileInfo(path).fileName().toStdString(),
         std::string_view(bytes->constData(), static_cast<std::size_t>(bytes->size()))});
    if (report.error && report.node) { // the default catalogue ids always exist; kept as a guard
        showProblem(tr("%1: a link of this node is missing from the catalogue. Nothing was "
                       "imported.")
                        .arg(QFileInfo(path).fileName()));
        return false;
    }
    if (report.error) {
        showProblem(importErrorText(path, *report.error));
        return false;
    }
    m_topo = std::move(report);
    m_nccl.reset();
    m_imported = Imported::Topo;
    m_importPath = path;
    showImport();
    return true;
}

QString TopologyPanel::importText() const
{
    return m_importLabel->isVisibleTo(this) ? m_importLabel->text() : QString();
}

void TopologyPanel::showImport()
{
    // A long file name has no spaces to wrap at: elide it so the column keeps its width.
    const QString file = m_importLabel->fontMetrics().elidedText(QFileInfo(m_importPath).fileName(),
                                                                 Qt::ElideMiddle, 280);
    const auto number = [](const simcore::ImportReport& report, std::string_view id) {
        const simcore::Quantity* quantity = report.find(id);
        return quantity ? quantity->value : std::numeric_limits<double>::quiet_NaN();
    };
    const auto whole = [&number](const simcore::ImportReport& report, std::string_view id) {
        return static_cast<qint64>(number(report, id));
    };
    if (m_imported == Imported::Nccl && m_nccl) {
        const auto& r = *m_nccl;
        QString text =
            tr("%1\n%2 over %3 GPUs on %4 node(s), %5 sizes.\nFitted: α = %6 per step, B = %7 "
               "per link (one direction). Worst error %8 (line %9).")
                .arg(file, QString::fromStdString(r.find("collective")->word))
                .arg(whole(r, "ranks"))
                .arg(whole(r, "nodes"))
                .arg(whole(r, "points"))
                .arg(common::formatDuration(number(r, "latency")),
                     common::formatBandwidth(number(r, "bandwidth")),
                     common::formatPercent(number(r, "worst_relative_error")))
                .arg(whole(r, "worst_line"));
        if (r.find("second_ranks")) {
            // The second log fills the level the first one leaves.
            const QString level =
                r.find("scope")->word == "intra" ? tr("between nodes") : tr("inside a node");
            text += QLatin1Char('\n') +
                    tr("Second log %1: %2 GPUs, α = %3 per step, B = %4 per link, for the link "
                       "%5.")
                        .arg(m_importLabel->fontMetrics().elidedText(
                            QFileInfo(m_otherPath).fileName(), Qt::ElideMiddle, 200))
                        .arg(whole(r, "second_ranks"))
                        .arg(common::formatDuration(number(r, "second_latency")),
                             common::formatBandwidth(number(r, "second_bandwidth")), level);
        }
        m_importLabel->setText(text);
        m_importLabel->show();
        // Measured points and the fitted line, in µs; the axes leave a margin around them.
        const auto chart = simcore::ncclFitChart(r.logs.front().combined, kFitPoints);
        QList<QPointF> points;
        for (const auto& p : chart.measured) {
            points.append({p.bytes, p.seconds * 1e6});
        }
        QList<QPointF> line;
        for (const auto& p : chart.fitted) {
            line.append({p.bytes, p.seconds * 1e6});
        }
        chartupdate::replaceIfChanged(m_measured, points);
        chartupdate::replaceIfChanged(m_fitted, line);
        if (!chart.measured.empty()) {
            m_sizeAxis->setRange(chart.smallestBytes / 2, chart.largestBytes * 2);
            m_timeAxis->setRange(chart.fastestSeconds * 1e6 / 1.5,
                                 chart.slowestSeconds * 1e6 * 1.5);
        }
        m_fitView->show();
        m_useImport->setEnabled(true);
        return;
    }
    if (m_imported == Imported::Topo && m_topo) {
        const auto& r = *m_topo;
        QString text = tr("%1\n%2 GPUs, %3 NICs (%4 next to a GPU)%5.")
                           .arg(file)
                           .arg(whole(r, "gpus"))
                           .arg(whole(r, "nics"))
                           .arg(whole(r, "gpu_nics"))
                           .arg(number(r, "nvswitch") != 0 ? tr(", NVSwitch") : QString());
        if (const auto* kind = r.find("slowest_hop_kind")) {
            text +=
                QLatin1Char('\n') +
                tr("Best ring over all GPUs: slowest hop GPU %1 → GPU %2, %3 at %4.")
                    .arg(whole(r, "slowest_hop_from"))
                    .arg(whole(r, "slowest_hop_to"))
                    .arg(TopologyDiagram::kindName(
                             simcore::findLinkKind(kind->word).value_or(simcore::LinkKind::Custom)),
                         common::formatBandwidth(number(r, "slowest_hop_bandwidth")));
        }
        m_importLabel->setText(text);
        m_importLabel->show();
        m_fitView->hide();
        m_useImport->setEnabled(true);
        return;
    }
    m_importLabel->hide();
    m_fitView->hide();
    m_useImport->setEnabled(false);
}

bool TopologyPanel::useImport()
{
    showProblem(QString());
    simcore::Scenario scenario = model()->scenario();
    std::vector<simcore::AssignmentGroup> groups;
    QString description;
    if (m_imported == Imported::Nccl && m_nccl) {
        // The measured run on the scenario's own links: ring, its ranks, its node size, α and B.
        scenario = simcore::withTopologyPreset(scenario, simcore::TopologyPresetId::Scenario);
        const auto& logs = m_nccl->logs;
        const bool intra = m_nccl->levels.intra == 0u;
        groups = simcore::ncclImportKeys(logs.front().combined, intra,
                                         logs.size() > 1 ? &logs[1].combined : nullptr)
                     .measuredRun;
        description = tr("Import nccl-tests: %1").arg(QFileInfo(m_importPath).fileName());
    } else if (m_imported == Imported::Topo && m_topo) {
        groups = m_topo->proposed;
        description = tr("Import nvidia-smi topo: %1").arg(QFileInfo(m_importPath).fileName());
    } else {
        return false;
    }
    const simcore::AppliedGroups applied = simcore::applyGroups(scenario, groups);
    if (!applied.problems.empty()) {
        showProblem(applied.problems.front()); // nothing applied
        return false;
    }
    model()->setScenario(applied.scenario, description);
    return true;
}

} // namespace dtsim::ui
