// The dtsim executable as a user runs it: exit codes, one-line messages, JSON fields, files.
#include "../simcore/csvtables.h"
#include "dtsimrun.h"
#include "simcore/models/scaling.h"
#include "simcore/reports/scalingreport.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <algorithm>
#include <catch2/catch.hpp>

namespace {

using testing::dtsim;
using testing::Run;

} // namespace

TEST_CASE("calc scaling --json prints the SPEC fields with simcore's numbers", "[cli]")
{
    const Run run = dtsim({"calc", "scaling", "--set", "scaling.workers=32", "--json"});
    REQUIRE(run.exitCode == 0);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    for (const char* field : {"workers", "compute", "sync", "step", "ideal", "speedup",
                              "efficiency", "optimal_workers", "total_time"}) {
        INFO(field);
        CHECK(json.contains(QLatin1String(field)));
    }
    // Hand calculation, lesson defaults (seed §5): N = 32 → 31.25 + 20 + 4·31 = 175.25 ms.
    CHECK(json["workers"].toInt() == 32);
    CHECK(json["step"].toDouble() == Approx(0.17525).epsilon(1e-12));
    CHECK(json["optimal_workers"].toInt() == 16);
    CHECK(json["total_time"].toDouble() == Approx(17525.0).epsilon(1e-12));
    CHECK(run.out.count('\n') == 1);
}

TEST_CASE("calc VIEW without --set: every view is valid with the defaults", "[cli][defaults]")
{
    // The default scenario is what a class sees first (DESIGN.md, "Defaults that teach"): no
    // view refuses it, and the views whose contrast is a layout show one.
    for (const char* view : {"scaling", "memory", "parallelism", "pipeline", "communication",
                             "topology", "checkpoint"}) {
        INFO(view);
        const Run run = dtsim({"calc", view, "--json"});
        INFO(run.err.toStdString());
        REQUIRE(run.exitCode == 0);
        CHECK(run.err.isEmpty());
    }
    const QJsonObject parallelism =
        QJsonDocument::fromJson(dtsim({"calc", "parallelism", "--json"}).out.toUtf8()).object();
    CHECK(parallelism["gpus"].toDouble() == 32);
    const QJsonObject memory =
        QJsonDocument::fromJson(dtsim({"calc", "memory", "--json"}).out.toUtf8()).object();
    CHECK(memory["dp"].toDouble() == 4);
    CHECK(memory["fits"].toBool());
}

TEST_CASE("calc scaling prints a readable table", "[cli]")
{
    const Run run = dtsim({"calc", "scaling", "--set", "lesson.base_compute=2"});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.contains(QStringLiteral("optimal workers")));
    // √(2000/4) = 22.4: step(22) = 90.909 + 20 + 84 = 194.909; step(23) = 86.957 + 20 + 88 =
    // 194.957 ms → 22.
    CHECK(run.out.contains(QRegularExpression(QStringLiteral("optimal workers\\s+22"))));
}

TEST_CASE("bad input exits 2 with one line naming the key or flag", "[cli]")
{
    testing::checkBadInput({
        {{"calc", "scaling", "--set", "scaling.workers=0"}, "scaling.workers"},
        {{"calc", "scaling", "--set", "scaling.workers=abc"}, "not a finite number"},
        {{"calc", "scaling", "--set", "lesson.base_compute=-1"}, "1e-6 to 1e6"},
        {{"calc", "scaling", "--set", "nonsense=1"}, "unknown key 'nonsense'"},
        {{"calc", "scaling", "--set", "novalue"}, "expected KEY=VALUE"},
        {{"calc", "scaling", "--frobnicate"}, "frobnicate"},
        {{"calc"}, "expected one MODEL"},
        {{"calc", "teleport"}, "unknown MODEL 'teleport'"},
        {{"calc", "scaling", "--scenario", "/nonexistent/x.json"}, "--scenario"},
        {{"keys", "extra"}, "unexpected argument"},
        {{"export", "--out", "x.png"}, "--panel is required"},
        {{"export", "--panel", "nowhere", "--out", "x.png"}, "unknown panel 'nowhere'"},
        {{"export", "--panel", "scaling"}, "--out FILE is required"},
        {{"export", "--panel", "scaling", "--out", "x.gif"}, "unknown extension"},
        {{"export", "--panel", "scaling", "--out", "x.png", "--size", "big"}, "--size"},
        {{"export", "--panel", "scaling", "--out", "x.png", "--size", "100x100"}, "200 to 8000"},
        {{"export", "--panel", "scaling", "--out", "x.png", "--scale", "0"}, "scale"},
        {{"export", "--panel", "scaling", "--out", "x.png", "--slide", "--size", "800x450"},
         "--size cannot be given with --slide"},
        {{"export", "--panel", "scaling", "--out", "x.png", "--set", "scaling.workers=1e9"},
         "scaling.workers"},
    });
    CHECK_FALSE(QFile::exists(QStringLiteral("x.png")));
}

