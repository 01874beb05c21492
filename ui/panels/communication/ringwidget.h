#pragma once

#include "simcore/ringallreduce.h"

#include <QColor>
#include <QFont>
#include <QPointF>
#include <QRectF>
#include <QRegion>
#include <QSpinBox>
#include <QString>
#include <QWidget>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QTimer;

namespace dtsim::ui {

/// The ring's colours in the charts' current look (ringwidget.cpp).
struct RingColours;

/// The ring all-reduce of seed lesson §3a played step by step on real numbers. N GPUs sit on a
/// circle, each sending only to its right-hand neighbour; beside the circle a table shows every
/// GPU's vector (N numbers, one per chunk: simcore::ringDemoBuffers). Each step highlights the
/// sends (arrows labelled with the chunk and its value) and the cells they change; a caption says
/// which phase and step it is with one send worked out. Every number comes from
/// simcore::ringAllReduce's trace; nothing is computed here.
///
/// The animation's N is its own (2…16), not `collective.workers` (up to a million): 16 GPUs × 16
/// numbers is the most a projected table can show. A QTimer runs only while playing and while the
/// widget is visible; paused or hidden, the widget costs nothing.
class RingWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMinWorkers = 2;
    static constexpr int kMaxWorkers = 16;
    static constexpr int kDefaultWorkers = 4;
    /// One step per this many milliseconds at speed 1×.
    static constexpr int kBaseIntervalMs = 1400;

    explicit RingWidget(QWidget* parent = nullptr);

    [[nodiscard]] int workers() const { return m_workers; }
    /// Sets N and rewinds to the start. Returns an empty string, or (N outside 2…16) a translated
    /// message naming the allowed range, leaving everything as it was.
    QString setWorkers(int workers);

    /// 0 = the start; k = after step k (1 … stepCount()).
    [[nodiscard]] int stepIndex() const { return m_step; }
    [[nodiscard]] int stepCount() const { return static_cast<int>(m_trace.steps.size()); }
    [[nodiscard]] bool atEnd() const { return m_step == stepCount(); }
    [[nodiscard]] const simcore::RingTrace& trace() const { return m_trace; }
    /// What the table shows now: trace.initial at the start, else the buffers after the step.
    [[nodiscard]] const std::vector<std::vector<float>>& shownBuffers() const;
    /// The sends drawn now (those of step stepIndex()); empty at the start.
    [[nodiscard]] const std::vector<simcore::RingSend>& shownSends() const;
    /// Whether GPU `worker` holds a finished mean of chunk `chunk` now.
    [[nodiscard]] bool isComplete(int worker, int chunk) const;
    /// The caption for the current state, as rich text and as plain text.
    [[nodiscard]] const QString& captionHtml() const { return m_captionHtml; }
    [[nodiscard]] QString caption() const;

    [[nodiscard]] bool isPlaying() const { return m_playing; }
    /// True while the step timer runs (playing and visible).
    [[nodiscard]] bool isTimerActive() const;
    [[nodiscard]] double speed() const { return m_speed; }
    /// Playback speed factor (0.25 … 4); the step interval is kBaseIntervalMs / speed.
    void setSpeed(double speed);
    [[nodiscard]] int intervalMs() const;
    /// Whether the table prints its numbers (rows of 12 px or more); shorter rows show the
    /// colours only.
    [[nodiscard]] bool showsNumbers() const { return m_cellNumbers; }
    /// Whether the arrows carry their chunk and value (N ≤ 8 and room between neighbours).
    [[nodiscard]] bool showsArrowLabels() const { return m_arrowLabels; }
    /// Paint events received so far (for tests: a paused widget must not repaint).
    [[nodiscard]] int paintCount() const { return m_paints; }
    /// The region the last paint event asked for (for tests: a step repaints only what changed).
    [[nodiscard]] const QRegion& lastPaintRegion() const { return m_lastPaintRegion; }

    // A modest height hint: in a 1280×800 window the charts below need the room more.
    [[nodiscard]] QSize sizeHint() const override { return {560, 190}; }
    [[nodiscard]] QSize minimumSizeHint() const override { return {300, 150}; }

public slots:
    void play();
    void pause();
    void togglePlay();
    /// One step forward (pauses at the end).
    void stepForward();
    void stepBack();
    /// Back to the start (keeps playing if it was).
    void reset();
    /// Jumps to the final state.
    void showEnd();

signals:
    /// The step, N, or playing state changed.
    void stateChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    enum CellRole : unsigned char { Plain = 0, Sent = 1, Received = 2, Complete = 4 };
    struct Arrow {
        QPointF start;
        QPointF control;
        QPointF end;
        QPointF labelAt;
        QRect bounds; ///< everything the arrow (at its widest pen and head) can paint
    };
    struct LegendEntry {
        QString text;
        QRectF sample;
        QRectF textBox;
    };
    /// What one step draws differently from another: kept from the previous step to repaint
    /// only what changed.
    struct StepLook {
        std::vector<unsigned char> roles; ///< [worker·n + chunk]
        std::vector<unsigned char> complete;
        std::vector<QString> cellTexts;
        std::vector<QString> arrowTexts; ///< per sender
        std::vector<QRectF> labelBoxes;  ///< per sender, around arrowTexts
        bool sending = false;            ///< arrows drawn active (any step but the start)
        bool gather = false;             ///< all-gather colours instead of reduce-scatter
    };

