#include "ui/panels/checkpoint/timelinewidget.h"

#include "common/format.h"
#include "ui/kit/appearance.h"
#include "ui/kit/axisrange.h"
#include "ui/kit/chartstyle.h"

#include <QEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace dtsim::ui {

namespace {

constexpr int kStripHeight = 24;
constexpr int kMarkHeight = 9;
constexpr int kSide = 10; // left and right padding of the strip, pixels

/// Bottom to top in a column: kept work, then the waste kinds, so that rare waste stays on top.
const std::array<QColor, 4>& kindColours()
{
    static const std::array<QColor, 4> colours{chartstyle::kWork, chartstyle::kWrite,
                                               chartstyle::kLost, chartstyle::kRestart};
    return colours;
}

std::size_t kindIndex(simcore::SegmentKind kind)
{
    switch (kind) {
    case simcore::SegmentKind::Work:
        return 0;
    case simcore::SegmentKind::Write:
        return 1;
    case simcore::SegmentKind::Lost:
        return 2;
    case simcore::SegmentKind::Restart:
        return 3;
    }
    return 0;
}

} // namespace

TimelineWidget::TimelineWidget(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setLabelSizedFont(this);
    setAttribute(Qt::WA_OpaquePaintEvent, true);
}

QSize TimelineWidget::sizeHint() const
{
    const int line = fontMetrics().height();
    return {600, line + kMarkHeight + kStripHeight + line + 14};
}

QSize TimelineWidget::minimumSizeHint() const
{
    return {200, sizeHint().height()};
}

void TimelineWidget::setRun(simcore::RunResult run, double unitSeconds, const QString& unitName)
{
    m_run = std::move(run);
    m_unitSeconds = unitSeconds > 0 ? unitSeconds : 1.0;
    m_unitName = unitName;
    m_builtWidth = -1;
    update();
}

void TimelineWidget::clear()
{
    setRun(simcore::RunResult{}, m_unitSeconds, m_unitName);
}

void TimelineWidget::setTitle(const QString& title)
{
    if (title != m_title) {
        m_title = title;
        setAccessibleDescription(title);
        update();
    }
}

QRect TimelineWidget::stripRect() const
{
    const int line = fontMetrics().height();
    return {kSide, line + 2 + kMarkHeight, std::max(1, width() - 2 * kSide), kStripHeight};
}

void TimelineWidget::resizeEvent(QResizeEvent* event)
{
    m_builtWidth = -1;
    QWidget::resizeEvent(event);
}

void TimelineWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        update();
    }
    QWidget::changeEvent(event);
}

void TimelineWidget::rebuildColumns()
{
    const int columns = stripRect().width();
    m_builtWidth = width();
    m_columns.assign(static_cast<std::size_t>(columns), Shares{0, 0, 0, 0});
    m_failureColumns.clear();
    const double total = m_run.completionSeconds;
    if (!(total > 0) || m_run.timeline.empty()) {
        return;
    }
    const double perColumn = total / columns;
    const auto columnOf = [&](double t) {
        return std::clamp(static_cast<int>(std::floor(t / perColumn)), 0, columns - 1);
    };
    for (const auto& segment : m_run.timeline) {
        const std::size_t kind = kindIndex(segment.kind);
        const int first = columnOf(segment.startSeconds);
        const int last = columnOf(segment.endSeconds);
        for (int c = first; c <= last; ++c) {
            const double lo = std::max(segment.startSeconds, c * perColumn);
            const double hi = std::min(segment.endSeconds, (c + 1) * perColumn);
            if (hi > lo) {
                m_columns[static_cast<std::size_t>(c)][kind] += static_cast<float>(hi - lo);
            }
        }
        if (segment.endsInFailure) {
            const int c = columnOf(segment.endSeconds);
            if (m_failureColumns.empty() || m_failureColumns.back() != c) {
                m_failureColumns.push_back(c);
            }
        }
    }
}

DrawnMarks TimelineWidget::drawnMarks() const
{
    const QColor background = chartstyle::backgroundColor();
    const QColor text = chartstyle::textColor();
    const bool drawn = !m_columns.empty() && m_run.completionSeconds > 0;
    DrawnMarks marks{{QStringLiteral("strip frame"), chartstyle::axisLineColor(), {}, background},
                     {QStringLiteral("legend and axis text"), text, {}, background, true},
                     {QStringLiteral("failure mark"),
                      chartstyle::failureColour(),
                      {},
                      background,
                      false,
                      drawn && !m_failureColumns.empty()}};
    const char* kinds[] = {"work kept", "checkpoint write", "lost work", "restart"};
    for (std::size_t i = 0; i < kindColours().size(); ++i) {
        const QColor colour = kindColours()[i];
        marks.push_back({QStringLiteral("swatch: ") + QLatin1String(kinds[i]), colour,
                         colour.darker(130), background});
    }
    return marks;
}

