#include "ui/ringwidget.h"

#include "ui/chartstyle.h"

#include <QComboBox>
#include <QEvent>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
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
const QColor kCompleteFill{0xDF, 0xF2, 0xE9};
const QColor kCompleteText{0x00, 0x5C, 0x43};
const QColor kRingGrey{0xB0, 0xB0, 0xB0};

QColor tint(const QColor& colour, double share)
{
    return QColor::fromRgbF(static_cast<float>(1.0 - share * (1.0 - colour.redF())),
                            static_cast<float>(1.0 - share * (1.0 - colour.greenF())),
                            static_cast<float>(1.0 - share * (1.0 - colour.blueF())));
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

void drawArrowHead(QPainter& painter, QPointF tip, QPointF from, qreal size)
{
    const QPointF d = unit(tip - from);
    const QPointF n(-d.y(), d.x());
    const QPointF base = tip - d * size;
    const QPointF points[3] = {tip, base + n * size * 0.5, base - n * size * 0.5};
    painter.drawPolygon(points, 3);
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
    return index < m_complete.size() && m_complete[index] != 0;
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
    updateState();
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
    const int n = m_workers;
    const auto cells = static_cast<std::size_t>(n * n);
    m_roles.assign(cells, Plain);
    m_complete.assign(cells, 0);
    // A chunk is finished when the last reduce-scatter step divides it, or when the all-gather
    // hands a finished copy on.
    for (int s = 0; s < m_step; ++s) {
        const auto& step = m_trace.steps[static_cast<std::size_t>(s)];
        const bool finishes = step.phase == simcore::RingPhase::AllGather || step.index == n - 2;
        if (finishes) {
            for (const auto& send : step.sends) {
                m_complete[static_cast<std::size_t>(send.to * n + send.chunk)] = 1;
            }
        }
    }
    m_arrowTexts.assign(static_cast<std::size_t>(n), QString());
    for (const auto& send : shownSends()) {
        m_roles[static_cast<std::size_t>(send.from * n + send.chunk)] |= Sent;
        m_roles[static_cast<std::size_t>(send.to * n + send.chunk)] |= Received;
        m_arrowTexts[static_cast<std::size_t>(send.from)] =
            send.values.empty() ? tr("c%1").arg(send.chunk)
                                : tr("c%1 = %2").arg(send.chunk).arg(value(send.values.front()));
    }
    const auto& buffers = shownBuffers();
    m_cellTexts.resize(cells);
    for (int i = 0; i < n; ++i) {
        for (int c = 0; c < n; ++c) {
            m_cellTexts[static_cast<std::size_t>(i * n + c)] =
                value(buffers[static_cast<std::size_t>(i)][static_cast<std::size_t>(c)]);
        }
    }
    updateCaption();
    update();
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
               "(%2) / %1 = %3. Each GPU sent %4 of its %1 numbers = 2(N−1)/N of its vector.")
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

void RingWidget::paintEvent(QPaintEvent*)
{
    ++m_paints;
    QPainter painter(this);
    painter.fillRect(rect(), Qt::white);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    drawRing(painter);
    drawTable(painter);
    drawLegend(painter);
}

void RingWidget::drawRing(QPainter& painter) const
{
    const int n = m_workers;
    if (m_nodes.size() != static_cast<std::size_t>(n)) {
        return;
    }
    const auto& sends = shownSends();
    const bool gather = m_step > 0 && m_trace.steps[static_cast<std::size_t>(m_step - 1)].phase ==
                                          simcore::RingPhase::AllGather;
    const QColor active = gather ? kGatherColour : kReduceColour;
    const qreal head = std::clamp(m_nodeRadius * 0.45, 7.0, 14.0);

    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(tint(kRingGrey, 0.5), 1, Qt::DotLine));
    painter.drawEllipse(m_center, m_ringRadius, m_ringRadius);

    for (int i = 0; i < n; ++i) {
        const Arrow& arrow = m_arrows[static_cast<std::size_t>(i)];
        const bool sending = !sends.empty();
        const QColor colour = sending ? active : kRingGrey;
        painter.setPen(QPen(colour, sending ? std::clamp(m_nodeRadius * 0.16, 2.5, 5.0) : 1.5,
                            Qt::SolidLine, Qt::FlatCap));
        painter.setBrush(Qt::NoBrush);
        QPainterPath path(arrow.start);
        path.quadTo(arrow.control, arrow.end);
        painter.drawPath(path);
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        drawArrowHead(painter, arrow.end, arrow.control, sending ? head * 1.3 : head);
        if (sending && m_arrowLabels) {
            const QString& text = m_arrowTexts[static_cast<std::size_t>(i)];
            painter.setFont(m_arrowFont);
            const QFontMetricsF metrics(m_arrowFont);
            QRectF box(0, 0, metrics.horizontalAdvance(text) + 8, metrics.height() + 2);
            box.moveCenter(arrow.labelAt);
            painter.setPen(QPen(colour, 1.5));
            painter.setBrush(Qt::white);
            painter.drawRoundedRect(box, 4, 4);
            painter.setPen(chartstyle::kText);
            painter.drawText(box, Qt::AlignCenter, text);
        }
    }

    painter.setFont(m_nodeFont);
    for (int i = 0; i < n; ++i) {
        const QPointF c = m_nodes[static_cast<std::size_t>(i)];
        painter.setPen(QPen(chartstyle::kText, 2));
        painter.setBrush(QColor(0xF2, 0xF2, 0xF2));
        painter.drawEllipse(c, m_nodeRadius, m_nodeRadius);
        const QRectF box(c.x() - m_nodeRadius, c.y() - m_nodeRadius, 2 * m_nodeRadius,
                         2 * m_nodeRadius);
        painter.drawText(box, Qt::AlignCenter,
                         m_nodeLabelLong ? tr("GPU\n%1").arg(i) : QString::number(i));
    }
}

