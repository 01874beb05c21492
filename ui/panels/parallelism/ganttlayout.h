#pragma once
// What the pipeline Gantt chart draws, as plain shapes and texts: PipelineView::layout computes
// them from the report, a size and the fonts (no widget), and painting draws exactly these.

#include "simcore/models/pipeline.h"
#include "ui/panels/parallelism/diagramlayout.h"

#include <QRectF>
#include <QSizeF>
#include <QStaticText>
#include <QString>
#include <vector>

namespace dtsim::ui {

struct GanttLayout {
    enum class Sample { Forward, Backward, Weight, Idle, Chunk };
    struct LegendEntry {
        Sample sample = Sample::Forward;
        QRectF sampleRect;
        QRectF textRect;
        QString label;
    };
    /// One operation's block, or a run of touching blocks too narrow to tell apart, of one
    /// kind, merged into one rectangle.
    struct Block {
        QRectF rect;
        /// Forward, backward (its input-gradient part B when the schedule splits it) or W.
        simcore::PipelinePass pass = simcore::PipelinePass::Forward;
        std::int32_t chunk = 0; ///< chunks after the first are hatched
        /// Wide enough for an edge: a dark outline sets it off the pale idle area (contrast).
        bool outlined = false;
        bool hairline = false; ///< a background line at its left edge sets it off
        int number = -1;       ///< the micro-batch number printed in it (index into numbers)
        QPointF numberAt;      ///< top-left of that number
    };
    struct Label {
        QRectF rect;
        QString text;
    };
    struct Tick {
        double x = 0;
        QRectF labelRect;
        QString label;
    };

    QSizeF size;
    QString title;
    QRectF titleRect;
    /// The bubble line under the title (bold); red when there is no schedule to draw.
    QString subtitle;
    QRectF subtitleRect;
    bool drawn = false; ///< a schedule is drawn (else `problem` says why)
    std::vector<LegendEntry> legend;
    /// The rows' frame: one row per device, time 0 … the step across.
    QRectF plot;
    double rowHeight = 0;
    int rows = 0;                 ///< device rows drawn (p, unless cut for height)
    std::vector<QRectF> rowGaps;  ///< background strips between rows
    bool operationsDrawn = false; ///< false: too many operations, `note` says so in the rows
    std::vector<Block> blocks;
    std::vector<QStaticText> numbers;  ///< "1" … "m", prepared in the label font
    std::vector<Label> deviceLabels;   ///< "Device d", bold, right-aligned left of the rows
    std::vector<Label> inFlightLabels; ///< what each device holds, right of the rows
    std::vector<Tick> ticks;
    QRectF axisTitleRect;
    QString axisTitle;
    /// Rows left out, or operations not drawn (in red under the axis, or in the rows).
    QString note;
    QRectF noteRect;
    DiagramLayout::Paragraph memory; ///< the activation-memory line (rich text)
    QString problem;
    QRectF problemRect;
};

} // namespace dtsim::ui
