// Export: PNG of the asked pixel size and not blank, SVG that parses, PDF, CSV; failures leave
// existing files untouched (QSaveFile).
#include "common/longwork.h"
#include "filesizelimit.h"
#include "helpers.h"
#include "simcore/models/scaling.h"
#include "ui/panels/scaling/scalingcharts.h"
#include "ui/shell/exporter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <thread>

using namespace dtsim::ui;

TEST_CASE("PNG export has the asked pixel size and is not blank", "[ui][export]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scaling.png"));
    const QString error =
        exportPanel(QStringLiteral("scaling"), simcore::Scenario{}, path, {QSize(800, 450), 2.0});
    REQUIRE(error.isEmpty());
    const QImage image(path);
    REQUIRE(!image.isNull());
    CHECK(image.size() == QSize(1600, 900));
    CHECK(testing::distinctColours(image) > 20);
    CHECK(testing::inkShare(image) > 0.05);
    // The compute colour (Okabe–Ito blue #0072B2) is really drawn.
    bool foundBlue = false;
    for (int y = 0; y < image.height() && !foundBlue; y += 3) {
        for (int x = 0; x < image.width() && !foundBlue; x += 3) {
            foundBlue = image.pixel(x, y) == qRgb(0x00, 0x72, 0xB2);
        }
    }
    CHECK(foundBlue);
}

TEST_CASE("SVG export parses and carries a title", "[ui][export]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scaling.svg"));
    REQUIRE(exportPanel(QStringLiteral("scaling"), simcore::Scenario{}, path, {}).isEmpty());
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QByteArray svg = file.readAll();
    QXmlStreamReader reader(svg);
    while (!reader.atEnd()) {
        reader.readNext();
    }
    CHECK_FALSE(reader.hasError());
    CHECK(svg.contains("<title>dtsim"));
    CHECK(svg.contains("viewBox=\"0 0 1600 900\""));
    // Qt's own renderer cannot resolve the hatch <pattern> Qt's generator writes (browsers and
    // Inkscape can), so this only checks that the rest of the drawing loads.
    QSvgRenderer renderer(svg);
    CHECK(renderer.isValid());
}

TEST_CASE("PDF export writes a PDF document", "[ui][export]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scaling.pdf"));
    REQUIRE(exportPanel(QStringLiteral("scaling"), simcore::Scenario{}, path, {}).isEmpty());
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QByteArray pdf = file.readAll();
    CHECK(pdf.startsWith("%PDF-"));
    CHECK(pdf.contains("%%EOF"));
    CHECK(pdf.size() > 5000);
}

TEST_CASE("CSV export holds the numbers simcore computed", "[ui][export]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scaling.csv"));
    simcore::Scenario scenario;
    scenario.scaling.workers = 40;
    REQUIRE(exportPanel(QStringLiteral("scaling"), scenario, path, {}).isEmpty());
    const QString quantities = testing::exportedCsvTable(path, QStringLiteral("quantities"));
    CHECK(quantities.startsWith("quantity,value,unit\nworkers,40,GPUs\n"));
    CHECK(quantities.contains("\nstep,0.20"));
    const QStringList lines =
        testing::csvTable(testing::exportedCsvTable(path, QStringLiteral("curve")),
                          QStringLiteral("workers,compute_s,"));
    REQUIRE(lines.size() > 10);
    CHECK(lines[0] == "workers,compute_s,communication_s,step_s,ideal_s,speedup,efficiency,"
                      "total_training_s,bar,selected,optimal,break_before,straggler_s,failure_s,"
                      "possible,data_parallel,microbatches,tp_comm_s,pp_bubble_s,pp_p2p_s,"
                      "dp_comm_s,zero_gather_s,cp_comm_s,optimizer_s,other_s");
    bool sawSelected = false;
    for (const QString& line : lines.mid(1)) {
        const QStringList cells = line.split(',');
        REQUIRE(cells.size() == 25);
        if (cells[0] == "40") {
            sawSelected = true;
            // step(40) = 25 + 20 + 156 ms (hand calculation, lesson defaults).
            CHECK(cells[3].toDouble() == Approx(0.201).epsilon(1e-12));
            CHECK(cells[9] == "1");
        }
        if (cells[0] == "16") {
            CHECK(cells[10] == "1");
        }
    }
    CHECK(sawSelected);
}

