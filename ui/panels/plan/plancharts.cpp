#include "ui/panels/plan/plancharts.h"

#include "common/format.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace dtsim::ui {

namespace {

QString word(const std::string& text)
{
    return QString::fromStdString(text);
}

/// A map cell's fill: bluish green, paler as its best throughput falls below the fastest cell's.
QColor fitFill(double share)
{
    const QColor strong = chartstyle::kOptimum;
    const QColor background = chartstyle::backgroundColor();
    const double t = std::clamp(0.25 + 0.75 * share, 0.0, 1.0);
    return QColor::fromRgbF(
        static_cast<float>(background.redF() + t * (strong.redF() - background.redF())),
        static_cast<float>(background.greenF() + t * (strong.greenF() - background.greenF())),
        static_cast<float>(background.blueF() + t * (strong.blueF() - background.blueF())));
}

QColor refusedFill()
{
    return chartstyle::look().dark ? QColor(0x3A, 0x3A, 0x3A) : QColor(0xEE, 0xEE, 0xEE);
}

QColor noMemoryFill()
{
    return chartstyle::look().dark ? QColor(0x5A, 0x2A, 0x10) : chartstyle::kNoFitBackground;
}

/// Text on a cell: black or white, whichever stands further off the fill.
QColor textOn(const QColor& fill)
{
    return chartstyle::contrastRatio(Qt::black, fill) >= chartstyle::contrastRatio(Qt::white, fill)
               ? QColor(Qt::black)
               : QColor(Qt::white);
}

} // namespace

PlanCharts::PlanCharts(QWidget* parent) : PaintedChartArea(parent)
{
    setMinimumSize(480, 360);
}

void PlanCharts::showScenario(const simcore::Scenario& scenario)
{
    showReport(simcore::planTraining(scenario));
}

void PlanCharts::showReport(const simcore::PlanReport& report)
{
    m_report = report;
    m_selected = m_report.layouts.empty() ? -1 : 0;
    setAccessibleDescription(summary());
    invalidate();
}

void PlanCharts::setUpdating(bool updating)
{
    if (updating == m_updating) {
        return;
    }
    m_updating = updating;
    update(m_titleRect.toAlignedRect());
}

void PlanCharts::selectLayout(int index)
{
    if (index < 0 || index >= static_cast<int>(m_report.layouts.size()) || index == m_selected) {
        return;
    }
    m_selected = index;
    update();
    emit selectionChanged(index);
}

std::vector<simcore::CsvTable> PlanCharts::csv() const
{
    return simcore::planCsv(m_report);
}

QString PlanCharts::exportTitle() const
{
    return tr("Plan: the fastest layouts that fit");
}

QString PlanCharts::summary() const
{
    if (!m_report.ok()) {
        return tr("No plan: the scenario has a problem.");
    }
    if (m_report.layouts.empty()) {
        return tr("None of the %1 layouts fits in the GPU's memory.")
            .arg(common::formatWhole(m_report.evaluated));
    }
    const auto& best = m_report.layouts.front();
    return tr("Fastest of %1 layouts: %2 — %3 per step, MFU %4")
        .arg(common::formatWhole(m_report.evaluated), layoutText(best),
             common::formatDuration(best.step.stepSeconds), common::formatPercent(best.mfu));
}

QString PlanCharts::cellText(const simcore::PlanCell& cell)
{
    using S = simcore::PlanCellStatus;
    switch (cell.status) {
    case S::Fits:
        return tr("%1 tokens/s").arg(common::formatCount(cell.bestTokensPerSecond));
    case S::TpAcrossNodes:
        return tr("tp spans nodes");
    case S::TpNotDivisor:
        return tr("tp ∤ heads");
    case S::PpNotDivisor:
        return tr("pp ∤ layers");
    case S::GpusNotDivisible:
        return tr("tp × pp ∤ GPUs");
    case S::BatchNotDivisible:
        return tr("no dp divides the batch");
    case S::OutOfMemory:
        return tr("needs %1").arg(common::formatBytes(cell.leastMemoryBytes));
    }
    return {};
}

