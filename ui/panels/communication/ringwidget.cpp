#include "ui/panels/communication/ringwidget.h"

#include "ui/kit/chartstyle.h"
#include "ui/kit/drawing.h"

#include <QComboBox>
#include <QEvent>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPaintEvent>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QStyle>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace dtsim::ui {

namespace {

// Okabe–Ito: orange for the reduce-scatter (values are added), blue for the all-gather (values
// are copied), bluish green for a finished mean.
const QColor kReduceColour{0xE6, 0x9F, 0x00};
const QColor kGatherColour{0x00, 0x72, 0xB2};
const QColor kCompleteColour{0x00, 0x9E, 0x73};

/// `share` of the way from `base` to `colour` (white as the base: a pale tint of `colour`).
QColor mix(const QColor& base, const QColor& colour, double share)
{
    const auto channel = [share](double from, double to) {
        return static_cast<float>(from - share * (from - to));
    };
    return QColor::fromRgbF(channel(base.redF(), colour.redF()),
                            channel(base.greenF(), colour.greenF()),
                            channel(base.blueF(), colour.blueF()));
}

QString value(float v)
{
    return QString::number(static_cast<double>(v), 'g', 7);
}

QFont pixelFont(qreal pixels, bool bold = false)
{
    QFont font;
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(pixels))));
    font.setBold(bold);
    return font;
}

QPointF unit(QPointF v)
{
    const qreal length = std::hypot(v.x(), v.y());
    return length > 0 ? v / length : QPointF(1, 0);
}

/// Pixels that a shape within `bounds` can touch, anti-aliasing and `pen` width included.
QRect reach(const QRectF& bounds, qreal pen)
{
    return bounds.adjusted(-pen / 2 - 1, -pen / 2 - 1, pen / 2 + 1, pen / 2 + 1).toAlignedRect();
}

} // namespace

/// The ring's colours in the charts' current look: dark ink on white, or, in the dark theme,
/// light ink on the charts' dark background with the same hues.
struct RingColours {
    QColor background;
    QColor text;
    QColor nodeFill;
    QColor border;
    QColor ringGrey;
    QColor completeFill;
    QColor completeText;

    /// A fill for `colour` that text stays readable on.
    [[nodiscard]] QColor tint(const QColor& colour, double share) const
    {
        return mix(background, colour, share);
    }
};

namespace {
RingColours ringColours()
{
    const QColor background = chartstyle::backgroundColor();
    const QColor text = chartstyle::textColor();
    if (!chartstyle::look().dark) {
        return {background,
                text,
                QColor(0xF2, 0xF2, 0xF2),
                QColor(0xC8, 0xC8, 0xC8),
                QColor(0xB0, 0xB0, 0xB0),
                QColor(0xDF, 0xF2, 0xE9),
                QColor(0x00, 0x5C, 0x43)};
    }
    return {background,
            text,
            mix(background, text, 0.12),
            mix(background, text, 0.35),
            mix(background, text, 0.5),
            mix(background, kCompleteColour, 0.3),
            mix(kCompleteColour, QColor(Qt::white), 0.45)};
}
} // namespace

// --- RingWidget ----------------------------------------------------------------------------

RingWidget::RingWidget(QWidget* parent) : QWidget(parent)
{
    m_timer = new QTimer(this);
    connect(m_timer, &QTimer::timeout, this, &RingWidget::advance);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAttribute(Qt::WA_OpaquePaintEvent);
    rebuild();
}

QString RingWidget::setWorkers(int workers)
{
    if (workers < kMinWorkers || workers > kMaxWorkers) {
        return tr("Ring animation N: %1 is out of range; allowed: %2 to %3 GPUs. The animation "
                  "keeps N = %4.")
            .arg(workers)
            .arg(kMinWorkers)
            .arg(kMaxWorkers)
            .arg(m_workers);
    }
    if (workers != m_workers) {
        m_workers = workers;
        rebuild();
    }
    return {};
}

const std::vector<std::vector<float>>& RingWidget::shownBuffers() const
{
    return m_step == 0 ? m_trace.initial
                       : m_trace.steps[static_cast<std::size_t>(m_step - 1)].buffers;
}

const std::vector<simcore::RingSend>& RingWidget::shownSends() const
{
    static const std::vector<simcore::RingSend> none;
    return m_step == 0 ? none : m_trace.steps[static_cast<std::size_t>(m_step - 1)].sends;
}

bool RingWidget::isComplete(int worker, int chunk) const
{
    const auto index = static_cast<std::size_t>(worker * m_workers + chunk);
    return index < m_look.complete.size() && m_look.complete[index] != 0;
}

QString RingWidget::caption() const
{
    QString text = m_captionHtml;
    text.remove(QStringLiteral("<b>")).remove(QStringLiteral("</b>"));
    return text;
}

bool RingWidget::isTimerActive() const
{
    return m_timer->isActive();
}

void RingWidget::setSpeed(double speed)
{
    m_speed = std::clamp(speed, 0.25, 4.0);
    m_timer->setInterval(intervalMs());
}

