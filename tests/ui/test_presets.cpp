// Built-in presets (common/presets.h): every preset loads from the compiled-in resource,
// validates, and draws every exportable panel; every number a preset's description states is what
// the models compute for it; and the Topology panel draws each preset's own cluster at the price
// the other panels pay. Sources of the preset values: common/presets.cpp,
// resources/presets/README.md.
#include "common/presets.h"
#include "helpers.h"
#include "simcore/models/checkpoint.h"
#include "simcore/models/collectives.h"
#include "simcore/models/memory.h"
#include "simcore/models/scaling.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/topologyreport.h"
#include "simcore/reports/trainingreport.h"
#include "simcore/scenario/catalogue.h"
#include "ui/kit/chartarea.h"
#include "ui/shell/exporter.h"
#include "ui/shell/panelregistry.h"

#include <QFile>
#include <QIcon>
#include <QImage>
#include <QSet>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <map>

using namespace dtsim::ui;

namespace {

constexpr double kDay = 86400.0;
constexpr double kHour = 3600.0;
constexpr double kGB = 1e9;

simcore::Scenario preset(const char* id)
{
    QString error;
    const auto scenario = dtsim::common::loadPreset(QLatin1String(id), &error);
    INFO(error.toStdString());
    REQUIRE(scenario.has_value());
    return *scenario;
}

double memoryTotal(simcore::Scenario scenario, std::int64_t zero)
{
    scenario.parallel.zero = zero;
    return simcore::evaluateMemory(scenario, simcore::memoryOptionsFromScenario(scenario))
        .totalBytes;
}

double efficiencyAt(simcore::Scenario scenario, std::int64_t workers)
{
    scenario.scaling.workers = workers;
    return simcore::evaluateScaling(scenario).selected.efficiency;
}

} // namespace

TEST_CASE("the six presets are listed once each, with a name and a description", "[ui][presets]")
{
    const QList<dtsim::common::PresetInfo> list = dtsim::common::presets();
    REQUIRE(list.size() == 6);
    CHECK(list.front().id == "lesson"); // the lesson first: the menu's default entry
    QSet<QString> ids;
    for (const dtsim::common::PresetInfo& info : list) {
        INFO(info.id.toStdString());
        ids.insert(info.id);
        CHECK_FALSE(info.name.isEmpty());
        CHECK(info.description.endsWith(QLatin1Char('.'))); // one whole sentence
        CHECK(info.description.size() > info.name.size());
    }
    CHECK(ids == QSet<QString>{"lesson", "classroom", "7b-24gb", "gpt3-175b-a100", "llama-70b-h100",
                               "llama3-16k-failures"});
    CHECK(dtsim::common::presetIds().size() == list.size());
}

TEST_CASE("every preset loads from the resource and validates", "[ui][presets]")
{
    for (const QString& id : dtsim::common::presetIds()) {
        INFO(id.toStdString());
        CHECK(QFile::exists(QStringLiteral(":/presets/%1.json").arg(id)));
        QString error;
        const auto scenario = dtsim::common::loadPreset(id, &error);
        CHECK(error.isEmpty());
        REQUIRE(scenario.has_value());
        CHECK(simcore::validate(*scenario).empty());
        // The Memory panel's cross-key rules (tp divides heads, pp ≤ layers, …) hold too.
        CHECK(simcore::validateMemory(*scenario, simcore::memoryOptionsFromScenario(*scenario))
                  .empty());
    }
}

TEST_CASE("the lesson preset is exactly the defaults", "[ui][presets]")
{
    // DESIGN.md: the defaults ARE the lesson, so the file has no values.
    CHECK(preset("lesson") == simcore::Scenario{});
    // Its description: "16 workers is the fastest" (√(1000/4) ≈ 15.8 → 16, DESIGN.md).
    CHECK(simcore::evaluateScaling(preset("lesson")).optimalWorkers == 16);
}

TEST_CASE("an unknown preset names the allowed ids", "[ui][presets]")
{
    QString error;
    CHECK_FALSE(dtsim::common::loadPreset(QStringLiteral("gpt-5"), &error).has_value());
    CHECK(error.contains(QStringLiteral("'gpt-5'")));
    for (const QString& id : dtsim::common::presetIds()) {
        CHECK(error.contains(id));
    }
    // No error pointer: still no crash, still no scenario.
    CHECK_FALSE(dtsim::common::loadPreset(QStringLiteral("../presets/lesson")).has_value());
}