QString PlanCharts::layoutText(const simcore::PlanLayout& l)
{
    QString schedule = word(simcore::scheduleWord(l.schedule));
    if (l.schedule == simcore::PipelineSchedule::Interleaved) {
        schedule += tr(" v %1").arg(l.virtualStages);
    }
    if (l.pp == 1) {
        schedule = tr("no pipeline");
    }
    QString text =
        tr("dp %1 · tp %2 · pp %3 · cp %4 · b %5")
            .arg(common::formatWhole(l.dp), common::formatWhole(l.tp), common::formatWhole(l.pp),
                 common::formatWhole(l.cp), common::formatWhole(l.microBatch));
    const QString recompute = l.recompute == simcore::Recompute::Full        ? tr("full recomp.")
                              : l.recompute == simcore::Recompute::Selective ? tr("sel. recomp.")
                                                                             : tr("no recomp.");
    text += QStringLiteral(" · ") + schedule + QStringLiteral(" · ") + recompute +
            QStringLiteral(" · ") + tr("ZeRO-%1").arg(l.zero);
    if (l.sequenceParallel) {
        text += QStringLiteral(" · ") + tr("SP");
    }
    return text;
}

std::vector<PlanCharts::Term> PlanCharts::terms()
{
    return {{tr("compute"), chartstyle::kCompute},
            {tr("TP"), chartstyle::kCommunication},
            {tr("bubble"), chartstyle::kBubble},
            {tr("p2p"), chartstyle::kLost},
            {tr("DP"), chartstyle::kBuffers},
            {tr("ZeRO-3 gathers"), chartstyle::kOptimizerState},
            {tr("CP"), QColor(0xF0, 0xE4, 0x42)}, // Okabe–Ito yellow, darkened by legible()
            {tr("optimizer"), chartstyle::kCapacityOther}};
}

std::vector<double> PlanCharts::termSeconds(const simcore::PlanLayout& l)
{
    const auto& s = l.step;
    return {s.computeSeconds, s.tpSeconds,         s.bubbleSeconds, s.p2pSeconds,
            s.dpSeconds,      s.zeroGatherSeconds, s.cpSeconds,     s.optimizerSeconds};
}

DrawnMarks PlanCharts::drawnMarks() const
{
    const QColor background = chartstyle::backgroundColor();
    DrawnMarks marks;
    const bool any = !m_report.layouts.empty();
    for (const auto& term : terms()) {
        marks.push_back(
            {term.name, chartstyle::legible(term.colour, background), {}, background, false, any});
    }
    marks.push_back({tr("Pareto front"),
                     chartstyle::legible(chartstyle::kOptimum, background),
                     {},
                     background,
                     false,
                     any});
    marks.push_back({tr("GPU memory"),
                     chartstyle::legible(chartstyle::kCapacityChosen, background),
                     {},
                     background,
                     false,
                     any});
    marks.push_back({tr("text"), chartstyle::textColor(), {}, background, true, true});
    return marks;
}

QStringList PlanCharts::presentationPages() const
{
    return {tr("tp × pp map"), tr("Pareto front"), tr("Fastest layouts")};
}

void PlanCharts::showPresentationPage(int index)
{
    m_page = index;
    invalidate();
}

void PlanCharts::buildGeometry()
{
    const QRectF all = QRectF(rect()).adjusted(8, 4, -8, -4);
    const QFontMetricsF title(chartstyle::titleFont());
    m_titleRect = QRectF(all.left(), all.top(), all.width(), title.height() * 1.3);
    const double top = m_titleRect.bottom() + 4;
    const double upperHeight = (all.bottom() - top) * 0.55;
    const double half = all.width() / 2;
    m_mapRect = QRectF(all.left(), top, half - 8, upperHeight);
    m_paretoRect = QRectF(all.left() + half + 8, top, half - 8, upperHeight);
    m_barsRect = QRectF(all.left(), top + upperHeight + 8, all.width(),
                        all.bottom() - (top + upperHeight + 8));
    if (m_page >= 0) {
        // One idea fills the area; the others are not drawn.
        const QRectF whole(all.left(), top, all.width(), all.bottom() - top);
        m_mapRect = m_page == 0 ? whole : QRectF();
        m_paretoRect = m_page == 1 ? whole : QRectF();
        m_barsRect = m_page == 2 ? whole : QRectF();
    }
    m_map = {};
    if (!m_mapRect.isEmpty() && !m_report.tpAxis.empty() && !m_report.ppAxis.empty()) {
        QStringList texts;
        for (const auto& cell : m_report.map) {
            texts << cellText(cell);
        }
        texts.removeDuplicates(); // refused cells share a few reasons: measure each once
        const double headerHeight = QFontMetricsF(chartstyle::labelFont()).height() * 1.2;
        const auto layOut = [&](const QFont& axis) {
            const QFontMetricsF axisMetrics(axis);
            m_map.axisFont = axis;
            m_map.rowLabelWidth = axisMetrics.horizontalAdvance(QStringLiteral("tp 000 "));
            m_map.grid = m_mapRect.adjusted(m_map.rowLabelWidth,
                                            headerHeight + axisMetrics.height() * 1.2, 0, 0);
            m_map.cell = QSizeF(m_map.grid.width() / static_cast<double>(m_report.ppAxis.size()),
                                m_map.grid.height() / static_cast<double>(m_report.tpAxis.size()));
            m_map.cellFont = fitCellFont(texts, m_map.cell);
        };
        // The tp and pp labels at least the charts' label size, and as large as the cells' text
        // where the cells give it room (the map on its own page, a slide), so the rows and
        // columns read as far as the numbers in them.
        QFont axis = chartstyle::labelFont();
        axis.setBold(true);
        layOut(axis);
        if (m_map.cellFont.pointSizeF() > axis.pointSizeF()) {
            axis.setPointSizeF(m_map.cellFont.pointSizeF());
            layOut(axis);
        }
    }
    m_barRows.clear();
    const int bars =
        m_barsRect.isEmpty() ? 0 : std::min<int>(kBars, static_cast<int>(m_report.layouts.size()));
    const QFontMetricsF label(chartstyle::labelFont());
    const double legendHeight = label.height() * 1.4;
    const double rowHeight =
        bars > 0 ? (m_barsRect.height() - legendHeight - label.height()) / bars : 0;
    for (int i = 0; i < bars; ++i) {
        m_barRows.emplace_back(m_barsRect.left(),
                               m_barsRect.top() + label.height() + legendHeight + i * rowHeight,
                               m_barsRect.width(), rowHeight);
    }
}