    void rebuild();
    void setStep(int step);
    void advance();
    void updateState();
    void refreshLook();
    void invalidateChanges(const StepLook& before);
    void layoutLabels(StepLook& look) const;
    void updateCaption();
    void relayout();
    void updateTexts();
    void layoutLegend();
    void updateTimer();
    [[nodiscard]] QRectF cellBox(int worker, int chunk) const;
    /// The pixels a cell can paint (its box less the margin its border never reaches).
    [[nodiscard]] QRect cellInk(int worker, int chunk) const;
    void drawRing(QPainter& painter, const QRegion& dirty, const RingColours& colours) const;
    void drawTable(QPainter& painter, const QRegion& dirty, const RingColours& colours) const;
    void drawLegend(QPainter& painter, const QRegion& dirty, const RingColours& colours) const;

    simcore::RingTrace m_trace;
    int m_workers = kDefaultWorkers;
    int m_step = 0;
    bool m_playing = false;
    double m_speed = 1.0;
    QTimer* m_timer = nullptr;
    int m_paints = 0;
    QRegion m_lastPaintRegion;

    // State derived from the trace, refreshed on every step (not in paintEvent); the previous
    // step's look is kept (swapped, no allocation) to find what changed.
    StepLook m_look;
    StepLook m_previousLook;
    QString m_captionHtml;

    // Geometry, refreshed on resize and on N.
    QPointF m_center;
    qreal m_ringRadius = 0;
    qreal m_nodeRadius = 0;
    std::vector<QPointF> m_nodes;
    std::vector<Arrow> m_arrows;
    QRectF m_table;
    qreal m_rowLabelWidth = 0;
    qreal m_headerHeight = 0;
    qreal m_cellWidth = 0;
    qreal m_cellHeight = 0;
    QRectF m_legend;
    QRect m_legendBounds; ///< what the legend can paint
    QFont m_nodeFont;
    QFont m_cellFont;
    QFont m_headerFont;
    QFont m_arrowFont;
    QFont m_legendFont;
    QFont m_cellBoldFont;
    QFont m_legendDrawFont; ///< m_legendFont, shrunk when the entries do not fit the width
    QRectF m_ringBounds;    ///< the dotted circle
    qreal m_arrowHead = 0;
    // Texts and legend layout, refreshed on resize, N and language (not per paint).
    std::vector<QString> m_nodeTexts;
    std::vector<QString> m_headerTexts;
    std::vector<QString> m_rowTexts;
    std::vector<LegendEntry> m_legendEntries;
    bool m_nodeLabelLong = false;
    bool m_headerLong = false;
    bool m_arrowLabels = false;
    bool m_cellNumbers = true; ///< false when the rows are too short to print a number legibly
};

/// N for the ring animation: 2…16 with the arrows, and a typed value outside that range is kept
/// as text and reported through `problem` (never clamped silently), as NumberField does.
class RingWorkersBox : public QSpinBox {
    Q_OBJECT
public:
    explicit RingWorkersBox(QWidget* parent = nullptr);
    [[nodiscard]] QLineEdit* editor() const { return lineEdit(); }

signals:
    /// A translated message for an out-of-range entry, or an empty string when it is fine.
    void problem(const QString& message);

protected:
    QValidator::State validate(QString& input, int& position) const override;

private:
    void checkTypedText(const QString& text);
};

/// Play / pause, step, back, reset, speed and N for a RingWidget: only in the window (exports
/// draw the widget alone).
class RingControls : public QWidget {
    Q_OBJECT
public:
    explicit RingControls(RingWidget* ring, QWidget* parent = nullptr);

    [[nodiscard]] QPushButton* playButton() const { return m_play; }
    [[nodiscard]] QPushButton* stepButton() const { return m_step; }
    [[nodiscard]] QPushButton* backButton() const { return m_back; }
    [[nodiscard]] QPushButton* resetButton() const { return m_reset; }
    [[nodiscard]] QComboBox* speedBox() const { return m_speed; }
    [[nodiscard]] RingWorkersBox* workersBox() const { return m_workers; }

signals:
    void problem(const QString& message);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void updateButtons();

    RingWidget* m_ring;
    QPushButton* m_reset = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_play = nullptr;
    QPushButton* m_step = nullptr;
    QComboBox* m_speed = nullptr;
    RingWorkersBox* m_workers = nullptr;
    QLabel* m_speedLabel = nullptr;
    QLabel* m_workersLabel = nullptr;
    bool m_showingPause = false; ///< which icon the play button shows
};

} // namespace dtsim::ui
