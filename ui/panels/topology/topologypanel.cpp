#include "ui/panels/topology/topologypanel.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/topology.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/chartupdate.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/topology/topologydiagram.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QFile>
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
#include <cmath>

namespace dtsim::ui {

namespace {

// Read-outs, in order: all-reduce time, slowest link, its busy share, nodes used.
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
    auto* presets = static_cast<QComboBox*>(addFormRow(cluster, QStringLiteral("topology.preset")));
    // A preset with fewer GPUs than N: N follows the pick (visibly, in its field, and undoable)
    // rather than leaving the user with an error for a click on a preset.
    connect(presets, &QComboBox::activated, this, [this] {
        const auto& scenario = model()->scenario();
        if (scenario.topology.preset == simcore::TopologyPresetId::Scenario ||
            scenario.topology.preset == simcore::TopologyPresetId::Imported) {
            return; // these grow as many nodes as N needs
        }
        const auto total = simcore::topologyFromScenario(scenario).totalGpus();
        if (scenario.collective.workers > total) {
            applyNumber(QStringLiteral("collective.workers"), static_cast<double>(total));
        }
    });

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
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Import nccl-tests output"), QString(),
                                         tr("Text files (*.txt *.log *.out);;All files (*)"));
        if (!path.isEmpty()) {
            importNcclFile(path);
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
    m_timeAxis->setLabelFormat(QStringLiteral("%g"));
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
    const QStringList names = {tr("All-reduce time:"), tr("Slowest link:"), tr("Its busy share:"),
                               tr("Nodes used:")};
    const QStringList tips = {
        tr("Time of one all-reduce of S bytes over N GPUs on this wiring (α–β model, MODELS §4)."),
        tr("The hop that moves data longest: in a ring every hop carries the same bytes, so the "
           "slowest link sets the pace for all."),
        tr("Share of the all-reduce during which the slowest link is transferring."),
        tr("Nodes the N GPUs occupy, of the cluster's nodes.")};
    setReadoutTexts(names, tips);
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

void TopologyPanel::refresh()
{
    const auto& scenario = model()->scenario();
    m_diagram->showScenario(scenario);
    showFieldValues();
    updateReadouts();
    updateFormula();
    if (m_diagram->isValid()) {
        // Rules between this panel's wiring and other keys (the imported node's GPU count).
        for (const auto& problem : simcore::validate(scenario)) {
            if (problem.detail.starts_with("topology.")) {
                showModelProblem(common::describeError(problem));
                return;
            }
        }
        showModelProblem(QString());
        return;
    }
    const auto& error = *m_diagram->topology().allReduce.error;
    showModelProblem(
        error.field == "topology.node"
            ? m_diagram->problem()
            : tr("%1 is out of range for this wiring; allowed: %2.")
                  .arg(QString::fromStdString(error.field), QString::fromStdString(error.allowed)));
}

void TopologyPanel::updateReadouts()
{
    const auto& t = m_diagram->topology();
    const auto& r = t.allReduce;
    if (r.error) {
        clearReadouts();
        return;
    }
    setReadout(0, common::formatDuration(r.cost.seconds));
    if (r.bottleneck) {
        const auto& hop = r.hops[*r.bottleneck];
        setReadout(1, m_diagram->isBalanced()
                          ? tr("every hop alike: %1, %2")
                                .arg(TopologyDiagram::kindName(hop.kind),
                                     common::formatBandwidth(hop.link.bandwidthBytesPerSecond))
                          : tr("GPU %1 → GPU %2: %3, %4")
                                .arg(hop.from)
                                .arg(hop.to)
                                .arg(TopologyDiagram::kindName(hop.kind),
                                     common::formatBandwidth(hop.link.bandwidthBytesPerSecond)));
        setReadout(2, common::formatPercent(hop.utilisation));
    } else {
        setReadout(1, tr("none: one GPU sends nothing"));
        setReadout(2, QStringLiteral("—"));
    }
    setReadout(3, tr("%1 of %2").arg(r.nodesUsed).arg(t.cluster.nodes));
}

void TopologyPanel::updateFormula()
{
    const auto& r = m_diagram->topology().allReduce;
    if (r.error || r.workers < 2) {
        setFormula(tr("<i>T</i> = 2(<i>N</i>−1)·α + 2(<i>N</i>−1)/<i>N</i> · <i>S</i>/<i>B</i>"));
        return;
    }
    const double n = static_cast<double>(r.workers);
    const QString bytes = common::formatBytes(model()->scenario().collective.bytes);
    if (r.algorithm == simcore::CommAlgorithm::Hierarchical && r.nodesUsed > 1) {
        setFormula(tr("<i>T</i> = ring inside each node on its slowest hop (%1, %2) + rings "
                      "across %3 nodes on each GPU's network share (%4, %5) = %6 + %7 = <b>%8</b>")
                       .arg(common::formatBandwidth(r.intra.bandwidthBytesPerSecond),
                            common::formatDuration(r.intra.latencySeconds))
                       .arg(r.nodesUsed)
                       .arg(common::formatBandwidth(r.inter.bandwidthBytesPerSecond),
                            common::formatDuration(r.inter.latencySeconds),
                            common::formatDuration(r.intraSeconds),
                            common::formatDuration(r.interSeconds),
                            common::formatDuration(r.cost.seconds)));
        return;
    }
    setFormula(tr("<i>T</i> = 2(<i>N</i>−1)·α + 2(<i>N</i>−1)/<i>N</i> · <i>S</i>/<i>B</i> = "
                  "%1 × %2 + %3 × %4 / %5 = <b>%6</b> — α and <i>B</i> of the slowest hop")
                   .arg(common::formatNumber(2 * (n - 1)),
                        common::formatDuration(r.intra.latencySeconds),
                        common::formatNumber(2 * (n - 1) / n), bytes,
                        common::formatBandwidth(r.intra.bandwidthBytesPerSecond),
                        common::formatDuration(r.cost.seconds)));
}

std::optional<QByteArray> TopologyPanel::readImportFile(const QString& path)
{
    QFile file(path);
    if (!QFileInfo(path).isFile() || !file.open(QIODevice::ReadOnly)) {
        showProblem(
            tr("Cannot read %1. Nothing was imported.").arg(QDir::toNativeSeparators(path)));
        return std::nullopt;
    }
    if (file.size() > kMaxImportBytes) {
        showProblem(tr("%1 is %2, too large for a measurement log (at most %3). Nothing was "
                       "imported.")
                        .arg(QDir::toNativeSeparators(path), common::formatBytes(file.size()),
                             common::formatBytes(kMaxImportBytes)));
        return std::nullopt;
    }
    return file.readAll();
}

QString TopologyPanel::importErrorText(const QString& path, const simcore::ImportError& error) const
{
    const QString file = QFileInfo(path).fileName();
    const QString expected = QString::fromStdString(error.expected);
    const QString found = QString::fromStdString(error.found);
    if (error.line == 0) {
        return found.isEmpty() ? tr("%1: expected %2. Nothing was imported.").arg(file, expected)
                               : tr("%1: expected %2, found “%3”. Nothing was imported.")
                                     .arg(file, expected, found);
    }
    return tr("%1, line %2: expected %3, found “%4”. Nothing was imported.")
        .arg(file)
        .arg(error.line)
        .arg(expected, found);
}

bool TopologyPanel::importNcclFile(const QString& path)
{
    showProblem(QString());
    const auto bytes = readImportFile(path);
    if (!bytes) {
        return false;
    }
    auto imported = simcore::importNcclTests(std::string_view(bytes->constData(), bytes->size()),
                                             QFileInfo(path).fileName().toStdString());
    if (imported.error) {
        showProblem(importErrorText(path, *imported.error));
        return false;
    }
    m_nccl = std::move(imported);
    m_topoNode.reset();
    m_topoCluster.reset();
    m_imported = Imported::Nccl;
    m_importPath = path;
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
    auto parsed = simcore::parseNvidiaTopo(std::string_view(bytes->constData(), bytes->size()));
    if (parsed.error) {
        showProblem(importErrorText(path, *parsed.error));
        return false;
    }
    auto cluster = simcore::nvTopoCluster(*parsed.node);
    if (!cluster) { // the default catalogue ids always exist; kept as a guard
        showProblem(tr("%1: a link of this node is missing from the catalogue. Nothing was "
                       "imported.")
                        .arg(QFileInfo(path).fileName()));
        return false;
    }
    m_topoNode = std::move(parsed.node);
    m_topoCluster = std::move(cluster);
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
    if (m_imported == Imported::Nccl && m_nccl) {
        const auto& table = *m_nccl->table;
        const auto& fit = m_nccl->fit;
        m_importLabel->setText(
            tr("%1\n%2 over %3 GPUs on %4 node(s), %5 sizes.\nFitted: α = %6 per step, B = %7 "
               "per link (one direction). Worst error %8 (line %9).")
                .arg(file, fromStd(simcore::ncclCollectiveId(fit.collective)))
                .arg(table.ranks)
                .arg(table.nodes)
                .arg(fit.points)
                .arg(common::formatDuration(fit.latencySeconds),
                     common::formatBandwidth(fit.bandwidthBytesPerSecond),
                     common::formatPercent(fit.worstRelativeError))
                .arg(fit.worstLine));
        m_importLabel->show();
        // Measured points (the log axis cannot show 0-byte rows) and the fitted line.
        QList<QPointF> points;
        double smallest = 0;
        double largest = 0;
        double low = 0;
        double high = 0;
        for (const auto& p : table.outOfPlace) {
            if (p.bytes <= 0) {
                continue;
            }
            points.append({p.bytes, p.seconds * 1e6});
            smallest = smallest == 0 ? p.bytes : std::min(smallest, p.bytes);
            largest = std::max(largest, p.bytes);
            low = low == 0 ? p.seconds : std::min(low, p.seconds);
            high = std::max(high, p.seconds);
        }
        QList<QPointF> line;
        for (int i = 0; i < kFitPoints && smallest > 0; ++i) {
            const double s = smallest * std::pow(largest / smallest, i / (kFitPoints - 1.0));
            const double t = simcore::ncclFitSeconds(fit, s);
            line.append({s, t * 1e6});
            low = std::min(low, t);
            high = std::max(high, t);
        }
        chartupdate::replaceIfChanged(m_measured, points);
        chartupdate::replaceIfChanged(m_fitted, line);
        if (smallest > 0) {
            m_sizeAxis->setRange(smallest / 2, largest * 2);
            m_timeAxis->setRange(low * 1e6 / 1.5, high * 1e6 * 1.5);
        }
        m_fitView->show();
        m_useImport->setEnabled(true);
        return;
    }
    if (m_imported == Imported::Topo && m_topoNode && m_topoCluster) {
        const auto& node = *m_topoNode;
        const auto ring = simcore::topologyAllReduce(*m_topoCluster, node.gpus, 1e9,
                                                     simcore::CommAlgorithm::Ring);
        QString text = tr("%1\n%2 GPUs, %3 NICs (%4 next to a GPU)%5.")
                           .arg(file)
                           .arg(node.gpus)
                           .arg(node.nics.size())
                           .arg(node.gpuNics())
                           .arg(node.nvswitch() ? tr(", NVSwitch") : QString());
        if (ring.bottleneck) {
            const auto& hop = ring.hops[*ring.bottleneck];
            text += QLatin1Char('\n') +
                    tr("Best ring over all GPUs: slowest hop GPU %1 → GPU %2, %3 at %4.")
                        .arg(hop.from)
                        .arg(hop.to)
                        .arg(TopologyDiagram::kindName(hop.kind),
                             common::formatBandwidth(hop.link.bandwidthBytesPerSecond));
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
    std::vector<std::pair<std::string, std::string>> sets;
    const auto number = [](double value) { return simcore::formatNumber(value); };
    QString description;
    if (m_imported == Imported::Nccl && m_nccl) {
        const auto& table = *m_nccl->table;
        const auto& fit = m_nccl->fit;
        const bool intra = table.nodes == 1;
        const std::string scope = intra ? "intra" : "inter";
        sets.push_back({"collective.workers", std::to_string(table.ranks)});
        if (intra) {
            sets.push_back({"hardware.gpus_per_node", std::to_string(table.ranks)});
        } else if (table.nodes > 1 && table.ranks % table.nodes == 0) {
            sets.push_back({"hardware.gpus_per_node", std::to_string(table.ranks / table.nodes)});
        }
        sets.push_back({"hardware." + scope + "_latency", number(fit.latencySeconds)});
        sets.push_back({"hardware." + scope + "_bandwidth", number(fit.bandwidthBytesPerSecond)});
        description = tr("Import nccl-tests: %1").arg(QFileInfo(m_importPath).fileName());
    } else if (m_imported == Imported::Topo && m_topoCluster && m_topoNode) {
        // The node pair by pair (topology.node), and for the panels that price a uniform node
        // (hardware.intra_*) the slowest hop of its best ring.
        const auto links = simcore::equivalentLinks(*m_topoCluster);
        sets.push_back({"collective.workers", std::to_string(links.gpusPerNode)});
        sets.push_back({"hardware.gpus_per_node", std::to_string(links.gpusPerNode)});
        sets.push_back({"hardware.intra_latency", number(links.intra.latencySeconds)});
        sets.push_back({"hardware.intra_bandwidth", number(links.intra.bandwidthBytesPerSecond)});
        sets.push_back({"topology.node", simcore::nvTopoWiringText(*m_topoNode)});
        sets.push_back({"topology.node_nics", std::to_string(m_topoNode->gpuNics())});
        sets.push_back({"topology.preset", "imported"});
        description = tr("Import nvidia-smi topo: %1").arg(QFileInfo(m_importPath).fileName());
    } else {
        return false;
    }
    sets.push_back({"collective.algorithm", "ring"});
    if (m_imported == Imported::Nccl) {
        sets.push_back({"topology.preset", "scenario"});
    }
    for (const auto& [key, value] : sets) {
        if (auto error = simcore::setValue(scenario, key, value)) {
            showProblem(common::describeError(*error)); // nothing applied: the copy is dropped
            return false;
        }
    }
    if (const auto problems = simcore::validate(scenario); !problems.empty()) {
        showProblem(common::describeError(problems.front()));
        return false;
    }
    model()->setScenario(scenario, description);
    return true;
}

} // namespace dtsim::ui