TEST_CASE("every exportable panel draws every preset", "[ui][presets][export]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    for (const QString& id : dtsim::common::presetIds()) {
        const simcore::Scenario scenario = preset(id.toLatin1().constData());
        for (const PanelEntry& entry : panelEntries()) {
            INFO(id.toStdString() << " on " << entry.id.toStdString());
            REQUIRE(entry.createChartArea);
            auto area = entry.createChartArea();
            area->showScenario(scenario);
            CHECK_FALSE(area->summary().isEmpty());
            const QString path = dir.filePath(id + QLatin1Char('-') + entry.id + ".png");
            REQUIRE(exportChartArea(*area, path, {QSize(800, 450), 1.0}).isEmpty());
            const QImage image(path);
            REQUIRE_FALSE(image.isNull());
            CHECK(image.size() == QSize(800, 450));
            // Not blank: a chart has axes, bars and text in several colours.
            CHECK(testing::distinctColours(image) > 10);
            CHECK(testing::inkShare(image) > 0.02);
        }
    }
}

TEST_CASE("GPT-3 175B on 1024 A100s takes Narayanan et al.'s 34 days", "[ui][presets]")
{
    const simcore::Scenario scenario = preset("gpt3-175b-a100");
    const auto result = simcore::evaluateScaling(scenario);
    CHECK(result.selected.workers == 1024);
    const double days = result.selected.totalSeconds / kDay;
    // Narayanan et al. 2021 §5.1, eq. 4 example: "the time required to train this model is
    // 34 days" (P = 175e9, T = 300e9 tokens, n = 1024, X = 140 TFLOP/s). Tolerance ±2 % (the
    // paper rounds to whole days).
    CHECK(days == Approx(34.0).epsilon(0.02));
    // The Scaling view prices the preset's own layout (tp 8 × pp 8 × dp 16) with the training
    // model: the same step as `calc training` of that layout, × 95,367 steps.
    const auto training = simcore::trainingReport(scenario);
    REQUIRE(training.ok());
    CHECK(result.selected.totalSeconds ==
          Approx(95367.0 * training.step.stepSeconds).epsilon(1e-12));
    // Memory: tensor 8 × pipeline 8 leaves 175e9/64 parameters per GPU at 16 B (ZeRO §3.1 K = 12)
    // = 43.75 GB of model states: fits an A100 80GB.
    const auto memory =
        simcore::evaluateMemory(scenario, simcore::memoryOptionsFromScenario(scenario));
    CHECK(memory.modelStatesBytes() == Approx(16.0 * 175e9 / 64.0).epsilon(1e-9));
    CHECK(simcore::memoryVerdict(scenario, *simcore::findGpu("a100-80")).fits);
}

TEST_CASE("the 16,384-GPU preset fails every 3.1 hours, as Llama 3 did", "[ui][presets]")
{
    const simcore::Scenario scenario = preset("llama3-16k-failures");
    const auto result = simcore::evaluateCheckpoint(scenario);
    REQUIRE(result.status == simcore::CheckpointStatus::Ok);
    // Dubey et al. 2024 §3.3.4: 419 unexpected interruptions in 54 days → 54·24/419 = 3.093 h.
    CHECK(result.clusterMtbfSeconds / kHour == Approx(54.0 * 24.0 / 419.0).epsilon(1e-6));
    CHECK(result.clusterMtbfSeconds / kHour == Approx(3.0).epsilon(0.05)); // "≈ 3 h"
    CHECK(scenario.checkpoint.gpus == 16384);
    CHECK(scenario.checkpoint.workSeconds == 54 * kDay);
    // The description: hourly checkpoints waste "about 20 %", Daly's optimum "every 4 minutes",
    // "about 7 %". Tolerances: the rounding the sentence uses.
    CHECK(result.wasteFraction == Approx(0.20).margin(0.01));
    CHECK(result.optimalIntervalSeconds / 60.0 == Approx(4.0).margin(0.5));
    CHECK(result.atOptimum.wasteFraction == Approx(0.07).margin(0.005));
    // Consistent with Llama 3's "higher than 90 % effective training time" at the optimum.
    CHECK(result.atOptimum.wasteFraction < 0.10);
}

