#pragma once

#include "common/longwork.h"
#include "simcore/reports/report.h"
#include "simcore/scenario/scenario.h"

#include <QStringList>
#include <QWidget>
#include <vector>

namespace dtsim::ui {

/// The exportable part of a panel: its charts or diagram and a one-line summary, drawn from a
/// Scenario and nothing else. A panel shows one next to its controls; the exporter makes a fresh
/// one off screen at the asked size, so the window and `dtsim export` draw the same picture.
class ChartArea : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    /// Evaluates the scenario with simcore and draws the result.
    virtual void showScenario(const simcore::Scenario& scenario) = 0;
    /// The data behind the charts: simcore's tables (the quantities first), each a CSV file with
    /// a header row, SI units named in the header.
    [[nodiscard]] virtual std::vector<simcore::CsvTable> csv() const = 0;
    /// One sentence saying what the charts show now (also read out by screen readers).
    [[nodiscard]] virtual QString summary() const = 0;
    /// Title and description written into SVG/PDF metadata.
    [[nodiscard]] virtual QString exportTitle() const = 0;
    /// Re-applies chartstyle's current look (theme, presentation fonts) to every chart in the
    /// area and repaints; areas that paint themselves read chartstyle's colours when painting.
    virtual void applyLook();
    /// Presentation mode shows one idea per screen: an area that draws several (the Scaling
    /// panel's step time and speed-up) names them here, translated; most draw one (empty list).
    [[nodiscard]] virtual QStringList presentationPages() const { return {}; }
    /// Shows only part `index` of presentationPages() (a window in presentation mode), or every
    /// part for -1 (the ordinary layout, and exports).
    virtual void showPresentationPage(int index) { static_cast<void>(index); }
    /// Where work that may take seconds while drawing (a Monte-Carlo batch) reports how far it
    /// is; areas without such work ignore it.
    virtual void reportLongWorkTo(common::WorkProgress progress) { static_cast<void>(progress); }

protected:
    /// Sets every text the area holds again, in the language just installed: called on
    /// QEvent::LanguageChange. An area that makes its texts only while drawing needs none.
    virtual void retranslate() {}
    void changeEvent(QEvent* event) override;
};

} // namespace dtsim::ui
