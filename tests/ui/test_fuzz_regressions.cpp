// Scenario files the libFuzzer target tests/fuzz/fuzz_scenario_file.cpp found, minimised, each
// with the hazard it guards against. Expected: the loader's documented refusal (scenariofile.h:
// a message naming the line, nothing applied).
#include "common/scenariofile.h"

#include <catch2/catch.hpp>

using namespace dtsim::common;

TEST_CASE("fuzz: a file version outside int's range is refused", "[ui][file][fuzz]")
{
    // Guards against: static_cast<int>(1e300) in the version check, undefined behaviour (UBSan
    // float-cast-overflow). The same for −2147483649 and 2147483648. On x86 the old cast gave
    // INT_MIN and the same message, so this fails only where the cast is trapped: the fuzz build
    // (clang's -fsanitize=undefined) or gcc with -fsanitize=float-cast-overflow.
    // Also decimals that round to a whole double: the version is checked as written.
    for (const char* version : {"1e300", "-2147483649", "2147483648", "1.5", "1.0000000000000001",
                                "0.9999999999999999999", "1e0"}) {
        const QByteArray contents = QByteArray("{\"format\": \"dtsim-scenario\",\n \"version\": ") +
                                    version + ", \"values\": {}}";
        const auto result = dtsim::common::parseScenario(contents, QStringLiteral("s.json"));
        INFO(version);
        CHECK_FALSE(result.scenario.has_value());
        CHECK(result.error ==
              QStringLiteral("s.json, line 2: \"version\" must be a whole number from 1."));
    }
}