TEST_CASE("the Llama 3 preset and the Checkpoint panel's Llama 3 button set one layout, and it "
          "fits",
          "[ui][presets]")
{
    // Two descriptions of Dubey et al. 2024's 16,384-GPU run: the preset file and
    // simcore::withLlama3Scale (the button). The model, batch and layout must not drift apart.
    const simcore::Scenario file = preset("llama3-16k-failures");
    const simcore::Scenario button = simcore::withLlama3Scale(simcore::Scenario{});
    CHECK(file.model == button.model);
    CHECK(file.train.precision == button.train.precision);
    CHECK(file.train.optimizer == button.train.optimizer);
    CHECK(file.train.recompute == button.train.recompute);
    CHECK(file.train.microBatch == button.train.microBatch);
    CHECK(file.train.globalBatch == button.train.globalBatch);
    CHECK(file.train.steps == button.train.steps);
    CHECK(file.parallel == button.parallel);
    CHECK(file.memory.sequenceParallel == button.memory.sequenceParallel);
    CHECK(file.hardware.gpu == button.hardware.gpu);
    // The training model prices it and it fits the H100's 80 GiB (the paper ran it).
    const auto training = simcore::trainingReport(file);
    REQUIRE(training.ok());
    CHECK(training.fits);
}

TEST_CASE("7B on 24 GB GPUs fits only with ZeRO-3", "[ui][presets]")
{
    const simcore::Scenario scenario = preset("7b-24gb");
    const auto* gpu = simcore::findGpu("rtx4090");
    REQUIRE(gpu);
    // ZeRO §5.1 stage 3: 16Ψ/N_d = 16 × 6,738,415,616 / 8 = 13,476,831,232 B of model states.
    const auto memory =
        simcore::evaluateMemory(scenario, simcore::memoryOptionsFromScenario(scenario));
    CHECK(memory.modelStatesBytes() == 13'476'831'232.0);
    CHECK(simcore::memoryVerdict(scenario, *gpu).fits);
    simcore::Scenario zero2 = scenario;
    zero2.parallel.zero = 2;
    CHECK_FALSE(simcore::memoryVerdict(zero2, *gpu).fits);
    // The description's numbers, rounded as it rounds them: 109 GB (DDP), 27 GB (ZeRO-2), 15 GB.
    CHECK(memoryTotal(scenario, 0) / kGB == Approx(109.0).margin(0.5));
    CHECK(memoryTotal(scenario, 2) / kGB == Approx(27.0).margin(0.5));
    CHECK(memoryTotal(scenario, 3) / kGB == Approx(15.0).margin(0.5));
    // Years for 2T tokens on the 8 GPUs, the training model's step: "about six years".
    const double years = simcore::evaluateScaling(scenario).selected.totalSeconds / (365.25 * kDay);
    CHECK(years == Approx(6.0).margin(0.25));
}

TEST_CASE("Llama 2 70B on 2048 H100s: 20 GB per GPU, 27 days on 1024 of them", "[ui][presets]")
{
    const simcore::Scenario scenario = preset("llama-70b-h100");
    CHECK(scenario.parallel.dp * scenario.parallel.tp * scenario.parallel.pp ==
          scenario.hardware.gpus);
    CHECK(memoryTotal(scenario, scenario.parallel.zero) / kGB == Approx(20.0).margin(0.5));
    // The Physical model: N = dp × (tp 8 × pp 4); the cluster's 2,048 GPUs are the limit (the
    // 1,024 sequences allow 1,024 replicas). The preset's N = 1,024 is dp 32, m = 32.
    const auto result = simcore::evaluateScaling(scenario);
    CHECK(result.range.max == 2048);
    CHECK(result.range.limit == simcore::WorkerLimit::Cluster);
    CHECK(result.selected.dataParallel == 32);
    // The same step as `calc training` of that layout, × 476,837 steps: "about 27 days at
    // 35 % MFU", as the description says.
    simcore::Scenario layout = scenario;
    layout.parallel.dp = 32;
    layout.hardware.gpus = 1024;
    const auto training = simcore::trainingReport(layout);
    REQUIRE(training.ok());
    CHECK(result.selected.totalSeconds ==
          Approx(476837.0 * training.step.stepSeconds).epsilon(1e-12));
    CHECK(result.selected.totalSeconds / kDay == Approx(27.0).margin(0.5));
    CHECK(training.find("mfu")->value == Approx(0.35).margin(0.005));
}

TEST_CASE("the classroom cluster shows the node boundary", "[ui][presets]")
{
    const simcore::Scenario scenario = preset("classroom");
    CHECK(scenario.hardware.gpusPerNode == 4);
    // 100 GbE = 12.5 GB/s per node: the ring's one edge out of each node (MODELS §7).
    CHECK(scenario.hardware.interBandwidthBytesPerSecond == 12.5e9);
    CHECK(scenario.collective.algorithm == simcore::CommAlgorithm::Ring);
    // 5 GPUs is no layout of 64 sequences of b = 4 (dp must divide 16), and the data-parallel
    // reduction mostly hides under the last micro-batch's backward: efficiency falls past the
    // node, "from 99 % at 4 GPUs to 97 % at 16" as the description says.
    simcore::Scenario five = scenario;
    five.scaling.workers = 5;
    CHECK_FALSE(simcore::evaluateScaling(five).selected.possible);
    CHECK(efficiencyAt(scenario, 8) < efficiencyAt(scenario, 4));
    CHECK(efficiencyAt(scenario, 4) == Approx(0.99).margin(0.005));
    CHECK(efficiencyAt(scenario, 16) == Approx(0.97).margin(0.005));
    CHECK(simcore::memoryVerdict(scenario, *simcore::findGpu("rtx4090")).fits);
}

TEST_CASE(
    "every preset's Topology panel draws its own cluster, priced as the other panels price it",
    "[ui][presets][topology]")
{
    // Hand calculations: the α–β ring of MODELS §4, T = 2(N−1)·α + 2(N−1)/N · S/B, for the
    // default all-reduce (N = 8 GPUs, S = 1 GB) on each preset's links (README.md; α the
    // catalogue's NVLink 3.4 µs, PCIe 5.7 µs, network 9.6 µs, linkfigures.h).
    const double ringOf8 = 14.0;  // 2(N−1)
    const double bytesOf8 = 1.75; // 2(N−1)/N
    const std::map<QString, double> expected{
        // 4 × 4090 per node: 8 GPUs cross one 100 GbE NIC, the ring's slowest hop.
        {QStringLiteral("classroom"), ringOf8 * 9.6e-6 + bytesOf8 * 1e9 / 12.5e9},
        // One 8 × 4090 server on PCIe 4.0 x16 (32 GB/s one way).
        {QStringLiteral("7b-24gb"), ringOf8 * 5.7e-6 + bytesOf8 * 1e9 / 32e9},
        // One DGX A100 node on NVLink 3 (300 GB/s): hierarchical on one node is the ring.
        {QStringLiteral("gpt3-175b-a100"), ringOf8 * 3.4e-6 + bytesOf8 * 1e9 / 300e9},
        // DGX H100 nodes on NDR (the NDR cluster): 8 GPUs on NVSwitch, 450 GB/s.
        {QStringLiteral("llama-70b-h100"), ringOf8 * 3.4e-6 + bytesOf8 * 1e9 / 450e9},
        {QStringLiteral("lesson"), ringOf8 * 3.4e-6 + bytesOf8 * 1e9 / 450e9},
        {QStringLiteral("llama3-16k-failures"), ringOf8 * 3.4e-6 + bytesOf8 * 1e9 / 450e9},
    };
    for (const QString& id : dtsim::common::presetIds()) {
        INFO(id.toStdString());
        const simcore::Scenario scenario = preset(id.toLatin1().constData());
        const auto report = simcore::topologyReport(scenario);
        REQUIRE(report.ok());
        const auto& cluster = report.topology.cluster;
        CHECK(cluster.gpu == scenario.hardware.gpu);
        CHECK(cluster.node.gpus == scenario.hardware.gpusPerNode);
        const auto* time = report.find("time");
        REQUIRE(time);
        CHECK(time->value == simcore::allReduceFromScenario(scenario).seconds);
        REQUIRE(expected.count(id) == 1);
        CHECK(time->value == Approx(expected.at(id)).epsilon(1e-12));
    }
}

TEST_CASE("the window icon is in the resources", "[ui][presets]")
{
    // The main window calls QApplication::setWindowIcon(QIcon(":/icons/dtsim.svg")).
    const QIcon icon(QStringLiteral(":/icons/dtsim.svg"));
    REQUIRE_FALSE(icon.isNull());
    for (const int side : {16, 256}) {
        const QImage image = icon.pixmap(side, side).toImage();
        CHECK(image.width() == side);
        CHECK(testing::distinctColours(image, 1) > 3); // blue, orange, white, edges
    }
}
