// Scenario files: round trip, and bad files named by line and key with nothing applied.
#include "common/scenariofile.h"
#include "filesizelimit.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <fcntl.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace dtsim::common;

TEST_CASE("save then open gives the same scenario", "[ui][file]")
{
    QTemporaryDir dir;
    simcore::Scenario scenario;
    scenario.scaling.workers = 123;
    scenario.lesson.syncPerWorkerSeconds = 0.0031;
    scenario.train.precision = simcore::Precision::Bf16;
    scenario.hardware.gpu = "mi300x";
    const QString path = dir.filePath(QStringLiteral("s.dtsim.json"));
    REQUIRE(dtsim::common::saveScenarioFile(path, scenario).isEmpty());
    const auto loaded = dtsim::common::loadScenarioFile(path);
    REQUIRE(loaded.scenario.has_value());
    CHECK(*loaded.scenario == scenario);
}

TEST_CASE("bad scenario files are refused by line and key", "[ui][file]")
{
    struct Case {
        const char* contents;
        const char* expected;
    };
    const Case cases[] = {
        {"{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n  \"scaling.wrkers\": "
         "8\n}}",
         "s.json, line 3: Unknown key 'scaling.wrkers'"},
        {"{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n  \"scaling.workers\": "
         "9000\n}}",
         "s.json, line 3: scaling.workers: '9000' is out of range; allowed: 1 to 4096, whole "
         "numbers."},
        {"{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n  \"scaling.workers\": "
         "[8]\n}}",
         "s.json, line 3: scaling.workers must be a number or a string."},
        {"{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n  \"train.precision\": "
         "\"fp4\"\n}}",
         "s.json, line 3: train.precision: 'fp4' is not allowed; allowed: fp32 | mixed | bf16."},
        {"{\"format\": \"dtsim-scenario\", \"version\": 7, \"values\": {}}",
         "s.json was written by a newer dtsim (file version 7; this one reads up to 1)"},
        {"{\"format\": \"dtsim-scenario\",\n \"version\": 1,\n \"values\": {,}}",
         "s.json, line 3: not valid JSON"},
        {"[1, 2]", "s.json: expected a JSON object"},
        {"{\"format\": \"other\", \"version\": 1, \"values\": {}}",
         "s.json: \"format\" must be \"dtsim-scenario\""},
        {"{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n  \"model.hidden\": "
         "4096,\n"
         "  \"model.heads\": 3\n}}",
         "s.json, line 4: model.heads: '3' must be a divisor of model.hidden"},
        // A name is compared as it is applied: white space around it does not make another key,
        // whichever copy has it and whatever the order.
        {"{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n  \"scaling.workers "
         "\": "
         "9,\n  \"scaling.workers\": 5\n}}",
         "s.json, line 4: \"scaling.workers\" is given a second time (first on line 3)"},
        {"{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n  \"scaling.workers\": "
         "5,\n  \"\\tscaling.workers\": 9\n}}",
         "s.json, line 4: \"\\tscaling.workers\" is given a second time (first on line 3)"},
        {"{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n  \" "
         "scaling.workers\": "
         "9,\n  \"scaling.workers\": 5\n}}",
         "s.json, line 4: \"scaling.workers\" is given a second time (first on line 3)"},
    };
    for (const auto& c : cases) {
        INFO(c.contents);
        const auto result =
            dtsim::common::parseScenario(QByteArray(c.contents), QStringLiteral("s.json"));
        CHECK_FALSE(result.scenario.has_value());
        CHECK(result.error.startsWith(QString::fromUtf8(c.expected)));
    }
}

TEST_CASE("a file applies on top of a base and only when all of it is valid", "[ui][file]")
{
    simcore::Scenario base;
    base.scaling.workers = 77;
    const auto partial =
        dtsim::common::parseScenario("{\"format\": \"dtsim-scenario\", \"version\": 1, "
                                     "\"values\": {\"lesson.fixed_sync\": 0.5}}",
                                     QStringLiteral("p.json"), base);
    REQUIRE(partial.scenario.has_value());
    CHECK(partial.scenario->scaling.workers == 77);
    CHECK(partial.scenario->lesson.fixedSyncSeconds == 0.5);
}