TEST_CASE("a failed export leaves the existing file untouched", "[ui][export]")
{
    QTemporaryDir dir;
    const QString existing = dir.filePath(QStringLiteral("keep.png"));
    {
        QFile file(existing);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write("old contents");
    }
    SECTION("bad size")
    {
        const QString error = exportPanel(QStringLiteral("scaling"), simcore::Scenario{}, existing,
                                          {QSize(10, 10), 1});
        CHECK(error.contains(QStringLiteral("size")));
    }
    SECTION("bad scale")
    {
        const QString error = exportPanel(QStringLiteral("scaling"), simcore::Scenario{}, existing,
                                          {QSize(800, 600), 9});
        CHECK(error.contains(QStringLiteral("scale")));
    }
    SECTION("unwritable folder")
    {
        const QString error = exportPanel(QStringLiteral("scaling"), simcore::Scenario{},
                                          dir.filePath(QStringLiteral("no/such/folder/x.png")), {});
        CHECK(error.contains(QStringLiteral("Could not")));
    }
    QFile file(existing);
    REQUIRE(file.open(QIODevice::ReadOnly));
    CHECK(file.readAll() == "old contents");
}

TEST_CASE("unknown formats and panels are refused with the allowed values", "[ui][export]")
{
    QTemporaryDir dir;
    CHECK(exportPanel(QStringLiteral("scaling"), simcore::Scenario{},
                      dir.filePath(QStringLiteral("a.bmp")), {})
              .contains(QStringLiteral(".png, .svg, .pdf, .csv")));
    CHECK(exportPanel(QStringLiteral("no-such-panel"), simcore::Scenario{},
                      dir.filePath(QStringLiteral("a.png")), {})
              .contains(QStringLiteral("available: scaling")));
    CHECK(exportFormatFor(QStringLiteral("X.PNG")) == ExportFormat::Png);
    CHECK_FALSE(exportFormatFor(QStringLiteral("png")).has_value());
}

