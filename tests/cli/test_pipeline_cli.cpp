// `dtsim calc pipeline`, `dtsim calc parallelism` and `dtsim export --panel parallelism|pipeline`
// as a user runs them.
// Expected numbers are hand calculations of the published formulas (MODELS §5): GPipe's idle
// share (p − 1)/(m + p − 1) (Huang et al. 2019 §2.3); 1F1B's bubble/ideal (p − 1)/m and step
// (m + p − 1)(t_f + t_b) (Narayanan et al. 2021 §2.2.1); interleaved (1/v)(p − 1)/m (§2.2.2).
// bubble_fraction is bubble time / step time; bubble_ratio is bubble time / ideal time.
#include "dtsimrun.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

namespace {

using testing::dtsim;
using testing::Run;

// Sums of a few dozen durations of 0.01–0.02 s: 1e-12 relative is far below any scheduling
// mistake (≥ one operation, 1e-2 s) and above rounding.
constexpr double kRelative = 1e-12;

QJsonObject calcJson(const QStringList& sets, const QString& model = QStringLiteral("pipeline"))
{
    return testing::calcJson(testing::withSets(model, sets));
}

std::vector<double> numbers(const QJsonValue& value)
{
    std::vector<double> result;
    for (const auto& item : value.toArray()) {
        result.push_back(item.toDouble());
    }
    return result;
}

} // namespace

TEST_CASE("calc pipeline --json: GPipe p = 4, m = 8", "[cli][pipeline]")
{
    // Defaults t_f = 0.01 s, t_b = 0 → 2·t_f = 0.02 s (Kaplan et al. 2020).
    // Huang et al. 2019: bubble = (p − 1)/(m + p − 1) = 3/11 of the step; step =
    // (m + p − 1)(t_f + t_b) = 11 × 0.03 = 0.33 s; ideal m(t_f + t_b) = 0.24 s; all 8
    // micro-batches in flight on every device.
    const QJsonObject json =
        calcJson({"parallel.pp=4", "train.global_batch=32", "parallel.schedule=gpipe"});
    for (const char* field :
         {"bubble_fraction", "time", "ideal_time", "schedule", "stages", "microbatches",
          "virtual_stages", "peak_in_flight", "forward_time", "backward_time", "p2p_time",
          "bubble_ratio", "bubble_time", "formula", "formula_value"}) {
        INFO(field);
        CHECK(json.contains(QLatin1String(field)));
    }
    CHECK(json["schedule"].toString() == "gpipe");
    CHECK(json["stages"].toDouble() == 4);
    CHECK(json["microbatches"].toDouble() == 8);
    CHECK(json["virtual_stages"].toDouble() == 1);
    CHECK(json["forward_time"].toDouble() == 0.01);
    CHECK(json["backward_time"].toDouble() == 0.02);
    CHECK(json["p2p_time"].toDouble() == 0);
    CHECK(json["bubble_fraction"].toDouble() == Approx(3.0 / 11.0).epsilon(kRelative));
    CHECK(json["time"].toDouble() == Approx(0.33).epsilon(kRelative));
    CHECK(json["ideal_time"].toDouble() == Approx(0.24).epsilon(kRelative));
    CHECK(json["bubble_time"].toDouble() == Approx(0.09).epsilon(kRelative));
    CHECK(json["formula_value"].toDouble() == Approx(3.0 / 11.0).epsilon(kRelative));
    CHECK(json["peak_in_flight"].toDouble() == 8);
    CHECK(numbers(json["peak_in_flight_per_device"]) == std::vector<double>{8, 8, 8, 8});
}

TEST_CASE("calc pipeline --json: 1F1B has GPipe's step but holds at most p", "[cli][pipeline]")
{
    // Narayanan et al. 2021 §2.2.1: bubble/ideal = (p − 1)/m = 3/8, the same step 0.33 s, so
    // the same idle share 0.09/0.33 = 3/11; device i holds p − i micro-batches: 4, 3, 2, 1.
    const QJsonObject json =
        calcJson({"parallel.pp=4", "train.global_batch=32", "parallel.schedule=1f1b"});
    CHECK(json["bubble_ratio"].toDouble() == Approx(3.0 / 8.0).epsilon(kRelative));
    CHECK(json["formula_value"].toDouble() == Approx(3.0 / 8.0).epsilon(kRelative));
    CHECK(json["bubble_fraction"].toDouble() == Approx(3.0 / 11.0).epsilon(kRelative));
    CHECK(json["time"].toDouble() == Approx(0.33).epsilon(kRelative));
    CHECK(json["peak_in_flight"].toDouble() == 4);
    CHECK(numbers(json["peak_in_flight_per_device"]) == std::vector<double>{4, 3, 2, 1});
    // Activations per device come from the memory model: device 0 holds the most.
    const auto bytes = numbers(json["activations_per_device"]);
    REQUIRE(bytes.size() == 4);
    CHECK(bytes[0] > bytes[1]);
}

