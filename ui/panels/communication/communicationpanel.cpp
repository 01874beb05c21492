#include "ui/panels/communication/communicationpanel.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/models/links.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/problemtext.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/communication/communicationcharts.h"

#include <QCheckBox>
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
    return common::formatWhole(static_cast<std::int64_t>(value));
}

} // namespace

CommunicationPanel::CommunicationPanel(ScenarioModel* model, QWidget* parent) : Panel(model, parent)
{
    m_charts = new CommunicationCharts;
    m_charts->setInteractive(true);
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
    m_showAll = new QCheckBox;
    connect(m_showAll, &QCheckBox::toggled, m_charts, &CommunicationCharts::setShowAll);
    collective->addRow(m_showAll);

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
    // Both numbers in one change: one redraw, one undo step.
    const auto scenario = simcore::withLink(model()->scenario(), intra, *spec);
    if (const auto refused = model()->setScenario(
            scenario, intra ? tr("Link inside a node: %1").arg(fromView(spec->name))
                            : tr("Link between nodes: %1").arg(fromView(spec->name)))) {
        showProblem(*refused);
        return;
    }
    showProblem(QString());
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
    m_showAll->setText(tr("Show all algorithms and marks"));
    m_showAll->setToolTip(
        tr("The charts show three curves, the chosen algorithm and the lesson's main ones (ring, "
           "naive, hierarchical), so the legend reads from the back of a room. Tick to add every "
           "algorithm, the parameter server's bytes, the link bandwidth and the half-peak size."));
    m_showAll->setAccessibleDescription(m_showAll->toolTip());

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

    setReadoutRows();
}

void CommunicationPanel::setReadoutRows()
{
    // Which links the all-reduce runs on, written for the link it uses (the report's link_used).
    Readout links{tr("Links used:"),
                  tr("Which link the algorithm runs on: one node's link, the slowest link when a "
                     "flat algorithm spans nodes, or both for the hierarchical one."),
                  {},
                  {}};
    switch (m_readoutLink) {
    case simcore::LinkUsed::Intra:
        links.quantities = {QStringLiteral("intra_bandwidth"), QStringLiteral("intra_latency")};
        links.pattern = tr("inside one node: %1, %2");
        break;
    case simcore::LinkUsed::IntraAndInter:
        links.quantities = {QStringLiteral("intra_bandwidth"), QStringLiteral("nodes"),
                            QStringLiteral("inter_bandwidth")};
        links.pattern = tr("both: %1 in %2 nodes, %3 between");
        break;
    case simcore::LinkUsed::Slowest:
        links.quantities = {QStringLiteral("nodes"), QStringLiteral("flat_bandwidth"),
                            QStringLiteral("flat_latency")};
        links.pattern = tr("slowest of both (%1 nodes): %2, %3");
        break;
    }
    setReadouts({
        {tr("Time T:"),
         tr("Time of one all-reduce in the α–β model (MODELS §4): the α terms (one latency per "
            "step) plus the S/B terms (bytes through the link)."),
         {QStringLiteral("time")},
         {}},
        {tr("Sent per GPU:"),
         tr("Bytes each GPU sends, averaged over the GPUs. The ring's stay below 2·S for any N."),
         {QStringLiteral("bytes_sent_per_worker")},
         {}},
        {tr("algbw:"),
         tr("nccl-tests' algorithm bandwidth: S / T."),
         {QStringLiteral("algbw")},
         {}},
        {tr("busbw:"),
         tr("nccl-tests' bus bandwidth: algbw × 2(N−1)/N. For a ring it approaches the link "
            "bandwidth B, whatever N is, so it compares runs of different sizes."),
         {QStringLiteral("busbw")},
         {}},
        {tr("Steps:"),
         tr("Rounds of messages one after another; each pays α once."),
         {QStringLiteral("steps")},
         {}},
        links,
        {tr("Half-peak size:"),
         tr("Hockney's n½: the message size at which latency and bandwidth cost the same, so "
            "busbw is half its peak. Smaller messages are latency-bound."),
         {QStringLiteral("half_peak_bytes")},
         {}},
    });
}

void CommunicationPanel::refresh()
{
    const auto& scenario = model()->scenario();
    m_report = simcore::communicationReport(scenario);
    m_charts->showReport(m_report);
    showFieldValues();
    const auto& h = scenario.hardware;
    showLinkChoice(m_intraLink, h.intraBandwidthBytesPerSecond, h.intraLatencySeconds,
                   m_intraPicked);
    showLinkChoice(m_interLink, h.interBandwidthBytesPerSecond, h.interLatencySeconds,
                   m_interPicked);
    if (m_report.ok() && m_report.linkUsed != m_readoutLink) {
        m_readoutLink = m_report.linkUsed;
        setReadoutRows();
    }
    showReadouts(m_report);
    updateFormula();
    // Only the problems of this view's keys; other panels report their own.
    showModelProblem(m_report.ok() ? nullptr : &m_report.problems.front());
}