void TimelineWidget::paintEvent(QPaintEvent* /*event*/)
{
    if (m_builtWidth != width()) {
        rebuildColumns();
    }
    QPainter painter(this);
    painter.fillRect(rect(), chartstyle::backgroundColor());
    const QRect strip = stripRect();
    const QFontMetrics metrics = fontMetrics();
    const int line = metrics.height();

    // Legend, right-aligned on the first line: colour swatches named as in the waste chart.
    const QStringList names = {tr("Work kept"), tr("Checkpoint write"), tr("Lost work"),
                               tr("Restart"), tr("Failure")};
    int x = width() - kSide;
    for (int i = static_cast<int>(names.size()) - 1; i >= 0; --i) {
        const int textWidth = metrics.horizontalAdvance(names[i]);
        x -= textWidth;
        painter.setPen(chartstyle::textColor());
        painter.drawText(QRect(x, 0, textWidth, line), Qt::AlignVCenter, names[i]);
        x -= line - 2;
        const QRect swatch(x, 3, line - 6, line - 6);
        if (i == 4) {
            QPainterPath mark;
            mark.moveTo(swatch.left(), swatch.top());
            mark.lineTo(swatch.right(), swatch.top());
            mark.lineTo(swatch.center().x(), swatch.bottom());
            mark.closeSubpath();
            painter.fillPath(mark, chartstyle::failureColour());
        } else {
            // Outlined as the waste chart's bands are: orange and sky blue alone are 2.3:1 on
            // white, their darker outline 3.7:1.
            const QColor colour = kindColours()[static_cast<std::size_t>(i)];
            painter.fillRect(swatch, colour);
            painter.setPen(colour.darker(130));
            painter.drawRect(swatch.adjusted(0, 0, -1, -1));
        }
        x -= 14;
    }
    if (!m_title.isEmpty()) {
        QFont bold = font();
        bold.setBold(true);
        painter.setFont(bold);
        const QFontMetrics boldMetrics(bold);
        const int room = std::max(0, x - kSide);
        painter.drawText(QRect(kSide, 0, room, line), Qt::AlignVCenter,
                         boldMetrics.elidedText(m_title, Qt::ElideRight, room));
        painter.setFont(font());
    }

    if (m_columns.empty() || !(m_run.completionSeconds > 0)) {
        painter.setPen(chartstyle::axisLineColor());
        painter.drawRect(strip.adjusted(0, 0, -1, -1));
        return;
    }

    // The strip: runs of identical columns become one rectangle per kind.
    const int height = strip.height();
    std::array<int, 4> previous{-1, -1, -1, -1};
    int runStart = 0;
    const auto heightsOf = [height](const Shares& shares) {
        std::array<int, 4> heights{0, 0, 0, 0};
        const float sum = shares[0] + shares[1] + shares[2] + shares[3];
        if (sum <= 0) {
            return heights;
        }
        int waste = 0;
        for (std::size_t k = 1; k < 4; ++k) {
            if (shares[k] > 0) {
                // At least one pixel: a 60 s write in a column of an hour must stay visible.
                heights[k] = std::max(1, static_cast<int>(std::lround(shares[k] / sum * height)));
                waste += heights[k];
            }
        }
        if (waste > height) {
            // Scale down the waste kinds, keeping the order.
            int left = height;
            for (std::size_t k = 1; k < 4; ++k) {
                heights[k] = std::min(heights[k], left);
                left -= heights[k];
            }
            waste = height;
        }
        heights[0] = height - waste;
        return heights;
    };
    const auto paintRun = [&](int from, int to, const std::array<int, 4>& heights) {
        if (from >= to) {
            return;
        }
        const int left = strip.left() + from;
        const int w = to - from;
        if (heights[0] + heights[1] + heights[2] + heights[3] == 0) {
            painter.fillRect(QRect(left, strip.top(), w, height),
                             QBrush(chartstyle::axisLineColor(), Qt::BDiagPattern));
            return;
        }
        int bottom = strip.bottom() + 1;
        for (std::size_t k = 0; k < 4; ++k) {
            if (heights[k] > 0) {
                painter.fillRect(QRect(left, bottom - heights[k], w, heights[k]), kindColours()[k]);
                bottom -= heights[k];
            }
        }
    };
    const int columns = static_cast<int>(m_columns.size());
    for (int c = 0; c < columns; ++c) {
        const auto heights = heightsOf(m_columns[static_cast<std::size_t>(c)]);
        if (heights != previous) {
            paintRun(runStart, c, previous);
            previous = heights;
            runStart = c;
        }
    }
    paintRun(runStart, columns, previous);
    painter.setPen(chartstyle::axisLineColor());
    painter.drawRect(strip.adjusted(0, 0, -1, -1));

    // Failures: a small downward triangle above the strip.
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (const int c : m_failureColumns) {
        const double cx = strip.left() + c + 0.5;
        QPainterPath mark;
        mark.moveTo(cx - 4, strip.top() - kMarkHeight);
        mark.lineTo(cx + 4, strip.top() - kMarkHeight);
        mark.lineTo(cx, strip.top() - 1);
        mark.closeSubpath();
        painter.fillPath(mark, chartstyle::failureColour());
    }
    painter.setRenderHint(QPainter::Antialiasing, false);

    // Time axis: round ticks from 0 in the chosen unit.
    const double totalUnits = m_run.completionSeconds / m_unitSeconds;
    const NiceRange range = niceRangeFromZero(totalUnits);
    painter.setPen(chartstyle::textColor());
    const int tickTop = strip.bottom() + 1;
    for (double value = 0; value <= totalUnits * (1 + 1e-9); value += range.step) {
        const int px =
            strip.left() + static_cast<int>(std::lround(value / totalUnits * (strip.width() - 1)));
        painter.drawLine(px, tickTop, px, tickTop + 4);
        const QString label = value == 0
                                  ? QStringLiteral("0")
                                  : common::formatNumber(value, 4) + QLatin1Char(' ') + m_unitName;
        const int w = metrics.horizontalAdvance(label);
        const int left = std::clamp(px - w / 2, 0, width() - w);
        painter.drawText(QRect(left, tickTop + 5, w, line), Qt::AlignCenter, label);
    }
}

} // namespace dtsim::ui
