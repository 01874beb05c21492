#pragma once

#include "ui/kit/newestrequestworker.h"
#include "ui/kit/textstrip.h"
#include "ui/panels/checkpoint/checkpointcharts.h"
#include "ui/panels/checkpoint/checkpointpanel.h"
#include "ui/panels/plan/planpanel.h"
#include "ui/panels/scaling/scalingcharts.h"
#include "ui/panels/scaling/validationview.h"
#include "ui/shell/mainwindow.h"

#include <QLabel>
#include <QMenu>

namespace dtsim::ui {

/// Tests reach inside ui classes here, by friendship (each names `friend struct TestAccess;`),
/// rather than through public accessors nothing else calls. Units and meanings are documented
/// on the members.
struct TestAccess {
    // --- NewestRequestWorker: jobs started, and results dropped because a newer request came.
    template <typename Request, typename Result>
    static int started(const NewestRequestWorker<Request, Result>& worker)
    {
        return worker.m_started;
    }
    template <typename Request, typename Result>
    static int dropped(const NewestRequestWorker<Request, Result>& worker)
    {
        return worker.m_dropped;
    }

    // --- CheckpointCharts: what is drawn, and the Monte-Carlo batches (a window's).
    static bool isAsynchronous(const CheckpointCharts& c) { return c.m_asynchronous; }
    static int monteCarloStarts(const CheckpointCharts& c) { return started(c.m_batches); }
    static int monteCarloDropped(const CheckpointCharts& c) { return dropped(c.m_batches); }
    static const simcore::MonteCarloSummary& monteCarlo(const CheckpointCharts& c)
    {
        return c.m_monteCarlo;
    }
    static QString monteCarloCaption(const CheckpointCharts& c) { return c.m_caption->plainText(); }
    static const simcore::GoodputReport& goodput(const CheckpointCharts& c) { return c.m_goodput; }
    static QLineSeries* writeTop(const CheckpointCharts& c) { return c.m_writeUpper; }
    static QLineSeries* lostTop(const CheckpointCharts& c) { return c.m_lostUpper; }
    static QLineSeries* restartTop(const CheckpointCharts& c) { return c.m_restartUpper; }
    static QLineSeries* dalyLine(const CheckpointCharts& c) { return c.m_dalyLine; }
    static QLineSeries* youngLine(const CheckpointCharts& c) { return c.m_youngLine; }
    static QLineSeries* currentLine(const CheckpointCharts& c) { return c.m_currentLine; }
    static QLogValueAxis* intervalAxis(const CheckpointCharts& c) { return c.m_intervalAxis; }
    static QLineSeries* histogramOutline(const CheckpointCharts& c) { return c.m_histUpper; }
    static QLineSeries* meanLine(const CheckpointCharts& c) { return c.m_meanLine; }
    static double histogramUnitSeconds(const CheckpointCharts& c) { return c.m_timeUnit; }
    static TimelineWidget* timeline(const CheckpointCharts& c) { return c.m_timeline; }
    static QLineSeries* goodputOptimalSeries(const CheckpointCharts& c)
    {
        return c.m_goodputOptimal;
    }
    static QLineSeries* goodputCurrentSeries(const CheckpointCharts& c)
    {
        return c.m_goodputCurrent;
    }
    static QLineSeries* chosenGpusLine(const CheckpointCharts& c) { return c.m_chosenGpus; }
    static QBarSet* failureSet(const CheckpointCharts& c) { return c.m_failureSet; }
    static QBarCategoryAxis* causeAxis(const CheckpointCharts& c) { return c.m_causeAxis; }
    static QTabBar* viewTabs(const CheckpointCharts& c) { return c.m_viewTabs; }
    static QChartView* wasteView(const CheckpointCharts& c) { return c.m_wasteView; }
    static QChartView* histogramView(const CheckpointCharts& c) { return c.m_histView; }
    static QChartView* goodputView(const CheckpointCharts& c) { return c.m_goodputView; }
    static QChartView* failureView(const CheckpointCharts& c) { return c.m_failureView; }