TEST_CASE("keys lists every key with type, default and range", "[cli]")
{
    const Run run = dtsim({"keys"});
    REQUIRE(run.exitCode == 0);
    for (const auto& key : simcore::scenarioKeys()) {
        CHECK(run.out.contains(QString::fromUtf8(key.name.data(), key.name.size())));
    }
    CHECK(run.out.contains(QStringLiteral("allowed: 1 to 4096, whole numbers")));
}

TEST_CASE("export writes files with no display", "[cli]")
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("s.png"));
    Run run = dtsim({"export", "--panel", "scaling", "--out", png, "--size", "1000x600", "--scale",
                     "2", "--set", "scaling.workers=64"});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    CHECK(run.err.isEmpty());
    CHECK(QImage(png).size() == QSize(2000, 1200));
}

namespace {

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Whether a CSV file is a rectangle as a spreadsheet reads it: a header, rows as wide, no
/// comment or blank line, every line ending in a line break.
bool isCsvRectangle(const QByteArray& contents)
{
    if (contents.isEmpty() || !contents.endsWith('\n')) {
        return false;
    }
    const auto lines = testing::csvLines(contents.toStdString());
    const auto width = testing::splitCsvLine(lines.front()).fields.size();
    for (const auto& line : lines) {
        const auto record = testing::splitCsvLine(line);
        if (line.empty() || line.front() == '#' || !record.ok || record.fields.size() != width) {
            return false;
        }
    }
    return true;
}

} // namespace

TEST_CASE("export --out s.csv writes one table a file and prints their names", "[cli][export]")
{
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("s.csv"));
    const Run run = dtsim({"export", "--panel", "scaling", "--out", csv});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    CHECK(run.err.isEmpty());
    // The lesson's tables as simcore names them: the quantities in s.csv, each other in
    // s-NAME.csv, number for number.
    const auto tables = simcore::scalingCsv(simcore::scalingReport(simcore::Scenario{}));
    REQUIRE(tables.size() == 2);
    QStringList expected;
    for (const auto& table : tables) {
        const QString name = QString::fromStdString(table.name);
        const QString path = name == QLatin1String("quantities")
                                 ? csv
                                 : dir.filePath(QStringLiteral("s-%1.csv").arg(name));
        expected << path;
        INFO(path.toStdString());
        CHECK(readAll(path) == QByteArray::fromStdString(table.text));
        CHECK(isCsvRectangle(readAll(path)));
    }
    CHECK(expected == QStringList{csv, dir.filePath(QStringLiteral("s-curve.csv"))});
    CHECK(readAll(csv).startsWith("quantity,value,unit\n"));
    CHECK(readAll(expected[1]).startsWith("workers,compute_s,"));
    // Their names are said, as a slide's pages are, and nothing else is written.
    CHECK(run.out == expected.join(QLatin1Char('\n')) + QLatin1Char('\n'));
    CHECK(QDir(dir.path()).entryList(QDir::Files) ==
          QStringList{QStringLiteral("s-curve.csv"), QStringLiteral("s.csv")});
}

TEST_CASE("files beside --out are named as --out was written, without ./", "[cli][export]")
{
    // Guards against: `--out s.csv` printing "s.csv" and then "./s-curve.csv".
    QTemporaryDir dir;
    const QString before = QDir::currentPath();
    REQUIRE(QDir::setCurrent(dir.path()));
    const Run csv = dtsim({"export", "--panel", "scaling", "--out", "s.csv"});
    const Run slide = dtsim({"export", "--panel", "scaling", "--slide", "--out", "t.png"});
    QDir::setCurrent(before);
    INFO(csv.err.toStdString() + slide.err.toStdString());
    CHECK(csv.exitCode == 0);
    CHECK(csv.out == QStringLiteral("s.csv\ns-curve.csv\n"));
    CHECK(slide.exitCode == 0);
    CHECK(slide.out.startsWith(QStringLiteral("t-1.png\nt-2.png\n")));
}

