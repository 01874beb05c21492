#include "ui/shell/exporter.h"

#include "common/files.h"
#include "ui/kit/chartarea.h"
#include "ui/kit/chartstyle.h"
#include "ui/shell/panelregistry.h"
#include "ui/shell/svgtextoutlines.h"

#include <QApplication>
#include <QBuffer>
#include <QChartView>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QLayout>
#include <QLegend>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <algorithm>

namespace dtsim::ui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("dtsim::ui::Exporter", text);
}

constexpr QPainter::RenderHints kExportHints = QPainter::Antialiasing | QPainter::TextAntialiasing |
                                               QPainter::SmoothPixmapTransform |
                                               QPainter::NonCosmeticBrushPatterns;

/// Lays the area out at exactly `size` without showing it on screen.
void prepare(ChartArea& area, QSize size)
{
    area.setAttribute(Qt::WA_DontShowOnScreen, true);
    if (!area.isVisible()) {
        area.show();
    }
    area.resize(size);
    if (area.layout()) {
        area.layout()->activate();
    }
    QCoreApplication::processEvents();
}

/// Renders the area (children included) onto a painter already set up for the target.
void paintArea(ChartArea& area, QPainter& painter)
{
    // A chart legend clips its entries to its own rectangle (it scrolls when they overflow).
    // Qt 6.4's PDF engine maps that clip wrongly: a PDF kept the first entry's text and no
    // swatch, in poppler and Ghostscript alike. An exported legend shows every entry, so the clip
    // is lifted while drawing and put back afterwards.
    QList<QLegend*> clipped;
    for (QChartView* view : area.findChildren<QChartView*>()) {
        QLegend* legend = view->chart()->legend();
        if (legend->flags() & QGraphicsItem::ItemClipsChildrenToShape) {
            legend->setFlag(QGraphicsItem::ItemClipsChildrenToShape, false);
            clipped << legend;
        }
    }
    painter.setRenderHints(kExportHints);
    area.render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    for (QLegend* legend : clipped) {
        legend->setFlag(QGraphicsItem::ItemClipsChildrenToShape, true);
    }
}

// Each format's drawing adds the file's bytes to `files`; nothing is written until every file
// of the export is drawn, so a full disk leaves all of them or none (writeFilesAtomically).
using Files = QList<common::FileContents>;

QString exportPng(ChartArea& area, const QString& path, const ExportOptions& options, Files& files)
{
    const QImage image = renderChartArea(area, options);
    if (image.isNull()) {
        return tr("Could not allocate a %1×%2 image.")
            .arg(qRound(options.size.width() * options.scale))
            .arg(qRound(options.size.height() * options.scale));
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    writer.setText(QStringLiteral("Title"), area.exportTitle());
    writer.setText(QStringLiteral("Description"), area.summary());
    writer.setText(QStringLiteral("Software"), QStringLiteral("dtsim"));
    if (!writer.write(image)) {
        return tr("Could not encode the PNG image: %1").arg(writer.errorString());
    }
    files.append({path, bytes});
    return {};
}

// SVG and PDF are drawn into memory and written in one checked write: their generators write
// through streams that drop a failed write on a full disk without a word.
QString exportSvg(ChartArea& area, const QString& path, const ExportOptions& options, Files& files)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(options.size);
    generator.setViewBox(QRect(QPoint(), options.size));
    generator.setTitle(area.exportTitle());
    generator.setDescription(area.summary());
    generator.setResolution(96);
    {
        SvgTextOutlines device(generator);
        QPainter painter;
        if (!painter.begin(&device)) {
            return tr("Could not start drawing the SVG file.");
        }
        painter.fillRect(QRect(QPoint(), options.size), chartstyle::backgroundColor());
        paintArea(area, painter);
    }
    files.append({path, bytes});
    return {};
}

/// The ideas a slide shows one at a time; empty when the picture holds the whole area.
QStringList slidePages(const ChartArea& area, const ExportOptions& options)
{
    const QStringList pages = options.slide ? area.presentationPages() : QStringList{};
    return pages.size() > 1 ? pages : QStringList{};
}

/// A PDF page per idea of a slide, otherwise one page.
QString exportPdf(ChartArea& area, const QString& path, const ExportOptions& options, Files& files)
{
    const QStringList pages = slidePages(area, options);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setTitle(area.exportTitle());
        writer.setCreator(QStringLiteral("dtsim"));
        writer.setResolution(300);
        // A page the shape of the picture, 96 logical pixels to the inch.
        const QSizeF inches(options.size.width() / 96.0, options.size.height() / 96.0);
        writer.setPageSize(QPageSize(inches, QPageSize::Inch, QString(), QPageSize::ExactMatch));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter painter;
        if (!painter.begin(&writer)) {
            return tr("Could not start drawing the PDF file.");
        }
        const double factor = writer.resolution() / 96.0;
        painter.scale(factor, factor);
        const auto pageCount = std::max<qsizetype>(1, pages.size());
        for (int page = 0; page < pageCount; ++page) {
            if (!pages.isEmpty()) {
                layOutForExport(area, options.size, page);
            }
            if (page > 0) {
                writer.newPage();
            }
            painter.fillRect(QRect(QPoint(), options.size), chartstyle::backgroundColor());
            paintArea(area, painter);
        }
    }
    if (!pages.isEmpty()) {
        layOutForExport(area, options.size);
    }
    files.append({path, bytes});
    return {};
}