const PlanCharts::MapLayout& PlanCharts::mapLayout() const
{
    ensureGeometry();
    return m_map;
}

QSizeF PlanCharts::cellTextSize(QSizeF cell)
{
    // The box is the cell less a pixel each side (the white grid); the text keeps 4 px off its
    // sides and 1 px off its top and bottom.
    return {std::max(0.0, cell.width() - 10), std::max(0.0, cell.height() - 4)};
}

QFont PlanCharts::fitCellFont(const QStringList& texts, QSizeF cell)
{
    const QSizeF area = cellTextSize(cell);
    const double largest = chartstyle::titleFont().pointSizeF();
    const double smallest = chartstyle::labelFont().pointSizeF() * 0.75;
    QFont font = chartstyle::labelFont();
    for (double size = largest; size > smallest; size -= 0.5) {
        font.setPointSizeF(size);
        const QFontMetricsF metrics(font);
        const bool fits = std::all_of(texts.begin(), texts.end(), [&](const QString& text) {
            const QRectF needed =
                metrics.boundingRect(QRectF(0, 0, area.width(), 1e6),
                                     Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, text);
            return needed.width() <= area.width() && needed.height() <= area.height();
        });
        if (fits) {
            return font;
        }
    }
    font.setPointSizeF(smallest);
    return font;
}

QString PlanCharts::titleText(double width) const
{
    if (!m_report.ok() || m_report.layouts.empty()) {
        return summary();
    }
    // The layout itself heads the first bar: the title keeps to the numbers, and leaves out
    // the count of layouts where the whole does not fit (the controls open in presentation).
    const auto& best = m_report.layouts.front();
    const QString step = common::formatDuration(best.step.stepSeconds);
    const QString mfu = common::formatPercent(best.mfu);
    const QString days = common::formatNumber(best.days, 3);
    const QString whole = tr("%1 of %2 layouts fit; the fastest: %3 per step, MFU %4, %5 days")
                              .arg(common::formatWhole(m_report.fitting),
                                   common::formatWhole(m_report.evaluated), step, mfu, days);
    if (QFontMetricsF(chartstyle::titleFont()).horizontalAdvance(whole) <= width) {
        return whole;
    }
    return tr("The fastest: %1 per step, MFU %2, %3 days").arg(step, mfu, days);
}

void PlanCharts::paintEvent(QPaintEvent* /*event*/)
{
    ensureGeometry();
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), chartstyle::backgroundColor());
    QRectF titleRect = m_titleRect;
    if (m_updating) {
        const QFont font = chartstyle::labelFont();
        const QString updating = tr("updating…");
        const double width = QFontMetricsF(font).horizontalAdvance(updating) + 12;
        painter.setFont(font);
        painter.setPen(chartstyle::textColor());
        painter.drawText(titleRect, Qt::AlignRight | Qt::AlignVCenter, updating);
        titleRect.setRight(titleRect.right() - width);
    }
    paintTitle(painter, titleRect, titleText(titleRect.width()), Qt::ElideRight);
    if (!m_report.ok()) {
        return;
    }
    if (!m_mapRect.isEmpty()) {
        paintMap(painter);
    }
    if (!m_paretoRect.isEmpty()) {
        paintPareto(painter);
    }
    if (!m_barsRect.isEmpty()) {
        paintBars(painter);
    }
}

