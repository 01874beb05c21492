// Speed: a step of the ring animation repaints only the cells and arrows that changed,
// and the picture it leaves on screen is exactly the one a full repaint of the same state draws.
// No model numbers here: the oracle is the widget's own full repaint (QWidget::grab paints every
// pixel afresh), compared pixel for pixel with what the partial repaints left in the window's
// backing store (the offscreen platform's screen grab reads that store). Tolerance: none (QImage
// equality).
#include "ui/kit/scenariomodel.h"
#include "ui/panels/communication/communicationcharts.h"
#include "ui/panels/communication/communicationpanel.h"
#include "ui/panels/communication/ringwidget.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QImage>
#include <QPixmap>
#include <QRegion>
#include <QScreen>
#include <QTest>
#include <catch2/catch.hpp>
#include <functional>
#include <string>

using namespace dtsim::ui;

namespace {

/// What the window shows where `widget` is: the backing store as the last repaints left it.
QImage onScreen(QWidget& widget)
{
    QWidget* window = widget.window();
    const QPoint at = widget.mapTo(window, QPoint(0, 0));
    // At device pixel ratio 1 (the tests' platform): the offscreen screen grab does not scale.
    const QPixmap shot = window->screen()->grabWindow(window->winId(), at.x(), at.y(),
                                                      widget.width(), widget.height());
    return shot.toImage().convertToFormat(QImage::Format_RGB32);
}

/// A full, fresh paint of the widget's current state (every pixel drawn).
QImage freshRender(RingWidget& ring)
{
    const QImage image = ring.grab().toImage().convertToFormat(QImage::Format_RGB32);
    REQUIRE(ring.lastPaintRegion() == QRegion(ring.rect())); // grab painted everything
    return image;
}

int differingPixels(const QImage& a, const QImage& b)
{
    if (a.size() != b.size()) {
        return -1;
    }
    int count = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            count += a.pixel(x, y) != b.pixel(x, y) ? 1 : 0;
        }
    }
    return count;
}

qint64 area(const QRegion& region)
{
    qint64 sum = 0;
    for (const QRect& r : region) {
        sum += static_cast<qint64>(r.width()) * r.height();
    }
    return sum;
}

/// Runs `change` as the app does (the event loop then repaints what it invalidated) and checks
/// that the window shows exactly what a full repaint of the new state draws. Returns the region
/// the step repainted.
QRegion stepAndCompare(RingWidget& ring, const std::string& what,
                       const std::function<void()>& change)
{
    INFO(what << " (N = " << ring.playback()->workers() << ", " << ring.width() << "×"
              << ring.height() << ", now at step " << ring.playback()->stepIndex() << ")");
    const int paints = ring.paintCount();
    change();
    // The step's own repaint (update requests may be delivered a few milliseconds later).
    REQUIRE(QTest::qWaitFor([&] { return ring.paintCount() > paints; }, 2000));
    QCoreApplication::processEvents();
    const QRegion repainted = ring.lastPaintRegion();
    const QImage shown = onScreen(ring);
    const QImage fresh = freshRender(ring);
    INFO("on screen " << shown.width() << "×" << shown.height() << ", fresh " << fresh.width()
                      << "×" << fresh.height());
    REQUIRE(shown.size() == fresh.size());
    INFO("pixels differing from a full repaint: " << differingPixels(shown, fresh));
    CHECK(shown == fresh);
    return repainted;
}

bool samePhase(const RingWidget& ring, int a, int b)
{
    const auto phase = [&](int step) {
        return ring.playback()->trace().steps[std::size_t(step - 1)].phase;
    };
    return a > 0 && b > 0 && phase(a) == phase(b);
}