TEST_CASE("calc pipeline --json: interleaved v = 2 halves the bubble", "[cli][pipeline]")
{
    // Narayanan et al. 2021 §2.2.2: bubble/ideal = (1/v)(p − 1)/m = 3/16; step = 0.24 × 19/16
    // = 0.285 s; idle share 0.045/0.285 = 3/19. Device 0 holds p·v + p − 1 = 11 chunks
    // (Megatron-LM's warm-up plus one) = 5.5 micro-batches' worth.
    const QJsonObject json =
        calcJson({"parallel.pp=4", "train.global_batch=32", "parallel.schedule=interleaved",
                  "parallel.virtual_stages=2"});
    CHECK(json["virtual_stages"].toDouble() == 2);
    CHECK(json["bubble_ratio"].toDouble() == Approx(3.0 / 16.0).epsilon(kRelative));
    CHECK(json["formula_value"].toDouble() == Approx(3.0 / 16.0).epsilon(kRelative));
    CHECK(json["bubble_fraction"].toDouble() == Approx(3.0 / 19.0).epsilon(kRelative));
    CHECK(json["time"].toDouble() == Approx(0.285).epsilon(kRelative));
    CHECK(json["peak_in_flight"].toDouble() == 11);
    CHECK(json["peak_in_flight_microbatches"].toDouble() == 5.5);
}

TEST_CASE("calc pipeline: point-to-point time lengthens the step", "[cli][pipeline]")
{
    // p = 2, m = 2, t_f = 1 s, t_b = 2 s, 0.5 s per send, 1F1B. By hand (test_pipeline.cpp):
    // device 0 runs F0 [0,1] F1 [1,2] B0 [5,7] B1 [8,10]: step 10 s; ideal 6 s; bubble 4 s.
    const QJsonObject json =
        calcJson({"parallel.pp=2", "train.global_batch=8", "parallel.forward_time=1",
                  "parallel.backward_time=2", "parallel.p2p_time=0.5"});
    CHECK(json["time"].toDouble() == Approx(10.0).epsilon(kRelative));
    CHECK(json["ideal_time"].toDouble() == Approx(6.0).epsilon(kRelative));
    CHECK(json["bubble_fraction"].toDouble() == Approx(0.4).epsilon(kRelative));
    // The published (p − 1)/m = 1/2 assumes free sends: the simulated 4/6 is larger.
    CHECK(json["formula_value"].toDouble() == Approx(0.5).epsilon(kRelative));
    CHECK(json["bubble_ratio"].toDouble() == Approx(4.0 / 6.0).epsilon(kRelative));
}

TEST_CASE("calc pipeline prints a readable table", "[cli][pipeline]")
{
    const Run run = dtsim({"calc", "pipeline", "--set", "parallel.pp=4"});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.contains(QStringLiteral("bubble / step")));
    CHECK(run.out.contains(QStringLiteral("0.272727"))); // 3/11
    CHECK(run.out.contains(QStringLiteral("0.33")));
}