int RingWidget::intervalMs() const
{
    return static_cast<int>(std::lround(kBaseIntervalMs / m_speed));
}

void RingWidget::play()
{
    if (atEnd()) {
        setStep(0);
    }
    m_playing = true;
    updateTimer();
    emit stateChanged();
}

void RingWidget::pause()
{
    m_playing = false;
    updateTimer();
    emit stateChanged();
}

void RingWidget::togglePlay()
{
    if (m_playing) {
        pause();
    } else {
        play();
    }
}

void RingWidget::stepForward()
{
    if (m_playing) {
        pause();
    }
    advance();
}

void RingWidget::advance()
{
    if (!atEnd()) {
        setStep(m_step + 1);
    }
    if (atEnd() && m_playing) {
        pause();
    }
}

void RingWidget::stepBack()
{
    if (m_playing) {
        pause();
    }
    if (m_step > 0) {
        setStep(m_step - 1);
    }
}

void RingWidget::reset()
{
    setStep(0);
    if (m_playing && isVisible()) {
        m_timer->start(intervalMs()); // a full interval before the first step
    }
}

void RingWidget::showEnd()
{
    if (m_playing) {
        pause();
    }
    setStep(stepCount());
}

void RingWidget::rebuild()
{
    m_trace = simcore::ringAllReduce(simcore::ringDemoBuffers(m_workers));
    m_step = 0;
    relayout();
    updateState();
    if (m_playing && isVisible()) {
        m_timer->start(intervalMs());
    }
    emit stateChanged();
}

void RingWidget::setStep(int step)
{
    const int clamped = std::clamp(step, 0, stepCount());
    if (clamped == m_step) {
        return;
    }
    m_step = clamped;
    // Only a few cells (and at a phase change the arrows) differ from the previous step: repaint
    // those, not the whole widget (issue #9: 256 cells and texts per frame at N = 16).
    std::swap(m_previousLook, m_look);
    refreshLook();
    invalidateChanges(m_previousLook);
    updateCaption();
    emit stateChanged();
}

void RingWidget::updateTimer()
{
    const bool run = m_playing && isVisible();
    if (run && !m_timer->isActive()) {
        m_timer->start(intervalMs());
    } else if (!run && m_timer->isActive()) {
        m_timer->stop();
    }
}

void RingWidget::updateState()
{
    refreshLook();
    updateCaption();
    update();
}

void RingWidget::refreshLook()
{
    const int n = m_workers;
    const auto cells = static_cast<std::size_t>(n * n);
    StepLook& look = m_look;
    look.roles.assign(cells, Plain);
    look.complete.assign(cells, 0);
    // A chunk is finished when the last reduce-scatter step divides it, or when the all-gather
    // hands a finished copy on.
    for (int s = 0; s < m_step; ++s) {
        const auto& step = m_trace.steps[static_cast<std::size_t>(s)];
        const bool finishes = step.phase == simcore::RingPhase::AllGather || step.index == n - 2;
        if (finishes) {
            for (const auto& send : step.sends) {
                look.complete[static_cast<std::size_t>(send.to * n + send.chunk)] = 1;
            }
        }
    }
    look.arrowTexts.assign(static_cast<std::size_t>(n), QString());
    for (const auto& send : shownSends()) {
        look.roles[static_cast<std::size_t>(send.from * n + send.chunk)] |= Sent;
        look.roles[static_cast<std::size_t>(send.to * n + send.chunk)] |= Received;
        look.arrowTexts[static_cast<std::size_t>(send.from)] =
            send.values.empty() ? tr("c%1").arg(send.chunk)
                                : tr("c%1 = %2").arg(send.chunk).arg(value(send.values.front()));
    }
    const auto& buffers = shownBuffers();
    look.cellTexts.resize(cells);
    for (int i = 0; i < n; ++i) {
        for (int c = 0; c < n; ++c) {
            look.cellTexts[static_cast<std::size_t>(i * n + c)] =
                value(buffers[static_cast<std::size_t>(i)][static_cast<std::size_t>(c)]);
        }
    }
    look.sending = !shownSends().empty();
    look.gather = m_step > 0 && m_trace.steps[static_cast<std::size_t>(m_step - 1)].phase ==
                                    simcore::RingPhase::AllGather;
    layoutLabels(look);
}

void RingWidget::layoutLabels(StepLook& look) const
{
    look.labelBoxes.assign(look.arrowTexts.size(), QRectF());
    if (!m_arrowLabels || m_arrows.size() != look.arrowTexts.size()) {
        return; // not drawn, or not laid out yet (relayout lays the labels out again)
    }
    const QFontMetricsF metrics(m_arrowFont);
    for (std::size_t i = 0; i < look.arrowTexts.size(); ++i) {
        QRectF box(0, 0, metrics.horizontalAdvance(look.arrowTexts[i]) + 8, metrics.height() + 2);
        box.moveCenter(m_arrows[i].labelAt);
        look.labelBoxes[i] = box;
    }
}