void PlanCharts::paintMap(QPainter& painter) const
{
    const auto& tps = m_report.tpAxis;
    const auto& pps = m_report.ppAxis;
    if (m_map.grid.isEmpty()) {
        return;
    }
    const QFont font = chartstyle::labelFont();
    painter.setFont(font);
    const QFontMetricsF metrics(font);
    const QColor text = chartstyle::textColor();
    painter.setPen(text);
    const double headerHeight = metrics.height() * 1.2;
    painter.drawText(QRectF(m_mapRect.left(), m_mapRect.top(), m_mapRect.width(), headerHeight),
                     Qt::AlignLeft | Qt::AlignVCenter,
                     tr("Best throughput per tp (rows) × pp (columns)"));
    const QRectF& grid = m_map.grid;
    const double cellWidth = m_map.cell.width();
    const double cellHeight = m_map.cell.height();
    double fastest = 0;
    for (const auto& cell : m_report.map) {
        fastest = std::max(fastest, cell.bestTokensPerSecond);
    }
    painter.setFont(m_map.axisFont);
    for (std::size_t c = 0; c < pps.size(); ++c) {
        painter.drawText(QRectF(grid.left() + static_cast<double>(c) * cellWidth,
                                m_mapRect.top() + headerHeight, cellWidth,
                                grid.top() - m_mapRect.top() - headerHeight),
                         Qt::AlignCenter, tr("pp %1").arg(pps[c]));
    }
    for (std::size_t r = 0; r < tps.size(); ++r) {
        painter.setPen(text);
        painter.setFont(m_map.axisFont);
        painter.drawText(QRectF(m_mapRect.left(), grid.top() + static_cast<double>(r) * cellHeight,
                                m_map.rowLabelWidth, cellHeight),
                         Qt::AlignLeft | Qt::AlignVCenter, tr("tp %1").arg(tps[r]));
        painter.setFont(m_map.cellFont);
        for (std::size_t c = 0; c < pps.size(); ++c) {
            const auto* cell = m_report.cell(tps[r], pps[c]);
            if (!cell) {
                continue;
            }
            const QRectF box(grid.left() + static_cast<double>(c) * cellWidth + 1,
                             grid.top() + static_cast<double>(r) * cellHeight + 1, cellWidth - 2,
                             cellHeight - 2);
            const bool fits = cell->status == simcore::PlanCellStatus::Fits;
            const QColor fill =
                fits ? fitFill(fastest > 0 ? cell->bestTokensPerSecond / fastest : 0)
                : cell->status == simcore::PlanCellStatus::OutOfMemory ? noMemoryFill()
                                                                       : refusedFill();
            painter.fillRect(box, fill);
            const bool selected =
                m_selected >= 0 && fits &&
                m_report.layouts[static_cast<std::size_t>(m_selected)].tp == cell->tp &&
                m_report.layouts[static_cast<std::size_t>(m_selected)].pp == cell->pp;
            if (selected) {
                painter.setPen(QPen(chartstyle::selectedColour(), 3));
                painter.drawRect(box.adjusted(1.5, 1.5, -1.5, -1.5));
            }
            painter.setPen(textOn(fill));
            const QSizeF area = cellTextSize(m_map.cell);
            painter.drawText(QRectF(box.center().x() - area.width() / 2,
                                    box.center().y() - area.height() / 2, area.width(),
                                    area.height()),
                             Qt::AlignCenter | Qt::TextWordWrap, cellText(*cell));
        }
    }
}

