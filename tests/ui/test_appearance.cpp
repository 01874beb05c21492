// Theme and presentation mode: palette, fonts and every chart's look change together.
#include "helpers.h"
#include "ui/appearance.h"
#include "ui/chartstyle.h"
#include "ui/mainwindow.h"
#include "ui/panel.h"
#include "ui/scalingcharts.h"
#include "ui/scalingpanel.h"
#include "ui/scenariomodel.h"
#include "ui/textstrip.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QFile>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QGlyphRun>
#include <QIcon>
#include <QImage>
#include <QLegend>
#include <QPainter>
#include <QRawFont>
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
struct RestoreAppearance {
    Appearance saved = currentAppearance();
    ~RestoreAppearance() { applyAppearance(saved); }
};
} // namespace

TEST_CASE("dark theme: palette and charts turn dark, series keep their colours", "[ui][theme]")
{
    RestoreAppearance restore;
    ScenarioModel model;
    ScalingPanel panel(&model);
    const QColor computeColour = panel.charts()->computeSet()->color();

    applyAppearance({Theme::Dark, false, 1.5});
    CHECK(QApplication::palette().color(QPalette::Window).lightness() < 80);
    CHECK(chartstyle::look().dark);
    QChartView* view = panel.charts()->barView();
    CHECK(view->backgroundBrush().color().lightness() < 80);
    CHECK(view->chart()->titleBrush().color().lightness() > 200);
    CHECK(panel.charts()->computeSet()->color() == computeColour);

    applyAppearance({Theme::Light, false, 1.5});
    CHECK(view->backgroundBrush().color() == QColor(Qt::white));
    CHECK(view->chart()->titleBrush().color().lightness() < 80);
}