QRectF RingWidget::cellBox(int worker, int chunk) const
{
    return QRectF(m_table.left() + m_rowLabelWidth + chunk * m_cellWidth,
                  m_table.top() + m_headerHeight + worker * m_cellHeight, m_cellWidth,
                  m_cellHeight);
}

QRect RingWidget::cellInk(int worker, int chunk) const
{
    // The cell is drawn 2 px inside its box with a pen of 3 px at most (dash caps run along the
    // border, joins are bevelled): its ink stays 0.5 px inside the box. 0.4 px keeps a margin
    // for the rasteriser's rounding; neighbours then share no pixel column in most layouts, so
    // a changed cell does not drag its neighbours into the repaint.
    return cellBox(worker, chunk).adjusted(0.4, 0.4, -0.4, -0.4).toAlignedRect();
}

void RingWidget::invalidateChanges(const StepLook& before)
{
    const StepLook& now = m_look;
    const int n = m_workers;
    const auto cells = static_cast<std::size_t>(n * n);
    if (before.roles.size() != cells || before.cellTexts.size() != cells ||
        before.arrowTexts.size() != static_cast<std::size_t>(n) || m_cellWidth <= 0) {
        update(); // nothing comparable (not laid out yet)
        return;
    }
    QRegion dirty;
    // Cells: a cell looks different when its role, its finished state or its number changed, or
    // (sent or received, before or now) when the phase colour changed.
    const bool colourChanged = before.gather != now.gather;
    for (int i = 0; i < n; ++i) {
        for (int c = 0; c < n; ++c) {
            const auto index = static_cast<std::size_t>(i * n + c);
            const bool changed = before.roles[index] != now.roles[index] ||
                                 before.complete[index] != now.complete[index] ||
                                 before.cellTexts[index] != now.cellTexts[index] ||
                                 (colourChanged && (before.roles[index] | now.roles[index]) != 0);
            if (changed) {
                dirty += cellInk(i, c);
            }
        }
    }
    // Arrows: all change colour and width together (start ↔ step 1, reduce-scatter ↔
    // all-gather); otherwise only the labels whose text changed.
    const bool arrowsChanged = before.sending != now.sending || colourChanged;
    if (m_arrows.size() == static_cast<std::size_t>(n)) {
        for (std::size_t i = 0; i < m_arrows.size(); ++i) {
            if (arrowsChanged) {
                dirty += m_arrows[i].bounds;
            }
            const bool labelBefore = before.sending && m_arrowLabels;
            const bool labelNow = now.sending && m_arrowLabels;
            if (arrowsChanged || labelBefore != labelNow ||
                before.arrowTexts[i] != now.arrowTexts[i]) {
                if (labelBefore && i < before.labelBoxes.size()) {
                    dirty += reach(before.labelBoxes[i], 1.5);
                }
                if (labelNow && i < now.labelBoxes.size()) {
                    dirty += reach(now.labelBoxes[i], 1.5);
                }
            }
        }
    }
    if (!dirty.isEmpty()) {
        update(dirty);
    }
}

void RingWidget::updateCaption()
{
    const int n = m_workers;
    const int total = stepCount();
    if (m_step == 0) {
        m_captionHtml =
            tr("<b>Start:</b> each of the %1 GPUs holds its own gradient, %1 numbers (one per "
               "chunk). Ring all-reduce takes 2(N−1) = %2 steps, %3 of reduce-scatter then %3 of "
               "all-gather; each GPU sends only to its right-hand neighbour.")
                .arg(n)
                .arg(total)
                .arg(n - 1);
        return;
    }
    const auto& step = m_trace.steps[static_cast<std::size_t>(m_step - 1)];
    const auto& previous =
        m_step == 1 ? m_trace.initial : m_trace.steps[static_cast<std::size_t>(m_step - 2)].buffers;
    const simcore::RingSend& send = step.sends.front(); // GPU 0 → GPU 1, as the worked example
    const auto to = static_cast<std::size_t>(send.to);
    const auto at = static_cast<std::size_t>(send.chunk);
    const QString sent = value(send.values.front());
    const QString before = value(previous[to][at]);
    const QString after = value(step.buffers[to][at]);
    if (step.phase == simcore::RingPhase::ReduceScatter && step.index < n - 2) {
        m_captionHtml =
            tr("<b>Step %1 of %2 — reduce-scatter %3 of %4:</b> every GPU sends one chunk to its "
               "right-hand neighbour, which adds it to its own copy. E.g. GPU 0 sends chunk %5 "
               "(%6) to GPU 1: %7 + %6 = %8.")
                .arg(m_step)
                .arg(total)
                .arg(step.index + 1)
                .arg(n - 1)
                .arg(send.chunk)
                .arg(sent, before, after);
    } else if (step.phase == simcore::RingPhase::ReduceScatter) {
        m_captionHtml =
            tr("<b>Step %1 of %2 — reduce-scatter %3 of %4, its last:</b> each receiver adds the "
               "chunk and divides the finished sum by N = %5, so every GPU now owns one chunk of "
               "the mean (green). E.g. GPU 0 sends chunk %6 (%7) to GPU 1: (%8 + %7) / %5 = %9.")
                .arg(m_step)
                .arg(total)
                .arg(step.index + 1)
                .arg(n - 1)
                .arg(n)
                .arg(send.chunk)
                .arg(sent, before, after);
    } else {
        m_captionHtml =
            tr("<b>Step %1 of %2 — all-gather %3 of %4:</b> every GPU passes a finished mean "
               "chunk on to its right-hand neighbour, which overwrites its copy (no arithmetic). "
               "E.g. GPU 0 sends chunk %5 = %6 to GPU 1.")
                .arg(m_step)
                .arg(total)
                .arg(step.index + 1)
                .arg(n - 1)
                .arg(send.chunk)
                .arg(sent);
    }
    if (atEnd()) {
        QStringList terms;
        for (int i = 0; i < n; ++i) {
            if (n > 6 && i == 3) {
                terms << QStringLiteral("…");
                i = n - 1;
            }
            terms << value(m_trace.initial[static_cast<std::size_t>(i)][0]);
        }
        const double floatsSent = static_cast<double>(m_trace.bytesSent.front()) / sizeof(float);
        m_captionHtml +=
            QLatin1Char(' ') +
            tr("<b>Done:</b> every GPU holds the mean of the %1 gradients, e.g. chunk 0: "
               "(%2) / %1 = %3. Each GPU sent %4 numbers: 2(N−1)/N times the %1 it holds.")
                .arg(n)
                .arg(terms.join(QStringLiteral(" + ")), value(m_trace.result.front().front()),
                     QString::number(floatsSent, 'g', 6));
    }
}