    // --- CheckpointPanel
    static QPushButton* llamaPresetButton(const CheckpointPanel& p) { return p.m_llamaButton; }
    static QPushButton* useOptimumButton(const CheckpointPanel& p) { return p.m_optimumButton; }

    // --- PlanPanel: "Use this layout", and the titles that fold the links and the prices away.
    static QPushButton* useButton(const PlanPanel& p) { return p.m_use; }
    static QToolButton* linksHeader(const PlanPanel& p) { return p.m_linksHeader; }
    static QToolButton* costHeader(const PlanPanel& p) { return p.m_costHeader; }

    // --- ScalingCharts: what is drawn.
    static QBarSet* computeSet(const ScalingCharts& c) { return c.m_compute; }
    static QBarSet* communicationSet(const ScalingCharts& c) { return c.m_communication; }
    static QBarSet* idealSet(const ScalingCharts& c) { return c.m_ideal; }
    static QBarSet* stragglerSet(const ScalingCharts& c) { return c.m_straggler; }
    static QBarSet* failureSet(const ScalingCharts& c) { return c.m_failure; }
    static bool countsFailures(const ScalingCharts& c) { return c.m_countsFailures; }
    static QBarSet* tensorParallelSet(const ScalingCharts& c) { return c.m_tensorParallel; }
    static QBarSet* pipelineSet(const ScalingCharts& c) { return c.m_pipeline; }
    static QBarSet* dataParallelSet(const ScalingCharts& c) { return c.m_dataParallel; }
    static QBarSet* otherSet(const ScalingCharts& c) { return c.m_other; }
    static bool showsLayoutTerms(const ScalingCharts& c) { return c.m_showsLayoutTerms; }
    static QBarCategoryAxis* categoryAxis(const ScalingCharts& c) { return c.m_categories; }
    static QLineSeries* speedupSeries(const ScalingCharts& c) { return c.m_speedup; }
    static QLineSeries* idealSpeedupSeries(const ScalingCharts& c) { return c.m_idealSpeedup; }
    static PointMarker* selectedMarker(const ScalingCharts& c) { return c.m_selectedBar; }
    static PointMarker* optimumMarker(const ScalingCharts& c) { return c.m_optimumBar; }
    static PointMarker* selectedPoint(const ScalingCharts& c) { return c.m_selectedPoint; }
    static PointMarker* optimumPoint(const ScalingCharts& c) { return c.m_optimumPoint; }
    static QScatterSeries* measuredBarSeries(const ScalingCharts& c) { return c.m_measuredBars; }
    static QScatterSeries* measuredSpeedupSeries(const ScalingCharts& c)
    {
        return c.m_measuredSpeedup;
    }
    static QChartView* barView(const ScalingCharts& c) { return c.m_barView; }
    static QChartView* speedupView(const ScalingCharts& c) { return c.m_speedupView; }
    static double barUnitSeconds(const ScalingCharts& c) { return c.m_unitSeconds; }

    // --- ValidationView: what is drawn.
    static QTableWidget* table(const ValidationView& v) { return v.m_table; }
    static QBarSet* withinSet(const ValidationView& v) { return v.m_within; }
    static QBarSet* outsideSet(const ValidationView& v) { return v.m_outside; }
    static QAreaSeries* bandSeries(const ValidationView& v) { return v.m_band; }
    static QBarCategoryAxis* runAxis(const ValidationView& v) { return v.m_runs; }
    static const QList<QBarSet*>& termSets(const ValidationView& v) { return v.m_terms; }

    // --- MainWindow: the settings notice (a file set aside, a failed save) and how often one
    // was shown; the Recent files menu.
    static QString settingsNotice(const MainWindow& w)
    {
        return w.m_settingsNotice ? w.m_settingsNotice->text() : QString();
    }
    static int settingsNoticesShown(const MainWindow& w) { return w.m_settingsNoticesShown; }
    static QMenu* recentMenu(const MainWindow& w) { return w.m_recentMenu; }
};

} // namespace dtsim::ui
