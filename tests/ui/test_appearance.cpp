// Theme and presentation mode: palette, fonts and every chart's look change together.
#include "helpers.h"
#include "restorelook.h"
#include "testaccess.h"
#include "ui/kit/appearance.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/panel.h"
#include "ui/kit/scenariomodel.h"
#include "ui/kit/textstrip.h"
#include "ui/panels/scaling/scalingcharts.h"
#include "ui/panels/scaling/scalingpanel.h"
#include "ui/shell/mainwindow.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QGlyphRun>
#include <QIcon>
#include <QImage>
#include <QLegend>
#include <QPainter>
#include <QRawFont>
#include <QSet>
#include <QSettings>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

namespace {
/// Puts the look back for the tests that follow.
} // namespace

TEST_CASE("dark theme: palette and charts turn dark, series keep their colours", "[ui][theme]")
{
    testing::RestoreLook restore;
    ScenarioModel model;
    ScalingPanel panel(&model);
    const QColor computeColour = TestAccess::computeSet(*panel.charts())->color();

    applyAppearance({Theme::Dark, false, 1.5});
    CHECK(QApplication::palette().color(QPalette::Window).lightness() < 80);
    CHECK(chartstyle::look().dark);
    QChartView* view = TestAccess::barView(*panel.charts());
    CHECK(view->backgroundBrush().color().lightness() < 80);
    CHECK(view->chart()->titleBrush().color().lightness() > 200);
    CHECK(TestAccess::computeSet(*panel.charts())->color() == computeColour);

    applyAppearance({Theme::Light, false, 1.5});
    CHECK(view->backgroundBrush().color() == QColor(Qt::white));
    CHECK(view->chart()->titleBrush().color().lightness() < 80);
}

TEST_CASE("a theme given for the session is used, not remembered", "[ui][theme]")
{
    // `dtsim --theme dark` gives the window this session's theme; the next plain start finds
    // the theme last chosen in the View menu.
    testing::RestoreLook restore;
    QSettings settings;
    settings.setValue(QStringLiteral("theme"), QStringLiteral("light"));
    {
        MainWindow window(simcore::Scenario{}, Theme::Dark);
        CHECK(currentAppearance().theme == Theme::Dark);
        CHECK(QSettings().value(QStringLiteral("theme")).toString() == QStringLiteral("light"));
        QAction* checked = nullptr;
        for (QAction* action : window.findChildren<QAction*>()) {
            if (action->isCheckable() && action->isChecked() &&
                action->text().remove(QLatin1Char('&')) == QStringLiteral("Dark")) {
                checked = action;
            }
        }
        CHECK(checked != nullptr); // the View menu shows what is on screen
    }
    MainWindow plain;
    CHECK(currentAppearance().theme == Theme::Light);
    settings.remove(QStringLiteral("theme"));
}

TEST_CASE("presentation mode scales fonts, raises contrast, and keys move the slider",
          "[ui][presentation]")
{
    testing::RestoreLook restore;
    MainWindow window;
    auto* scaling = qobject_cast<ScalingPanel*>(window.panel(QStringLiteral("scaling")));
    REQUIRE(scaling != nullptr);
    const double titleSize =
        TestAccess::barView(*scaling->charts())->chart()->titleFont().pointSizeF();
    const double appSize = QApplication::font().pointSizeF();

    Appearance appearance = currentAppearance();
    appearance.presentationScale = 1.5;
    applyAppearance(appearance);
    window.setPresentationMode(true);
    CHECK(window.isPresentationMode());
    CHECK(chartstyle::look().highContrast);
    CHECK(QApplication::font().pointSizeF() == Approx(appSize * 1.5));
    CHECK(TestAccess::barView(*scaling->charts())->chart()->titleFont().pointSizeF() ==
          Approx(titleSize * 1.5));
    CHECK(QApplication::palette().color(QPalette::WindowText) == QColor(Qt::black));

    // The keys act on the worker slider wherever the focus is not an editor.
    window.tabs()->setCurrentIndex(1);
    const auto before = window.model()->scenario().scaling.workers;
    window.activateWindow();
    for (QAction* action : window.actions()) {
        if (action->shortcut() == QKeySequence(Qt::Key_End)) {
            action->trigger();
        }
    }
    CHECK(window.tabs()->currentIndex() == 0);
    // End: the slider's last stop, 4 × the lesson's optimum 16.
    CHECK(window.model()->scenario().scaling.workers == 64);
    CHECK(before != 64);

    window.setPresentationMode(false);
    CHECK_FALSE(window.isPresentationMode());
    CHECK_FALSE(chartstyle::look().highContrast);
    CHECK(QApplication::font().pointSizeF() == Approx(appSize));
    CHECK(TestAccess::barView(*scaling->charts())->chart()->titleFont().pointSizeF() ==
          Approx(titleSize));
}