namespace {

/// parseScenario's message for `contents` (the file must be refused).
QString refusal(const QByteArray& contents)
{
    const auto result = dtsim::common::parseScenario(contents, QStringLiteral("s.json"));
    INFO(contents.toStdString());
    CHECK_FALSE(result.scenario.has_value());
    return result.error;
}

} // namespace

TEST_CASE("a key given twice is refused at its second line, naming the first", "[ui][file]")
{
    // Guards against: accepted with the last value (QJsonDocument keeps one of the two).
    CHECK(refusal("{\"format\": \"dtsim-scenario\", \"version\": 1, \"values\": {\n"
                  "  \"scaling.workers\": -5,\n"
                  "  \"scaling.workers\": 64\n}}") ==
          QStringLiteral("s.json, line 3: \"scaling.workers\" is given a second time (first on "
                         "line 2); each key may appear once."));
    // Two "values" objects: the second is refused, however valid each is.
    CHECK(refusal("{\"format\": \"dtsim-scenario\", \"version\": 1,\n"
                  " \"values\": {\"scaling.workers\": 8},\n"
                  " \"values\": {\"scaling.workers\": 64}\n}") ==
          QStringLiteral("s.json, line 3: \"values\" is given a second time (first on line 2); "
                         "each key may appear once."));
    // The same key spelled with an escape is the same key.
    CHECK(refusal("{\"format\": \"dtsim-scenario\", \"version\": 1, \"values\": {\n"
                  "  \"scaling.workers\": 8,\n"
                  "  \"\\u0073caling.workers\": 64\n}}")
              .startsWith(QStringLiteral("s.json, line 3: \"scaling.workers\" is given a second "
                                         "time (first on line 2)")));
    CHECK(refusal("{\"format\": \"dtsim-scenario\",\n \"version\": 1,\n \"version\": 1,\n"
                  " \"values\": {}}")
              .startsWith(QStringLiteral("s.json, line 3: \"version\" is given a second time")));
}

TEST_CASE("scenario-file errors point at the line that causes them, never line 0", "[ui][file]")
{
    // A key whose name also appears earlier, inside another value: the line of the key itself.
    CHECK(refusal("{\"format\": \"dtsim-scenario\", \"note\": \"scaling.workers\",\n"
                  " \"version\": 1,\n \"values\": {\n  \"scaling.workers\": 9000\n}}")
              .startsWith(QStringLiteral("s.json, line 4: scaling.workers: '9000' is out of "
                                         "range")));
    // A rule between keys whose named key is not in the file: the line of the key that broke it
    // (model.heads stays 32, which does not divide 100). Was: "line 0".
    const QString heads = refusal("{\"format\": \"dtsim-scenario\", \"version\": 1,\n"
                                  " \"values\": {\n  \"model.hidden\": 100\n}}");
    CHECK(heads.startsWith(QStringLiteral("s.json, line 3: model.heads: '32' must be a divisor "
                                          "of model.hidden")));
    CHECK_FALSE(heads.contains(QStringLiteral("line 0")));
    // A key written with an escape is found by its line too.
    CHECK(refusal("{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n"
                  "  \"scaling.worker\\u0073\": 0\n}}")
              .startsWith(QStringLiteral("s.json, line 3: scaling.workers: '0' is out of range")));
    // "values" that is not an object: its line.
    CHECK(refusal("{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": 5}")
              .startsWith(QStringLiteral("s.json, line 2: \"values\" must be an object")));
}

