#pragma once

#include "ui/kit/newestrequestworker.h"
#include "ui/panels/checkpoint/checkpointcharts.h"

namespace dtsim::ui {

/// Tests reach inside ui classes here, by friendship (each names `friend struct TestAccess;`),
/// rather than through public accessors nothing else calls.
struct TestAccess {
    /// Jobs started, and results dropped because a newer request came first.
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

    /// Monte-Carlo batches started and dropped (cancelled or superseded) in a window's charts.
    static int monteCarloStarts(const CheckpointCharts& charts)
    {
        return started(charts.m_batches);
    }
    static int monteCarloDropped(const CheckpointCharts& charts)
    {
        return dropped(charts.m_batches);
    }
};

} // namespace dtsim::ui
