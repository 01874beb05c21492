#pragma once

#include "../datafile.h"
#include "simcore/reports/report.h"
#include "simcore/scenario/scenario.h"
#include "ui/shell/exporter.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <set>
#include <vector>

namespace testing {

/// Every table of a chart area's csv(), one after the other: for checks that do not mind which
/// table holds a row.
inline QString csvText(const std::vector<simcore::CsvTable>& tables)
{
    QString text;
    for (const auto& table : tables) {
        text += QString::fromStdString(table.text);
    }
    return text;
}

/// The file a CSV export to `path` wrote for table `name` (`path` for "quantities", else
/// csvTablePath's; the command-line tests check those names); its text ("" when missing).
inline QString exportedCsvTable(const QString& path, const QString& name)
{
    QFile file(name == QLatin1String("quantities")
                   ? path
                   : dtsim::ui::csvTablePath(path, name.toStdString()));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

/// The table of a CSV text whose header row starts with `header`: that row and the rows after
/// it, up to a blank line or a comment.
inline QStringList csvTable(const QString& csv, const QString& header)
{
    QStringList table;
    for (const QString& line : csv.split(QLatin1Char('\n'))) {
        if (table.isEmpty()) {
            if (line.startsWith(header)) {
                table << line;
            }
        } else if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) {
            break;
        } else {
            table << line;
        }
    }
    return table;
}

/// A dp × tp × pp layout with `perNode` GPUs per node and `layers` layers; interleaved with `v`
/// chunks when v > 1; a global batch every such layout splits. Megatron splits the heads and the
/// hidden size evenly over tp: a model whose heads tp does not divide gets 8·tp heads of 128.
inline simcore::Scenario layout(std::int64_t dp, std::int64_t tp, std::int64_t pp,
                                std::int64_t perNode, std::int64_t layers = 32, std::int64_t v = 1)
{
    simcore::Scenario s;
    s.parallel.dp = dp;
    s.parallel.tp = tp;
    s.parallel.pp = pp;
    s.hardware.gpusPerNode = perNode;
    s.model.layers = layers;
    if (v > 1) {
        s.parallel.schedule = simcore::PipelineSchedule::Interleaved;
        s.parallel.virtualStages = v;
    }
    if (s.model.heads % tp != 0) {
        s.model.heads = 8 * tp;
        s.model.hidden = 128 * s.model.heads;
    }
    // m = B/(b·dp) micro-batches: 8, or 2p for the interleaved schedule (a multiple of p).
    s.train.globalBatch = dp * (v > 1 ? 2 * pp : 8);
    return s;
}

/// Chooses the entry of `box` whose data is `data`, the way a user's click does.
inline void choose(QComboBox* box, const QString& data)
{
    REQUIRE(box != nullptr);
    const int index = box->findData(data);
    REQUIRE(index >= 0);
    box->setCurrentIndex(index);
    emit box->activated(index);
}

/// Whether `image` has a pixel of exactly `colour`, sampled every `step` pixels each way.
inline bool containsColour(const QImage& image, QRgb colour, int step = 2)
{
    for (int y = 0; y < image.height(); y += step) {
        for (int x = 0; x < image.width(); x += step) {
            if (image.pixel(x, y) == colour) {
                return true;
            }
        }
    }
    return false;
}

/// Distinct colours in an image, sampled on a grid: a blank or single-colour picture has 1–2.
inline std::size_t distinctColours(const QImage& image, int step = 4)
{
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += step) {
        for (int x = 0; x < image.width(); x += step) {
            colours.insert(image.pixel(x, y));
        }
    }
    return colours.size();
}

/// Share of sampled pixels that are not (near) white.
inline double inkShare(const QImage& image, int step = 4)
{
    std::size_t ink = 0;
    std::size_t all = 0;
    for (int y = 0; y < image.height(); y += step) {
        for (int x = 0; x < image.width(); x += step) {
            const QColor c = image.pixelColor(x, y);
            ink += (c.red() < 235 || c.green() < 235 || c.blue() < 235) ? 1 : 0;
            ++all;
        }
    }
    return all ? static_cast<double>(ink) / static_cast<double>(all) : 0.0;
}

} // namespace testing