void RingWidget::relayout()
{
    const int n = m_workers;
    const QRectF area = QRectF(rect()).adjusted(6, 4, -6, -4);
    if (area.width() < 40 || area.height() < 40) {
        return;
    }
    m_legendFont = pixelFont(std::clamp(area.height() * 0.045, 11.0, 15.0));
    const qreal legendHeight = QFontMetricsF(m_legendFont).height() + 8;
    m_legend = QRectF(area.left(), area.bottom() - legendHeight, area.width(), legendHeight);
    const QRectF body(area.left(), area.top(), area.width(), area.height() - legendHeight - 4);

    // The ring: a square on the left.
    const qreal region = body.width() * 0.42;
    const qreal side = std::min(body.height(), region);
    const QRectF square(body.left() + (region - side) / 2, body.top() + (body.height() - side) / 2,
                        side, side);
    m_center = square.center();
    const qreal outer = side / 2;
    const qreal sine = std::sin(std::numbers::pi / n);
    m_nodeRadius = std::clamp(std::min(outer * 0.2, outer * sine * 0.55), 8.0, 44.0);
    m_arrowFont = pixelFont(std::clamp(m_nodeRadius * 0.55, 11.0, 17.0), true);
    const QFontMetricsF arrowMetrics(m_arrowFont);
    qreal labelRoom = arrowMetrics.height() * 1.1;
    m_ringRadius = std::max(outer - m_nodeRadius - labelRoom, outer * 0.35);
    // Labels on the arrows only when neighbouring labels do not run into each other: the
    // table shows the same values anyway.
    const qreal labelWidth = arrowMetrics.horizontalAdvance(QStringLiteral("c00 = 0000")) + 8;
    m_arrowLabels = n <= 8 && 2 * (m_ringRadius + labelRoom) * sine >= labelWidth;
    if (!m_arrowLabels) {
        labelRoom = 4.0;
        m_ringRadius = std::max(outer - m_nodeRadius - labelRoom, outer * 0.35);
    }
    m_nodeLabelLong = m_nodeRadius >= 22;
    m_nodeFont = pixelFont(m_nodeLabelLong ? m_nodeRadius * 0.5 : m_nodeRadius * 0.8, true);
    m_nodes.assign(static_cast<std::size_t>(n), QPointF());
    for (int i = 0; i < n; ++i) {
        const double angle = -std::numbers::pi / 2 + 2 * std::numbers::pi * i / n;
        m_nodes[static_cast<std::size_t>(i)] =
            m_center + QPointF(std::cos(angle), std::sin(angle)) * m_ringRadius;
    }
    m_arrows.assign(static_cast<std::size_t>(n), Arrow{});
    for (int i = 0; i < n; ++i) {
        const QPointF a = m_nodes[static_cast<std::size_t>(i)];
        const QPointF b = m_nodes[static_cast<std::size_t>((i + 1) % n)];
        const QPointF d = unit(b - a);
        // To the left of travel on screen (y down) is outward for a clockwise ring; for n = 2 it
        // keeps 0 → 1 and 1 → 0 on opposite sides.
        const QPointF normal(d.y(), -d.x());
        const qreal chord = std::hypot(b.x() - a.x(), b.y() - a.y());
        const qreal bulge = chord * (n == 2 ? 0.3 : 0.16);
        const QPointF mid = (a + b) / 2;
        Arrow& arrow = m_arrows[static_cast<std::size_t>(i)];
        arrow.control = mid + normal * bulge * 2;
        arrow.start = a + unit(arrow.control - a) * (m_nodeRadius + 2);
        arrow.end = b + unit(arrow.control - b) * (m_nodeRadius + 3);
        arrow.labelAt = mid + normal * (bulge + labelRoom * 0.55);
    }
    // What each element can paint, for partial repaints: the curve lies in the triangle of its
    // control points; the widest pen and the biggest head are those of a sending step.
    m_arrowHead = std::clamp(m_nodeRadius * 0.45, 7.0, 14.0);
    const qreal widestPen = std::clamp(m_nodeRadius * 0.16, 2.5, 5.0);
    const qreal headReach = m_arrowHead * 1.3 * 1.2;
    for (Arrow& arrow : m_arrows) {
        const QRectF curve = QRectF(arrow.start, arrow.control)
                                 .normalized()
                                 .united(QRectF(arrow.control, arrow.end).normalized());
        const QRectF head(arrow.end - QPointF(headReach, headReach),
                          QSizeF(2 * headReach, 2 * headReach));
        arrow.bounds = reach(curve, widestPen).united(reach(head, 0));
    }
    m_ringBounds = QRectF(m_center - QPointF(m_ringRadius, m_ringRadius),
                          QSizeF(2 * m_ringRadius, 2 * m_ringRadius));

    // The table: what every GPU holds, one row per GPU, one column per chunk.
    const qreal gap = std::max(12.0, body.width() * 0.03);
    const QRectF tableArea(body.left() + region + gap, body.top(), body.width() - region - gap,
                           body.height());
    QString widest;
    for (const auto& step : m_trace.steps) {
        for (const auto& row : step.buffers) {
            for (const float v : row) {
                const QString text = value(v);
                if (text.size() > widest.size()) {
                    widest = text;
                }
            }
        }
    }
    if (widest.isEmpty()) {
        widest = QStringLiteral("00");
    }
    m_cellHeight = std::min(tableArea.height() / (n + 0.8), 52.0);
    qreal pixels = std::clamp(m_cellHeight * 0.6, 9.0, 26.0);
    m_cellFont = pixelFont(pixels);
    m_rowLabelWidth =
        QFontMetricsF(pixelFont(pixels, true)).horizontalAdvance(tr("GPU %1").arg(n - 1)) + 10;
    m_cellWidth = std::min((tableArea.width() - m_rowLabelWidth) / n, 120.0);
    const qreal textWidth = QFontMetricsF(m_cellFont).horizontalAdvance(widest) + 6;
    if (textWidth > m_cellWidth && textWidth > 0) {
        pixels = std::max(7.0, pixels * m_cellWidth / textWidth);
        m_cellFont = pixelFont(pixels);
    }
    // Below 12-pixel rows a number would be smudge: show the colours only (the caption still
    // names the values); a bigger window or presentation mode brings the numbers back.
    m_cellNumbers = m_cellHeight >= 12 && pixels >= 8;
    m_headerHeight = m_cellHeight * 0.8;
    m_headerFont = pixelFont(std::min(pixels * 0.85, m_headerHeight * 0.6), true);
    m_headerLong =
        QFontMetricsF(m_headerFont).horizontalAdvance(tr("chunk %1").arg(n - 1)) < m_cellWidth - 4;
    const qreal width = m_rowLabelWidth + n * m_cellWidth;
    const qreal height = m_headerHeight + n * m_cellHeight;
    m_table = QRectF(tableArea.left() + std::max(0.0, (tableArea.width() - width) / 2),
                     tableArea.top() + (tableArea.height() - height) / 2, width, height);
    m_cellBoldFont = m_cellFont;
    m_cellBoldFont.setBold(true);
    updateTexts();
    layoutLegend();
    layoutLabels(m_look); // the previous look is laid out again when it is reused
}