TEST_CASE("calc pipeline rejects bad input with exit 2 and the key", "[cli][pipeline]")
{
    struct Case {
        QStringList arguments;
        const char* mustContain;
    };
    const Case cases[] = {
        // Narayanan et al. 2021 §2.2.2: interleaving needs m a multiple of p.
        // m = B/(b·dp) = 24 / (1 × 4) = 6: the batch that sets m is named.
        {{"calc", "pipeline", "--set", "parallel.pp=4", "--set", "train.global_batch=24", "--set",
          "parallel.schedule=interleaved"},
         "train.global_batch"},
        // m is no key: an old scenario's m says what replaced it.
        {{"calc", "pipeline", "--set", "parallel.microbatches=8"}, "train.global_batch"},
        // 2·1024·1e5 operations are more than simcore simulates (2^23).
        {{"calc", "pipeline", "--set", "parallel.pp=1000", "--set", "model.layers=1000", "--set",
          "parallel.dp=1", "--set", "train.global_batch=100000", "--json"},
         "train.global_batch"},
        {{"calc", "pipeline", "--set", "parallel.schedule=zigzag"}, "parallel.schedule"},
        {{"calc", "pipeline", "--set", "parallel.forward_time=0"}, "parallel.forward_time"},
    };
    for (const auto& c : cases) {
        INFO(c.arguments.join(' ').toStdString());
        const Run run = dtsim(c.arguments);
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(QString::fromUtf8(c.mustContain)));
        CHECK(run.err.trimmed().count('\n') == 0);
        CHECK(run.out.isEmpty());
    }
}

TEST_CASE("calc pipeline --json: every field of before, and the quantities", "[cli][pipeline]")
{
    // The fields `calc pipeline --json` has always printed stay; each scalar one is also a
    // quantity {id, value, unit} with the same value.
    const QJsonObject json = calcJson({"parallel.pp=4"});
    for (const char* field :
         {"activations_per_device", "backward_time", "bubble_fraction", "bubble_ratio",
          "bubble_time", "formula", "formula_value", "forward_time", "ideal_time", "microbatches",
          "model", "p2p_time", "peak_in_flight", "peak_in_flight_microbatches",
          "peak_in_flight_per_device", "schedule", "stages", "time", "virtual_stages"}) {
        INFO(field);
        CHECK(json.contains(QLatin1String(field)));
    }
    CHECK(json["model"].toString() == "pipeline");
    const QJsonArray quantities = json["quantities"].toArray();
    REQUIRE(quantities.size() >= 15);
    for (const auto& item : quantities) {
        const QJsonObject q = item.toObject();
        INFO(q["id"].toString().toStdString());
        CHECK(json[q["id"].toString()] == q["value"]);
    }
    const auto unitOf = [&quantities](const char* id) {
        for (const auto& item : quantities) {
            if (item.toObject()["id"].toString() == QLatin1String(id)) {
                return item.toObject()["unit"].toString();
            }
        }
        return QStringLiteral("missing");
    };
    CHECK(unitOf("time") == "s");
    CHECK(unitOf("bubble_fraction") == "fraction");
    CHECK(unitOf("microbatches") == "micro-batches");
    CHECK(unitOf("first_device_activations") == "bytes");
    // 1F1B, p = 4: device 0's activations are the first entry of the per-device list.
    CHECK(json["first_device_activations"] == json["activations_per_device"].toArray().first());
}

TEST_CASE("calc pipeline refuses more stages than layers, as export does", "[cli][pipeline]")
{
    // One rule for both: 64 stages cannot share 32 layers (every stage needs one).
    testing::checkBadInput({
        {{"calc", "pipeline", "--set", "parallel.pp=64"}, "parallel.pp"},
        {{"calc", "pipeline", "--set", "parallel.pp=64", "--json"}, "parallel.pp"},
        {{"calc", "parallelism", "--set", "parallel.pp=64"}, "parallel.pp"},
    });
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("g.png"));
    const Run run =
        dtsim({"export", "--panel", "pipeline", "--out", out, "--set", "parallel.pp=64"});
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(QStringLiteral("parallel.pp")));
    CHECK_FALSE(QFile::exists(out));
}

TEST_CASE("calc pipeline: a layout memory refuses is refused here too", "[cli][pipeline]")
{
    // tp = 3 does not divide the 32 heads: one layout check, so no schedule is priced either.
    for (const char* view : {"pipeline", "memory", "parallelism", "training"}) {
        const Run run =
            dtsim({"calc", QString::fromLatin1(view), "--json", "--set", "parallel.tp=3"});
        INFO(view);
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(QStringLiteral("parallel.tp")));
        CHECK(run.err.contains(QStringLiteral("model.heads")));
    }
}