void CommunicationPanel::updateFormula()
{
    const auto& report = m_report;
    if (!report.ok()) {
        setFormula(tr("The all-reduce inputs are out of range."));
        return;
    }
    if (report.params.workers < 2) {
        setFormula(tr("N = 1: one GPU has nothing to exchange, so T = 0."));
        return;
    }
    const auto value = [&report](std::string_view id) {
        return common::formatQuantity(report, id);
    };
    const auto& terms = report.terms;
    const QString nMinus1 = count(terms.extraWorkers);
    const QString a = value("flat_latency");
    const QString b = value("flat_bandwidth");
    const QString s = value("bytes");
    const QString parts = tr("%1 + %2 = <b>%3</b>")
                              .arg(value("latency_time"), value("bandwidth_time"), value("time"));
    QString line;
    switch (report.algorithm) {
    case simcore::CommAlgorithm::Ring:
        line = tr("Ring: T = 2(N−1)·α + 2(N−1)/N · S/B = 2·%1·%2 + 2·%1/%3 · %4 / %5 = %6")
                   .arg(nMinus1, a, value("workers"), s, b, parts);
        break;
    case simcore::CommAlgorithm::Tree:
        line = tr("Tree (reduce, then broadcast): T = 2⌈log₂N⌉·(α + S/B) = 2·%1·(%2 + %3 / %4) "
                  "= %5")
                   .arg(count(terms.treeLevels), a, s, b, parts);
        break;
    case simcore::CommAlgorithm::Naive:
        line = tr("Naive: T = (N−1)·α + (N−1)·S/B = %1·%2 + %1·%3 / %4 = %5")
                   .arg(nMinus1, a, s, b, parts);
        break;
    case simcore::CommAlgorithm::Hierarchical: {
        // The report's three phases: rings in the node on g′ GPUs, one across the k nodes.
        const auto& h = terms.hierarchical;
        if (h.shape.nodes == 1) {
            line = tr("Hierarchical on one node: T = reduce-scatter + all-gather in the node = "
                      "2 × %1 = <b>%2</b>, the same as the ring")
                       .arg(common::formatDuration(h.intraReduceScatterSeconds), value("time"));
            break;
        }
        line = tr("Hierarchical: T = reduce-scatter in the node (g = %1) + all-reduce of %2 "
                  "across k = %3 nodes + all-gather in the node = 2 × %4 + %5 = <b>%6</b>")
                   .arg(count(h.shape.gpusPerNode), common::formatBytes(h.interShardBytes),
                        count(h.shape.nodes), common::formatDuration(h.intraReduceScatterSeconds),
                        common::formatDuration(h.interAllReduceSeconds), value("time"));
        if (h.shape.shardsPerGpu > 1) {
            line += QLatin1Char(' ') +
                    tr("(the last node has only %1 GPU(s), so each carries %2 of the %3 shards)",
                       nullptr, common::numerus(h.shape.lastNodeGpus))
                        .arg(count(h.shape.lastNodeGpus), count(h.shape.shardsPerGpu),
                             count(h.shape.gpusPerNode));
        }
        break;
    }
    case simcore::CommAlgorithm::Rabenseifner:
    case simcore::CommAlgorithm::ParameterServer:
        break; // not offered by collective.algorithm
    }
    // The flat algorithms' link, or both for the hierarchical one.
    QString link;
    switch (report.linkUsed) {
    case simcore::LinkUsed::IntraAndInter:
        link = tr("B = %1 inside, %2 between nodes")
                   .arg(value("intra_bandwidth"), value("inter_bandwidth"));
        break;
    case simcore::LinkUsed::Intra:
        link = tr("B = %1, one node").arg(b);
        break;
    case simcore::LinkUsed::Slowest:
        link =
            tr("B = %1, the slowest link: N > g = %2 spans nodes").arg(b, value("gpus_per_node"));
        break;
    }
    const simcore::Quantity* factor = report.find("bus_factor");
    const QString bandwidth =
        tr("nccl-tests: busbw = S/T · 2(N−1)/N = %1 × %2 = <b>%3</b> (%4)")
            .arg(value("algbw"), QLocale().toString(factor ? factor->value : 0.0, 'g', 4),
                 value("busbw"), link);
    setFormula(line + QStringLiteral("<br>") + bandwidth);
}

} // namespace dtsim::ui
