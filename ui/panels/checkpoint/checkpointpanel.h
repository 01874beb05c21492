#pragma once

#include "simcore/reports/checkpointreport.h"
#include "ui/kit/panel.h"

class QFormLayout;
class QGroupBox;
class QLabel;
class QPushButton;
class QSlider;

namespace dtsim::ui {

class CheckpointCharts;
class NumberField;

/// Lesson §3 (MODELS §6): a long job on many GPUs fails often; checkpoint too rarely and failures
/// throw away hours of work, too often and the writes eat the time. Controls for the cluster,
/// the job and the checkpoints, a Llama 3 preset, read-outs (cluster MTBF, Young and Daly optimum,
/// waste, expected time and failures, the interval in training steps), the charts and the
/// formulas with today's numbers.
class CheckpointPanel : public Panel {
    Q_OBJECT
public:
    explicit CheckpointPanel(ScenarioModel* model, QWidget* parent = nullptr);

    [[nodiscard]] QString panelId() const override { return QStringLiteral("checkpoint"); }
    [[nodiscard]] QString panelTitle() const override;

    [[nodiscard]] CheckpointCharts* charts() const { return m_charts; }
    [[nodiscard]] QSlider* intervalSlider() const { return m_intervalSlider; }
    [[nodiscard]] const simcore::CheckpointReport& report() const { return m_report; }

    /// Interval slider: log scale from kMinSliderSeconds to kMaxSliderSeconds.
    static constexpr int kSliderSteps = 1000;
    static constexpr double kMinSliderSeconds = 10.0;
    static constexpr double kMaxSliderSeconds = 1e7;
    [[nodiscard]] static int sliderPosition(double intervalSeconds);
    [[nodiscard]] static double intervalAtPosition(int position);

protected:
    void refresh() override;
    void retranslate() override;

private:
    friend struct TestAccess;

    void buildControls();
    void setNumber(const QString& key, double value);
    void updateFormula();
    /// The Monte-Carlo settings with the runs, the goodput-only rows with the goodput charts.
    void showGroupsForViews();

    /// The read-out rows for the report now shown (their words follow it).
    [[nodiscard]] QList<Readout> readoutsForReport() const;

    simcore::CheckpointReport m_report;
    CheckpointCharts* m_charts = nullptr;
    QGroupBox* m_jobGroup = nullptr;
    QGroupBox* m_checkpointGroup = nullptr;
    QGroupBox* m_goodputGroup = nullptr;
    QFormLayout* m_goodputForm = nullptr;
    QList<QWidget*> m_goodputOnlyRows;
    QGroupBox* m_monteCarloGroup = nullptr;
    QGroupBox* m_readoutGroup = nullptr;
    QSlider* m_intervalSlider = nullptr;
    QLabel* m_sliderLabel = nullptr;
    QPushButton* m_llamaButton = nullptr;
    QPushButton* m_optimumButton = nullptr;
};

} // namespace dtsim::ui