TEST_CASE("calc parallelism: Megatron-LM's example in numbers", "[cli][parallelism]")
{
    // dp = 2, tp = 2, pp = 4 = 16 GPUs on two nodes of 8 (megatron/core/parallel_state.py):
    // pipelines [0,4,8,12] …: 4, all spanning both nodes; 12 sends r → r + 4, the 4 from
    // ranks 4–7 cross; tensor [0,1] … and data [0,2] … groups stay inside a node.
    const QJsonObject json = calcJson({"parallel.dp=2", "parallel.tp=2", "parallel.pp=4"},
                                      QStringLiteral("parallelism"));
    CHECK(json["model"].toString() == "parallelism");
    CHECK(json["gpus"].toDouble() == 16);
    CHECK(json["nodes"].toDouble() == 2);
    CHECK(json["gpus_per_node"].toDouble() == 8);
    CHECK(json["layers_per_stage"].toDouble() == 8);
    CHECK(json["tensor_groups_crossing"].toDouble() == 0);
    CHECK(json["data_groups_crossing"].toDouble() == 0);
    CHECK(json["pipeline_sends"].toDouble() == 12);
    CHECK(json["pipeline_sends_crossing"].toDouble() == 4);
    // 1F1B, m = B/(b·dp) = 32 / 2 = 16: the bubble is 3/19 of the step (Narayanan et al. 2021
    // §2.2.1).
    CHECK(json["bubble_fraction"].toDouble() == Approx(3.0 / 19.0).epsilon(kRelative));
    // + the training model's step time and memory per GPU of the same layout.
    CHECK(json["quantities"].toArray().size() == 20);
    CHECK(json["training_step_time"].toDouble() > 0);
    CHECK(json["training_memory_per_gpu"].toDouble() > 0);

    const Run run = dtsim({"calc", "parallelism", "--set", "parallel.dp=2", "--set",
                           "parallel.tp=2", "--set", "parallel.pp=4"});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.startsWith(QStringLiteral("Parallelism (lesson §2), dp × tp × pp = 2 × 2 × 4")));
    CHECK(run.out.contains(QRegularExpression(QStringLiteral("sends crossing a node\\s+4\\n"))));
}

TEST_CASE("export --panel parallelism and --panel pipeline with no display", "[cli][pipeline]")
{
    QTemporaryDir dir;
    const QStringList sets = {"--set",         "parallel.dp=2", "--set",
                              "parallel.tp=2", "--set",         "parallel.pp=2"};
    const QString png = dir.filePath(QStringLiteral("p.png"));
    Run run = dtsim(
        QStringList{"export", "--panel", "parallelism", "--out", png, "--size", "1000x600"} + sets);
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    CHECK(QImage(png).size() == QSize(1000, 600));

    const QString csv = dir.filePath(QStringLiteral("p.csv"));
    run = dtsim(QStringList{"export", "--panel", "parallelism", "--out", csv} + sets);
    REQUIRE(run.exitCode == 0);
    // The quantities in p.csv, the table in p-gpus.csv: header + 8 GPUs.
    CHECK(run.out == csv + QStringLiteral("\n") + dir.filePath(QStringLiteral("p-gpus.csv")) +
                         QStringLiteral("\n"));
    const QString quantities = testing::csvTableText(csv, QStringLiteral("quantities"));
    CHECK(quantities.startsWith(QStringLiteral("quantity,value,unit\n")));
    CHECK(quantities.contains(QStringLiteral("\ngpus,8,GPUs\n")));
    const QStringList lines =
        testing::csvTableText(csv, QStringLiteral("gpus")).split('\n', Qt::SkipEmptyParts);
    REQUIRE(lines.size() == 9);
    CHECK(lines[0].startsWith("rank,node,slot,dp_index,tp_index,pp_index,layers"));
    // Megatron-LM order: rank 5 = stage 1, replica 0, shard 1; layers 17–32 of 32.
    CHECK(lines[6] == "5,0,5,0,1,1,17-32,2/2,1/2,0,0,0");

    const QString gantt = dir.filePath(QStringLiteral("g.csv"));
    run = dtsim({"export", "--panel", "pipeline", "--out", gantt, "--set", "parallel.pp=4"});
    REQUIRE(run.exitCode == 0);
    const QString ganttText = testing::csvTableText(gantt, QStringLiteral("quantities"));
    // The totals are quantities now: 1F1B, p = 4, m = 8: step (m + p − 1)(t_f + t_b) = 0.33 s.
    CHECK(ganttText.contains(QStringLiteral("\ntime,0.33")));
    const QStringList rows =
        testing::csvTableText(gantt, QStringLiteral("operations")).split('\n', Qt::SkipEmptyParts);
    CHECK(rows[0] == "device,chunk,virtual_stage,microbatch,pass,start_s,end_s");
    // 2·p·m = 64 operations.
    CHECK(rows.size() == 1 + 64);
    CHECK(rows[1] == "0,0,0,0,forward,0,0.01");

    const QString ganttPng = dir.filePath(QStringLiteral("g.png"));
    run = dtsim({"export", "--panel", "pipeline", "--out", ganttPng, "--scale", "2"});
    REQUIRE(run.exitCode == 0);
    CHECK(QImage(ganttPng).size() == QSize(3200, 1800));
}