void RingWidget::updateTexts()
{
    const int n = m_workers;
    m_nodeTexts.resize(static_cast<std::size_t>(n));
    m_headerTexts.resize(static_cast<std::size_t>(n));
    m_rowTexts.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const auto at = static_cast<std::size_t>(i);
        m_nodeTexts[at] = m_nodeLabelLong ? tr("GPU\n%1").arg(i) : QString::number(i);
        m_headerTexts[at] = m_headerLong ? tr("chunk %1").arg(i) : tr("c%1").arg(i);
        m_rowTexts[at] = tr("GPU %1").arg(i);
    }
}

void RingWidget::layoutLegend()
{
    // Colours come with the look when drawn (drawLegend); here only texts and places.
    m_legendEntries = {
        {tr("sent this step"), {}, {}},
        {tr("received and added"), {}, {}},
        {tr("received and copied"), {}, {}},
        {tr("holds the final mean"), {}, {}},
    };
    QFont font = m_legendFont;
    QFontMetricsF metrics(font);
    const qreal box = metrics.height() * 0.9;
    qreal width = 0;
    for (const auto& entry : m_legendEntries) {
        width += box + 6 + metrics.horizontalAdvance(entry.text) + 18;
    }
    if (width > m_legend.width() && width > 0) {
        font.setPixelSize(
            std::max(8, static_cast<int>(font.pixelSize() * m_legend.width() / width)));
        metrics = QFontMetricsF(font);
    }
    m_legendDrawFont = font;
    QRectF legendBounds = m_legend;
    qreal x = m_legend.left();
    const qreal y = m_legend.center().y();
    for (auto& entry : m_legendEntries) {
        entry.sample = QRectF(x, y - box / 2, box * 1.4, box);
        x = entry.sample.right() + 6;
        const qreal textWidth = metrics.horizontalAdvance(entry.text);
        entry.textBox = QRectF(x, m_legend.top(), textWidth + 2, m_legend.height());
        x += textWidth + 18;
        legendBounds = legendBounds.united(entry.sample).united(entry.textBox);
    }
    m_legendBounds = reach(legendBounds, 3);
}

void RingWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void RingWidget::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    updateTimer();
}

void RingWidget::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    updateTimer(); // a hidden tab does not step (and so does not repaint)
}

void RingWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        relayout();
        updateState();
    }
    QWidget::changeEvent(event);
}

void RingWidget::paintEvent(QPaintEvent* event)
{
    ++m_paints;
    // A step asks for the cells and arrows that changed (invalidateChanges); everything is drawn
    // in the same order as a full repaint, skipping what cannot touch the asked region, so the
    // picture is the same as a full repaint's.
    const QRegion& dirty = event->region();
    m_lastPaintRegion = dirty;
    QPainter painter(this);
    const RingColours colours = ringColours();
    painter.fillRect(event->rect(), colours.background);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    drawRing(painter, dirty, colours);
    drawTable(painter, dirty, colours);
    drawLegend(painter, dirty, colours);
}

void RingWidget::drawRing(QPainter& painter, const QRegion& dirty, const RingColours& colours) const
{
    const int n = m_workers;
    if (m_nodes.size() != static_cast<std::size_t>(n) ||
        m_nodeTexts.size() != static_cast<std::size_t>(n) ||
        m_look.arrowTexts.size() != static_cast<std::size_t>(n) ||
        m_look.labelBoxes.size() != static_cast<std::size_t>(n)) {
        return;
    }
    const bool sending = m_look.sending;
    const QColor colour =
        sending ? (m_look.gather ? kGatherColour : kReduceColour) : colours.ringGrey;
    const qreal head = m_arrowHead;

    if (dirty.intersects(reach(m_ringBounds, 1))) {
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(colours.tint(colours.ringGrey, 0.5), 1, Qt::DotLine));
        painter.drawEllipse(m_center, m_ringRadius, m_ringRadius);
    }

    const QPen arrowPen(colour, sending ? std::clamp(m_nodeRadius * 0.16, 2.5, 5.0) : 1.5,
                        Qt::SolidLine, Qt::FlatCap);
    const QPen labelPen(colour, 1.5);
    for (int i = 0; i < n; ++i) {
        const auto at = static_cast<std::size_t>(i);
        const Arrow& arrow = m_arrows[at];
        if (dirty.intersects(arrow.bounds)) {
            painter.setPen(arrowPen);
            painter.setBrush(Qt::NoBrush);
            QPainterPath path(arrow.start);
            path.quadTo(arrow.control, arrow.end);
            painter.drawPath(path);
            painter.setPen(Qt::NoPen);
            painter.setBrush(colour);
            drawing::drawArrowHead(painter, arrow.end, arrow.control, sending ? head * 1.3 : head);
        }
        const QRectF& box = m_look.labelBoxes[at];
        if (sending && m_arrowLabels && dirty.intersects(reach(box, 1.5))) {
            painter.setFont(m_arrowFont);
            painter.setPen(labelPen);
            painter.setBrush(colours.background);
            painter.drawRoundedRect(box, 4, 4);
            painter.setPen(colours.text);
            painter.drawText(box, Qt::AlignCenter, m_look.arrowTexts[at]);
        }
    }

    painter.setFont(m_nodeFont);
    const QPen nodePen(colours.text, 2);
    for (int i = 0; i < n; ++i) {
        const QPointF c = m_nodes[static_cast<std::size_t>(i)];
        const QRectF box(c.x() - m_nodeRadius, c.y() - m_nodeRadius, 2 * m_nodeRadius,
                         2 * m_nodeRadius);
        if (!dirty.intersects(reach(box, 2))) {
            continue;
        }
        painter.setPen(nodePen);
        painter.setBrush(colours.nodeFill);
        painter.drawEllipse(c, m_nodeRadius, m_nodeRadius);
        painter.drawText(box, Qt::AlignCenter, m_nodeTexts[static_cast<std::size_t>(i)]);
    }
}

