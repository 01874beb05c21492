#include "ui/panels/communication/ringwidget.h"

#include "ui/kit/chartstyle.h"
#include "ui/kit/drawing.h"

#include <QEvent>
#include <QFontInfo>
#include <QPaintEvent>
#include <QPainter>
#include <QPainterPath>
#include <QStringList>
#include <algorithm>
#include <utility>

namespace dtsim::ui {

namespace {

// Okabe–Ito: orange for the reduce-scatter (values are added), blue for the all-gather (values
// are copied), bluish green for a finished mean.
const QColor kOrange{0xE6, 0x9F, 0x00};
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

/// A number of the trace as the table and the caption write it.
QString value(float v)
{
    return QString::number(static_cast<double>(v), 'g', 7);
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
/// Reduce-scatter's orange, in a shade that stands 3:1 off the background (darker on white).
QColor reduceColour()
{
    return chartstyle::legible(kOrange);
}

RingColours ringColours()
{
    const QColor background = chartstyle::backgroundColor();
    const QColor text = chartstyle::textColor();
    if (!chartstyle::look().dark) {
        return {background,
                text,
                QColor(0xF2, 0xF2, 0xF2),
                QColor(0xC8, 0xC8, 0xC8),
                QColor(0x8A, 0x8A, 0x8A), // idle arrows: 3.4:1 on white
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

DrawnMarks RingWidget::drawnMarks() const
{
    const RingColours colours = ringColours();
    const RingStepState& state = m_look.state;
    const QColor active = state.gather ? kGatherColour : reduceColour();
    bool anyReceived = false;
    bool anyComplete = false;
    for (std::size_t i = 0; i < state.roles.size(); ++i) {
        const bool received = (state.roles[i] & RingStepState::Received) != 0;
        anyReceived = anyReceived || received;
        anyComplete = anyComplete || (!received && state.complete[i] != 0);
    }
    const QColor background = colours.background;
    return {
        {QStringLiteral("arrows"), state.sending ? active : colours.ringGrey, {}, background},
        {QStringLiteral("GPU outline"), colours.text, {}, background},
        {QStringLiteral("GPU name"), colours.text, {}, colours.nodeFill, true},
        {QStringLiteral("received cell's border"), active, {}, background, false, anyReceived},
        {QStringLiteral("number in a received cell"),
         colours.text,
         {},
         colours.tint(active, 0.3),
         true,
         anyReceived && m_layout.cellNumbers},
        {QStringLiteral("number in a finished cell"),
         colours.completeText,
         {},
         colours.completeFill,
         true,
         anyComplete && m_layout.cellNumbers},
        {QStringLiteral("legend: sent"), colours.text, {}, background},
        {QStringLiteral("legend: received and added"), reduceColour(), {}, background},
        {QStringLiteral("legend: received and copied"), kGatherColour, {}, background},
        {QStringLiteral("legend: holds the final mean"), colours.completeFill,
         chartstyle::legible(kCompleteColour), background},
        {QStringLiteral("legend text"), colours.text, {}, background, true},
    };
}

RingWidget::RingWidget(QWidget* parent) : QWidget(parent), m_playback(new RingPlayback(this))
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(m_playback, &RingPlayback::workersChanged, this, &RingWidget::showWorkers);
    connect(m_playback, &RingPlayback::stepChanged, this, &RingWidget::showStep);
    showWorkers();
}

QString RingWidget::caption() const
{
    QString text = m_captionHtml;
    text.remove(QStringLiteral("<b>")).remove(QStringLiteral("</b>"));
    return text;
}

RingLayoutInput RingWidget::layoutInput(const simcore::RingTrace& trace, QSizeF size)
{
    const int n = static_cast<int>(trace.workers);
    RingLayoutInput input;
    input.workers = n;
    input.size = size;
    input.font = QFont(); // the application's font, at the pixel sizes the layout picks
    for (int i = 0; i < n; ++i) {
        input.nodeLongTexts.push_back(tr("GPU\n%1").arg(i));
        input.nodeShortTexts.push_back(QString::number(i));
        input.headerLongTexts.push_back(tr("chunk %1").arg(i));
        input.headerShortTexts.push_back(tr("c%1").arg(i));
        input.rowTexts.push_back(tr("GPU %1").arg(i));
    }
    for (const auto& step : trace.steps) {
        for (const auto& row : step.buffers) {
            for (const float v : row) {
                const QString text = value(v);
                if (text.size() > input.widestValue.size()) {
                    input.widestValue = text;
                }
            }
        }
    }
    input.arrowLabelSample = QStringLiteral("c00 = 0000");
    input.legendTexts = {tr("sent this step"), tr("received and added"), tr("received and copied"),
                         tr("holds the final mean")};
    input.legendPixels = QFontInfo(chartstyle::labelFont()).pixelSize();
    return input;
}

void RingWidget::relayout()
{
    m_layout = ringLayout(layoutInput(m_playback->trace(), size()));
    m_look.labelBoxes = m_layout.arrowLabelBoxes(m_look.arrowTexts);
}

void RingWidget::applyLook()
{
    relayout();
    update();
}

void RingWidget::showWorkers()
{
    m_look = lookNow();
    relayout();
    updateCaption();
    update();
}

void RingWidget::showStep()
{
    // Only a few cells (and at a phase change the arrows) differ from the previous step: repaint
    // those, not the whole widget (256 cells and texts per frame at N = 16).
    StepLook before = std::exchange(m_look, lookNow());
    invalidateChanges(before);
    updateCaption();
}

RingWidget::StepLook RingWidget::lookNow() const
{
    StepLook look;
    look.state = m_playback->state();
    const int n = look.state.workers;
    look.arrowTexts.assign(static_cast<std::size_t>(n), QString());
    for (const auto& send : m_playback->shownSends()) {
        look.arrowTexts[static_cast<std::size_t>(send.from)] =
            send.values.empty() ? tr("c%1").arg(send.chunk)
                                : tr("c%1 = %2").arg(send.chunk).arg(value(send.values.front()));
    }
    const auto& buffers = m_playback->shownBuffers();
    look.cellTexts.reserve(static_cast<std::size_t>(n * n));
    for (const auto& row : buffers) {
        for (const float v : row) {
            look.cellTexts.push_back(value(v));
        }
    }
    look.labelBoxes = m_layout.arrowLabelBoxes(look.arrowTexts);
    return look;
}

void RingWidget::invalidateChanges(const StepLook& before)
{
    const StepLook& now = m_look;
    const int n = now.state.workers;
    const auto cells = static_cast<std::size_t>(n * n);
    if (before.state.workers != n || before.cellTexts.size() != cells || !m_layout.valid ||
        m_layout.workers != n) {
        update(); // nothing comparable (not laid out yet)
        return;
    }
    QRegion dirty;
    // Cells: a cell looks different when its role, its finished state or its number changed, or
    // (sent or received, before or now) when the phase colour changed.
    const bool colourChanged = before.state.gather != now.state.gather;
    for (int i = 0; i < n; ++i) {
        for (int c = 0; c < n; ++c) {
            const auto index = static_cast<std::size_t>(i * n + c);
            const unsigned char roleBefore = before.state.roles[index];
            const unsigned char roleNow = now.state.roles[index];
            const bool changed = roleBefore != roleNow ||
                                 before.state.complete[index] != now.state.complete[index] ||
                                 before.cellTexts[index] != now.cellTexts[index] ||
                                 (colourChanged && (roleBefore | roleNow) != 0);
            if (changed) {
                dirty += m_layout.cellInk(i, c);
            }
        }
    }
    // Arrows: all change colour and width together (start ↔ step 1, reduce-scatter ↔
    // all-gather); otherwise only the labels whose text changed.
    const bool arrowsChanged = before.state.sending != now.state.sending || colourChanged;
    const bool labels = m_layout.arrowLabels;
    for (std::size_t i = 0; i < m_layout.arrows.size(); ++i) {
        if (arrowsChanged) {
            dirty += m_layout.arrows[i].bounds;
        }
        const bool labelBefore = before.state.sending && labels;
        const bool labelNow = now.state.sending && labels;
        if (arrowsChanged || labelBefore != labelNow || before.arrowTexts[i] != now.arrowTexts[i]) {
            if (labelBefore && i < before.labelBoxes.size()) {
                dirty += inkReach(before.labelBoxes[i], 1.5);
            }
            if (labelNow && i < now.labelBoxes.size()) {
                dirty += inkReach(now.labelBoxes[i], 1.5);
            }
        }
    }
    if (!dirty.isEmpty()) {
        update(dirty);
    }
}

void RingWidget::updateCaption()
{
    const RingPlayback& playback = *m_playback;
    const int n = playback.workers();
    const int total = playback.stepCount();
    const int perPhase = playback.state().stepsPerPhase;
    const simcore::RingStep* step = playback.shownStep();
    if (!step) {
        m_captionHtml =
            tr("<b>Start:</b> each of the %1 GPUs holds its own gradient, %1 numbers (one per "
               "chunk). Ring all-reduce takes 2(N−1) = %2 steps, %3 of reduce-scatter then %3 of "
               "all-gather; each GPU sends only to its right-hand neighbour.")
                .arg(n)
                .arg(total)
                .arg(perPhase);
        emit captionChanged();
        return;
    }
    const int shown = playback.stepIndex();
    const int stepInPhase = static_cast<int>(step->index) + 1; // counted from 1 for people
    const simcore::RingSend& send = step->sends.front(); // GPU 0 → GPU 1, as the worked example
    const auto to = static_cast<std::size_t>(send.to);
    const auto at = static_cast<std::size_t>(send.chunk);
    const QString sent = value(send.values.front());
    const QString before = value(playback.previousBuffers()[to][at]);
    const QString after = value(step->buffers[to][at]);
    if (step->phase == simcore::RingPhase::ReduceScatter && stepInPhase < perPhase) {
        m_captionHtml =
            tr("<b>Step %1 of %2 — reduce-scatter %3 of %4:</b> every GPU sends one chunk to its "
               "right-hand neighbour, which adds it to its own copy. E.g. GPU 0 sends chunk %5 "
               "(%6) to GPU 1: %7 + %6 = %8.")
                .arg(shown)
                .arg(total)
                .arg(stepInPhase)
                .arg(perPhase)
                .arg(send.chunk)
                .arg(sent, before, after);
    } else if (step->phase == simcore::RingPhase::ReduceScatter) {
        m_captionHtml =
            tr("<b>Step %1 of %2 — reduce-scatter %3 of %4, its last:</b> each receiver adds the "
               "chunk and divides the finished sum by N = %5, so every GPU now owns one chunk of "
               "the mean (green). E.g. GPU 0 sends chunk %6 (%7) to GPU 1: (%8 + %7) / %5 = %9.")
                .arg(shown)
                .arg(total)
                .arg(stepInPhase)
                .arg(perPhase)
                .arg(n)
                .arg(send.chunk)
                .arg(sent, before, after);
    } else {
        m_captionHtml =
            tr("<b>Step %1 of %2 — all-gather %3 of %4:</b> every GPU passes a finished mean "
               "chunk on to its right-hand neighbour, which overwrites its copy (no arithmetic). "
               "E.g. GPU 0 sends chunk %5 = %6 to GPU 1.")
                .arg(shown)
                .arg(total)
                .arg(stepInPhase)
                .arg(perPhase)
                .arg(send.chunk)
                .arg(sent);
    }
    if (playback.atEnd()) {
        const auto& trace = playback.trace();
        // Seven or more gradients are written "first three … last", as the painted views do.
        QStringList terms;
        for (const std::int64_t i : drawing::shownIndices(n, n > 6 ? 4 : n)) {
            terms << (i == drawing::kGap ? QStringLiteral("…")
                                         : value(trace.initial[static_cast<std::size_t>(i)][0]));
        }
        // The trace counts bytes; the caption counts the numbers (floats) they carry.
        const double numbersSent = static_cast<double>(trace.bytesSent.front()) / sizeof(float);
        m_captionHtml +=
            QLatin1Char(' ') +
            tr("<b>Done:</b> every GPU holds the mean of the %1 gradients, e.g. chunk 0: "
               "(%2) / %1 = %3. Each GPU sent %4 numbers: 2(N−1)/N times the %1 it holds.")
                .arg(n)
                .arg(terms.join(QStringLiteral(" + ")), value(trace.result.front().front()),
                     QString::number(numbersSent, 'g', 6));
    }
    emit captionChanged();
}

void RingWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void RingWidget::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_playback->setVisible(true);
}

void RingWidget::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    m_playback->setVisible(false); // a hidden tab does not step (and so does not repaint)
}

void RingWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_look = lookNow();
        relayout();
        updateCaption();
        update();
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
    if (!m_layout.valid || m_layout.workers != m_look.state.workers) {
        return;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    drawRing(painter, dirty, colours);
    drawTable(painter, dirty, colours);
    drawLegend(painter, dirty, colours);
}

void RingWidget::drawRing(QPainter& painter, const QRegion& dirty, const RingColours& colours) const
{
    const RingLayout& layout = m_layout;
    const int n = layout.workers;
    const bool sending = m_look.state.sending;
    const QColor colour =
        sending ? (m_look.state.gather ? kGatherColour : reduceColour()) : colours.ringGrey;

    if (dirty.intersects(inkReach(layout.ringBounds, 1))) {
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(colours.tint(colours.ringGrey, 0.5), 1, Qt::DotLine));
        painter.drawEllipse(layout.center, layout.ringRadius, layout.ringRadius);
    }

    const QPen arrowPen(colour, sending ? layout.sendingPen : 1.5, Qt::SolidLine, Qt::FlatCap);
    const QPen labelPen(colour, 1.5);
    for (int i = 0; i < n; ++i) {
        const auto at = static_cast<std::size_t>(i);
        const RingArrow& arrow = layout.arrows[at];
        if (dirty.intersects(arrow.bounds)) {
            painter.setPen(arrowPen);
            painter.setBrush(Qt::NoBrush);
            QPainterPath path(arrow.start);
            path.quadTo(arrow.control, arrow.end);
            painter.drawPath(path);
            painter.setPen(Qt::NoPen);
            painter.setBrush(colour);
            drawing::drawArrowHead(painter, arrow.end, arrow.control,
                                   sending ? layout.arrowHead * 1.3 : layout.arrowHead);
        }
        const QRectF& box = m_look.labelBoxes[at];
        if (sending && layout.arrowLabels && dirty.intersects(inkReach(box, 1.5))) {
            painter.setFont(layout.arrowFont);
            painter.setPen(labelPen);
            painter.setBrush(colours.background);
            painter.drawRoundedRect(box, 4, 4);
            painter.setPen(colours.text);
            painter.drawText(box, Qt::AlignCenter, m_look.arrowTexts[at]);
        }
    }

    painter.setFont(layout.nodeFont);
    const QPen nodePen(colours.text, 2);
    for (int i = 0; i < n; ++i) {
        const QRectF box = layout.nodeBox(i);
        if (!dirty.intersects(inkReach(box, 2))) {
            continue;
        }
        painter.setPen(nodePen);
        painter.setBrush(colours.nodeFill);
        painter.drawEllipse(layout.nodes[static_cast<std::size_t>(i)], layout.nodeRadius,
                            layout.nodeRadius);
        painter.drawText(box, Qt::AlignCenter, layout.nodeTexts[static_cast<std::size_t>(i)]);
    }
}

void RingWidget::drawTable(QPainter& painter, const QRegion& dirty,
                           const RingColours& colours) const
{
    const RingLayout& layout = m_layout;
    const int n = layout.workers;
    const RingStepState& state = m_look.state;
    const QColor active = state.gather ? kGatherColour : reduceColour();
    const QColor receivedFill = colours.tint(active, 0.3);
    const QPen plainBorder(colours.border, 1);
    const QPen receivedBorder(active, 3);
    const QPen sentBorder(active, 2.5, Qt::DashLine);

    painter.setFont(layout.headerFont);
    painter.setPen(colours.text);
    for (int c = 0; c < n; ++c) {
        const QRectF box = layout.headerBox(c);
        if (dirty.intersects(inkReach(box, 2))) {
            painter.drawText(box, Qt::AlignHCenter | Qt::AlignBottom,
                             layout.headerTexts[static_cast<std::size_t>(c)]);
        }
    }
    for (int i = 0; i < n; ++i) {
        const QRectF rowLabel = layout.rowLabelBox(i);
        if (dirty.intersects(inkReach(rowLabel, 2))) {
            painter.setFont(layout.cellBoldFont);
            painter.setPen(colours.text);
            painter.drawText(rowLabel, Qt::AlignRight | Qt::AlignVCenter,
                             layout.rowTexts[static_cast<std::size_t>(i)]);
        }
        for (int c = 0; c < n; ++c) {
            if (!dirty.intersects(layout.cellInk(i, c))) {
                continue;
            }
            const auto index = static_cast<std::size_t>(i * n + c);
            const unsigned char role = state.roles[index];
            const bool received = (role & RingStepState::Received) != 0;
            const bool complete = state.complete[index] != 0;
            const QRectF cell = layout.cellBox(i, c).adjusted(2, 2, -2, -2);
            QColor fill = colours.background;
            if (received) {
                fill = receivedFill;
            } else if (complete) {
                fill = colours.completeFill;
            }
            if (received) {
                painter.setPen(receivedBorder);
            } else if (role & RingStepState::Sent) {
                painter.setPen(sentBorder);
            } else {
                painter.setPen(plainBorder);
            }
            painter.setBrush(fill);
            painter.drawRect(cell);
            if (layout.cellNumbers) {
                painter.setFont(received ? layout.cellBoldFont : layout.cellFont);
                painter.setPen(complete ? colours.completeText : colours.text);
                painter.drawText(cell, Qt::AlignCenter, m_look.cellTexts[index]);
            }
        }
    }
}

void RingWidget::drawLegend(QPainter& painter, const QRegion& dirty,
                            const RingColours& colours) const
{
    const RingLayout& layout = m_layout;
    if (!dirty.intersects(layout.legendBounds)) {
        return;
    }
    // In the legend's order: sent, received and added, received and copied, complete.
    const std::pair<QColor, QPen> samples[] = {
        {colours.background, QPen(colours.text, 2, Qt::DashLine)},
        {colours.tint(reduceColour(), 0.3), QPen(reduceColour(), 3)},
        {colours.tint(kGatherColour, 0.3), QPen(kGatherColour, 3)},
        {colours.completeFill, QPen(chartstyle::legible(kCompleteColour), 1.5)},
    };
    painter.setFont(layout.legendFont);
    for (std::size_t i = 0; i < layout.legendEntries.size() && i < std::size(samples); ++i) {
        const RingLegendEntry& entry = layout.legendEntries[i];
        painter.setPen(samples[i].second);
        painter.setBrush(samples[i].first);
        painter.drawRect(entry.sample.adjusted(1, 1, -1, -1));
        painter.setPen(colours.text);
        painter.drawText(entry.textBox, Qt::AlignLeft | Qt::AlignVCenter, entry.text);
    }
}

} // namespace dtsim::ui
