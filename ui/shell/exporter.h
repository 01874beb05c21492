#pragma once
// Writing a panel's charts to PNG / SVG / PDF, or their data to CSV (a file per table). The window
// and `dtsim export` share this code, so both give the same picture. Every file goes through
// QSaveFile: a failed export leaves an existing file untouched.

#include "common/longwork.h"
#include "simcore/scenario/scenario.h"

#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <string>

namespace dtsim::ui {

class ChartArea;

enum class ExportFormat { Png, Svg, Pdf, Csv };

struct ExportOptions {
    QSize size{1600, 900};           ///< logical pixels of the picture (PDF keeps the aspect ratio)
    double scale = 1.0;              ///< PNG device-pixel ratio: 2 gives a 3200×1800 image
    common::WorkProgress progress{}; ///< optional: told how far work longer than a second is
    /// Every font × kSlideFontScale while a fresh chart area is made and drawn (exportPanel,
    /// renderPanel, exportAllPanels); slideOptions() pairs it with the slide's size.
    bool slide = false;
};

/// A 16:9 slide read from the back of a room. `--scale 2` only adds pixels: at 1600×900 the
/// charts' labels are 14.4 px, 1.6 % of the height (about 8 pt on a projected slide). A slide is
/// laid out at 1280×720 logical pixels (13.33 × 7.5 in, a presentation program's widescreen
/// page) with every font 1.6 times larger: labels 23 px, 3.2 % of the height (about 17 pt), and
/// its PNG has 1.5 × the pixels (1920×1080).
inline constexpr QSize kSlideSize{1280, 720};
inline constexpr double kSlideFontScale = 1.6;
inline constexpr double kSlidePixelScale = 1.5;
/// The least text height on a slide, as a share of the picture's height.
inline constexpr double kSlideMinTextShare = 0.03;
ExportOptions slideOptions();

/// While it lives, chartstyle's look has the slide's font scale (when `options.slide`); chart
/// areas made meanwhile take it. The look before it comes back afterwards.
class ExportLook {
public:
    explicit ExportLook(const ExportOptions& options);
    ~ExportLook();
    ExportLook(const ExportLook&) = delete;
    ExportLook& operator=(const ExportLook&) = delete;

private:
    bool m_changed = false;
};

/// From the file name's extension (case-insensitive); nullopt for anything else.
std::optional<ExportFormat> exportFormatFor(const QString& path);

/// The ids `dtsim export --panel` accepts that can be drawn in this version.
QStringList exportablePanels();
/// A fresh chart area for a panel id, or null for an unknown or not yet built panel.
std::unique_ptr<ChartArea> createChartArea(const QString& panelId);

/// Limits of ExportOptions, shared by the CLI and the dialog.
constexpr int kMinExportSide = 200;
constexpr int kMaxExportSide = 8000;
constexpr double kMinExportScale = 0.5;
constexpr double kMaxExportScale = 4.0;
/// The most pixels a PNG may have (side × scale, squared): 8000×8000 at scale 1, a 4K slide at
/// scale 2 with room to spare. 8000×8000 at scale 4 (10^9 pixels) took a minute and 4 GB.
constexpr double kMaxExportPixels = 64e6;

/// Checks options; returns a translated message naming the field and range, or empty.
QString checkExportOptions(const ExportOptions& options);

/// Draws `area` (already showing its data) into `path`. Returns an empty string on success,
/// otherwise a translated message saying what failed; the target file is then unchanged.
/// A slide of an area with several presentation pages shows one idea each: a PDF page each, or
/// a PNG / SVG file each at slidePagePath(path, page). CSV is one file per table of the area's
/// csv(): the quantities at `path`, each other table at csvTablePath(path, its name), all written
/// or none. Every file of the call (a slide's pages, the CSV tables) is written all or none.
/// `written` collects the files written.
QString exportChartArea(ChartArea& area, const QString& path, const ExportOptions& options,
                        QStringList* written = nullptr);
/// Lays `area` out off screen at exactly `size` as an export draws it, showing presentation
/// page `page` only (-1: every part).
void layOutForExport(ChartArea& area, QSize size, int page = -1);
/// "scaling.png", page 0 → "scaling-1.png".
QString slidePagePath(const QString& path, int page);
/// "scaling.csv", table "curve" → "scaling-curve.csv".
QString csvTablePath(const QString& path, const std::string& tableName);

/// Makes the panel's chart area off screen for `scenario` and exports it.
QString exportPanel(const QString& panelId, const simcore::Scenario& scenario, const QString& path,
                    const ExportOptions& options, QStringList* written = nullptr);

/// Draws `area` (already showing its data and laid out at options.size) into an image at
/// options.size × options.scale, on white. Null when the image cannot be allocated.
QImage renderChartArea(ChartArea& area, const ExportOptions& options);
/// A fresh off-screen chart area for the panel, drawn for `scenario` into an image (what
/// "Copy chart" puts on the clipboard). Null for an unknown panel.
QImage renderPanel(const QString& panelId, const simcore::Scenario& scenario,
                   const ExportOptions& options);

/// "Export all": every exportable panel into `folder` as dtsim-<id>.<png|svg|pdf> with its CSV
/// tables beside it (dtsim-<id>.csv, dtsim-<id>-<table>.csv …), all files or none: every file
/// is drawn and written to a temporary file first, and renamed in place only when all are on
/// disk. Returns a translated error naming the failing file, or empty. `written` collects the
/// paths written (on an error: none, unless a rename itself failed midway).
QString exportAllPanels(const simcore::Scenario& scenario, const QString& folder,
                        ExportFormat format, const ExportOptions& options,
                        QStringList* written = nullptr);

} // namespace dtsim::ui