void PlanCharts::paintPareto(QPainter& painter) const
{
    const QFont font = chartstyle::labelFont();
    painter.setFont(font);
    const QFontMetricsF metrics(font);
    const QColor text = chartstyle::textColor();
    painter.setPen(text);
    const double headerHeight = metrics.height() * 1.2;
    painter.drawText(
        QRectF(m_paretoRect.left(), m_paretoRect.top(), m_paretoRect.width(), headerHeight),
        Qt::AlignLeft | Qt::AlignVCenter, tr("Step time vs memory per GPU: the Pareto front"));
    const auto& layouts = m_report.layouts;
    if (layouts.empty()) {
        return;
    }
    const double axisLabel = metrics.height() * 1.3;
    const double yMax = m_report.capacityBytes * 1.05;
    const QRectF plot =
        m_paretoRect.adjusted(metrics.horizontalAdvance(common::formatBytes(yMax)) + 8,
                              headerHeight + 4, -8, -axisLabel * 2);
    double slowest = 0;
    for (const auto& l : layouts) {
        slowest = std::max(slowest, l.step.stepSeconds);
    }
    // Up to twice the fastest step: the front lies there, and a few layouts minutes slower
    // would squeeze it against the axis.
    const double fastest = layouts.front().step.stepSeconds;
    const double xMin = fastest * 0.95;
    const double xMax = std::clamp(slowest * 1.02, fastest * 1.1, fastest * 2.0);
    const auto at = [&](double seconds, double bytes) {
        return QPointF(plot.left() + (seconds - xMin) / (xMax - xMin) * plot.width(),
                       plot.bottom() - bytes / yMax * plot.height());
    };
    painter.setPen(QPen(chartstyle::axisLineColor(), 1));
    painter.drawLine(plot.bottomLeft(), plot.bottomRight());
    painter.drawLine(plot.bottomLeft(), plot.topLeft());
    painter.setPen(text);
    painter.drawText(QRectF(plot.left(), plot.bottom() + 2, plot.width() / 2, axisLabel),
                     Qt::AlignLeft | Qt::AlignTop, common::formatDuration(xMin));
    painter.drawText(QRectF(plot.center().x(), plot.bottom() + 2, plot.width() / 2, axisLabel),
                     Qt::AlignRight | Qt::AlignTop, common::formatDuration(xMax));
    painter.drawText(QRectF(plot.left(), plot.bottom() + axisLabel, plot.width(), axisLabel),
                     Qt::AlignHCenter | Qt::AlignTop, tr("step time (up to 2 × the fastest) →"));
    painter.drawText(QRectF(m_paretoRect.left(), plot.top() - metrics.height() / 2,
                            plot.left() - m_paretoRect.left() - 4, metrics.height()),
                     Qt::AlignRight | Qt::AlignVCenter, common::formatBytes(yMax));
    painter.drawText(QRectF(m_paretoRect.left(), plot.bottom() - metrics.height(),
                            plot.left() - m_paretoRect.left() - 4, metrics.height()),
                     Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("0"));
    // The GPU's memory: every point lies under it.
    const double capacityY = at(xMin, m_report.capacityBytes).y();
    painter.setPen(
        QPen(chartstyle::legible(chartstyle::kCapacityChosen), 2, Qt::DashLine, Qt::FlatCap));
    painter.drawLine(QPointF(plot.left(), capacityY), QPointF(plot.right(), capacityY));
    painter.setPen(chartstyle::legible(chartstyle::kCapacityChosen));
    painter.drawText(
        QRectF(plot.left() + 4, capacityY - metrics.height(), plot.width() - 8, metrics.height()),
        Qt::AlignRight | Qt::AlignBottom,
        tr("GPU memory %1").arg(common::formatBytes(m_report.capacityBytes)));
    // Every layout that fits (at most a few thousand dots, one pixel apart at most).
    painter.save();
    painter.setClipRect(plot.adjusted(-10, -10, 10, 10));
    // One polyline of round points: a few thousand ellipses cost several milliseconds a paint.
    QPolygonF dots;
    dots.reserve(static_cast<qsizetype>(std::min<std::size_t>(layouts.size(), 4000)));
    const std::size_t stride = std::max<std::size_t>(1, layouts.size() / 4000);
    for (std::size_t i = 0; i < layouts.size(); i += stride) {
        if (layouts[i].step.stepSeconds > xMax) {
            break; // fastest first: the rest are off the axis too
        }
        dots.append(at(layouts[i].step.stepSeconds, layouts[i].memoryPerGpuBytes));
    }
    painter.setPen(QPen(chartstyle::referenceColour(), 3.2, Qt::SolidLine, Qt::RoundCap));
    painter.drawPoints(dots);
    // The front: each point needs less memory than every faster one.
    const QColor front = chartstyle::legible(chartstyle::kOptimum);
    QPainterPath path;
    for (std::size_t k = 0; k < m_report.pareto.size(); ++k) {
        const auto& l = layouts[m_report.pareto[k]];
        const QPointF p = at(l.step.stepSeconds, l.memoryPerGpuBytes);
        if (k == 0) {
            path.moveTo(p);
        } else {
            path.lineTo(p);
        }
    }
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(front, 2.5));
    painter.drawPath(path);
    painter.setBrush(front);
    for (const std::size_t index : m_report.pareto) {
        const auto& l = layouts[index];
        painter.drawEllipse(at(l.step.stepSeconds, l.memoryPerGpuBytes), 4, 4);
    }
    if (m_selected >= 0) {
        const auto& l = layouts[static_cast<std::size_t>(m_selected)];
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(chartstyle::selectedColour(), 2.5));
        painter.drawEllipse(at(l.step.stepSeconds, l.memoryPerGpuBytes), 8, 8);
    }
    painter.restore();
}