TEST_CASE("the window builds only the shown tab; a tab built later follows the theme and "
          "language chosen before it",
          "[ui][window][theme]")
{
    testing::RestoreLook restore;
    MainWindow window;
    window.show();
    CHECK(window.isPanelBuilt(QStringLiteral("scaling")));
    for (const QString& id : MainWindow::panelIds().mid(1)) {
        INFO(id.toStdString());
        CHECK_FALSE(window.isPanelBuilt(id));
    }
    applyAppearance({Theme::Dark, false, 1.5});
    window.showPanel(QStringLiteral("memory"));
    CHECK(window.isPanelBuilt(QStringLiteral("memory")));
    CHECK_FALSE(window.isPanelBuilt(QStringLiteral("checkpoint")));
    Panel* memory = window.panel(QStringLiteral("memory"));
    REQUIRE(memory != nullptr);
    CHECK(memory->isVisible());
    CHECK(memory->isActive());
    CHECK_FALSE(window.panel(QStringLiteral("scaling"))->isActive());
    const auto views = memory->findChildren<QChartView*>();
    REQUIRE_FALSE(views.isEmpty());
    for (auto* view : views) {
        CHECK(view->backgroundBrush().color().lightness() < 80);
    }
    window.showPanel(QStringLiteral("checkpoint"));
    CHECK(window.panel(QStringLiteral("checkpoint"))->isActive());
    CHECK(window.tabs()->currentWidget()->isAncestorOf(window.panel(QStringLiteral("checkpoint"))));
}

TEST_CASE("the window, its charts and its strips draw the bundled text font", "[ui][window][fonts]")
{
    testing::RestoreLook restore;
    MainWindow window;
    window.show();
    CHECK(QFontInfo(QApplication::font()).family() == textFontFamily());
    CHECK(QFontInfo(window.font()).family() == textFontFamily());
    const auto views = window.findChildren<QChartView*>();
    REQUIRE_FALSE(views.isEmpty());
    CHECK(QFontInfo(views.front()->chart()->titleFont()).family() == textFontFamily());
    const auto strips = window.findChildren<TextStrip*>();
    REQUIRE_FALSE(strips.isEmpty());
    for (const TextStrip* strip : strips) {
        CHECK(QFontInfo(strip->font()).family() == textFontFamily());
    }
}

