#pragma once

#include "simcore/reports/importreport.h"
#include "simcore/reports/topologyreport.h"
#include "ui/kit/panel.h"

#include <QByteArray>
#include <optional>

class QChartView;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QPushButton;
class QScatterSeries;

namespace dtsim::ui {

class TopologyDiagram;

/// The topology seed (SPEC panel 5): how the cluster is wired decides how fast an all-reduce
/// runs. A wiring picker (topology.preset; a pick also writes the hardware keys the wiring implies,
/// so the other panels price the cluster drawn), the all-reduce's N, S and algorithm, the diagram
/// with the ring and its slowest link, read-outs and the formula with today's numbers; and the
/// user's own measurements: "Import nccl-tests…" fits α and B to an all_reduce_perf (or other)
/// output and shows the measured points against the fitted model on a log–log chart, "Import
/// nvidia-smi topo…" reads a node's wiring; "Use these for my cluster" writes the result into
/// the scenario as one undoable step: the fit into the hardware.* keys (topology.preset =
/// scenario), the node pair by pair into topology.node (topology.preset = imported).
class TopologyPanel : public Panel {
    Q_OBJECT
public:
    explicit TopologyPanel(ScenarioModel* model, QWidget* parent = nullptr);

    [[nodiscard]] QString panelId() const override { return QStringLiteral("topology"); }
    [[nodiscard]] QString panelTitle() const override;

    [[nodiscard]] TopologyDiagram* diagram() const { return m_diagram; }
    [[nodiscard]] QPushButton* importNcclButton() const { return m_importNccl; }
    [[nodiscard]] QPushButton* importTopoButton() const { return m_importTopo; }
    [[nodiscard]] QPushButton* useImportButton() const { return m_useImport; }
    [[nodiscard]] QChartView* fitView() const { return m_fitView; }
    [[nodiscard]] QScatterSeries* measuredSeries() const { return m_measured; }
    [[nodiscard]] QLineSeries* fittedSeries() const { return m_fitted; }
    /// What the last import found, as shown under the import buttons ("" before any import).
    [[nodiscard]] QString importText() const;

    /// Reads an nccl-tests output and fits it (what the button does after its file dialog).
    /// On failure: an inline message naming the line and what was expected, false, and nothing
    /// changes (a previous import stays as it was).
    bool importNcclFile(const QString& path);
    /// One or two nccl-tests logs (the button takes two): one measured inside a node and one
    /// across nodes (simcore::ncclAssignLevels), so "Use these for my cluster" fills both link
    /// levels in one step. The chart shows the first log.
    bool importNcclFiles(const QStringList& paths);
    /// Reads an `nvidia-smi topo -m` output, as importNcclFile.
    bool importTopoFile(const QString& path);
    /// Writes the last import into the scenario ("Use these for my cluster"). nccl-tests:
    /// topology.preset = scenario, collective.workers, collective.algorithm = ring,
    /// hardware.gpus_per_node and the fitted α and B as hardware.intra_* (one node) or
    /// hardware.inter_* (several). nvidia-smi topo: topology.preset = imported, topology.node
    /// (every pair's code), topology.node_nics (NICs next to a GPU), hardware.gpus_per_node,
    /// collective.workers = the node's GPUs, ring, and hardware.intra_* = the slowest hop of the
    /// node's best ring (for the panels that price a uniform node). One undo step; false with an
    /// inline message when a value is outside its key's range.
    bool useImport();

    /// Files larger than this are refused (no measurement log comes close).

protected:
    void refresh() override;
    void retranslate() override;

private:
    void buildControls();
    /// Picks a wiring (a topology.preset word) with the hardware keys it implies, as one undo
    /// step (simcore::withTopologyPreset).
    void pickWiring(const QString& id);
    void buildFitChart();
    void updateReadouts();
    void updateFormula();
    void showImport();
    [[nodiscard]] std::optional<QByteArray> readImportFile(const QString& path);

    enum class Imported { None, Nccl, Topo };
    Imported m_imported = Imported::None;
    QString m_importPath;
    /// What `dtsim import` reports for the same files: the preview reads its numbers.
    std::optional<simcore::NcclImportReport> m_nccl; ///< one or two logs, as given
    QString m_otherPath;                             ///< the second log's path
    std::optional<simcore::NvTopoImportReport> m_topo;

    simcore::TopologyReport m_report; ///< evaluated once per refresh; the diagram shows it
    TopologyDiagram* m_diagram = nullptr;
    QComboBox* m_presets = nullptr;
    QGroupBox* m_clusterGroup = nullptr;
    QGroupBox* m_collectiveGroup = nullptr;
    QGroupBox* m_readoutGroup = nullptr;
    QGroupBox* m_importGroup = nullptr;
    QPushButton* m_importNccl = nullptr;
    QPushButton* m_importTopo = nullptr;
    QPushButton* m_useImport = nullptr;
    QLabel* m_importLabel = nullptr;
    QChartView* m_fitView = nullptr;
    QScatterSeries* m_measured = nullptr;
    QLineSeries* m_fitted = nullptr;
    QLogValueAxis* m_sizeAxis = nullptr;
    QLogValueAxis* m_timeAxis = nullptr;
};

} // namespace dtsim::ui
