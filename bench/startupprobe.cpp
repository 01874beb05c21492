#include "bench/startupprobe.h"

#include <QAbstractScrollArea>
#include <QCoreApplication>
#include <QEvent>
#include <QWidget>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace dtsim::bench {

namespace {

/// Nanoseconds since the launch time the environment holds.
long long nanosecondsSinceLaunch()
{
    return monotonicNanoseconds() - qEnvironmentVariable("DTSIM_BENCH_LAUNCH_NS").toLongLong();
}

void report(const char* what)
{
    std::printf("%s %lld\n", what, nanosecondsSinceLaunch());
    std::fflush(stdout);
}

class StartupProbe : public QObject {
public:
    using QObject::QObject;

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && !m_painted) {
            m_painted = true;
            report("first-paint-ns");
            if (qEnvironmentVariableIsSet("DTSIM_BENCH_EXIT_AT_PAINT")) {
                std::_Exit(0); // for profilers: the instructions up to the first paint, no more
            }
            // Queued: runs once the paint pass this event belongs to has returned.
            QMetaObject::invokeMethod(
                qApp,
                [] {
                    report("first-frame-ns");
                    if (qEnvironmentVariableIsSet("DTSIM_BENCH_EXIT_AT_FRAME")) {
                        std::_Exit(0);
                    }
                    QCoreApplication::quit(); // tear-down is not start-up
                },
                Qt::QueuedConnection);
        }
        return QObject::eventFilter(watched, event);
    }

private:
    bool m_painted = false;
};

} // namespace

long long monotonicNanoseconds()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void reportStartup(QWidget* window)
{
    if (!qEnvironmentVariableIsSet("DTSIM_BENCH_LAUNCH_NS")) {
        return;
    }
    auto* probe = new StartupProbe(window);
    window->installEventFilter(probe);
    if (auto* area = qobject_cast<QAbstractScrollArea*>(window)) {
        area->viewport()->installEventFilter(probe);
    }
}

} // namespace dtsim::bench
