#pragma once

#include "simcore/reports/scalingreport.h"
#include "ui/kit/chartarea.h"
#include "ui/kit/panel.h"

#include <cstdint>
#include <optional>
#include <vector>

class QCheckBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QSlider;
class QTabWidget;

namespace dtsim::ui {

class NumberField;
class ScalingCharts;
class ValidationView;

/// The Scaling panel's right side: the scaling charts and, on a second sub-tab, the Validation
/// view (the training model against published runs). Presentation mode shows one idea at a
/// time: the step time or the speed-up (page buttons), or the validation (its sub-tab). Export
/// and the summary follow the view shown.
class ScalingViews : public ChartArea {
    Q_OBJECT
public:
    explicit ScalingViews(QWidget* parent = nullptr);

    void showScenario(const simcore::Scenario& scenario) override;
    [[nodiscard]] std::vector<simcore::CsvTable> csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;
    void applyLook() override;
    /// The scaling charts' two pages (the Validation view is the second sub-tab).
    [[nodiscard]] QStringList presentationPages() const override;
    void showPresentationPage(int index) override;

    [[nodiscard]] ScalingCharts* scaling() const { return m_scaling; }
    [[nodiscard]] ValidationView* validation() const { return m_validation; }
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    void showValidation(bool validation);
    [[nodiscard]] bool isValidationShown() const;

signals:
    /// The scaling charts or the Validation view came into view.
    void viewChanged();

protected:
    void retranslate() override;

private:
    /// The Validation view is drawn the first time it is shown (its report reads no scenario).
    void ensureValidation();
    QTabWidget* m_tabs = nullptr;
    ScalingCharts* m_scaling = nullptr;
    ValidationView* m_validation = nullptr;
    bool m_validationDrawn = false;
};

/// Lesson §4–5: adding workers cuts compute but adds synchronisation; past the optimum the step
/// gets slower. A worker slider over simcore's stops (sliderWorkers), the model (the lesson's three
/// constants, or Physical: FLOPs, GPU peak, MFU and the collective over the links), two charts,
/// read-outs and the formula with today's numbers.
class ScalingPanel : public Panel {
    Q_OBJECT
public:
    explicit ScalingPanel(ScenarioModel* model, QWidget* parent = nullptr);

    [[nodiscard]] QString panelId() const override { return QStringLiteral("scaling"); }
    /// "validation" while the Validation view is shown, so the window exports what is on
    /// screen.
    [[nodiscard]] QString exportId() const override;
    [[nodiscard]] QString panelTitle() const override;

    [[nodiscard]] QSlider* workerSlider() const { return m_slider; }
    [[nodiscard]] NumberField* workerSpinBox() const { return m_workers; }
    [[nodiscard]] QCheckBox* logScaleBox() const { return m_logScale; }
    [[nodiscard]] QCheckBox* countFailuresBox() const { return m_countFailures; }
    [[nodiscard]] ScalingCharts* charts() const { return m_charts; }
    [[nodiscard]] ScalingViews* views() const { return m_views; }
    [[nodiscard]] ValidationView* validationView() const;
    [[nodiscard]] const simcore::ScalingReport& report() const { return m_report; }

    /// The worker counts the slider stops at (the report's sliderStops): position i is N =
    /// sliderStops()[i]. Arrow keys, Page Up/Down, Home and End move between stops.
    [[nodiscard]] const std::vector<std::int64_t>& sliderStops() const { return m_stops; }
    /// The slider position of N, or -1 when N is not a stop.
    [[nodiscard]] int sliderPosition(std::int64_t workers) const;
    /// The line under the slider (whole nodes, in Physical mode with the hierarchical all-reduce).
    [[nodiscard]] QLabel* workersNote() const { return m_workersNote; }

protected:
    void refresh() override;
    void retranslate() override;
    void setModeReadouts();

private:
    void buildControls();
    /// The Physical model's rows, built the first time that model is shown.
    void buildPhysicalRows();
    void setWorkers(std::int64_t workers);
    void updateFormula();
    void updatePhysicalFormula();
    /// The Validation view shown: its read-outs and its formula; else the scaling ones.
    void showViewTexts();
    void setValidationReadouts();
    /// The goodput model's lines with today's numbers when failures are counted, else empty.
    [[nodiscard]] QString failureFormula() const;
    [[nodiscard]] std::string_view plainStepId() const;
    /// The lesson model's strip line deriving the optimum from dT/dN = 0.
    [[nodiscard]] QString optimumFormula() const;

    simcore::ScalingReport m_report;
    ScalingCharts* m_charts = nullptr;
    ScalingViews* m_views = nullptr;
    QGroupBox* m_workersGroup = nullptr;
    QGroupBox* m_modeGroup = nullptr;
    QGroupBox* m_lessonGroup = nullptr;
    QGroupBox* m_physicalGroup = nullptr;
    QGroupBox* m_linksGroup = nullptr;
    QFormLayout* m_physicalForm = nullptr;
    QFormLayout* m_linksForm = nullptr;
    QGroupBox* m_layoutGroup = nullptr;
    QFormLayout* m_layoutForm = nullptr;
    bool m_physicalRowsBuilt = false;
    QGroupBox* m_readoutGroup = nullptr;
    QSlider* m_slider = nullptr;
    NumberField* m_workers = nullptr;
    QCheckBox* m_logScale = nullptr;
    QCheckBox* m_countFailures = nullptr;
    QLabel* m_workersLabel = nullptr;
    QLabel* m_workersNote = nullptr;
    std::vector<std::int64_t> m_stops;
    std::optional<bool> m_showsPhysical; ///< which model's controls are shown
};

} // namespace dtsim::ui