TEST_CASE("an export onto a pipe, a device or a folder is refused and leaves it in place",
          "[ui][export]")
{
    // Guards against: writing through a temporary file renamed a plain file over a FIFO (its
    // reader got nothing) or over a device node, and reported success. Everything here lives in
    // a temporary folder (a link to a system device would be replaced if the guard failed).
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString fifo = dir.filePath(QStringLiteral("pipe.csv"));
    REQUIRE(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    const QString link = dir.filePath(QStringLiteral("link.png"));
    REQUIRE(QFile::link(fifo, link));
    const QString folder = dir.filePath(QStringLiteral("folder.svg"));
    REQUIRE(QDir().mkpath(folder));
    QStringList targets{fifo, link, folder};
    // A private copy of /dev/null's node, where the tests may make one (as root, in CI).
    const QString device = dir.filePath(QStringLiteral("device.pdf"));
    if (::mknod(QFile::encodeName(device).constData(), S_IFCHR | 0600, makedev(1, 3)) == 0) {
        targets << device;
    }
    const ExportOptions options{QSize(800, 450), 1.0};
    for (const QString& path : targets) {
        INFO(path.toStdString());
        const QString error =
            exportPanel(QStringLiteral("scaling"), simcore::Scenario{}, path, options);
        CHECK(error.contains(QDir::toNativeSeparators(path)));
        CHECK(error.contains(QStringLiteral("not a regular file")));
    }
    struct stat info {};
    REQUIRE(::stat(QFile::encodeName(fifo).constData(), &info) == 0);
    CHECK(S_ISFIFO(info.st_mode));
    CHECK(QFileInfo(link).isSymLink());
    CHECK(QFileInfo(folder).isDir());
    if (targets.contains(device)) {
        REQUIRE(::stat(QFile::encodeName(device).constData(), &info) == 0);
        CHECK(S_ISCHR(info.st_mode));
    }
}

TEST_CASE("an export that fails midway keeps the old file and names file and reason",
          "[ui][export]")
{
    // Guards against: on a full disk (here: a file-size limit) CSV and SVG exports reported success
    // and replaced the old file with a truncated one.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const ExportOptions options{QSize(1600, 900), 1.0};
    const auto readAll = [](const QString& path) {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    };
    for (const char* name : {"scaling.csv", "scaling.svg", "scaling.png", "scaling.pdf"}) {
        const QString path = dir.filePath(QString::fromLatin1(name));
        QStringList written;
        REQUIRE(exportPanel(QStringLiteral("scaling"), simcore::Scenario{}, path, options, &written)
                    .isEmpty());
        // A CSV is a set of files (scaling.csv, scaling-curve.csv): all of them stay as they were.
        QList<QByteArray> oldBytes;
        qsizetype total = 0;
        for (const QString& file : written) {
            oldBytes << readAll(file);
            total += oldBytes.back().size();
        }
        REQUIRE(total > 2048);
        simcore::Scenario changed;
        changed.scaling.workers = 64;
        QString error;
        {
            const testing::FileSizeLimit limit(1024);
            error = exportPanel(QStringLiteral("scaling"), changed, path, options);
        }
        INFO(name << ": " << error.toStdString());
        CHECK(std::any_of(written.begin(), written.end(), [&error](const QString& file) {
            return error.contains(QDir::toNativeSeparators(file));
        }));
        CHECK(error.contains(QStringLiteral("File too large")));
        for (qsizetype i = 0; i < written.size(); ++i) {
            CHECK(readAll(written[i]) == oldBytes[i]);
        }
    }
    // Every panel at once: the first failure is reported, and no truncated file is left.
    const QString folder = dir.filePath(QStringLiteral("all"));
    REQUIRE(QDir().mkpath(folder));
    QString error;
    {
        const testing::FileSizeLimit limit(1024);
        error = exportAllPanels(simcore::Scenario{}, folder, ExportFormat::Svg, options);
    }
    CHECK(error.contains(QStringLiteral("File too large")));
    for (const QFileInfo& file : QDir(folder).entryInfoList(QDir::Files)) {
        INFO(file.fileName().toStdString());
        CHECK(file.size() <= 1024);
        CHECK_FALSE(file.fileName().endsWith(QLatin1String(".svg")));
    }
}

TEST_CASE("an export too large to draw in seconds is refused, naming the limit", "[ui][export]")
{
    // Guards against: 8000×8000 at scale 4 ran for a minute and took 4 GB.
    const QString problem = checkExportOptions({QSize(8000, 8000), 4.0});
    CHECK(problem.contains(QStringLiteral("32000×32000")));
    CHECK(problem.contains(QStringLiteral("64 megapixels")));
    CHECK(checkExportOptions({QSize(8000, 8000), 1.0}).isEmpty());
    CHECK(checkExportOptions({QSize(1920, 1080), 4.0}).isEmpty());
}

TEST_CASE("work past a second says how far it is, once a second", "[ui][export][progress]")
{
    // A large Monte-Carlo batch behind `dtsim export` or `calc checkpoint --monte-carlo` must
    // not look like a hang: after a second, and then every second, how far it is.
    std::atomic<std::int64_t> done{0};
    QList<std::pair<std::int64_t, std::int64_t>> reports;
    const auto start = std::chrono::steady_clock::now();
    dtsim::common::runReportingProgress(
        [&] {
            for (int step = 1; step <= 23; ++step) {
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
                done.store(step);
            }
        },
        done, 23,
        [&](std::int64_t now, std::int64_t total) {
            reports.append({now, total});
        });
    const auto seconds =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start)
            .count();
    REQUIRE(reports.size() >= 1);
    CHECK(reports.size() <= seconds); // once a second, not more
    for (const auto& [now, total] : reports) {
        CHECK(total == 23);
        CHECK(now >= 1);
        CHECK(now <= 23);
    }
    // Short work reports nothing; without a receiver it runs where it is called.
    reports.clear();
    dtsim::common::runReportingProgress([] {}, done, 1,
                                        [&](std::int64_t now, std::int64_t total) {
                                            reports.append({now, total});
                                        });
    CHECK(reports.isEmpty());
    const auto caller = std::this_thread::get_id();
    std::thread::id ranOn;
    dtsim::common::runReportingProgress([&] { ranOn = std::this_thread::get_id(); }, done, 1, {});
    CHECK(ranOn == caller);
}
