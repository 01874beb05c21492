// The scenario vocabulary: every key parses, range-checks and reports errors by name.
#include "simcore/scenario/scenario.h"
#include "simcore/scenario/text.h"

#include <catch2/catch.hpp>
#include <limits>
#include <memory>
#include <set>

using namespace simcore;
using Kind = ScenarioError::Kind;

TEST_CASE("every SPEC key exists with a meaning", "[scenario]")
{
    // SPEC.md, "Scenario keys every build must accept".
    for (const char* name : {"model.params",
                             "model.layers",
                             "model.hidden",
                             "model.heads",
                             "model.seq_len",
                             "model.vocab",
                             "train.precision",
                             "train.optimizer",
                             "train.micro_batch",
                             "train.global_batch",
                             "train.steps",
                             "train.recompute",
                             "parallel.dp",
                             "parallel.tp",
                             "parallel.pp",
                             "parallel.zero",
                             "parallel.schedule",
                             "parallel.virtual_stages",
                             "hardware.gpu",
                             "hardware.gpus_per_node",
                             "hardware.intra_bandwidth",
                             "hardware.intra_latency",
                             "hardware.inter_bandwidth",
                             "hardware.inter_latency",
                             "collective.algorithm",
                             "collective.workers",
                             "collective.bytes",
                             "scaling.mode",
                             "scaling.workers",
                             "lesson.base_compute",
                             "lesson.fixed_sync",
                             "lesson.sync_per_worker",
                             "checkpoint.interval",
                             "checkpoint.write_time",
                             "checkpoint.restart_time",
                             "checkpoint.gpu_mtbf",
                             "checkpoint.gpus",
                             "checkpoint.work"}) {
        INFO(name);
        const KeyInfo* key = findKey(name);
        REQUIRE(key != nullptr);
        CHECK(!key->meaning.empty());
    }
    std::set<std::string_view> names;
    for (const auto& key : scenarioKeys()) {
        CHECK(names.insert(key.name).second);
    }
}

TEST_CASE("the default scenario is valid and every default is inside its range", "[scenario]")
{
    CHECK(validate(Scenario{}).empty());
}

TEST_CASE("every key's value round-trips through text", "[scenario]")
{
    const Scenario defaults;
    for (const auto& key : scenarioKeys()) {
        Scenario copy;
        INFO(key.name);
        CHECK_FALSE(setValue(copy, key.name, valueText(defaults, key)).has_value());
        CHECK(copy == defaults);
    }
}

TEST_CASE("setValue parses numbers the C-locale way", "[scenario]")
{
    Scenario s;
    CHECK_FALSE(setValue(s, "lesson.base_compute", "2.5").has_value());
    CHECK(s.lesson.baseComputeSeconds == 2.5);
    CHECK_FALSE(setValue(s, "model.params", "7e9").has_value());
    CHECK(s.model.params == 7e9);
    CHECK_FALSE(setValue(s, "scaling.workers", " 64 ").has_value());
    CHECK(s.scaling.workers == 64);
    CHECK_FALSE(setValue(s, "train.steps", "1e12").has_value());
    CHECK(s.train.steps == 1000000000000);
    CHECK_FALSE(setValue(s, "train.precision", "mixed").has_value());
    CHECK(s.train.precision == Precision::Mixed);
    CHECK_FALSE(setValue(s, "model.params", "0").has_value()); // 0 = from the shape
}