TEST_CASE("a CSV export that fails on one table writes none of them", "[cli][export]")
{
    // Guards against: a set of files of which some are new and some old. The second table's
    // path is a folder, so its file cannot be written; the first must not be written either,
    // and the file already there keeps its contents.
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("s.csv"));
    {
        QFile old(csv);
        REQUIRE(old.open(QIODevice::WriteOnly));
        old.write("old\n");
    }
    REQUIRE(QDir(dir.path()).mkdir(QStringLiteral("s-curve.csv")));
    const Run run = dtsim({"export", "--panel", "scaling", "--out", csv});
    CHECK(run.exitCode == 1);
    CHECK(run.err.contains(QStringLiteral("s-curve.csv")));
    CHECK(run.out.isEmpty());
    CHECK(readAll(csv) == "old\n");
    // No temporary file stays behind.
    CHECK(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden) ==
          QStringList{QStringLiteral("s-curve.csv"), QStringLiteral("s.csv")});
    // An unwritable folder: nothing at all.
    const QString missing = dir.filePath(QStringLiteral("missing/m.csv"));
    const Run none = dtsim({"export", "--panel", "memory", "--out", missing});
    CHECK(none.exitCode == 1);
    CHECK_FALSE(QDir(dir.filePath(QStringLiteral("missing"))).exists());
}

TEST_CASE("export to an unwritable place exits 1 and writes nothing", "[cli]")
{
    QTemporaryDir dir;
    const QString target = dir.filePath(QStringLiteral("missing/folder/s.png"));
    const Run run = dtsim({"export", "--panel", "scaling", "--out", target});
    CHECK(run.exitCode == 1);
    CHECK(run.err.contains(QStringLiteral("Could not")));
    CHECK_FALSE(QFile::exists(target));
}

TEST_CASE("scenario files feed calc, and --set applies after them", "[cli]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.json"));
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "dtsim-scenario", "version": 1,
                   "values": {"scaling.workers": 4, "lesson.fixed_sync": 0}})");
    file.close();
    const Run run =
        dtsim({"calc", "scaling", "--scenario", path, "--set", "scaling.workers=5", "--json"});
    REQUIRE(run.exitCode == 0);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    // N = 5, fixed 0: 200 + 0 + 4·4 = 216 ms.
    CHECK(json["step"].toDouble() == Approx(0.216).epsilon(1e-12));
}

TEST_CASE("help, version, and the GUI without a display", "[cli]")
{
    Run run = dtsim({"--help"});
    CHECK(run.exitCode == 0);
    CHECK(run.out.contains(QStringLiteral("dtsim calc MODEL")));
    run = dtsim({"--version"});
    CHECK(run.exitCode == 0);
    CHECK(run.out.startsWith(QStringLiteral("dtsim ")));
    run = dtsim({});
    CHECK(run.exitCode == 1);
    CHECK(run.err.contains(QStringLiteral("dtsim export --panel scaling")));
}

TEST_CASE("calc scaling honours scaling.mode=physical", "[cli][physical]")
{
    // GPT-3 175B on 1024 A100s (tp 8 × pp 8 × dp 16, 1536 sequences, 95,367 steps = 300e9
    // tokens): the Physical model prices the layout with the training model, so its step is
    // `calc training`'s for the same layout, and the run takes about Narayanan et al. 2021's
    // 34 days (eq. 4 at 140 TFLOP/s; ±2 %: the paper rounds to whole days).
    const Run run = dtsim({"calc", "scaling", "--preset", "gpt3-175b-a100", "--set",
                           "scaling.mode=physical", "--json"});
    REQUIRE(run.exitCode == 0);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    CHECK(json["mode"].toString() == QStringLiteral("physical"));
    CHECK(json["workers"].toInt() == 1024);
    CHECK(json["data_parallel"].toInt() == 16);
    CHECK(json["replica_gpus"].toInt() == 64);
    const Run training = dtsim({"calc", "training", "--preset", "gpt3-175b-a100", "--json"});
    REQUIRE(training.exitCode == 0);
    const QJsonObject layout = QJsonDocument::fromJson(training.out.toUtf8()).object();
    CHECK(json["step"].toDouble() == Approx(layout["step_time"].toDouble()).epsilon(1e-12));
    CHECK(json["pp_bubble"].toDouble() == Approx(layout["pp_bubble"].toDouble()).epsilon(1e-12));
    CHECK(json["total_time"].toDouble() / 86400.0 == Approx(34.0).epsilon(0.02));
}