TEST_CASE("the text font has every character dtsim draws, in both languages", "[ui][fonts]")
{
    // Every character outside ASCII in the interface's sources and in the Vietnamese
    // translation: with all of them in one font, Qt never searches the system's fonts for a
    // glyph, and a file exported here looks the same on any machine.
    QSet<char32_t> characters;
    const QDir root(QStringLiteral(DTSIM_SOURCE_DIR));
    QStringList files = {root.filePath(QStringLiteral("resources/translations/dtsim_vi.ts"))};
    QDirIterator sources(root.filePath(QStringLiteral("ui")),
                         {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                         QDirIterator::Subdirectories);
    while (sources.hasNext()) {
        files << sources.next();
    }
    for (const QString& path : std::as_const(files)) {
        QFile file(path);
        REQUIRE(file.open(QIODevice::ReadOnly));
        for (const char32_t c : QString::fromUtf8(file.readAll()).toUcs4()) {
            if (c >= 0x80) {
                characters.insert(c);
            }
        }
    }
    REQUIRE(characters.size() > 100); // Vietnamese letters, −, ×, →, box drawing …
    for (const bool bold : {false, true}) {
        QFont font(textFontFamily());
        font.setBold(bold);
        const QRawFont raw = QRawFont::fromFont(font);
        REQUIRE(raw.familyName() == textFontFamily());
        for (const char32_t c : std::as_const(characters)) {
            CAPTURE(static_cast<unsigned>(c), bold);
            CHECK(raw.supportsCharacter(c));
        }
    }
}

TEST_CASE("a text strip reads out the characters it shows", "[ui][fonts]")
{
    const QString html = QStringLiteral("T<sub>sync</sub>(N) = fixed + per-worker × (N − 1) = "
                                        "<b>2 − 1</b>; α–β; Thời gian mỗi bước ★ ●");
    TextStrip strip;
    strip.setFont(chartstyle::labelFont());
    strip.resize(700, 80);
    strip.setHtml(html);
    CHECK(strip.html() == html);
    CHECK(strip.plainText() ==
          QStringLiteral("Tsync(N) = fixed + per-worker × (N − 1) = 2 − 1; α–β; Thời gian mỗi "
                         "bước ★ ●"));
    QImage drawn(strip.size(), QImage::Format_ARGB32_Premultiplied);
    drawn.fill(Qt::white);
    strip.render(&drawn, QPoint(), QRegion(), QWidget::RenderFlags());
    CHECK(testing::distinctColours(drawn, 1) > 2);
}

TEST_CASE("a shown chart fills its view and keeps its own minimum size", "[ui][charts]")
{
    // Charts are polished before their first layout (so laid out once when first shown) with
    // their minimum lifted meanwhile; once shown, the minimum is the chart's own again and the
    // view's too. At presentation size the labels need more height than the views' fixed
    // minimum of 220 px.
    testing::RestoreLook restore;
    applyAppearance({Theme::Light, true, 2.0});
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.resize(1280, 760);
    panel.show();
    QCoreApplication::processEvents();
    // Presentation mode shows one chart at a time.
    for (int page : {0, 1}) {
        panel.showPresentationPage(page);
        QCoreApplication::processEvents();
        QChartView* view = page == 0 ? TestAccess::barView(*panel.charts())
                                     : TestAccess::speedupView(*panel.charts());
        REQUIRE(view->isVisible());
        QChart* chart = view->chart();
        CHECK(chart->size() == QSizeF(view->size()));
        CHECK(chart->legend()->isVisible());
        CHECK(chart->minimumSize().width() > 50);
        CHECK(chart->minimumSize().height() > 220);
        CHECK(view->minimumHeight() >= static_cast<int>(chart->minimumSize().height()));
    }
}

TEST_CASE("theme icons come from a desktop's icon theme, never from hicolor alone", "[ui][icons]")
{
    // Two themes with the same icon: Qt would find it in either; hicolor is not asked.
    QTemporaryDir folder;
    REQUIRE(folder.isValid());
    for (const char* name : {"dtsimtest", "hicolor"}) {
        const QString theme = QString::fromLatin1(name);
        const QDir root(folder.path());
        REQUIRE(root.mkpath(theme + QStringLiteral("/16x16/actions")));
        QFile index(root.filePath(theme + QStringLiteral("/index.theme")));
        REQUIRE(index.open(QIODevice::WriteOnly));
        index.write("[Icon Theme]\nName=" + theme.toUtf8() +
                    "\nDirectories=16x16/actions\n\n[16x16/actions]\nSize=16\nType=Fixed\n");
        index.close();
        QImage icon(16, 16, QImage::Format_ARGB32);
        icon.fill(Qt::red);
        REQUIRE(
            icon.save(root.filePath(theme + QStringLiteral("/16x16/actions/document-open.png"))));
    }
    const QStringList searchPaths = QIcon::themeSearchPaths();
    const QString themeName = QIcon::themeName();
    QIcon::setThemeSearchPaths({folder.path()});

    QIcon::setThemeName(QStringLiteral("dtsimtest"));
    CHECK_FALSE(dtsim::ui::themeIcon(QStringLiteral("document-open")).isNull());
    CHECK(dtsim::ui::themeIcon(QStringLiteral("document-open"))
              .pixmap(16)
              .toImage()
              .pixelColor(8, 8) == QColor(Qt::red));
    CHECK(dtsim::ui::themeIcon(QStringLiteral("no-such-icon")).isNull());
    QIcon::setThemeName(QStringLiteral("hicolor"));
    CHECK_FALSE(QIcon::fromTheme(QStringLiteral("document-open")).isNull()); // Qt would look
    CHECK(dtsim::ui::themeIcon(QStringLiteral("document-open")).isNull());
    QIcon::setThemeName(QString());
    CHECK(dtsim::ui::themeIcon(QStringLiteral("document-open")).isNull());

    QIcon::setThemeSearchPaths(searchPaths);
    QIcon::setThemeName(themeName);
}