TEST_CASE("numbers in a scenario file are checked exactly as written", "[ui][file]")
{
    // Each rounds to a double inside the key's range; the text is not. Was: accepted.
    const struct {
        const char* value;
        const char* expected;
    } cases[] = {
        {"\"parallel.pp\": 5.000000000000000001",
         "s.json, line 2: parallel.pp: '5.000000000000000001' is not a whole number"},
        {"\"checkpoint.mc_seed\": 9007199254740993",
         "s.json, line 2: checkpoint.mc_seed: '9007199254740993' is out of range"},
        {"\"model.params\": 100000000000000.001",
         "s.json, line 2: model.params: '100000000000000.001' is out of range"},
        {"\"model.params\": \"100000000000000.001\"",
         "s.json, line 2: model.params: '100000000000000.001' is out of range"},
        {"\"train.precision\": 3", "s.json, line 2: train.precision: '3' is not allowed"},
    };
    for (const auto& c : cases) {
        const QByteArray contents =
            QByteArray("{\"format\": \"dtsim-scenario\", \"version\": 1, \"values\": {\n  ") +
            c.value + "\n}}";
        CHECK(refusal(contents).startsWith(QString::fromUtf8(c.expected)));
    }
    const auto whole = dtsim::common::parseScenario(
        "{\"format\": \"dtsim-scenario\", \"version\": 1, \"values\": {\"parallel.pp\": 4.0, "
        "\"checkpoint.mc_seed\": 9007199254740992, \"model.params\": 1E14}}",
        QStringLiteral("s.json"));
    REQUIRE(whole.scenario.has_value());
    CHECK(whole.scenario->parallel.pp == 4);
    CHECK(whole.scenario->checkpoint.monteCarloSeed == 9007199254740992);
    CHECK(whole.scenario->model.params == 1e14);
}

TEST_CASE("special files are refused at once, and no file is read past 4 MiB", "[ui][file]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    // Devices report a size of 0: was read without end (bad_alloc).
    for (const char* device : {"/dev/zero", "/dev/urandom"}) {
        const auto result = loadScenarioFile(QString::fromLatin1(device));
        INFO(device);
        CHECK_FALSE(result.scenario.has_value());
        CHECK(result.error == QStringLiteral("%1 is not a regular file: not a scenario file.")
                                  .arg(QString::fromLatin1(device)));
    }
    CHECK(loadScenarioFile(dir.path()).error.contains(QStringLiteral("not a regular file")));
    // A FIFO without a writer: was a wait for ever. If the loader blocks, the watchdog opens the
    // FIFO's other end after 5 s, so the test fails instead of hanging.
    const QString fifo = dir.filePath(QStringLiteral("fifo"));
    REQUIRE(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    std::atomic<bool> done{false};
    std::atomic<bool> unblocked{false};
    std::thread watchdog([&] {
        for (int i = 0; i < 50 && !done; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        if (!done) {
            unblocked = true;
            const int fd = ::open(QFile::encodeName(fifo).constData(), O_WRONLY | O_NONBLOCK);
            if (fd >= 0) {
                ::close(fd);
            }
        }
    });
    const auto fromFifo = loadScenarioFile(fifo);
    done = true;
    watchdog.join();
    CHECK_FALSE(unblocked);
    CHECK(fromFifo.error.contains(QStringLiteral("not a regular file")));
    // A regular file over the cap, whatever it holds.
    const QString big = dir.filePath(QStringLiteral("big.json"));
    {
        QFile file(big);
        REQUIRE(file.open(QIODevice::WriteOnly));
        REQUIRE(file.write(QByteArray(4 * 1024 * 1024 + 1, ' ')) == 4 * 1024 * 1024 + 1);
    }
    CHECK(loadScenarioFile(big).error.contains(QStringLiteral("larger than 4 MiB")));
}

TEST_CASE("a scenario save that fails midway keeps the old file and names it", "[ui][file]")
{
    // Guards against: a full disk (here: a file-size limit) left a truncated file in place of the
    // old one and reported success, because QSaveFile::commit() ignores a failed final flush.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("s.dtsim.json"));
    simcore::Scenario old;
    old.scaling.workers = 123;
    REQUIRE(saveScenarioFile(path, old).isEmpty());
    QFile before(path);
    REQUIRE(before.open(QIODevice::ReadOnly));
    const QByteArray oldBytes = before.readAll();
    before.close();
    REQUIRE(oldBytes.size() > 1024);
    QString error;
    {
        const testing::FileSizeLimit limit(1024); // the new file cannot be written whole
        simcore::Scenario changed;
        changed.scaling.workers = 456;
        error = saveScenarioFile(path, changed);
    }
    CHECK(error.contains(QDir::toNativeSeparators(path)));
    INFO(error.toStdString());
    CHECK(error.contains(QStringLiteral("File too large")));
    QFile after(path);
    REQUIRE(after.open(QIODevice::ReadOnly));
    CHECK(after.readAll() == oldBytes);
    CHECK(QDir(dir.path()).entryList(QDir::Files) == QStringList{QStringLiteral("s.dtsim.json")});
}
