// Exports as slides: every legend entry of every view, with its swatch, in PDF and SVG, in both
// languages. PDF text is read with pdftotext and the page drawn with pdftoppm (poppler-utils),
// as a reader of the file sees them.
#include "chartchecks.h"
#include "common/language.h"
#include "helpers.h"
#include "ui/kit/chartarea.h"
#include "ui/kit/chartstyle.h"
#include "ui/shell/exportdialog.h"
#include "ui/shell/exporter.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QFile>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

namespace {

struct BackToEnglish {
    ~BackToEnglish() { dtsim::common::setLanguage(QStringLiteral("en")); }
};

/// Text as a reader compares it: compatibility forms folded (pdftotext writes the "ffi"
/// ligature as one character) and every kind of space dropped (a legend row may be split).
QString comparable(const QString& text)
{
    QString folded = text.normalized(QString::NormalizationForm_KC);
    folded.removeIf([](QChar c) { return c.isSpace(); });
    return folded;
}

QString run(const QString& tool, const QStringList& arguments)
{
    const QString program = QStandardPaths::findExecutable(tool);
    INFO(tool.toStdString() << " is missing: install poppler-utils");
    REQUIRE_FALSE(program.isEmpty());
    QProcess process;
    process.start(program, arguments);
    REQUIRE(process.waitForFinished(60000));
    REQUIRE(process.exitCode() == 0);
    return QString::fromUtf8(process.readAllStandardOutput());
}

/// Every <text> of an SVG, joined.
QString svgText(const QString& path)
{
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    QXmlStreamReader reader(&file);
    QString text;
    while (!reader.atEnd()) {
        if (reader.readNext() == QXmlStreamReader::StartElement &&
            reader.name() == QLatin1String("text")) {
            text += reader.readElementText(QXmlStreamReader::IncludeChildElements) + u' ';
        }
    }
    REQUIRE_FALSE(reader.hasError());
    return text;
}

struct Entry {
    QString label;
    QColor swatch;  ///< the marker's solid colour (invalid for a hatched or transparent one)
    QRect legendIn; ///< the legend's rectangle in the area's logical pixels
};

/// The visible entries of every chart legend in the area, as laid out for export.
QList<Entry> legendEntries(ChartArea& area)
{
    QList<Entry> entries;
    for (QChartView* view : area.findChildren<QChartView*>()) {
        QLegend* legend = view->chart()->legend();
        if (!view->isVisible() || !legend->isVisible()) {
            continue;
        }
        const QRect inView = view->mapFromScene(legend->geometry()).boundingRect();
        const QRect inArea(view->viewport()->mapTo(&area, inView.topLeft()), inView.size());
        for (QLegendMarker* marker : legend->markers()) {
            if (!marker->isVisible() || marker->label().isEmpty()) {
                continue;
            }
            const QBrush brush = marker->brush();
            const bool solid = brush.style() == Qt::SolidPattern && brush.color().alpha() == 255;
            entries.append({marker->label(), solid ? brush.color() : QColor(), inArea});
        }
    }
    return entries;
}

bool hasColourIn(const QImage& image, const QRect& rect, QColor colour)
{
    const QRect inside = rect.adjusted(-2, -2, 2, 2).intersected(image.rect());
    for (int y = inside.top(); y <= inside.bottom(); ++y) {
        for (int x = inside.left(); x <= inside.right(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            if (qAbs(pixel.red() - colour.red()) + qAbs(pixel.green() - colour.green()) +
                    qAbs(pixel.blue() - colour.blue()) <=
                12) {
                return true;
            }
        }
    }
    return false;
}

} // namespace

TEST_CASE("PDF and SVG exports keep every legend entry and its swatch, in both languages",
          "[ui][export][legend]")
{
    // Guards against: Qt 6.4's PDF engine clipped a chart legend to its first entry's text, with
    // no swatch (poppler and Ghostscript alike), so a PDF slide's legend named one series of
    // three and showed no colour for it.
    const BackToEnglish restore;
    const QSize size(1600, 900);
    int checkedEntries = 0;
    for (const char* language : {"en", "vi"}) {
        REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
        for (const QString& panel : exportablePanels()) {
            INFO(language << " " << panel.toStdString());
            QTemporaryDir dir;
            auto area = createChartArea(panel);
            REQUIRE(area);
            area->showScenario(simcore::Scenario{});
            const QString pdf = dir.filePath(QStringLiteral("view.pdf"));
            const QString svg = dir.filePath(QStringLiteral("view.svg"));
            REQUIRE(exportChartArea(*area, pdf, {size, 1.0}).isEmpty());
            REQUIRE(exportChartArea(*area, svg, {size, 1.0}).isEmpty());
            const QList<Entry> entries = legendEntries(*area);
            const QString pdfText = comparable(run(QStringLiteral("pdftotext"), {pdf, "-"}));
            const QString svgTexts = comparable(svgText(svg));
            // The page at 96 dpi: one PDF pixel per logical pixel of the area.
            run(QStringLiteral("pdftoppm"),
                {"-r", "96", "-png", "-singlefile", pdf, dir.filePath(QStringLiteral("page"))});
            const QImage page(dir.filePath(QStringLiteral("page.png")));
            REQUIRE(page.size() == size);
            for (const Entry& entry : entries) {
                INFO("legend entry: " << entry.label.toStdString());
                CHECK(pdfText.contains(comparable(entry.label)));
                CHECK(svgTexts.contains(comparable(entry.label)));
                if (entry.swatch.isValid()) {
                    CHECK(hasColourIn(page, entry.legendIn, entry.swatch));
                }
                ++checkedEntries;
            }
        }
    }
    // Scaling (two legends), Memory, Communication and Checkpoint have chart legends.
    CHECK(checkedEntries >= 20);
}

TEST_CASE("SVG text is drawn as outlines and kept as invisible text", "[ui][export][svg]")
{
    // Guards against: an SVG whose text needs the font dtsim draws with. A viewer without it
    // (rsvg-convert, Inkscape, a browser elsewhere) substituted a wider font, so a bold run and
    // the rest of its line, placed separately, overlapped ("= 380,2 GB" printed over itself) and
    // legend labels ran into the next swatch. Every visible letter must be a path; the <text>
    // elements stay (search, copy, screen readers) but are transparent.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("memory.svg"));
    REQUIRE(exportPanel(QStringLiteral("memory"), simcore::Scenario{}, path, {}).isEmpty());
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    QXmlStreamReader reader(&file);
    int texts = 0;
    int paths = 0;
    while (!reader.atEnd()) {
        if (reader.readNext() != QXmlStreamReader::StartElement) {
            continue;
        }
        if (reader.name() == QLatin1String("path")) {
            ++paths;
        } else if (reader.name() == QLatin1String("text")) {
            ++texts;
            const auto attributes = reader.attributes();
            INFO(reader.readElementText().toStdString());
            CHECK(attributes.value(QLatin1String("fill-opacity")) == QLatin1String("0"));
        }
    }
    REQUIRE_FALSE(reader.hasError());
    CHECK(texts > 10);
    CHECK(paths > texts); // at least one outline per text, besides the bars
}

TEST_CASE("a slide export is 16:9 and its text is at least 3 % of the picture's height",
          "[ui][export][slide]")
{
    // Guards against: `--scale 2` only adding pixels. At 1600×900 the labels were 14.4 px, 1.6 %
    // of the height, about 8 pt on a projected slide, unreadable from the back of a room.
    const ExportOptions slide = slideOptions();
    CHECK(slide.size.width() * 9 == slide.size.height() * 16);
    const double minimumPixels = kSlideMinTextShare * slide.size.height();
    for (const QString& panel : exportablePanels()) {
        INFO(panel.toStdString());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("slide.png"));
        const double labelPointsBefore = dtsim::ui::chartstyle::labelFont().pointSizeF();
        std::unique_ptr<ChartArea> area;
        QStringList written; // a file per idea
        {
            const ExportLook look(slide);
            area = createChartArea(panel);
            REQUIRE(area);
            area->showScenario(simcore::Scenario{});
            REQUIRE(exportChartArea(*area, path, slide, &written).isEmpty());
            // Painted diagrams draw with the charts' label font.
            const QFont label = dtsim::ui::chartstyle::labelFont();
            CHECK(label.pointSizeF() * area->logicalDpiY() / 72.0 >= minimumPixels);
        }
        // The window's look is back once the export is done.
        CHECK(dtsim::ui::chartstyle::labelFont().pointSizeF() == labelPointsBefore);
        REQUIRE_FALSE(written.isEmpty());
        for (const QString& file : written) {
            CHECK(QImage(file).size() == QSize(1920, 1080));
        }
        const auto pixels = [&](const QFont& font) {
            return font.pointSizeF() > 0 ? font.pointSizeF() * area->logicalDpiY() / 72.0
                                         : double(font.pixelSize());
        };
        QList<std::pair<QString, QFont>> fonts;
        for (QChartView* view : area->findChildren<QChartView*>()) {
            if (!view->isVisible()) {
                continue;
            }
            QChart* chart = view->chart();
            if (!chart->title().isEmpty()) {
                fonts.append({QStringLiteral("title ") + chart->title(), chart->titleFont()});
            }
            fonts.append({QStringLiteral("legend of ") + chart->title(), chart->legend()->font()});
            for (QAbstractAxis* axis : chart->axes()) {
                fonts.append(
                    {QStringLiteral("axis labels of ") + chart->title(), axis->labelsFont()});
                if (!axis->titleText().isEmpty()) {
                    fonts.append(
                        {QStringLiteral("axis title ") + axis->titleText(), axis->titleFont()});
                }
            }
        }
        for (QWidget* child : area->findChildren<QWidget*>()) {
            if (child->isVisible() && child->inherits("dtsim::ui::TextStrip")) {
                fonts.append(
                    {QStringLiteral("text strip ") + child->accessibleName(), child->font()});
            }
        }
        CHECK((panel != QLatin1String("scaling") || fonts.size() > 5));
        for (const auto& [what, font] : fonts) {
            INFO(what.toStdString() << ": " << pixels(font) << " px");
            CHECK(pixels(font) >= minimumPixels);
        }
    }
}