void RingWidget::drawTable(QPainter& painter) const
{
    const int n = m_workers;
    if (m_cellTexts.size() != static_cast<std::size_t>(n * n) || m_cellWidth <= 0) {
        return;
    }
    const bool gather = m_step > 0 && m_trace.steps[static_cast<std::size_t>(m_step - 1)].phase ==
                                          simcore::RingPhase::AllGather;
    const QColor active = gather ? kGatherColour : kReduceColour;
    const qreal left = m_table.left() + m_rowLabelWidth;
    const qreal top = m_table.top() + m_headerHeight;

    painter.setFont(m_headerFont);
    painter.setPen(chartstyle::kText);
    for (int c = 0; c < n; ++c) {
        const QRectF box(left + c * m_cellWidth, m_table.top(), m_cellWidth, m_headerHeight);
        painter.drawText(box, Qt::AlignHCenter | Qt::AlignBottom,
                         m_headerLong ? tr("chunk %1").arg(c) : tr("c%1").arg(c));
    }
    QFont rowFont = m_cellFont;
    rowFont.setBold(true);
    QFont bold = m_cellFont;
    bold.setBold(true);
    for (int i = 0; i < n; ++i) {
        const qreal y = top + i * m_cellHeight;
        painter.setFont(rowFont);
        painter.setPen(chartstyle::kText);
        painter.drawText(QRectF(m_table.left(), y, m_rowLabelWidth - 8, m_cellHeight),
                         Qt::AlignRight | Qt::AlignVCenter, tr("GPU %1").arg(i));
        for (int c = 0; c < n; ++c) {
            const auto index = static_cast<std::size_t>(i * n + c);
            const unsigned char role = m_roles[index];
            const bool complete = m_complete[index] != 0;
            const QRectF cell =
                QRectF(left + c * m_cellWidth, y, m_cellWidth, m_cellHeight).adjusted(2, 2, -2, -2);
            QColor fill = Qt::white;
            if (role & Received) {
                fill = tint(active, 0.3);
            } else if (complete) {
                fill = kCompleteFill;
            }
            QPen border(QColor(0xC8, 0xC8, 0xC8), 1);
            if (role & Received) {
                border = QPen(active, 3);
            } else if (role & Sent) {
                border = QPen(active, 2.5, Qt::DashLine);
            }
            painter.setPen(border);
            painter.setBrush(fill);
            painter.drawRect(cell);
            if (m_cellNumbers) {
                painter.setFont((role & Received) ? bold : m_cellFont);
                painter.setPen(complete ? kCompleteText : chartstyle::kText);
                painter.drawText(cell, Qt::AlignCenter, m_cellTexts[index]);
            }
        }
    }
}

void RingWidget::drawLegend(QPainter& painter) const
{
    struct Entry {
        QColor fill;
        QPen border;
        QString text;
    };
    const Entry entries[] = {
        {Qt::white, QPen(chartstyle::kText, 2, Qt::DashLine), tr("sent this step")},
        {tint(kReduceColour, 0.3), QPen(kReduceColour, 3), tr("received and added")},
        {tint(kGatherColour, 0.3), QPen(kGatherColour, 3), tr("received and copied")},
        {kCompleteFill, QPen(QColor(0xC8, 0xC8, 0xC8), 1), tr("holds the final mean")},
    };
    QFont font = m_legendFont;
    QFontMetricsF metrics(font);
    const qreal box = metrics.height() * 0.9;
    qreal width = 0;
    for (const auto& entry : entries) {
        width += box + 6 + metrics.horizontalAdvance(entry.text) + 18;
    }
    if (width > m_legend.width() && width > 0) {
        font.setPixelSize(
            std::max(8, static_cast<int>(font.pixelSize() * m_legend.width() / width)));
        metrics = QFontMetricsF(font);
    }
    painter.setFont(font);
    qreal x = m_legend.left();
    const qreal y = m_legend.center().y();
    for (const auto& entry : entries) {
        const QRectF sample(x, y - box / 2, box * 1.4, box);
        painter.setPen(entry.border);
        painter.setBrush(entry.fill);
        painter.drawRect(sample.adjusted(1, 1, -1, -1));
        x = sample.right() + 6;
        const qreal textWidth = metrics.horizontalAdvance(entry.text);
        painter.setPen(chartstyle::kText);
        painter.drawText(QRectF(x, m_legend.top(), textWidth + 2, m_legend.height()),
                         Qt::AlignLeft | Qt::AlignVCenter, entry.text);
        x += textWidth + 18;
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
