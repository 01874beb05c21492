// libFuzzer target: the `--set KEY=VALUE` parser (simcore::applyAssignment), then validate() and
// every model a panel draws (modelcheck.h).
//
// Input: one assignment per line, applied in order to one scenario (at most 32 lines), so that
// extreme values of several keys meet. A line that starts with '@' names its key by index
// instead: "@" + one byte b + "=VALUE" is scenarioKeys()[b % count] + "=VALUE" — the fuzzer then
// reaches every key without having to spell its name. Every other line goes to applyAssignment
// exactly as written.
//
// Checked besides the sanitizers: a refused assignment leaves the scenario unchanged (scenario.h
// promises it); an accepted one reads back (valueText → applyAssignment gives the same scenario);
// and modelcheck.h's rule: nothing a chart draws is NaN or ±∞ when validate() accepts.

#include "modelcheck.h"
#include "simcore/scenario/scenario.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

constexpr int kMaxLines = 32;

[[noreturn]] void failLine(std::string_view line, const char* what)
{
    std::fprintf(stderr, "fuzz: --set '%.*s': %s\n", static_cast<int>(line.size()), line.data(),
                 what);
    std::abort();
}

std::string expand(std::string_view line)
{
    if (line.size() >= 2 && line.front() == '@') {
        const auto keys = simcore::scenarioKeys();
        const auto& key = keys[static_cast<unsigned char>(line[1]) % keys.size()];
        return std::string(key.name) + std::string(line.substr(2));
    }
    return std::string(line);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    simcore::Scenario scenario;
    std::size_t start = 0;
    for (int lineCount = 0; lineCount < kMaxLines && start <= text.size(); ++lineCount) {
        const auto end = std::min(text.find('\n', start), text.size());
        const std::string assignment = expand(text.substr(start, end - start));
        start = end + 1;

        const simcore::Scenario before = scenario;
        const auto error = simcore::applyAssignment(scenario, assignment);
        if (error) {
            if (!(scenario == before)) {
                failLine(assignment, "refused, but the scenario changed");
            }
            (void)error->message();
            continue;
        }
        // Accepted: every key whose value changed reads back from its text to the same scenario
        // (what a saved file or a `dtsim keys`-style listing would give).
        simcore::Scenario reread = before;
        for (const auto& key : simcore::scenarioKeys()) {
            const std::string value = simcore::valueText(scenario, key);
            if (value == simcore::valueText(before, key)) {
                continue;
            }
            const std::string again = std::string(key.name) + "=" + value;
            if (simcore::applyAssignment(reread, again)) {
                failLine(again, "the accepted value does not read back from its own text");
            }
        }
        if (!(reread == scenario)) {
            failLine(assignment, "re-applying the values as text gives another scenario");
        }
    }
    (void)simcore::validate(scenario);
    dtsim::fuzz::evaluateModels(scenario);
    return 0;
}