TEST_CASE("export of an impossible layout is bad input, not a picture", "[cli][pipeline]")
{
    // 8 pipeline stages cannot share 4 layers (every stage needs at least one).
    QTemporaryDir dir;
    for (const char* panel : {"parallelism", "pipeline"}) {
        const QString out = dir.filePath(QStringLiteral("%1.png").arg(QLatin1String(panel)));
        const Run run = dtsim({"export", "--panel", panel, "--out", out, "--set", "model.layers=4",
                               "--set", "parallel.pp=8"});
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(QStringLiteral("parallel.pp")));
        CHECK_FALSE(QFile::exists(out));
    }
}

TEST_CASE("calc pipeline: the defaults show a bubble, and t_b = 0 is printed as automatic",
          "[cli][pipeline][defaults]")
{
    // No --set: p = 4, m = 8, 1F1B; Huang et al. 2019's (p − 1)/(m + p − 1) = 3/11 of the step.
    const QJsonObject json = calcJson({});
    CHECK(json["stages"].toDouble() == 4);
    CHECK(json["microbatches"].toDouble() == 8);
    CHECK(json["bubble_fraction"].toDouble() == Approx(3.0 / 11.0).epsilon(kRelative));
    // parallel.backward_time = 0: t_b = 2·t_f (Kaplan et al. 2020), said in JSON and the table.
    CHECK(json["backward_automatic"].toBool());
    CHECK(json["backward_time"].toDouble() == 0.02);
    const Run table = dtsim({"calc", "pipeline"});
    REQUIRE(table.exitCode == 0);
    CHECK(table.out.contains(QStringLiteral("backward time (t_b), automatic: 2 × t_f")));
    CHECK_FALSE(calcJson({"parallel.backward_time=0.03"})["backward_automatic"].toBool());
}

TEST_CASE("calc pipeline --json: ZB-H1, ZB-H2 and DualPipe against their closed forms",
          "[cli][pipeline][zerobubble]")
{
    // Defaults: p = 4, m = 8, t_f = 10 ms, t_b = 2 t_f = 20 ms, W = t_b / 2 = 10 ms (both
    // automatic); ideal m(t_f + t_b) = 0.24 s. B below is the whole backward (DeepSeek-V3 Table 2).
    // ZB-H1 (Qi et al. 2023; DeepSeek-V3 Table 2, ZB1P): (p − 1)(F + B − 2W) = 3 × 0.01 = 0.03 s.
    QJsonObject json = calcJson({"parallel.schedule=zb-h1"});
    CHECK(json["schedule"].toString() == "zb-h1");
    CHECK(json["bubble_time"].toDouble() == Approx(0.03).epsilon(1e-9));
    CHECK(json["formula_bubble_time"].toDouble() == Approx(0.03).epsilon(kRelative));
    CHECK(json["bubble_ratio"].toDouble() == Approx(0.125).epsilon(1e-9));
    CHECK(json["weight_grad_time"].toDouble() == Approx(0.01).epsilon(kRelative));
    CHECK(json["weight_grad_automatic"].toBool());
    CHECK(json["peak_in_flight"].toDouble() == 4); // 1F1B's p
    CHECK(json["parameter_copies"].toDouble() == 1);
    // ZB-H2 (Qi et al. 2023 Table 1): (p − 1)(F + B − 3W) = 0 without a pipeline-wide sync,
    // 2p − 1 = 7 micro-batches in flight; a synchronous step still waits (p − 1)·F = 0.03 s.
    json = calcJson({"parallel.schedule=zb-h2"});
    CHECK(json["unsynchronized_bubble_time"].toDouble() == Approx(0).margin(1e-12));
    CHECK(json["bubble_time"].toDouble() == Approx(0.03).epsilon(1e-9));
    CHECK(json["peak_in_flight"].toDouble() == 7);
    // DualPipe (DeepSeek-V3 Table 2): (p/2 − 1)(F&B + B − 3W), F&B = F + B:
    // 1 × (0.03 + 0.02 − 0.03) = 0.02 s; p + 1 = 5 chunks in flight; 2 parameter copies.
    json = calcJson({"parallel.schedule=dualpipe", "parallel.weight_grad_time=0.01"});
    CHECK(json["bubble_time"].toDouble() == Approx(0.02).epsilon(1e-9));
    CHECK(json["formula_bubble_time"].toDouble() == Approx(0.02).epsilon(kRelative));
    CHECK(json["peak_in_flight"].toDouble() == 5);
    CHECK(json["parameter_copies"].toDouble() == 2);
    CHECK_FALSE(json["weight_grad_automatic"].toBool());
    CHECK(json["formula"].toString().contains(QStringLiteral("DeepSeek-V3")));

    // The table says which convention and what is not modelled.
    const Run run = dtsim({"calc", "pipeline", "--set", "parallel.schedule=dualpipe"});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.contains(QStringLiteral("F&B")));
    CHECK(run.out.contains(QStringLiteral("not modelled")));
}