void PlanCharts::paintBars(QPainter& painter) const
{
    const QFont font = chartstyle::labelFont();
    painter.setFont(font);
    const QFontMetricsF metrics(font);
    const QColor text = chartstyle::textColor();
    painter.setPen(text);
    painter.drawText(
        QRectF(m_barsRect.left(), m_barsRect.top(), m_barsRect.width(), metrics.height()),
        Qt::AlignLeft | Qt::AlignVCenter,
        tr("The fastest layouts and where their step goes (click one to select it)"));
    if (m_barRows.empty()) {
        return;
    }
    // Legend.
    const auto allTerms = terms();
    double x = m_barsRect.left();
    const double legendY = m_barsRect.top() + metrics.height() * 1.2;
    for (const auto& term : allTerms) {
        const QColor colour = chartstyle::legible(term.colour);
        painter.fillRect(QRectF(x, legendY + metrics.height() * 0.2, metrics.height() * 0.8,
                                metrics.height() * 0.8),
                         colour);
        x += metrics.height();
        painter.setPen(text);
        painter.drawText(QPointF(x, legendY + metrics.ascent() + metrics.height() * 0.1),
                         term.name);
        x += metrics.horizontalAdvance(term.name) + metrics.height() * 0.8;
    }
    double slowest = 0;
    for (std::size_t i = 0; i < m_barRows.size(); ++i) {
        slowest = std::max(slowest, m_report.layouts[i].step.stepSeconds);
    }
    for (std::size_t i = 0; i < m_barRows.size(); ++i) {
        const auto& l = m_report.layouts[i];
        const QRectF row = m_barRows[i];
        const double labelHeight = std::min(metrics.height(), row.height() / 2);
        painter.setPen(text);
        QFont labelFont = font;
        labelFont.setBold(static_cast<int>(i) == m_selected);
        painter.setFont(labelFont);
        const QString label =
            QStringLiteral("%1. ").arg(i + 1) + layoutText(l) + QStringLiteral(" — ") +
            common::formatDuration(l.step.stepSeconds) + QStringLiteral(", ") +
            tr("MFU %1").arg(common::formatPercent(l.mfu)) + QStringLiteral(", ") +
            tr("%1 per GPU").arg(common::formatBytes(l.memoryPerGpuBytes));
        painter.drawText(QRectF(row.left(), row.top(), row.width(), labelHeight),
                         Qt::AlignLeft | Qt::AlignVCenter,
                         QFontMetricsF(labelFont).elidedText(label, Qt::ElideMiddle, row.width()));
        painter.setFont(font);
        const QRectF bar(
            row.left(), row.top() + labelHeight + 3, row.width() * 0.98,
            std::max(4.0, std::min(row.height() - labelHeight - 10, metrics.height() * 1.5)));
        double left = bar.left();
        const auto seconds = termSeconds(l);
        for (std::size_t t = 0; t < seconds.size(); ++t) {
            const double width = seconds[t] / slowest * bar.width();
            if (width <= 0) {
                continue;
            }
            painter.fillRect(QRectF(left, bar.top(), width, bar.height()),
                             chartstyle::legible(allTerms[t].colour));
            left += width;
        }
        if (static_cast<int>(i) == m_selected) {
            painter.setPen(QPen(chartstyle::selectedColour(), 2));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(QRectF(bar.left(), bar.top(), left - bar.left(), bar.height()));
        }
    }
}

void PlanCharts::mousePressEvent(QMouseEvent* event)
{
    ensureGeometry();
    for (std::size_t i = 0; i < m_barRows.size(); ++i) {
        if (m_barRows[i].contains(event->position())) {
            selectLayout(static_cast<int>(i));
            return;
        }
    }
    PaintedChartArea::mousePressEvent(event);
}

} // namespace dtsim::ui