TEST_CASE("export --panel all writes every panel and its CSV into a folder", "[cli][export]")
{
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("slides"));
    const Run run = dtsim(
        {"export", "--panel", "all", "--out", folder, "--format", "png", "--size", "800x500"});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    const QStringList files = QDir(folder).entryList(QDir::Files);
    // Every view `dtsim export` lists in its help, as a picture and a CSV.
    const Run help = dtsim({"--help"});
    const QString panelLine =
        help.out.section(QStringLiteral("\nP: "), 1).section(QLatin1Char('\n'), 0, 0);
    const QStringList panels = panelLine.chopped(1).split(QStringLiteral(", "));
    REQUIRE(panels.size() >= 3);
    for (const QString& id : panels) {
        INFO(id.toStdString());
        const QImage image(QDir(folder).filePath(QStringLiteral("dtsim-%1.png").arg(id)));
        CHECK(image.size() == QSize(800, 500));
        CHECK(files.contains(QStringLiteral("dtsim-%1.csv").arg(id)));
    }
    // Each panel's tables beside its picture, each a rectangle a spreadsheet reads.
    for (const char* table :
         {"scaling-curve", "validation-runs", "memory-zero_stages", "parallelism-gpus",
          "pipeline-operations", "pipeline-devices", "communication-worker_sweep",
          "communication-size_sweep", "topology-links", "checkpoint-waste_curve",
          "checkpoint-histogram", "checkpoint-goodput", "checkpoint-goodput_curve",
          "checkpoint-goodput_failure_causes", "plan-layouts", "plan-map"}) {
        INFO(table);
        CHECK(files.contains(QStringLiteral("dtsim-%1.csv").arg(QLatin1String(table))));
    }
    qsizetype csvFiles = 0;
    for (const QString& file : files) {
        INFO(file.toStdString());
        if (file.endsWith(QLatin1String(".csv"))) {
            ++csvFiles;
            CHECK(isCsvRectangle(readAll(QDir(folder).filePath(file))));
            const bool ofAPanel = std::any_of(panels.begin(), panels.end(), [&](const QString& id) {
                return file == QStringLiteral("dtsim-%1.csv").arg(id) ||
                       file.startsWith(QStringLiteral("dtsim-%1-").arg(id));
            });
            CHECK(ofAPanel);
        } else {
            CHECK(file.endsWith(QLatin1String(".png")));
        }
    }
    CHECK(files.size() - csvFiles == panels.size());
    const Run bad = dtsim({"export", "--panel", "all", "--out", folder, "--format", "gif"});
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.contains(QStringLiteral("--format")));
}

TEST_CASE("export --slide writes a 1920x1080 PNG, or more pixels with --scale", "[cli][export]")
{
    // Guards against: a slide export that is only a bigger picture of small text; the layout is
    // the slide's (1280x720, fonts 1.6 times larger) and the PNG full HD.
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("slide.png"));
    const auto run = dtsim({"export", "--panel", "scaling", "--slide", "--out", png});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    // Scaling is two ideas (step time | speed-up): a slide each, their files named on stdout.
    const QStringList files{dir.filePath(QStringLiteral("slide-1.png")),
                            dir.filePath(QStringLiteral("slide-2.png"))};
    CHECK(run.out == files.join(u'\n') + u'\n');
    for (const QString& file : files) {
        CHECK(QImage(file).size() == QSize(1920, 1080));
    }
    const QString sharp = dir.filePath(QStringLiteral("sharp.png"));
    REQUIRE(dtsim({"export", "--panel", "memory", "--slide", "--scale", "2", "--out", sharp})
                .exitCode == 0);
    CHECK(QImage(sharp).size() == QSize(2560, 1440));
}