void RingWidget::drawTable(QPainter& painter, const QRegion& dirty,
                           const RingColours& colours) const
{
    const int n = m_workers;
    const auto cells = static_cast<std::size_t>(n * n);
    if (m_look.cellTexts.size() != cells || m_look.roles.size() != cells ||
        m_headerTexts.size() != static_cast<std::size_t>(n) ||
        m_rowTexts.size() != static_cast<std::size_t>(n) || m_cellWidth <= 0) {
        return;
    }
    const QColor active = m_look.gather ? kGatherColour : kReduceColour;
    const QColor receivedFill = colours.tint(active, 0.3);
    const QPen plainBorder(colours.border, 1);
    const QPen receivedBorder(active, 3);
    const QPen sentBorder(active, 2.5, Qt::DashLine);
    const qreal left = m_table.left() + m_rowLabelWidth;
    const qreal top = m_table.top() + m_headerHeight;

    painter.setFont(m_headerFont);
    painter.setPen(colours.text);
    for (int c = 0; c < n; ++c) {
        const QRectF box(left + c * m_cellWidth, m_table.top(), m_cellWidth, m_headerHeight);
        if (dirty.intersects(reach(box, 2))) {
            painter.drawText(box, Qt::AlignHCenter | Qt::AlignBottom,
                             m_headerTexts[static_cast<std::size_t>(c)]);
        }
    }
    for (int i = 0; i < n; ++i) {
        const qreal y = top + i * m_cellHeight;
        const QRectF rowLabel(m_table.left(), y, m_rowLabelWidth - 8, m_cellHeight);
        if (dirty.intersects(reach(rowLabel, 2))) {
            painter.setFont(m_cellBoldFont);
            painter.setPen(colours.text);
            painter.drawText(rowLabel, Qt::AlignRight | Qt::AlignVCenter,
                             m_rowTexts[static_cast<std::size_t>(i)]);
        }
        for (int c = 0; c < n; ++c) {
            if (!dirty.intersects(cellInk(i, c))) {
                continue;
            }
            const QRectF box = cellBox(i, c);
            const auto index = static_cast<std::size_t>(i * n + c);
            const unsigned char role = m_look.roles[index];
            const bool complete = m_look.complete[index] != 0;
            const QRectF cell = box.adjusted(2, 2, -2, -2);
            QColor fill = colours.background;
            if (role & Received) {
                fill = receivedFill;
            } else if (complete) {
                fill = colours.completeFill;
            }
            if (role & Received) {
                painter.setPen(receivedBorder);
            } else if (role & Sent) {
                painter.setPen(sentBorder);
            } else {
                painter.setPen(plainBorder);
            }
            painter.setBrush(fill);
            painter.drawRect(cell);
            if (m_cellNumbers) {
                painter.setFont((role & Received) ? m_cellBoldFont : m_cellFont);
                painter.setPen(complete ? colours.completeText : colours.text);
                painter.drawText(cell, Qt::AlignCenter, m_look.cellTexts[index]);
            }
        }
    }
}

void RingWidget::drawLegend(QPainter& painter, const QRegion& dirty,
                            const RingColours& colours) const
{
    if (!dirty.intersects(m_legendBounds)) {
        return;
    }
    // In m_legendEntries' order: sent, received and added, received and copied, complete.
    const std::pair<QColor, QPen> samples[] = {
        {colours.background, QPen(colours.text, 2, Qt::DashLine)},
        {colours.tint(kReduceColour, 0.3), QPen(kReduceColour, 3)},
        {colours.tint(kGatherColour, 0.3), QPen(kGatherColour, 3)},
        {colours.completeFill, QPen(colours.border, 1)},
    };
    painter.setFont(m_legendDrawFont);
    for (std::size_t i = 0; i < m_legendEntries.size() && i < std::size(samples); ++i) {
        const LegendEntry& entry = m_legendEntries[i];
        painter.setPen(samples[i].second);
        painter.setBrush(samples[i].first);
        painter.drawRect(entry.sample.adjusted(1, 1, -1, -1));
        painter.setPen(colours.text);
        painter.drawText(entry.textBox, Qt::AlignLeft | Qt::AlignVCenter, entry.text);
    }
}

// --- RingWorkersBox ------------------------------------------------------------------------

RingWorkersBox::RingWorkersBox(QWidget* parent) : QSpinBox(parent)
{
    setRange(RingWidget::kMinWorkers, RingWidget::kMaxWorkers);
    setValue(RingWidget::kDefaultWorkers);
    setKeyboardTracking(false);
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
    connect(lineEdit(), &QLineEdit::textEdited, this, &RingWorkersBox::checkTypedText);
    connect(this, &QSpinBox::valueChanged, this, [this] { emit problem(QString()); });
}

QValidator::State RingWorkersBox::validate(QString& input, int& position) const
{
    const QValidator::State state = QSpinBox::validate(input, position);
    if (state != QValidator::Invalid) {
        return state;
    }
    // A whole number outside 2…16 stays in the box with a message, instead of the keystroke
    // vanishing.
    bool isNumber = false;
    locale().toInt(input.trimmed(), &isNumber);
    return isNumber ? QValidator::Intermediate : QValidator::Invalid;
}

