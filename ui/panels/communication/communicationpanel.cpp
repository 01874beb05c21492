#include "ui/panels/communication/communicationpanel.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/collectives.h"
#include "simcore/links.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/communication/communicationcharts.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace dtsim::ui {

namespace {

// Read-outs, in order: time, bytes per GPU, algbw, busbw, steps, links used, half-peak size.
constexpr int kReadoutCount = 7;

QString fromView(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

QString count(std::int64_t value)
{
    return QLocale().toString(static_cast<qlonglong>(value));
}

} // namespace

CommunicationPanel::CommunicationPanel(ScenarioModel* model, QWidget* parent) : Panel(model, parent)
{
    m_charts = new CommunicationCharts;
    m_charts->setInteractive(true);
    connect(m_charts, &CommunicationCharts::problem, this, &CommunicationPanel::showProblem);
    setChartArea(m_charts);
    buildControls();
    retranslate();
    refresh();
}

QString CommunicationPanel::panelTitle() const
{
    return tr("Communication");
}

QFormLayout* CommunicationPanel::addGroup(QGroupBox*& group)
{
    group = new QGroupBox;
    group->setFlat(true); // see ScalingPanel: a framed group repaints its border on every edit
    auto* form = new QFormLayout(group);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    controlsLayout()->addWidget(group);
    return form;
}

void CommunicationPanel::addRow(QFormLayout* form, QWidget* field)
{
    addLabelledRow(form, field);
}

QComboBox* CommunicationPanel::addLinkBox(QFormLayout* form, bool intra)
{
    auto* box = newChoiceBox();
    const auto scope = intra ? simcore::LinkScope::IntraNode : simcore::LinkScope::InterNode;
    for (const auto& spec : simcore::linkCatalogue()) {
        if (spec.scope == scope) {
            box->addItem(QString(), fromView(spec.id));
            box->setItemData(box->count() - 1, fromView(spec.source), Qt::ToolTipRole);
        }
    }
    box->addItem(QString(), QString()); // the user's own numbers, named in showLinkChoice
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(12);
    connect(box, &QComboBox::activated, this, [this, intra](int index) { pickLink(intra, index); });
    addRow(form, box);
    return box;
}

void CommunicationPanel::buildControls()
{
    QFormLayout* collective = addGroup(m_collectiveGroup);
    addFormRow(collective, QStringLiteral("collective.algorithm"));
    addFormRow(collective, QStringLiteral("collective.workers"));
    addFormRow(collective, QStringLiteral("collective.bytes"));

    QFormLayout* links = addGroup(m_linksGroup);
    addFormRow(links, QStringLiteral("hardware.gpus_per_node"));
    m_intraLink = addLinkBox(links, true);
    addFormRow(links, QStringLiteral("hardware.intra_bandwidth"));
    addFormRow(links, QStringLiteral("hardware.intra_latency"));
    m_interLink = addLinkBox(links, false);
    addFormRow(links, QStringLiteral("hardware.inter_bandwidth"));
    addFormRow(links, QStringLiteral("hardware.inter_latency"));

    QGroupBox* readouts = nullptr;
    QFormLayout* readoutForm = addGroup(readouts);
    m_readoutGroup = readouts;
    addReadouts(readoutForm, kReadoutCount, ReadoutSize::Body, true);
    controlsLayout()->addStretch(1);
}

void CommunicationPanel::pickLink(bool intra, int index)
{
    QComboBox* box = intra ? m_intraLink : m_interLink;
    const QString id = box->itemData(index).toString();
    const simcore::LinkSpec* spec = simcore::findLink(id.toStdString());
    if (!spec) {
        return; // "your numbers": edit them in the fields below
    }
    (intra ? m_intraPicked : m_interPicked) = id;
    // Both numbers in one change: one redraw, one undo step. Catalogue values are in range.
    simcore::Scenario scenario = model()->scenario();
    auto& hardware = scenario.hardware;
    if (intra) {
        hardware.intraBandwidthBytesPerSecond = spec->link.bandwidthBytesPerSecond;
        hardware.intraLatencySeconds = spec->link.latencySeconds;
    } else {
        hardware.interBandwidthBytesPerSecond = spec->link.bandwidthBytesPerSecond;
        hardware.interLatencySeconds = spec->link.latencySeconds;
    }
    showProblem(QString());
    model()->setScenario(scenario, intra ? tr("Link inside a node: %1").arg(fromView(spec->name))
                                         : tr("Link between nodes: %1").arg(fromView(spec->name)));
    showLinkChoice(box, spec->link.bandwidthBytesPerSecond, spec->link.latencySeconds, id);
}

void CommunicationPanel::showLinkChoice(QComboBox* box, double bandwidth, double latency,
                                        const QString& picked)
{
    int index = -1;
    for (int i = 0; i < box->count() - 1; ++i) {
        const auto* spec = simcore::findLink(box->itemData(i).toString().toStdString());
        if (spec && spec->link.bandwidthBytesPerSecond == bandwidth &&
            spec->link.latencySeconds == latency) {
            if (index < 0 || box->itemData(i).toString() == picked) {
                index = i; // the first match, or the one the user picked among equals
            }
        }
    }
    const int custom = box->count() - 1;
    box->setItemText(custom,
                     tr("Custom (%1, %2)")
                         .arg(common::formatBandwidth(bandwidth), common::formatDuration(latency)));
    if (index < 0) {
        index = custom;
    }
    if (box->currentIndex() != index) {
        const QSignalBlocker block(box);
        box->setCurrentIndex(index);
    }
}

void CommunicationPanel::retranslate()
{
    Panel::retranslate();
    m_collectiveGroup->setTitle(tr("All-reduce"));
    m_linksGroup->setTitle(tr("Links (one direction, per GPU)"));
    m_readoutGroup->setTitle(tr("Results"));

    const struct {
        QComboBox* box;
        QString label;
        QString tip;
    } pickers[] = {
        {m_intraLink, tr("Link &inside a node:"),
         tr("Pick a real link between GPUs in one server: it sets the bandwidth and latency "
            "below. Hover an entry for its source.")},
        {m_interLink, tr("Link &between nodes:"),
         tr("Pick a real network link between servers: it sets the bandwidth and latency below "
            "(one port per GPU). Hover an entry for its source.")},
    };
    for (const auto& picker : pickers) {
        setRowLabel(picker.box, picker.label);
        rowLabel(picker.box)->setToolTip(picker.tip);
        picker.box->setToolTip(picker.tip);
        picker.box->setAccessibleName(accessibleLabel(picker.label));
        picker.box->setAccessibleDescription(picker.tip);
    }
    for (QComboBox* box : {m_intraLink, m_interLink}) {
        for (int i = 0; i < box->count() - 1; ++i) {
            if (const auto* spec = simcore::findLink(box->itemData(i).toString().toStdString())) {
                box->setItemText(i, tr("%1 — %2").arg(fromView(spec->name),
                                                      common::formatBandwidth(
                                                          spec->link.bandwidthBytesPerSecond)));
            }
        }
    }

    const QStringList names = {tr("Time T:"),        tr("Sent per GPU:"), tr("algbw:"),
                               tr("busbw:"),         tr("Steps:"),        tr("Links used:"),
                               tr("Half-peak size:")};
    const QStringList tips = {
        tr("Time of one all-reduce in the α–β model (MODELS §4): the α terms (one latency per "
           "step) plus the S/B terms (bytes through the link)."),
        tr("Bytes each GPU sends, averaged over the GPUs. The ring's stay below 2·S for any N."),
        tr("nccl-tests' algorithm bandwidth: S / T."),
        tr("nccl-tests' bus bandwidth: algbw × 2(N−1)/N. For a ring it approaches the link "
           "bandwidth B, whatever N is, so it compares runs of different sizes."),
        tr("Rounds of messages one after another; each pays α once."),
        tr("Which link the algorithm runs on: one node's link, the slowest link when a flat "
           "algorithm spans nodes, or both for the hierarchical one."),
        tr("Hockney's n½: the message size at which latency and bandwidth cost the same, so "
           "busbw is half its peak. Smaller messages are latency-bound.")};
    setReadoutTexts(names, tips);
}

void CommunicationPanel::refresh()
{
    const auto& scenario = model()->scenario();
    m_charts->showScenario(scenario);
    showFieldValues();
    const auto& h = scenario.hardware;
    showLinkChoice(m_intraLink, h.intraBandwidthBytesPerSecond, h.intraLatencySeconds,
                   m_intraPicked);
    showLinkChoice(m_interLink, h.interBandwidthBytesPerSecond, h.interLatencySeconds,
                   m_interPicked);
    updateReadouts();
    updateFormula();
    updateProblems();
}

void CommunicationPanel::updateProblems()
{
    // Only problems with this panel's keys; other panels report their own.
    for (const auto& error : simcore::validate(model()->scenario())) {
        if (error.key.starts_with("collective.") || error.key.starts_with("hardware.")) {
            showModelProblem(common::describeError(error));
            return;
        }
    }
    showModelProblem(QString());
}

void CommunicationPanel::updateReadouts()
{
    const auto& c = m_charts->cost();
    const auto& p = m_charts->params();
    if (c.error) {
        clearReadouts();
        return;
    }
    QString links;
    const auto shape = simcore::hierarchyShape(p);
    if (p.workers <= p.gpusPerNode) {
        links = tr("inside one node: %1, %2")
                    .arg(common::formatBandwidth(p.intra.bandwidthBytesPerSecond),
                         common::formatDuration(p.intra.latencySeconds));
    } else if (m_charts->algorithm() == simcore::CommAlgorithm::Hierarchical) {
        links =
            tr("both: %1 in %2 nodes, %3 between")
                .arg(common::formatBandwidth(p.intra.bandwidthBytesPerSecond), count(shape.nodes),
                     common::formatBandwidth(p.inter.bandwidthBytesPerSecond));
    } else {
        const auto flat = simcore::flatLink(p);
        links = tr("slowest of both (%1 nodes): %2, %3")
                    .arg(count(shape.nodes), common::formatBandwidth(flat.bandwidthBytesPerSecond),
                         common::formatDuration(flat.latencySeconds));
    }
    const double half = m_charts->halfPeakBytes();
    const QStringList values = {common::formatDuration(c.seconds),
                                common::formatBytes(c.bytesSentPerWorker),
                                common::formatBandwidth(c.algbwBytesPerSecond),
                                common::formatBandwidth(c.busbwBytesPerSecond),
                                count(c.steps),
                                links,
                                half > 0 ? common::formatBytes(half) : QStringLiteral("—")};
    for (int i = 0; i < kReadoutCount; ++i) {
        setReadout(i, values[i]);
    }
}

void CommunicationPanel::updateFormula()
{
    const auto& c = m_charts->cost();
    const auto& p = m_charts->params();
    if (c.error) {
        setFormula(tr("The all-reduce inputs are out of range."));
        return;
    }
    if (p.workers < 2) {
        setFormula(tr("N = 1: one GPU has nothing to exchange, so T = 0."));
        return;
    }
    const QString nMinus1 = count(p.workers - 1);
    const QString n = count(p.workers);
    const QString s = common::formatBytes(p.bytes);
    const simcore::Link flat = simcore::flatLink(p);
    const QString a = common::formatDuration(flat.latencySeconds);
    const QString b = common::formatBandwidth(flat.bandwidthBytesPerSecond);
    const QString parts =
        tr("%1 + %2 = <b>%3</b>")
            .arg(common::formatDuration(c.latencySeconds),
                 common::formatDuration(c.bandwidthSeconds), common::formatDuration(c.seconds));
    QString line;
    switch (m_charts->algorithm()) {
    case simcore::CommAlgorithm::Ring:
        line = tr("Ring: T = 2(N−1)·α + 2(N−1)/N · S/B = 2·%1·%2 + 2·%1/%3 · %4 / %5 = %6")
                   .arg(nMinus1, a, n, s, b, parts);
        break;
    case simcore::CommAlgorithm::Tree:
        line = tr("Tree (reduce, then broadcast): T = 2⌈log₂N⌉·(α + S/B) = 2·%1·(%2 + %3 / %4) "
                  "= %5")
                   .arg(count(c.steps / 2), a, s, b, parts);
        break;
    case simcore::CommAlgorithm::Naive:
        line = tr("Naive: T = (N−1)·α + (N−1)·S/B = %1·%2 + %1·%3 / %4 = %5")
                   .arg(nMinus1, a, s, b, parts);
        break;
    case simcore::CommAlgorithm::Hierarchical: {
        // The two phases, each a ring from simcore: intra reduce-scatter and all-gather on g′
        // GPUs, and an inter-node all-reduce of the shards on k nodes.
        const auto shape = simcore::hierarchyShape(p);
        simcore::CollectiveParams intra = p;
        intra.workers = shape.gpusPerNode;
        intra.gpusPerNode = shape.gpusPerNode;
        const auto half = simcore::collectiveCost(simcore::CommAlgorithm::Ring,
                                                  simcore::CollectiveOp::ReduceScatter, intra);
        simcore::CollectiveParams inter = p;
        inter.workers = shape.nodes;
        inter.gpusPerNode = shape.nodes;
        inter.intra = p.inter;
        inter.bytes = static_cast<double>(shape.shardsPerGpu) * p.bytes /
                      static_cast<double>(shape.gpusPerNode);
        const auto across = simcore::collectiveCost(simcore::CommAlgorithm::Ring,
                                                    simcore::CollectiveOp::AllReduce, inter);
        if (shape.nodes == 1) {
            line =
                tr("Hierarchical on one node: T = reduce-scatter + all-gather in the node = "
                   "2 × %1 = <b>%2</b>, the same as the ring")
                    .arg(common::formatDuration(half.seconds), common::formatDuration(c.seconds));
            break;
        }
        line = tr("Hierarchical: T = reduce-scatter in the node (g = %1) + all-reduce of %2 "
                  "across k = %3 nodes + all-gather in the node = 2 × %4 + %5 = <b>%6</b>")
                   .arg(count(shape.gpusPerNode), common::formatBytes(inter.bytes),
                        count(shape.nodes), common::formatDuration(half.seconds),
                        common::formatDuration(across.seconds), common::formatDuration(c.seconds));
        if (shape.shardsPerGpu > 1) {
            line += QLatin1Char(' ') +
                    tr("(the last node has only %1 GPUs, so each carries %2 of the %3 shards)")
                        .arg(count(shape.lastNodeGpus), count(shape.shardsPerGpu),
                             count(shape.gpusPerNode));
        }
        break;
    }
    default:
        break;
    }
    // The flat algorithms' link, or both for the hierarchical one.
    const QString link =
        m_charts->algorithm() == simcore::CommAlgorithm::Hierarchical && p.workers > p.gpusPerNode
            ? tr("B = %1 inside, %2 between nodes")
                  .arg(common::formatBandwidth(p.intra.bandwidthBytesPerSecond),
                       common::formatBandwidth(p.inter.bandwidthBytesPerSecond))
        : p.workers <= p.gpusPerNode
            ? tr("B = %1, one node").arg(b)
            : tr("B = %1, the slowest link: N > g = %2 spans nodes").arg(b, count(p.gpusPerNode));
    const QString bandwidth =
        tr("nccl-tests: busbw = S/T · 2(N−1)/N = %1 × %2 = <b>%3</b> (%4)")
            .arg(common::formatBandwidth(c.algbwBytesPerSecond),
                 QLocale().toString(
                     simcore::busBandwidthFactor(simcore::CollectiveOp::AllReduce, p.workers), 'g',
                     4),
                 common::formatBandwidth(c.busbwBytesPerSecond), link);
    setFormula(line + QStringLiteral("<br>") + bandwidth);
}

} // namespace dtsim::ui