TEST_CASE("the export dialog offers the slide size", "[ui][export][slide]")
{
    // Guards against: a slide size only the command line knows; the teacher exports from the
    // window.
    ExportDialog dialog(QStringLiteral("/tmp/dtsim-scaling.png"));
    auto* slide = dialog.findChild<QCheckBox*>();
    REQUIRE(slide != nullptr);
    CHECK_FALSE(dialog.options().slide);
    slide->setChecked(true);
    const ExportOptions options = dialog.options();
    CHECK(options.slide);
    CHECK(options.size == kSlideSize);
    CHECK(options.scale == kSlidePixelScale);
    slide->setChecked(false);
    CHECK_FALSE(dialog.options().slide);
    CHECK(dialog.options().size == ExportOptions{}.size);
}

TEST_CASE("a slide shows one idea at a time, each whole, in both languages",
          "[ui][export][slide][layout]")
{
    // Hazard: at 1280×720 with fonts × 1.6, the Checkpoint slide lost the last line of its
    // summary off the bottom and the Communication slide shortened "Bus bandwidth (nccl-te…"
    // and "busbw (G…": a panel of several ideas does not fit one slide whole.
    BackToEnglish back;
    const ExportOptions slide = slideOptions();
    for (const char* language : {"en", "vi"}) {
        REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
        const ExportLook look(slide);
        for (const QString& panel : exportablePanels()) {
            auto area = createChartArea(panel);
            REQUIRE(area);
            area->showScenario(simcore::Scenario{});
            const auto pages = area->presentationPages().size();
            for (int page = pages > 1 ? 0 : -1; page < pages; ++page) {
                INFO(language << " " << panel.toStdString() << " page " << page);
                layOutForExport(*area, slide.size, page);
                testing::checkChartTexts(language, panel, area.get());
                for (QWidget* child : area->findChildren<QWidget*>()) {
                    if (!child->isVisible() || !child->inherits("dtsim::ui::TextStrip")) {
                        continue;
                    }
                    const QRect inArea(child->mapTo(area.get(), QPoint()), child->size());
                    INFO("text strip \"" << child->accessibleName().toStdString() << "\" at "
                                         << testing::describe(inArea));
                    CHECK(area->rect().contains(inArea));
                    CHECK(child->height() >= child->heightForWidth(child->width()));
                }
                if (pages <= 1) {
                    break;
                }
            }
        }
    }
}

