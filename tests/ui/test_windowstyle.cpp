// The window's style: Fusion's look, without Qt 6.4 loading every image plugin at start.
#include "helpers.h"
#include "ui/appearance.h"
#include "ui/mainwindow.h"
#include "ui/windowstyle.h"

#include <QApplication>
#include <QCheckBox>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QMainWindow>
#include <QPainter>
#include <QStyleFactory>
#include <QToolBar>
#include <QVBoxLayout>
#include <catch2/catch.hpp>
#include <memory>

using namespace dtsim::ui;

namespace {

/// `box` drawn with `style`, alone on white.
QImage drawnWith(QStyle* style, QGroupBox& box)
{
    box.setStyle(style);
    for (QWidget* child : box.findChildren<QWidget*>()) {
        child->setStyle(style);
    }
    box.ensurePolished();
    box.layout()->activate();
    box.resize(300, 220); // larger than either style's minimum at every size tested
    QImage image(box.size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    box.render(&image);
    return image;
}

/// A main window with a tool bar in `area`, drawn with `style` at `size`.
QImage toolBarDrawnWith(QStyle* style, Qt::ToolBarArea area, QSize size)
{
    QMainWindow window;
    auto* bar = new QToolBar;
    for (const char* text : {"Mở kịch bản…", "Lưu", "Hoàn tác", "Xuất biểu đồ…"}) {
        bar->addAction(QString::fromUtf8(text));
    }
    bar->addSeparator();
    bar->addAction(QStringLiteral("Presentation mode"));
    window.addToolBar(area, bar);
    window.setCentralWidget(new QLabel(QStringLiteral("N = 8")));
    window.setStyle(style);
    for (QWidget* child : window.findChildren<QWidget*>()) {
        child->setStyle(style);
    }
    window.resize(size);
    window.ensurePolished();
    window.layout()->activate();
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    window.render(&image);
    return image;
}

/// Whether an image-format plugin (not the platform plugin) is mapped into this process.
bool imagePluginLoaded()
{
    QFile maps(QStringLiteral("/proc/self/maps"));
    if (!maps.open(QIODevice::ReadOnly)) {
        return false;
    }
    return maps.readAll().contains("/imageformats/");
}

} // namespace

TEST_CASE("group boxes look the same through the window's style as through Fusion", "[ui][style]")
{
    // The frame is read without Qt's plugin scan and drawn with Fusion's geometry: a titled, an
    // untitled and a checkable box, at the window's text size and at presentation size, must be
    // the same pixels as Fusion's own.
    std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    WindowStyle window(QStringLiteral("Fusion"));
    for (const int pixels : {12, 24}) {
        for (const int kind : {0, 1, 2}) {
            CAPTURE(pixels, kind);
            QGroupBox box(kind == 1 ? QString() : QStringLiteral("Mô hình tính toán"));
            box.setCheckable(kind == 2);
            QFont font = box.font();
            font.setPixelSize(pixels);
            box.setFont(font);
            auto* layout = new QVBoxLayout(&box);
            layout->addWidget(new QLabel(QStringLiteral("Số worker N")));
            layout->addWidget(new QCheckBox(QStringLiteral("Thang log")));
            const QImage byFusion = drawnWith(fusion.get(), box);
            const QImage byWindow = drawnWith(&window, box);
            box.setStyle(nullptr);
            for (QWidget* child : box.findChildren<QWidget*>()) {
                child->setStyle(nullptr);
            }
            CHECK(testing::distinctColours(byWindow, 1) > 2);
            CHECK(byWindow.size() == QSize(300, 220));
            CHECK(byWindow == byFusion);
        }
    }
}

TEST_CASE("tool bars look the same through the window's style as through Fusion", "[ui][style]")
{
    // The window's style draws the tool bar in bands of at most 95 pixels (each translucent line
    // then stays off Qt's thread pool); across the window's width, a width that is not a
    // multiple of the band, and standing up at the side, the pixels must be Fusion's own.
    std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    WindowStyle window(QStringLiteral("Fusion"));
    for (const auto& [area, size] : {std::pair{Qt::TopToolBarArea, QSize(1280, 200)},
                                     std::pair{Qt::TopToolBarArea, QSize(701, 150)},
                                     std::pair{Qt::LeftToolBarArea, QSize(400, 517)}}) {
        CAPTURE(static_cast<int>(area), size);
        const QImage byFusion = toolBarDrawnWith(fusion.get(), area, size);
        const QImage byWindow = toolBarDrawnWith(&window, area, size);
        CHECK(testing::distinctColours(byWindow, 1) > 4);
        CHECK(byWindow == byFusion);
    }
}

TEST_CASE("a tool bar repainted in part gets the same pixels as painted whole", "[ui][style]")
{
    // A hovered tool button repaints part of the bar: the window's style then draws only the
    // bands that part touches (the paint event's region, mapped from device coordinates).
    // Rendered through a region at an offset, the part must be what a whole rendering puts
    // there, wherever it falls across the bands, and nothing outside it may change.
    WindowStyle style(QStringLiteral("Fusion"));
    QMainWindow window;
    auto* bar = new QToolBar;
    for (const char* text :
         {"Mở kịch bản…", "Lưu kịch bản", "Hoàn tác", "Làm lại", "Xuất biểu đồ…"}) {
        bar->addAction(QString::fromUtf8(text));
    }
    window.addToolBar(bar);
    window.setCentralWidget(new QLabel(QStringLiteral("N = 8")));
    window.setStyle(&style);
    for (QWidget* child : window.findChildren<QWidget*>()) {
        child->setStyle(&style);
    }
    window.resize(1000, 300);
    window.ensurePolished();
    window.layout()->activate();
    const QPoint offset(37, 11);
    const QColor unpainted(0x20, 0x60, 0x20);
    const auto rendered = [&](const QRegion& region) {
        QImage image(bar->size() + QSize(60, 30), QImage::Format_ARGB32_Premultiplied);
        image.fill(unpainted);
        bar->render(&image, offset, region);
        return image;
    };
    const QImage whole = rendered(QRegion(bar->rect()));
    CHECK(testing::distinctColours(whole, 1) > 4);
    for (const QRect part : {QRect(250, 0, 200, bar->height()), QRect(10, 0, 40, bar->height()),
                             QRect(90, 2, 10, 5), QRect(180, 0, 400, bar->height())}) {
        CAPTURE(part);
        const QImage drawn = rendered(QRegion(part));
        // render() puts the region's top left corner at the offset.
        CHECK(drawn.copy(QRect(offset, part.size())) == whole.copy(part.translated(offset)));
        const QRect inImage(offset, part.size());
        QImage outside = drawn;
        {
            QPainter painter(&outside);
            painter.fillRect(inImage, unpainted);
        }
        CHECK(testing::distinctColours(outside, 1) == 1); // only the part was painted
    }
}

TEST_CASE("the icons a bar or dock asks for at start are built when drawn, and are the style's",
          "[ui][style]")
{
    std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    WindowStyle window(QStringLiteral("Fusion"));
    for (const auto which :
         {QStyle::SP_ToolBarHorizontalExtensionButton, QStyle::SP_ToolBarVerticalExtensionButton,
          QStyle::SP_TitleBarCloseButton, QStyle::SP_TitleBarNormalButton}) {
        CAPTURE(static_cast<int>(which));
        CHECK(WindowStyle::isDeferred(which));
        const QIcon own = fusion->standardIcon(which);
        REQUIRE_FALSE(own.isNull()); // deferral answers "not null" without building the icon
        const QIcon deferred = window.standardIcon(which);
        CHECK_FALSE(deferred.isNull());
        CHECK(deferred.availableSizes() == own.availableSizes());
        for (const int side : {8, 16, 32}) {
            CHECK(deferred.actualSize(QSize(side, side)) == own.actualSize(QSize(side, side)));
            CHECK(deferred.pixmap(side).toImage() == own.pixmap(side).toImage());
        }
    }
    CHECK_FALSE(WindowStyle::isDeferred(QStyle::SP_DialogOkButton));
    CHECK(window.standardIcon(QStyle::SP_DialogOkButton).pixmap(16).toImage() ==
          fusion->standardIcon(QStyle::SP_DialogOkButton).pixmap(16).toImage());
}

TEST_CASE("the window starts without loading an image plugin", "[ui][style][startup]")
{
    // Qt 6.4 asks every installed image plugin whether it reads PNG before using its own reader
    // when not told the format; each is a shared library loaded from disk. ctest runs each test
    // case in its own process, where this is the window's first start.
    if (imagePluginLoaded()) {
        WARN("an earlier test in this process loaded an image plugin; run this case alone");
        return;
    }
    // A new style resets the application palette unless it is put back: dtsim sets its own.
    const QPalette before = QApplication::palette();
    QPalette marked = before;
    marked.setColor(QPalette::Window, QColor(1, 2, 3));
    QApplication::setPalette(marked);
    installWindowStyle();
    CHECK(qobject_cast<WindowStyle*>(QApplication::style()) != nullptr);
    CHECK(QApplication::palette().color(QPalette::Window) == QColor(1, 2, 3));
    QApplication::setPalette(before);

    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QImage frame(window.size(), QImage::Format_ARGB32_Premultiplied);
    window.render(&frame);
    CHECK(testing::distinctColours(frame) > 20);
    CHECK_FALSE(imagePluginLoaded());
}