void RingWorkersBox::checkTypedText(const QString& text)
{
    bool isNumber = false;
    const int typed = locale().toInt(text.trimmed(), &isNumber);
    if (!isNumber || (typed >= minimum() && typed <= maximum())) {
        emit problem(QString());
        return;
    }
    emit problem(tr("Ring animation N: %1 is out of range; allowed: %2 to %3 GPUs. The value "
                    "was not changed.")
                     .arg(typed)
                     .arg(minimum())
                     .arg(maximum()));
}

// --- RingControls --------------------------------------------------------------------------

RingControls::RingControls(RingWidget* ring, QWidget* parent) : QWidget(parent), m_ring(ring)
{
    m_reset = new QPushButton;
    m_reset->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
    m_back = new QPushButton;
    m_back->setIcon(style()->standardIcon(QStyle::SP_MediaSeekBackward));
    m_play = new QPushButton;
    m_step = new QPushButton;
    m_step->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
    m_speed = new QComboBox;
    for (const double speed : {0.25, 0.5, 1.0, 2.0, 4.0}) {
        m_speed->addItem(QString(), speed);
    }
    m_speed->setCurrentIndex(2);
    m_speedLabel = new QLabel;
    m_speedLabel->setBuddy(m_speed);
    m_workers = new RingWorkersBox;
    m_workers->setValue(ring->workers());
    m_workersLabel = new QLabel;
    m_workersLabel->setBuddy(m_workers);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget* w : std::initializer_list<QWidget*>{m_reset, m_back, m_play, m_step}) {
        layout->addWidget(w);
    }
    layout->addStretch(1);
    layout->addWidget(m_speedLabel);
    layout->addWidget(m_speed);
    layout->addSpacing(12);
    layout->addWidget(m_workersLabel);
    layout->addWidget(m_workers);

    connect(m_reset, &QPushButton::clicked, ring, &RingWidget::reset);
    connect(m_back, &QPushButton::clicked, ring, &RingWidget::stepBack);
    connect(m_play, &QPushButton::clicked, ring, &RingWidget::togglePlay);
    connect(m_step, &QPushButton::clicked, ring, &RingWidget::stepForward);
    connect(m_speed, &QComboBox::activated, this,
            [this](int index) { m_ring->setSpeed(m_speed->itemData(index).toDouble()); });
    connect(m_workers, &QSpinBox::valueChanged, this, [this](int n) {
        const QString message = m_ring->setWorkers(n);
        emit problem(message);
    });
    connect(m_workers, &RingWorkersBox::problem, this, &RingControls::problem);
    connect(ring, &RingWidget::stateChanged, this, &RingControls::updateButtons);
    retranslate();
    updateButtons();
}

void RingControls::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    } else if (event->type() == QEvent::StyleChange) {
        m_play->setIcon(QIcon()); // the new style's icon on the next update
        updateButtons();
    }
    QWidget::changeEvent(event);
}

void RingControls::retranslate()
{
    m_reset->setText(tr("Reset"));
    m_reset->setToolTip(tr("Back to the start: every GPU holds its own gradient again."));
    m_back->setText(tr("Back"));
    m_back->setToolTip(tr("Go back one step, to what every GPU held before the last sends."));
    m_step->setText(tr("S&tep"));
    m_step->setToolTip(tr("Do one step: every GPU sends one chunk to its right-hand neighbour at "
                          "the same time."));
    m_play->setToolTip(tr("Play the steps one after another, or pause. Play at the end starts "
                          "again from the beginning."));
    m_speedLabel->setText(tr("&Speed:"));
    const QStringList speeds = {tr("0.25×"), tr("0.5×"), tr("1×"), tr("2×"), tr("4×")};
    for (int i = 0; i < m_speed->count(); ++i) {
        m_speed->setItemText(i, speeds.value(i));
    }
    m_speed->setToolTip(tr("How fast Play goes: at 1× one step every %1 s.")
                            .arg(QLocale().toString(RingWidget::kBaseIntervalMs / 1000.0)));
    m_workersLabel->setText(tr("GPUs in the &ring:"));
    const QString workersTip =
        tr("How many GPUs the animation shows, 2 to 16. This is the animation's own N: the charts "
           "use collective.workers, which can be a million, but 16 GPUs × 16 numbers is as much as "
           "a projected table can show.");
    m_workers->setToolTip(workersTip);
    m_workersLabel->setToolTip(workersTip);
    m_workers->setAccessibleName(tr("GPUs in the animated ring"));
    updateButtons();
}

void RingControls::updateButtons()
{
    const bool playing = m_ring->isPlaying();
    m_play->setText(playing ? tr("&Pause") : tr("&Play"));
    // Every step reports its state: a new icon each time re-laid the row out for nothing.
    if (playing != m_showingPause || m_play->icon().isNull()) {
        m_showingPause = playing;
        m_play->setIcon(
            style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    }
    m_back->setEnabled(m_ring->stepIndex() > 0);
    m_step->setEnabled(!m_ring->atEnd());
    if (m_workers->value() != m_ring->workers()) {
        const QSignalBlocker block(m_workers);
        m_workers->setValue(m_ring->workers());
    }
}

} // namespace dtsim::ui
