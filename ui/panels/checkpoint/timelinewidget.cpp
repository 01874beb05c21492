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
#include <numeric>

namespace dtsim::ui {

namespace {

// 28 px: the 2 % default variation at 1024 GPUs (5.9 % of the work) is 2 px of it.
constexpr int kStripHeight = 28;
constexpr int kMarkHeight = 9;
constexpr int kSide = 10; // left and right padding of the strip, pixels

constexpr std::size_t kKinds = 5;
constexpr std::size_t kStraggler = 1;

/// Bottom to top in a column: useful work, the straggler wait on it, then the waste kinds, so
/// that rare waste stays on top.
const std::array<QColor, kKinds>& kindColours()
{
    static const std::array<QColor, kKinds> colours{chartstyle::kWork, chartstyle::kStragglerWait,
                                                    chartstyle::kWrite, chartstyle::kLost,
                                                    chartstyle::kRestart};
    return colours;
}

/// A swatch's outline: the fill darkened, as the waste chart's bands are; the navy straggler
/// swatch is outlined in the work's sky blue, as it sits in the strip (navy alone is 1.5:1 on the
/// dark background).
QColor swatchOutline(std::size_t kind)
{
    return kind == kStraggler ? chartstyle::kWork : kindColours()[kind].darker(130);
}

std::size_t kindIndex(simcore::SegmentKind kind)
{
    switch (kind) {
    case simcore::SegmentKind::Work:
        return 0;
    case simcore::SegmentKind::Write:
        return 2;
    case simcore::SegmentKind::Lost:
        return 3;
    case simcore::SegmentKind::Restart:
        return 4;
    }
    return 0;
}

/// Pixel heights of a column's kinds in a strip `height` high: every waste kind present gets at
/// least one pixel (a 60 s write in a column of an hour must stay visible).
template <typename Shares> std::array<int, kKinds> columnHeights(const Shares& shares, int height)
{
    std::array<int, kKinds> heights{};
    float sum = 0;
    for (const float share : shares) {
        sum += share;
    }
    if (sum <= 0) {
        return heights;
    }
    int waste = 0;
    for (std::size_t k = 1; k < kKinds; ++k) {
        if (shares[k] > 0) {
            heights[k] = std::max(1, static_cast<int>(std::lround(shares[k] / sum * height)));
            waste += heights[k];
        }
    }
    if (waste > height) {
        // Scale down the waste kinds, keeping the order.
        int left = height;
        for (std::size_t k = 1; k < kKinds; ++k) {
            heights[k] = std::min(heights[k], left);
            left -= heights[k];
        }
        waste = height;
    }
    heights[0] = height - waste;
    return heights;
}

} // namespace

TimelineWidget::TimelineWidget(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setLabelSizedFont(this);
    setAttribute(Qt::WA_OpaquePaintEvent, true);
}

QStringList TimelineWidget::legendNames() const
{
    return {tr("Work kept"), tr("Straggler wait"), tr("Checkpoint write"),
            tr("Lost work"), tr("Restart"),        tr("Failure")};
}

int TimelineWidget::legendWidth() const
{
    const QFontMetrics metrics = fontMetrics();
    int total = 0;
    for (const QString& name : legendNames()) {
        total += metrics.horizontalAdvance(name) + (metrics.height() - 2) + 14;
    }
    return total;
}

bool TimelineWidget::legendOnOwnLine() const
{
    if (m_title.isEmpty()) {
        return false;
    }
    QFont bold = font();
    bold.setBold(true);
    const int titleWidth = QFontMetrics(bold).horizontalAdvance(m_title);
    return kSide + titleWidth + legendWidth() > width() - kSide;
}

void TimelineWidget::updateLegendLines()
{
    const bool ownLine = legendOnOwnLine();
    if (ownLine != m_legendOnOwnLine) {
        m_legendOnOwnLine = ownLine;
        updateGeometry(); // one line taller or shorter
    }
}

QSize TimelineWidget::sizeHint() const
{
    // The title and the legend share the first line when they fit; else the legend takes a
    // second one (a title is never cut short).
    const int line = fontMetrics().height();
    const int top = m_legendOnOwnLine ? 2 * line : line;
    return {600, top + kMarkHeight + kStripHeight + line + 14};
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
        updateLegendLines();
        update();
    }
}

QRect TimelineWidget::stripRect() const
{
    const int line = fontMetrics().height();
    const int top = m_legendOnOwnLine ? 2 * line : line;
    return {kSide, top + 2 + kMarkHeight, std::max(1, width() - 2 * kSide), kStripHeight};
}

void TimelineWidget::resizeEvent(QResizeEvent* event)
{
    m_builtWidth = -1;
    updateLegendLines();
    QWidget::resizeEvent(event);
}

void TimelineWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange) {
        updateLegendLines();
        update();
    }
    QWidget::changeEvent(event);
}