void walkThrough(RingWidget& ring)
{
    const qint64 whole = static_cast<qint64>(ring.width()) * ring.height();
    const int total = ring.playback()->stepCount();
    // Forward through every step: within a phase only the changed cells (and labels) repaint.
    for (int k = 1; k <= total; ++k) {
        const int from = ring.playback()->stepIndex();
        const QRegion region =
            stepAndCompare(ring, "step forward", [&] { ring.playback()->stepForward(); });
        REQUIRE(ring.playback()->stepIndex() == k);
        if (samePhase(ring, from, k)) {
            INFO("step " << from << " → " << k << " repainted " << area(region) << " of " << whole
                         << " pixels");
            CHECK(area(region) * 2 < whole);
        }
    }
    // Back through a few steps (across the phase change), then the end, reset and forward.
    for (int k = 0; k < std::min(total, 4); ++k) {
        const int from = ring.playback()->stepIndex();
        const QRegion region =
            stepAndCompare(ring, "step back", [&] { ring.playback()->stepBack(); });
        if (samePhase(ring, from, ring.playback()->stepIndex())) {
            CHECK(area(region) * 2 < whole);
        }
    }
    stepAndCompare(ring, "show the end", [&] { ring.playback()->showEnd(); });
    stepAndCompare(ring, "step back from the end", [&] { ring.playback()->stepBack(); });
    stepAndCompare(ring, "reset", [&] { ring.playback()->reset(); });
    REQUIRE(ring.playback()->stepIndex() == 0);
    stepAndCompare(ring, "step forward after reset", [&] { ring.playback()->stepForward(); });
    stepAndCompare(ring, "step forward again", [&] { ring.playback()->stepForward(); });
    stepAndCompare(ring, "reset mid-way", [&] { ring.playback()->reset(); });
}

} // namespace

TEST_CASE("ring: a step repaints only what changed, and the picture equals a full repaint",
          "[ui][ring][repaint]")
{
    // Sizes with fractional cell edges, small rows (numbers just shown) and labelled arrows.
    for (const QSize size : {QSize(700, 320), QSize(1100, 520), QSize(433, 287)}) {
        for (const int n : {2, 5, 16}) {
            RingWidget ring;
            ring.resize(size);
            REQUIRE(ring.playback()->setWorkers(n));
            ring.show();
            REQUIRE(QTest::qWaitForWindowExposed(&ring));
            QCoreApplication::processEvents();
            {
                INFO("first show, N = " << n);
                CHECK(onScreen(ring) == freshRender(ring));
            }
            walkThrough(ring);
        }
    }
}

TEST_CASE("ring: the labelled arrows (small N, wide widget) are among the checked pictures",
          "[ui][ring][repaint]")
{
    // The arrow labels (chunk and value) change at every step; they are repainted alone.
    RingWidget ring;
    ring.resize(1100, 520);
    REQUIRE(ring.playback()->setWorkers(5));
    REQUIRE(ring.showsArrowLabels());
    ring.show();
    REQUIRE(QTest::qWaitForWindowExposed(&ring));
    QCoreApplication::processEvents();
    stepAndCompare(ring, "step 1", [&] { ring.playback()->stepForward(); });
    stepAndCompare(ring, "step 2", [&] { ring.playback()->stepForward(); });
    const QRegion region =
        stepAndCompare(ring, "labelled step", [&] { ring.playback()->stepForward(); });
    CHECK(area(region) * 2 < static_cast<qint64>(ring.width()) * ring.height());
    // The legend below the table is never part of a step's repaint.
    CHECK_FALSE(region.intersects(QRect(0, ring.height() - 12, ring.width(), 12)));
}

TEST_CASE("ring: in the Communication panel, 16 GPUs step by partial repaints as a full one",
          "[ui][ring][repaint]")
{
    // The window as a user sees it (1280×800): the caption below the ring changes every step.
    ScenarioModel model;
    CommunicationPanel panel(&model);
    panel.resize(1280, 800);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    RingWidget* ring = panel.charts()->ring();
    REQUIRE(ring->playback()->setWorkers(16));
    QCoreApplication::processEvents();
    for (int k = 0; k < 8; ++k) {
        stepAndCompare(*ring, "panel: step forward", [&] { ring->playback()->stepForward(); });
    }
    stepAndCompare(*ring, "panel: step back", [&] { ring->playback()->stepBack(); });
    stepAndCompare(*ring, "panel: reset", [&] { ring->playback()->reset(); });
}