QString exportPicture(ChartArea& area, ExportFormat format, const QString& path,
                      const ExportOptions& options, Files& files)
{
    return format == ExportFormat::Png ? exportPng(area, path, options, files)
                                       : exportSvg(area, path, options, files);
}

/// Writes `files` all or none; `written` gets the paths written (on an error, those renamed in
/// place before it: none unless the last step failed midway).
QString writeAll(const Files& files, QStringList* written)
{
    QStringList committed;
    QString error = common::writeFilesAtomically(files, &committed);
    if (written) {
        *written << committed;
    }
    return error;
}

QString drawChartArea(ChartArea& area, const QString& path, const ExportOptions& options,
                      Files& files);

} // namespace

ExportOptions slideOptions()
{
    ExportOptions options;
    options.size = kSlideSize;
    options.scale = kSlidePixelScale;
    options.slide = true;
    return options;
}

namespace {
/// The look outside every ExportLook (they may nest: Export all around each panel).
std::optional<chartstyle::Look>& savedLook()
{
    static std::optional<chartstyle::Look> saved;
    return saved;
}
} // namespace

ExportLook::ExportLook(const ExportOptions& options)
{
    if (!options.slide || savedLook()) {
        return;
    }
    savedLook() = chartstyle::look();
    chartstyle::Look slide = chartstyle::look();
    slide.fontScale = kSlideFontScale;
    chartstyle::setLook(slide);
    m_changed = true;
}

ExportLook::~ExportLook()
{
    if (m_changed) {
        chartstyle::setLook(*savedLook());
        savedLook().reset();
    }
}

QImage renderChartArea(ChartArea& area, const ExportOptions& options)
{
    const QSize pixels(qRound(options.size.width() * options.scale),
                       qRound(options.size.height() * options.scale));
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) {
        return image;
    }
    image.setDevicePixelRatio(options.scale);
    image.fill(chartstyle::backgroundColor());
    QPainter painter(&image);
    paintArea(area, painter);
    return image;
}

QImage renderPanel(const QString& panelId, const simcore::Scenario& scenario,
                   const ExportOptions& options)
{
    const ExportLook look(options);
    auto area = createChartArea(panelId);
    if (!area) {
        return {};
    }
    area->reportLongWorkTo(options.progress);
    area->showScenario(scenario);
    prepare(*area, options.size);
    return renderChartArea(*area, options);
}

QString exportAllPanels(const simcore::Scenario& scenario, const QString& folder,
                        ExportFormat format, const ExportOptions& options, QStringList* written)
{
    if (format == ExportFormat::Csv) {
        return tr("format: choose PNG, SVG or PDF; the CSV files are written beside them.");
    }
    const QDir dir(folder);
    if (!dir.exists()) {
        return tr("Folder %1 does not exist.").arg(QDir::toNativeSeparators(folder));
    }
    const QString suffix = format == ExportFormat::Png   ? QStringLiteral("png")
                           : format == ExportFormat::Svg ? QStringLiteral("svg")
                                                         : QStringLiteral("pdf");
    const ExportLook look(options);
    // Every file is drawn first and written at the end, all or none: a disk that fills midway
    // leaves the folder as it was, not 10 files of 18.
    Files files;
    for (const QString& id : exportablePanels()) {
        // One area for the picture and its CSV: the Monte-Carlo batch behind both runs once.
        auto area = createChartArea(id);
        area->reportLongWorkTo(options.progress);
        area->showScenario(scenario);
        for (const QString& extension : {suffix, QStringLiteral("csv")}) {
            const QString path = dir.filePath(QStringLiteral("dtsim-%1.%2").arg(id, extension));
            if (QString error = drawChartArea(*area, path, options, files); !error.isEmpty()) {
                return error;
            }
        }
    }
    return writeAll(files, written);
}

std::optional<ExportFormat> exportFormatFor(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png")) {
        return ExportFormat::Png;
    }
    if (suffix == QLatin1String("svg")) {
        return ExportFormat::Svg;
    }
    if (suffix == QLatin1String("pdf")) {
        return ExportFormat::Pdf;
    }
    if (suffix == QLatin1String("csv")) {
        return ExportFormat::Csv;
    }
    return std::nullopt;
}