TEST_CASE("calc pipeline refuses a weight gradient beyond the backward and DualPipe's bad shapes",
          "[cli][pipeline][zerobubble]")
{
    struct Case {
        QStringList sets;
        const char* key;
        const char* allowed;
    };
    const Case cases[] = {
        {{"parallel.schedule=zb-h1", "parallel.weight_grad_time=0.05"},
         "parallel.weight_grad_time",
         "0 … parallel.backward_time"},
        {{"parallel.weight_grad_time=-1"}, "parallel.weight_grad_time", ""},
        {{"parallel.schedule=dualpipe", "parallel.pp=3", "model.layers=30"},
         "parallel.pp",
         "an even number"},
        {{"parallel.schedule=dualpipe", "train.global_batch=24"},
         "train.global_batch",
         "2 x parallel.pp"},
    };
    for (const auto& c : cases) {
        QStringList arguments{"calc", "pipeline"};
        for (const auto& set : c.sets) {
            arguments << "--set" << set;
        }
        INFO(arguments.join(' ').toStdString());
        const Run run = dtsim(arguments);
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(QString::fromUtf8(c.key)));
        CHECK(run.err.contains(QString::fromUtf8(c.allowed)));
        CHECK(run.err.trimmed().count('\n') == 0);
        CHECK(run.out.isEmpty());
    }
}

TEST_CASE("a scenario file written before parallel.weight_grad_time still loads",
          "[cli][pipeline][zerobubble]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.json"));
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "dtsim-scenario", "version": 1,
                   "values": {"parallel.schedule": "1f1b", "parallel.backward_time": 0.016}})");
    file.close();
    const Run run = dtsim(
        {"calc", "pipeline", "--scenario", path, "--set", "parallel.schedule=zb-h1", "--json"});
    REQUIRE(run.exitCode == 0);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    // W automatic: t_b / 2 = 0.008 s; (p − 1)(F + B − 2W) = 3 × 0.01 = 0.03 s.
    CHECK(json["weight_grad_time"].toDouble() == Approx(0.008).epsilon(kRelative));
    CHECK(json["bubble_time"].toDouble() == Approx(0.03).epsilon(1e-9));
}

TEST_CASE("an old scenario file's parallel.microbatches says what sets m now", "[cli][pipeline]")
{
    // m is B/(b·dp) everywhere (Narayanan et al. 2021 §2.2); a file written when m was a key is
    // refused with the key to set instead, never read with its m silently dropped.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("old.json"));
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(R"({"format":"dtsim-scenario","version":1,"values":{"parallel.microbatches":8}})");
    file.close();
    const Run run = dtsim({"calc", "pipeline", "--scenario", path});
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(QStringLiteral("parallel.microbatches")));
    CHECK(run.err.contains(QStringLiteral("set train.global_batch")));
}
