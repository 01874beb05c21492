#pragma once

#include "simcore/reports/memoryreport.h"
#include "ui/kit/panel.h"

#include <QHash>
#include <optional>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;

namespace dtsim::ui {

class MemoryCharts;
class NumberField;

/// Lesson §1 and the ZeRO paper: where a GPU's memory goes during training, whether it fits, and
/// how sharding (ZeRO 1–3 / FSDP) and activation recomputation change that. Controls for the
/// model, precision, optimizer, parallel degrees and GPU; a stacked bar per ZeRO stage against GPU
/// capacities; a verdict banner; the formula with today's numbers.
class MemoryPanel : public Panel {
    Q_OBJECT
public:
    explicit MemoryPanel(ScenarioModel* model, QWidget* parent = nullptr);

    [[nodiscard]] QString panelId() const override { return QStringLiteral("memory"); }
    [[nodiscard]] QString panelTitle() const override;

    [[nodiscard]] MemoryCharts* charts() const { return m_charts; }
    /// The combo box editing `key` (train.precision, train.optimizer, parallel.zero,
    /// train.recompute, hardware.gpu), or "preset" for the model preset.
    [[nodiscard]] QComboBox* combo(const QString& key) const;
    [[nodiscard]] QCheckBox* sequenceParallelBox() const { return m_sequenceParallel; }

protected:
    void refresh() override;
    void retranslate() override;

private:
    void buildControls();
    void applyResult(const std::optional<simcore::ScenarioError>& error);
    void updateFormula();

    MemoryCharts* m_charts = nullptr;
    QGroupBox* m_modelGroup = nullptr;
    QGroupBox* m_trainingGroup = nullptr;
    QGroupBox* m_parallelGroup = nullptr;
    QGroupBox* m_hardwareGroup = nullptr;
    QComboBox* m_preset = nullptr;
    QCheckBox* m_sequenceParallel = nullptr;
    simcore::MemoryReport m_report;
};

} // namespace dtsim::ui