TEST_CASE("a slide of several ideas is a file per idea, or a PDF page per idea",
          "[ui][export][slide]")
{
    const ExportOptions slide = slideOptions();
    QTemporaryDir dir;
    const ExportLook look(slide);
    auto area = createChartArea(QStringLiteral("scaling"));
    REQUIRE(area);
    area->showScenario(simcore::Scenario{});
    const auto pages = area->presentationPages().size();
    REQUIRE(pages == 2); // step time | speed-up

    QStringList written;
    REQUIRE(exportChartArea(*area, dir.filePath(QStringLiteral("scaling.png")), slide, &written)
                .isEmpty());
    CHECK(written == QStringList{dir.filePath(QStringLiteral("scaling-1.png")),
                                 dir.filePath(QStringLiteral("scaling-2.png"))});
    CHECK_FALSE(QFile::exists(dir.filePath(QStringLiteral("scaling.png"))));
    for (const QString& path : written) {
        const QImage image(path);
        CHECK(image.size() == QSize(1920, 1080));
        CHECK(testing::distinctColours(image) > 10);
    }
    // The two ideas are different pictures.
    CHECK(QImage(written[0]) != QImage(written[1]));

    written.clear();
    const QString pdf = dir.filePath(QStringLiteral("scaling.pdf"));
    REQUIRE(exportChartArea(*area, pdf, slide, &written).isEmpty());
    CHECK(written == QStringList{pdf});
    const QString info = run(QStringLiteral("pdfinfo"), {pdf});
    CHECK(info.contains(QRegularExpression(QStringLiteral("Pages:\\s+2\\b"))));

    // The window's area shows every part again afterwards; an export of a whole picture stays
    // one file.
    written.clear();
    REQUIRE(
        exportChartArea(*area, dir.filePath(QStringLiteral("whole.png")), ExportOptions{}, &written)
            .isEmpty());
    CHECK(written == QStringList{dir.filePath(QStringLiteral("whole.png"))});
}