TEST_CASE("validation errors name the key and the allowed range", "[scenario]")
{
    struct Case {
        const char* key;
        const char* text;
        Kind kind;
        const char* allowed;
    };
    const Case cases[] = {
        {"scaling.workers", "0", Kind::OutOfRange, "1 to 4096, whole numbers"},
        {"scaling.workers", "4097", Kind::OutOfRange, "1 to 4096, whole numbers"},
        {"scaling.workers", "2.5", Kind::NotAnInteger, "1 to 4096, whole numbers"},
        {"scaling.workers", "eight", Kind::NotANumber, "1 to 4096, whole numbers"},
        {"scaling.workers", "", Kind::NotANumber, "1 to 4096, whole numbers"},
        {"scaling.workers", "8x", Kind::NotANumber, "1 to 4096, whole numbers"},
        {"lesson.base_compute", "0", Kind::OutOfRange, "1e-6 to 1e6"},
        {"lesson.base_compute", "-1", Kind::OutOfRange, "1e-6 to 1e6"},
        {"lesson.base_compute", "nan", Kind::NotANumber, "1e-6 to 1e6"},
        {"lesson.base_compute", "inf", Kind::NotANumber, "1e-6 to 1e6"},
        {"lesson.base_compute", "1e400", Kind::NotANumber, "1e-6 to 1e6"},
        {"lesson.base_compute", "0,5", Kind::NotANumber, "1e-6 to 1e6"},
        {"lesson.fixed_sync", "-0.001", Kind::OutOfRange, "0 to 1e6"},
        {"lesson.sync_per_worker", "1e7", Kind::OutOfRange, "0 to 1e6"},
        {"train.steps", "0", Kind::OutOfRange, "1 to 1e12, whole numbers"},
        {"model.params", "10", Kind::OutOfRange, "1000 to 1e14, or 0"},
        {"train.precision", "fp8", Kind::NotAChoice, "fp32 | mixed | bf16"},
        {"scaling.mode", "magic", Kind::NotAChoice, "lesson | physical"},
        {"hardware.gpu", "gtx1080", Kind::NotAChoice,
         "rtx4090 | a100-40 | a100-80 | h100-sxm | h100-pcie | h200 | b200 | mi300x"},
    };
    for (const auto& c : cases) {
        INFO(c.key << " = '" << c.text << "'");
        Scenario s;
        const auto error = setValue(s, c.key, c.text);
        REQUIRE(error.has_value());
        CHECK(error->kind == c.kind);
        CHECK(error->key == c.key);
        CHECK(error->allowed == c.allowed);
        CHECK(error->message().find(c.key) != std::string::npos);
        CHECK(s == Scenario{}); // nothing applied
    }
}

TEST_CASE("unknown keys and malformed assignments", "[scenario]")
{
    Scenario s;
    auto error = setValue(s, "scaling.wrkers", "8");
    REQUIRE(error);
    CHECK(error->kind == Kind::UnknownKey);
    CHECK(error->message() == "unknown key 'scaling.wrkers' (dtsim keys lists them)");

    error = applyAssignment(s, "scaling.workers");
    REQUIRE(error);
    CHECK(error->kind == Kind::Syntax);
    CHECK(error->message() == "--set 'scaling.workers': expected KEY=VALUE");

    error = applyAssignment(s, "=8");
    REQUIRE(error);
    CHECK(error->kind == Kind::Syntax);

    CHECK_FALSE(applyAssignment(s, "scaling.workers=32").has_value());
    CHECK(s.scaling.workers == 32);

    error = applyAssignment(s, "scaling.workers=5000");
    REQUIRE(error);
    CHECK(error->message() ==
          "scaling.workers: '5000' is out of range; allowed: 1 to 4096, whole numbers");
}

TEST_CASE("setNumber range-checks like setValue", "[scenario]")
{
    Scenario s;
    CHECK_FALSE(setNumber(s, "scaling.workers", 100).has_value());
    CHECK(s.scaling.workers == 100);
    const auto error = setNumber(s, "scaling.workers", 0);
    REQUIRE(error);
    CHECK(error->kind == Kind::OutOfRange);
    CHECK(s.scaling.workers == 100);
    CHECK(setNumber(s, "train.precision", 1)->kind == Kind::NotAChoice);
}

TEST_CASE("validate reports every bad field of a hand-built scenario", "[scenario]")
{
    Scenario s;
    s.scaling.workers = 0;
    s.lesson.baseComputeSeconds = std::numeric_limits<double>::quiet_NaN();
    s.model.heads = 3; // 4096 is not a multiple of 3
    const auto errors = validate(s);
    REQUIRE(errors.size() == 3);
    CHECK(errors[0].key == "scaling.workers");
    CHECK(errors[0].kind == Kind::OutOfRange);
    CHECK(errors[1].key == "lesson.base_compute");
    CHECK(errors[1].kind == Kind::NotANumber);
    CHECK(errors[2].key == "model.heads");
    CHECK(errors[2].kind == Kind::Inconsistent);
    CHECK(errors[2].message() ==
          "model.heads: '3' must be a divisor of model.hidden (model.hidden = 4096)");
}