void TimelineWidget::rebuildColumns()
{
    const int columns = stripRect().width();
    m_builtWidth = width();
    m_columns.assign(static_cast<std::size_t>(columns), Shares{});
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
        const double length = segment.endSeconds - segment.startSeconds;
        // The wait is spread over the segment's steps: each column of it gets its share.
        const double waitShare =
            kind == 0 && length > 0 ? std::clamp(segment.stragglerSeconds / length, 0.0, 1.0) : 0.0;
        const int first = columnOf(segment.startSeconds);
        const int last = columnOf(segment.endSeconds);
        for (int c = first; c <= last; ++c) {
            const double lo = std::max(segment.startSeconds, c * perColumn);
            const double hi = std::min(segment.endSeconds, (c + 1) * perColumn);
            if (hi > lo) {
                auto& column = m_columns[static_cast<std::size_t>(c)];
                column[kind] += static_cast<float>((hi - lo) * (1.0 - waitShare));
                column[kStraggler] += static_cast<float>((hi - lo) * waitShare);
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
    const char* kinds[] = {"work kept", "straggler wait", "checkpoint write", "lost work",
                           "restart"};
    for (std::size_t i = 0; i < kindColours().size(); ++i) {
        const QColor colour = kindColours()[i];
        marks.push_back({QStringLiteral("swatch: ") + QLatin1String(kinds[i]), colour,
                         swatchOutline(i), background});
    }
    // In the strip the wait is drawn on the work it is part of.
    marks.push_back({QStringLiteral("straggler wait on the work"),
                     chartstyle::kStragglerWait,
                     {},
                     chartstyle::kWork,
                     false,
                     drawn && stragglerColumnCount() > 0});
    return marks;
}

int TimelineWidget::stragglerColumnCount() const
{
    const int height = kStripHeight;
    return static_cast<int>(std::count_if(m_columns.begin(), m_columns.end(), [&](const Shares& s) {
        return columnHeights(s, height)[kStraggler] > 0;
    }));
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

    // Legend, right-aligned on the first line (the second when the title needs the first):
    // colour swatches named as in the waste chart.
    const QStringList names = legendNames();
    const int failureEntry = static_cast<int>(names.size()) - 1;
    const int legendTop = m_legendOnOwnLine ? line : 0;
    int x = width() - kSide;
    for (int i = static_cast<int>(names.size()) - 1; i >= 0; --i) {
        const int textWidth = metrics.horizontalAdvance(names[i]);
        x -= textWidth;
        painter.setPen(chartstyle::textColor());
        painter.drawText(QRect(x, legendTop, textWidth, line), Qt::AlignVCenter, names[i]);
        x -= line - 2;
        const QRect swatch(x, legendTop + 3, line - 6, line - 6);
        if (i == failureEntry) {
            QPainterPath mark;
            mark.moveTo(swatch.left(), swatch.top());
            mark.lineTo(swatch.right(), swatch.top());
            mark.lineTo(swatch.center().x(), swatch.bottom());
            mark.closeSubpath();
            painter.fillPath(mark, chartstyle::failureColour());
        } else {
            // Outlined as the waste chart's bands are: orange and sky blue alone are 2.3:1 on
            // white, their darker outline 3.7:1.
            const auto kind = static_cast<std::size_t>(i);
            painter.fillRect(swatch, kindColours()[kind]);
            painter.setPen(swatchOutline(kind));
            painter.drawRect(swatch.adjusted(0, 0, -1, -1));
        }
        x -= 14;
    }
    if (!m_title.isEmpty()) {
        QFont bold = font();
        bold.setBold(true);
        painter.setFont(bold);
        const QFontMetrics boldMetrics(bold);
        const int room = std::max(0, (m_legendOnOwnLine ? width() - kSide : x) - kSide);
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
    std::array<int, kKinds> previous{};
    previous.fill(-1);
    int runStart = 0;
    const auto heightsOf = [height](const Shares& shares) { return columnHeights(shares, height); };
    const auto paintRun = [&](int from, int to, const std::array<int, kKinds>& heights) {
        if (from >= to) {
            return;
        }
        const int left = strip.left() + from;
        const int w = to - from;
        if (std::accumulate(heights.begin(), heights.end(), 0) == 0) {
            painter.fillRect(QRect(left, strip.top(), w, height),
                             QBrush(chartstyle::axisLineColor(), Qt::BDiagPattern));
            return;
        }
        int bottom = strip.bottom() + 1;
        for (std::size_t k = 0; k < kKinds; ++k) {
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
    // The frame goes round the strip, not over its edge rows: the straggler wait, on top of the
    // work, is often one pixel row high.
    painter.setPen(chartstyle::axisLineColor());
    painter.drawRect(strip.adjusted(-1, -1, 0, 0));

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
