#pragma once

#include "simcore/reports/topologyreport.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/paintedchartarea.h"
#include "ui/panels/topology/topologylayout.h"

#include <QString>
#include <optional>
#include <vector>

namespace dtsim::ui {

/// The topology seed as a picture (SPEC panel 5): the cluster's nodes as frames, their GPUs as
/// boxes laid out in ring order, and the all-reduce's ring traced hop by hop, each hop drawn in
/// the colour and line style of the link it runs on (NVSwitch / NVLink blue solid, PCIe through
/// the CPU orange dashed, PCIe switch sky blue dash-dot-dot, CPU-socket link purple dash-dot,
/// network green dotted, the scenario's own link grey) and labelled with its bandwidth; the busiest
/// hop — the one that bounds the all-reduce — under a vermillion halo, named with its share of the
/// all-reduce time in a line under the legend. Hops between nodes run along the network fabric
/// drawn under the nodes. Hovering a hop shows its kind, bandwidth (one direction per GPU),
/// latency, the share of time it is busy and the figure's source. Everything comes from
/// simcore::topologyReport and where it goes from layoutTopology (topologylayout.h); this class
/// paints and explains, and computes nothing.
///
/// At most kMaxShownNodes nodes (the first ones, an ellipsis, the last) and kMaxShownGpus GPUs
/// per node are drawn; the CSV and the summary cover every GPU.
///
/// An imported node (topology.preset = imported) also gets its pair table beside the nodes:
/// every GPU pair's nvidia-smi code (NV18, PIX, PHB, SYS, …) in a cell coloured and outlined as
/// its link kind, the pairs the ring uses in bold, the bottleneck pair under a vermillion frame;
/// hovering a cell explains the code and gives the pair's bandwidth, latency and source.
class TopologyDiagram : public PaintedChartArea {
    Q_OBJECT
public:
    explicit TopologyDiagram(QWidget* parent = nullptr);

    /// showReport(simcore::topologyReport(scenario)): what export draws.
    void showScenario(const simcore::Scenario& scenario) override;
    void showReport(const simcore::TopologyReport& report);
    [[nodiscard]] std::vector<simcore::CsvTable> csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;

    // For the panel and tests: what is drawn.
    [[nodiscard]] const simcore::TopologyReport& report() const { return m_report; }
    [[nodiscard]] const simcore::ScenarioTopology& topology() const { return m_report.topology; }
    /// Where everything is drawn at the current size.
    [[nodiscard]] const TopologyLayout& layout() const;
    [[nodiscard]] DrawnMarks drawnMarks() const override;
    /// False when the scenario cannot be drawn (problem() names the key and the range).
    [[nodiscard]] bool isValid() const { return m_report.ok(); }
    [[nodiscard]] const QString& problem() const { return m_problem; }
    /// Node frames drawn (an abridged cluster draws fewer than it has).
    [[nodiscard]] int drawnNodeCount() const;
    /// GPU boxes drawn, in all nodes.
    [[nodiscard]] int drawnGpuCount() const;
    /// Indices into topology().allReduce.hops of the hops drawn.
    [[nodiscard]] std::vector<std::size_t> drawnHops() const;
    /// The hop drawn under the bottleneck halo, if any (an index into the hops).
    [[nodiscard]] std::optional<std::size_t> highlightedHop() const;
    /// The hop drawn at this point (within a few pixels of its line), if any.
    [[nodiscard]] std::optional<std::size_t> hopAt(QPointF point) const;
    /// A point on the drawn line of a hop (for tests and tooltips), or nullopt if not drawn.
    [[nodiscard]] std::optional<QPointF> hopPoint(std::size_t hop) const;
    /// What hovering a hop says: kind, bandwidth, latency, busy share, source.
    [[nodiscard]] QString hopToolTip(std::size_t hop) const;
    /// The line under the legend naming the bottleneck, as plain text.
    [[nodiscard]] QString bottleneckText() const;
    /// True when every hop runs at the same bandwidth: no single link is singled out.
    [[nodiscard]] bool isBalanced() const;
    /// One cell of the pair table (imported nodes): GPUs a ≠ b of the first node.
    struct DrawnPair {
        std::int64_t a = 0;
        std::int64_t b = 0;
        simcore::LinkKind kind = simcore::LinkKind::Custom;
        QString code;         ///< as nvidia-smi prints it: "NV18", "PIX", "SYS", …
        bool inRing = false;  ///< a hop of the ring runs on this pair
        bool slowest = false; ///< the bottleneck hop runs on this pair
        QRectF rect;
    };
    /// The pair table's cells, both halves of the matrix; empty when no table is drawn (not an
    /// imported node, more than kMaxTableGpus GPUs, or too narrow).
    [[nodiscard]] const std::vector<DrawnPair>& drawnPairs() const;
    /// The pair table cell at this point, if any (an index into drawnPairs()).
    [[nodiscard]] std::optional<std::size_t> pairAt(QPointF point) const;
    /// What hovering a cell says: both GPUs, the code and its meaning, kind, B, α, source.
    [[nodiscard]] QString pairToolTip(std::size_t cell) const;
    /// Small boxes drawn at the bottom of each node for its switches, CPU and NICs.
    [[nodiscard]] int drawnComponentCount() const;

    /// Translated name of a link kind ("NVSwitch", "PCIe through the CPU", …).
    [[nodiscard]] static QString kindName(simcore::LinkKind kind);
    /// The colour a kind is drawn in (Okabe–Ito, ui/chartstyle.h).
    [[nodiscard]] static QColor kindColour(simcore::LinkKind kind);
    /// The line style a kind is drawn in, so greyscale prints keep them apart.
    [[nodiscard]] static Qt::PenStyle kindStyle(simcore::LinkKind kind);

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

    static constexpr int kMaxShownNodes = 4;
    static constexpr int kMaxShownGpus = 16;
    static constexpr int kMaxTableGpus = 16;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void retranslate() override;

private:
    void buildGeometry() override;
    [[nodiscard]] QString linkSource(std::string_view id) const;

    simcore::TopologyReport m_report;
    QString m_problem;
    TopologyLayout m_layout;
    std::vector<DrawnPair> m_pairs; ///< m_layout's table, as tests and tooltips read it
};

} // namespace dtsim::ui