TEST_CASE("formatNumber is short and reads back exactly", "[scenario]")
{
    CHECK(formatNumber(7e9) == "7e9");
    CHECK(formatNumber(1e-5) == "1e-5");
    CHECK(formatNumber(0.02) == "0.02");
    CHECK(formatNumber(4096) == "4096");
    for (double value : {7e9, 1e-5, 0.1 + 0.2, 123456789.123, 5e-324, 1.7976931348623157e308}) {
        CHECK(parseNumber(formatNumber(value)) == value);
    }
}

TEST_CASE("decimal text is checked exactly as written, never rounded into range first",
          "[scenario]")
{
    // Each of these rounds to a double that passes (5, 1, 2^53, 1e14, 0.001): the text does not.
    struct Case {
        const char* key;
        const char* text;
        Kind kind;
    };
    for (const Case& c :
         {Case{"parallel.pp", "5.000000000000000001", Kind::NotAnInteger},
          Case{"scaling.workers", "1.0000000000000001", Kind::NotAnInteger},
          Case{"model.layers", "31.99999999999999999", Kind::NotAnInteger},
          Case{"checkpoint.mc_seed", "9007199254740993", Kind::OutOfRange},
          Case{"model.params", "100000000000000.001", Kind::OutOfRange},
          Case{"model.params", "1.00000000000000000001e14", Kind::OutOfRange},
          Case{"scaling.mfu", "0.00099999999999999999", Kind::OutOfRange},
          Case{"memory.buffers_fraction", "1.0000000000000000001", Kind::OutOfRange},
          Case{"hardware.intra_latency", "-0.00000000000000000001", Kind::OutOfRange},
          Case{"checkpoint.interval", "0.0e5", Kind::OutOfRange}}) {
        INFO(c.key << " = " << c.text);
        Scenario s;
        const auto error = setValue(s, c.key, c.text);
        REQUIRE(error);
        CHECK(error->kind == c.kind);
        CHECK(error->given == c.text);
        CHECK(s == Scenario{});
    }
    // Exactly at the bounds, and whole numbers however they are written, stay accepted.
    Scenario s;
    CHECK_FALSE(setValue(s, "checkpoint.mc_seed", "9007199254740992"));
    CHECK(s.checkpoint.monteCarloSeed == 9007199254740992);
    CHECK_FALSE(setValue(s, "model.params", "100000000000000.000"));
    CHECK(s.model.params == 1e14);
    CHECK_FALSE(setValue(s, "model.params", "+1e14"));
    CHECK_FALSE(setValue(s, "parallel.pp", "5.000"));
    CHECK(s.parallel.pp == 5);
    CHECK_FALSE(setValue(s, "parallel.pp", "50e-1"));
    CHECK(s.parallel.pp == 5);
    CHECK_FALSE(setValue(s, "scaling.workers", "0.4096e4"));
    CHECK(s.scaling.workers == 4096);
    CHECK_FALSE(setValue(s, "scaling.mfu", "0.001"));
    CHECK_FALSE(setValue(s, "lesson.base_compute", "1e-6"));
    CHECK_FALSE(setValue(s, "hardware.intra_latency", "-0"));
    CHECK_FALSE(setValue(s, "model.params", "0.000")); // the special value 0 = derive
    CHECK(s.model.params == 0);
}

TEST_CASE("Text from a file or an argument is shown, never obeyed by a terminal",
          "[scenario][text]")
{
    using simcore::textutil::visible;
    // The escape, bell and OSC of `printf '\033]0;PWNED\007\033[2J'`, written out.
    CHECK(visible("\x1b]0;PWNED\x07\x1b[2J1") == "\\x1B]0;PWNED\\x07\\x1B[2J1");
    CHECK(visible("a\tb\nc\rd\x7f") == "a\\tb\\nc\\rd\\x7F");
    CHECK(visible("\xc2\x9b"
                  "31m") == "\\u009B31m");                                  // C1 CSI
    CHECK(visible("Không đọc được – 1,5 µs") == "Không đọc được – 1,5 µs"); // UTF-8 unchanged
    // Errors echo what was given through it, in every importer and in every key's message.
    const auto error =
        simcore::setValue(*std::make_unique<simcore::Scenario>(), "scaling.workers", "\x1b[2J");
    REQUIRE(error);
    CHECK(error->message().find('\x1b') == std::string::npos);
    CHECK(simcore::textutil::shorten("\x07ring") == "\\x07ring");
}
