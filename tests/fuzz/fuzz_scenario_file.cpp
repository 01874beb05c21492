// libFuzzer target: the scenario-file loader, parseScenario (common/scenariofile.h:
// QJsonDocument, then setNumber / setValue per key, then validate()).
//
// Checked besides the sanitizers: a result is either a scenario or a non-empty message, never
// both or neither; a loaded scenario passes validate(), survives saving (serializeScenario →
// parseScenario gives the same scenario) and its models draw no NaN or ±∞ (modelcheck.h).

#include "common/scenariofile.h"
#include "modelcheck.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

[[noreturn]] void failFile(const char* what, const QString& detail = {})
{
    std::fprintf(stderr, "fuzz: scenario file: %s %s\n", what, qPrintable(detail));
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    // One application object, as in dtsim (translate() and Qt's message handler expect one).
    // Its own argv: QCoreApplication may remove arguments it knows from the one it is given,
    // and libFuzzer reads its flags from the real one.
    static int argc = 1;
    static char name[] = "fuzz_scenario_file";
    static char* argv[] = {name, nullptr};
    static QCoreApplication application(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray contents(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const auto result = dtsim::common::parseScenario(contents, QStringLiteral("fuzz.json"));
    if (result.scenario.has_value() == !result.error.isEmpty()) {
        failFile("exactly one of scenario and error must be set; error:", result.error);
    }
    if (!result.scenario) {
        return 0;
    }
    if (!simcore::validate(*result.scenario).empty()) {
        failFile("a loaded scenario fails validate()");
    }
    const QByteArray saved = dtsim::common::serializeScenario(*result.scenario);
    const auto reread = dtsim::common::parseScenario(saved, QStringLiteral("saved.json"));
    if (!reread.scenario || !(*reread.scenario == *result.scenario)) {
        failFile("the saved scenario does not load back the same:", reread.error);
    }
    dtsim::fuzz::evaluateModels(*result.scenario);
    return 0;
}
