#pragma once

#include "ui/kit/drawnmark.h"
#include "ui/panels/communication/ringlayout.h"
#include "ui/panels/communication/ringplayback.h"

#include <QRegion>
#include <QString>
#include <QWidget>
#include <vector>

namespace dtsim::ui {

/// The ring's colours in the charts' current look (ringwidget.cpp).
struct RingColours;

/// The view of the ring all-reduce of seed lesson §3a, played step by step on real numbers by a
/// RingPlayback. N GPUs sit on a circle, each sending only to its right-hand neighbour; beside
/// the circle a table shows every GPU's vector (N numbers, one per chunk). Each step highlights
/// the sends (arrows labelled with the chunk and its value) and the cells they change; the
/// caption says which phase and step it is with one send worked out. Every number comes from
/// simcore::ringAllReduce's trace; the places come from ringLayout. This class paints and words:
/// it keeps no step of its own, and repaints only what a step changed.
class RingWidget : public QWidget {
    Q_OBJECT
public:
    explicit RingWidget(QWidget* parent = nullptr);

    /// What is shown: N, the step, play / pause / speed.
    [[nodiscard]] RingPlayback* playback() const { return m_playback; }
    /// Where everything is drawn now.
    [[nodiscard]] const RingLayout& ringLayoutNow() const { return m_layout; }
    /// What ringLayout lays out for `trace` at `size`: the view's texts in the current
    /// language (tests lay out other sizes, N and languages with it, without a widget).
    [[nodiscard]] static RingLayoutInput layoutInput(const simcore::RingTrace& trace, QSizeF size);

    /// The caption for the current step, as rich text and as plain text.
    [[nodiscard]] const QString& captionHtml() const { return m_captionHtml; }
    [[nodiscard]] QString caption() const;
    /// Whether the table prints its numbers (rows of 12 px or more); shorter rows show the
    /// colours only.
    [[nodiscard]] bool showsNumbers() const { return m_layout.cellNumbers; }
    /// Whether the arrows carry their chunk and value (N ≤ 8 and room between neighbours).
    [[nodiscard]] bool showsArrowLabels() const { return m_layout.arrowLabels; }
    /// Paint events received so far (for tests: a paused widget must not repaint).
    [[nodiscard]] int paintCount() const { return m_paints; }
    /// The region the last paint event asked for (for tests: a step repaints only what changed).
    [[nodiscard]] const QRegion& lastPaintRegion() const { return m_lastPaintRegion; }

    /// The marks it draws in the current look, each with the colour around it.
    [[nodiscard]] DrawnMarks drawnMarks() const;

    /// Lays out again at the look's label size (presentation mode, a slide).
    void applyLook();

    // A modest height hint: in a 1280×800 window the charts below need the room more.
    [[nodiscard]] QSize sizeHint() const override { return {560, 190}; }
    [[nodiscard]] QSize minimumSizeHint() const override { return {300, 150}; }

signals:
    /// The caption changed (a step, N, or the language).
    void captionChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// What one step draws differently from another: kept from the previous step to repaint
    /// only what changed.
    struct StepLook {
        RingStepState state;
        std::vector<QString> cellTexts;  ///< [worker·N + chunk]
        std::vector<QString> arrowTexts; ///< per sender
        std::vector<QRectF> labelBoxes;  ///< per sender, around arrowTexts
    };

    void showWorkers();
    void showStep();
    [[nodiscard]] StepLook lookNow() const;
    void invalidateChanges(const StepLook& before);
    void updateCaption();
    void relayout();
    void drawRing(QPainter& painter, const QRegion& dirty, const RingColours& colours) const;
    void drawTable(QPainter& painter, const QRegion& dirty, const RingColours& colours) const;
    void drawLegend(QPainter& painter, const QRegion& dirty, const RingColours& colours) const;

    RingPlayback* m_playback = nullptr;
    RingLayout m_layout;
    StepLook m_look;
    QString m_captionHtml;
    int m_paints = 0;
    QRegion m_lastPaintRegion;
};

} // namespace dtsim::ui