TEST_CASE("presentation mode scales fonts, raises contrast, and keys move the slider",
          "[ui][presentation]")
{
    RestoreAppearance restore;
    MainWindow window;
    auto* scaling = qobject_cast<ScalingPanel*>(window.panel(QStringLiteral("scaling")));
    REQUIRE(scaling != nullptr);
    const double titleSize = scaling->charts()->barView()->chart()->titleFont().pointSizeF();
    const double appSize = QApplication::font().pointSizeF();

    Appearance appearance = currentAppearance();
    appearance.presentationScale = 1.5;
    applyAppearance(appearance);
    window.setPresentationMode(true);
    CHECK(window.isPresentationMode());
    CHECK(chartstyle::look().highContrast);
    CHECK(QApplication::font().pointSizeF() == Approx(appSize * 1.5));
    CHECK(scaling->charts()->barView()->chart()->titleFont().pointSizeF() ==
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
    CHECK(window.model()->scenario().scaling.workers == 4096);
    CHECK(before != 4096);

    window.setPresentationMode(false);
    CHECK_FALSE(window.isPresentationMode());
    CHECK_FALSE(chartstyle::look().highContrast);
    CHECK(QApplication::font().pointSizeF() == Approx(appSize));
    CHECK(scaling->charts()->barView()->chart()->titleFont().pointSizeF() == Approx(titleSize));
}

TEST_CASE("the window builds only the shown tab; a tab built later follows the theme and "
          "language chosen before it",
          "[ui][window][theme]")
{
    RestoreAppearance restore;
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

TEST_CASE("the window is born with the application's text settings", "[ui][window][fonts]")
{
    // A widget takes the application font when it is constructed; the window once kept Qt's
    // default strategy, so its own text loaded a second font engine per size at start. Fonts
    // that differ only in hinting are separate engines too.
    RestoreAppearance restore;
    QFont shaped = QApplication::font();
    shaped.setStyleStrategy(QFont::PreferDefault);
    shaped.setHintingPreference(QFont::PreferDefaultHinting);
    QApplication::setFont(shaped);

    MainWindow window;
    CHECK(QApplication::font().styleStrategy() == QFont::PreferNoShaping);
    CHECK(window.font().styleStrategy() == QFont::PreferNoShaping);
    CHECK(QApplication::font().hintingPreference() == QFont::PreferNoHinting);
    CHECK(window.font().hintingPreference() == QFont::PreferNoHinting);
    window.show();
    const auto views = window.findChildren<QChartView*>();
    REQUIRE_FALSE(views.isEmpty());
    CHECK(views.front()->chart()->titleFont().styleStrategy() == QFont::PreferNoShaping);
    CHECK(views.front()->chart()->titleFont().hintingPreference() == QFont::PreferNoHinting);
    const auto strips = window.findChildren<TextStrip*>();
    REQUIRE_FALSE(strips.isEmpty());
    for (const TextStrip* strip : strips) {
        CHECK(strip->font().hintingPreference() == QFont::PreferNoHinting);
    }
}

TEST_CASE("unhinted text is laid out exactly where light-hinted text was", "[ui][fonts]")
{
    // The window draws unhinted text (see appearance.cpp) instead of FreeType's light hinting,
    // fontconfig's usual setting: that only moves horizontal edges within a pixel. Measured on
    // the text font at the window's sizes, regular and bold, with Vietnamese marks: every
    // advance, height and ascent is the same, so no layout moves.
    const QString sample = QStringLiteral(
        "Thời gian mỗi bước (s) — Số worker N: 0.20 1.00 Speed-up vs ideal; Mô hình tính toán");
    for (const int pixels : {9, 12, 14, 19}) {
        for (const bool bold : {false, true}) {
            CAPTURE(pixels, bold);
            QFont unhinted = QApplication::font();
            unhinted.setPixelSize(pixels);
            unhinted.setBold(bold);
            unhinted.setHintingPreference(QFont::PreferNoHinting);
            QFont light = unhinted;
            light.setHintingPreference(QFont::PreferVerticalHinting);
            const QFontMetricsF a(unhinted);
            const QFontMetricsF b(light);
            CHECK(a.horizontalAdvance(sample) == b.horizontalAdvance(sample));
            CHECK(a.height() == b.height());
            CHECK(a.ascent() == b.ascent());
        }
    }

    // A 2x export (and a high-DPI screen) draws unhinted whatever the preference: the slide
    // shows what the window shows.
    const auto drawAtTwice = [&sample](QFont::HintingPreference hinting) {
        QImage image(QSize(700, 40) * 2, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(2);
        image.fill(Qt::white);
        QPainter painter(&image);
        QFont font = chartstyle::labelFont();
        font.setHintingPreference(hinting);
        painter.setFont(font);
        painter.drawText(QPointF(4, 28), sample);
        return image;
    };
    const QImage unhinted = drawAtTwice(QFont::PreferNoHinting);
    CHECK(testing::distinctColours(unhinted, 1) > 2);
    CHECK(unhinted == drawAtTwice(QFont::PreferVerticalHinting));
}

TEST_CASE("a character the text font lacks is named by the font Qt falls back to", "[ui][fonts]")
{
    // Debian's Noto Sans has no U+2212 MINUS SIGN, used in every formula: Qt draws it from the
    // first font of its fallback list that has it, a list it builds by sorting every installed
    // font. familyDrawing walks the same ranking (sorted once); it must pick the font Qt picks.
    const QFont font = chartstyle::labelFont();
    const QString family = QRawFont::fromFont(font).familyName();
    CHECK(familyDrawing(U'a', family).isEmpty());
    CHECK(familyDrawing(U'ố', family).isEmpty()); // Vietnamese is the text font's own

    // The minus, and the legend marks the Communication panel's strips use.
    for (const char16_t code : {u'\u2212', u'\u2605', u'\u25CF', u'\u2506', u'\u2502', u'\u2501'}) {
        const QChar character(code);
        CAPTURE(static_cast<int>(code));
        QTextLayout layout(QString(character), font);
        layout.beginLayout();
        layout.createLine();
        layout.endLayout();
        const auto runs = layout.glyphRuns();
        REQUIRE(runs.size() == 1);
        const QString qtFallback = runs.front().rawFont().familyName();
        if (qtFallback == family) {
            CHECK(familyDrawing(character.unicode(), family).isEmpty());
        } else {
            CHECK(familyDrawing(character.unicode(), family) == qtFallback);
        }
    }
}

TEST_CASE("a text strip draws a missing minus as its font's en dash, other missing characters "
          "as Qt's fallback would",
          "[ui][fonts]")
{
    const QString html =
        QStringLiteral("T<sub>sync</sub>(N) = fixed + per-worker × (N − 1) = <b>2 − 1</b>; "
                       "α–β model; Thời gian mỗi bước ★ ●");
    TextStrip strip;
    strip.setFont(chartstyle::labelFont());
    strip.resize(700, 80);
    strip.setHtml(html);
    CHECK(strip.html() == html);
    const QRawFont own = QRawFont::fromFont(strip.font());
    const bool fontHasMinus = own.supportsCharacter(QChar(0x2212));
    REQUIRE(own.supportsCharacter(QChar(0x2013)));

    // What is drawn: the text font's en dash where it has no minus (Debian's Noto Sans), the
    // legend marks from the font Qt falls back to.
    QString expected = html;
    if (!fontHasMinus) {
        // A word joiner after it keeps "2(N−1)" on one line, as the minus sign did.
        const bool canJoin = own.supportsCharacter(QChar(0x2060));
        expected.replace(QChar(0x2212),
                         canJoin ? QStringLiteral("\u2013\u2060") : QStringLiteral("\u2013"));
    }
    CHECK(strip.drawnHtml().contains(QChar(0x2212)) == fontHasMinus);
    CHECK(strip.drawnHtml().count(QStringLiteral("font-family")) == 2); // ★ and ●

    QImage drawn(strip.size(), QImage::Format_ARGB32_Premultiplied);
    drawn.fill(Qt::white);
    strip.render(&drawn, QPoint(), QRegion(), QWidget::RenderFlags());
    // The same text through Qt's own fallback: a document with that HTML untouched otherwise.
    QImage reference(strip.size(), QImage::Format_ARGB32_Premultiplied);
    reference.fill(Qt::white);
    QTextDocument document;
    document.setDocumentMargin(6);
    document.setDefaultFont(strip.font());
    document.setHtml(expected);
    document.setTextWidth(strip.width());
    {
        QPainter painter(&reference);
        QAbstractTextDocumentLayout::PaintContext context;
        context.palette = strip.palette();
        context.palette.setColor(QPalette::Text, strip.palette().color(QPalette::WindowText));
        document.documentLayout()->draw(&painter, context);
    }
    CHECK(testing::distinctColours(drawn, 1) > 2);
    CHECK(drawn == reference);

    // A screen reader still hears minus signs, and the real en dash stays one.
    QTextDocument original;
    original.setHtml(html);
    CHECK(strip.plainText() == original.toPlainText());
    CHECK(strip.plainText().contains(QStringLiteral("(N − 1) = 2 − 1; α–β")));

    // At any width the longest formula word fits in, no line starts just after a minus sign
    // drawn as a dash (narrower, Qt breaks inside words anywhere).
    TextStrip formula;
    formula.setFont(strip.font());
    formula.setHtml(QStringLiteral("busbw = S/t · 2(N−1)/N; T = 2(N−1)·α + x−y"));
    CHECK(formula.plainText() == QStringLiteral("busbw = S/t · 2(N−1)/N; T = 2(N−1)·α + x−y"));
    QTextDocument narrow;
    narrow.setDefaultFont(formula.font());
    narrow.setHtml(formula.drawnHtml());
    int lineStarts = 0;
    for (int width = 100; width <= 400; width += 5) { // wider than "2(N−1)·α"
        narrow.setTextWidth(width);
        REQUIRE(narrow.size().width() > 0); // lays the text out
        const QTextBlock block = narrow.firstBlock();
        const QString text = block.text();
        QTextLayout* layout = block.layout();
        for (int i = 1; i < layout->lineCount(); ++i) {
            const int start = layout->lineAt(i).textStart();
            ++lineStarts;
            CAPTURE(width, text.left(start));
            CHECK(text.left(start).endsWith(QChar(0x2013)) == false);
            CHECK(text.left(start).endsWith(QStringLiteral("\u2013\u2060")) == false);
        }
    }
    CHECK(lineStarts > 10); // the strip was narrow enough to wrap

    // An en dash written as a character reference is counted too; unknown markup that hides
    // one falls back to reading the original text.
    TextStrip references;
    references.setFont(strip.font());
    for (const QString& text : {QStringLiteral("a &ndash; b − c &#8211; d &#x2013; e − f"),
                                QStringLiteral("x − y &#x02013; z − w")}) {
        CAPTURE(text);
        references.setHtml(text);
        original.setHtml(text);
        CHECK(references.plainText() == original.toPlainText());
    }

    TextStrip ascii;
    ascii.setHtml(QStringLiteral("T = 2(N-1) &gt; 0"));
    CHECK(ascii.drawnHtml() == ascii.html());
    CHECK(ascii.plainText() == QStringLiteral("T = 2(N-1) > 0"));

    // Markup is left alone: only text between tags is typeset.
    TextStrip attribute;
    attribute.setFont(strip.font());
    attribute.setHtml(QStringLiteral("<a href=\"#x−y\">x − y</a>"));
    CHECK(attribute.drawnHtml().startsWith(QStringLiteral("<a href=\"#x−y\">")));
    CHECK(attribute.plainText() == QStringLiteral("x − y"));
}

TEST_CASE("a generic font family is named by the font Qt draws for it", "[ui][fonts]")
{
    // Asked for by a generic name, every new font size first fails and then searches the
    // fallback list; named by the font fontconfig picks, it loads at once, and looks the same.
    RestoreAppearance restore;
    QFont generic = QApplication::font();
    generic.setFamilies({QStringLiteral("Sans Serif")});
    QApplication::setFont(generic);
    const QString drawn = QFontInfo(generic).family();
    REQUIRE(drawn != QStringLiteral("Sans Serif"));

    applyTextFont();
    CHECK(QApplication::font().family() == drawn);
    CHECK(QFontInfo(QApplication::font()).family() == drawn);
    CHECK(QApplication::font().pointSizeF() == Approx(generic.pointSizeF()));
}

TEST_CASE("a shown chart fills its view and keeps its own minimum size", "[ui][charts]")
{
    // Charts are polished before their first layout (so laid out once when first shown) with
    // their minimum lifted meanwhile; once shown, the minimum is the chart's own again and the
    // view's too. At presentation size the labels need more height than the views' fixed
    // minimum of 220 px.
    RestoreAppearance restore;
    applyAppearance({Theme::Light, true, 2.0});
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.resize(1280, 760);
    panel.show();
    QCoreApplication::processEvents();
    for (QChartView* view : {panel.charts()->barView(), panel.charts()->speedupView()}) {
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