QStringList exportablePanels()
{
    QStringList ids;
    for (const auto& entry : panelEntries()) {
        ids << entry.id;
    }
    return ids;
}

std::unique_ptr<ChartArea> createChartArea(const QString& panelId)
{
    const PanelEntry* entry = findPanelEntry(panelId);
    return entry ? entry->createChartArea() : nullptr;
}

QString checkExportOptions(const ExportOptions& options)
{
    const auto inSide = [](int side) { return side >= kMinExportSide && side <= kMaxExportSide; };
    if (!inSide(options.size.width()) || !inSide(options.size.height())) {
        return tr("size: %1×%2 is out of range; allowed: each side %3 to %4 pixels.")
            .arg(options.size.width())
            .arg(options.size.height())
            .arg(kMinExportSide)
            .arg(kMaxExportSide);
    }
    if (!(options.scale >= kMinExportScale && options.scale <= kMaxExportScale)) {
        return tr("scale: %1 is out of range; allowed: %2 to %3.")
            .arg(options.scale)
            .arg(kMinExportScale)
            .arg(kMaxExportScale);
    }
    const double width = options.size.width() * options.scale;
    const double height = options.size.height() * options.scale;
    if (width * height > kMaxExportPixels) {
        return tr("size × scale: %1×%2 pixels is too large; allowed: at most %3 megapixels "
                  "(e.g. 8000×8000 at scale 1, 3840×2160 at scale 2).")
            .arg(qRound(width))
            .arg(qRound(height))
            .arg(kMaxExportPixels / 1e6);
    }
    return {};
}

QString exportChartArea(ChartArea& area, const QString& path, const ExportOptions& options,
                        QStringList* written)
{
    Files files;
    if (QString error = drawChartArea(area, path, options, files); !error.isEmpty()) {
        return error;
    }
    return writeAll(files, written);
}

namespace {

/// What exportChartArea writes, drawn into `files`.
QString drawChartArea(ChartArea& area, const QString& path, const ExportOptions& options,
                      Files& files)
{
    const auto format = exportFormatFor(path);
    if (!format) {
        return tr("%1: unknown file type; allowed: .png, .svg, .pdf, .csv")
            .arg(QDir::toNativeSeparators(path));
    }
    if (auto error = checkExportOptions(options); !error.isEmpty()) {
        return error;
    }
    if (*format == ExportFormat::Csv) {
        // One table a file, so that a spreadsheet or pandas reads each as it is; the set is
        // written whole or not at all.
        bool first = true;
        for (const auto& table : area.csv()) {
            files.append({first ? path : csvTablePath(path, table.name),
                          QByteArray::fromStdString(table.text)});
            first = false;
        }
        return {};
    }
    const QStringList pages = slidePages(area, options);
    if (*format == ExportFormat::Pdf || pages.isEmpty()) {
        prepare(area, options.size);
        return *format == ExportFormat::Pdf ? exportPdf(area, path, options, files)
                                            : exportPicture(area, *format, path, options, files);
    }
    // One picture per idea, as presentation mode shows them: together, a slide's texts shrank
    // until the last line of a summary fell off the bottom.
    QString error;
    for (int page = 0; page < pages.size() && error.isEmpty(); ++page) {
        const QString pagePath = slidePagePath(path, page);
        layOutForExport(area, options.size, page);
        error = exportPicture(area, *format, pagePath, options, files);
    }
    layOutForExport(area, options.size);
    return error;
}

} // namespace

void layOutForExport(ChartArea& area, QSize size, int page)
{
    area.showPresentationPage(page);
    prepare(area, size);
}

namespace {

/// FILE.ext → FILE-PART.ext beside it, its folder as the user wrote it: "s.csv" gives
/// "s-curve.csv", not "./s-curve.csv".
QString siblingPath(const QString& path, const QString& part)
{
    const QFileInfo file(path);
    const QString name =
        QStringLiteral("%1-%2.%3").arg(file.completeBaseName(), part, file.suffix());
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    return slash < 0 ? name : path.left(slash + 1) + name;
}

} // namespace

QString slidePagePath(const QString& path, int page)
{
    return siblingPath(path, QString::number(page + 1));
}

QString csvTablePath(const QString& path, const std::string& tableName)
{
    return siblingPath(path, QString::fromStdString(tableName));
}

QString exportPanel(const QString& panelId, const simcore::Scenario& scenario, const QString& path,
                    const ExportOptions& options, QStringList* written)
{
    const ExportLook look(options);
    auto area = createChartArea(panelId);
    if (!area) {
        return tr("panel: '%1' cannot be exported yet; available: %2")
            .arg(panelId, exportablePanels().join(QStringLiteral(", ")));
    }
    area->reportLongWorkTo(options.progress);
    area->showScenario(scenario);
    return exportChartArea(*area, path, options, written);
}

} // namespace dtsim::ui
