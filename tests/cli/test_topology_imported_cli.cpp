// The imported node from the command line: `--set topology.preset=imported --set
// topology.node=…` for calc and export, `dtsim keys` listing the text key, bad values refused
// with the key named. Expected pair kinds: simcore's code → link mapping (nvtopoimport.h) on the
// two-socket PCIe sample (tests/data/nvtopo/two_socket_8gpu_pcie.txt, its upper triangle).
#include "dtsimrun.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

namespace {

using testing::dtsim;
using testing::Run;

// tests/data/nvtopo/two_socket_8gpu_pcie.txt, pairs 0-1 0-2 … 6-7.
const QString kTwoSocket =
    QStringLiteral("topology.node=PIX NODE NODE SYS SYS SYS SYS NODE NODE SYS SYS SYS SYS PIX SYS "
                   "SYS SYS SYS SYS SYS SYS SYS PIX NODE NODE NODE NODE PIX");

} // namespace

TEST_CASE("cli: export draws an imported node given with --set", "[cli][imported]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString csv = dir.filePath(QStringLiteral("topology.csv"));
    Run run = dtsim({"export", "--panel", "topology", "--out", csv, "--set",
                     "topology.preset=imported", "--set", kTwoSocket, "--set",
                     "topology.node_nics=2", "--set", "collective.workers=8"});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    // The links table is beside the quantities (simcore/reports/topologyreport.h, topologyCsv).
    const QString csvText = testing::csvTableText(csv, QStringLiteral("links")).trimmed();
    CHECK(csvText.startsWith(QStringLiteral("from_gpu,to_gpu,")));
    const QStringList lines = csvText.split(QLatin1Char('\n'));
    // 8 ring hops + the other 20 of the node's 28 pairs, each with the kind of its code.
    CHECK(lines.size() == 1 + 28);
    CHECK(lines.filter(QRegularExpression(QStringLiteral("^0,1,pcie-switch,"))).size() == 1);
    CHECK(lines.filter(QRegularExpression(QStringLiteral("^0,2,pcie-host-bridge,"))).size() == 1);
    CHECK(lines.filter(QRegularExpression(QStringLiteral("^0,4,cpu-interconnect,"))).size() == 1);
    // The bottleneck crosses the sockets (SYS: the slower of PCIe 4.0 and UPI, 22 GB/s).
    const QStringList slowest = lines.filter(QStringLiteral(",yes,"));
    REQUIRE(slowest.size() == 1);
    CHECK(slowest.first().contains(QStringLiteral(",cpu-interconnect,2.2e10,")));

    // A PNG of two imported nodes (16 GPUs, NICs at hardware.inter_*).
    const QString png = dir.filePath(QStringLiteral("topology.png"));
    run = dtsim({"export", "--panel", "topology", "--out", png, "--set", "topology.preset=imported",
                 "--set", kTwoSocket, "--set", "topology.node_nics=2", "--set",
                 "collective.workers=16"});
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 0);
    CHECK(QFile::exists(png));
}

TEST_CASE("cli: bad imported nodes are refused with the key named", "[cli][imported]")
{
    testing::checkBadInput({
        {{"calc", "allreduce", "--set", "topology.node=NV18 QPI NV18"}, "topology.node: 'QPI'"},
        {{"calc", "allreduce", "--set", "topology.node=NV18 NV18"}, "topology.node: '2 codes'"},
        {{"calc", "allreduce", "--set", "topology.preset=imported"}, "topology.preset = imported"},
        {{"calc", "allreduce", "--set", "topology.node_nics=-1"}, "topology.node_nics"},
    });
    // A good node with the imported preset computes.
    const Run ok =
        dtsim({"calc", "allreduce", "--set", "topology.preset=imported", "--set", kTwoSocket});
    CHECK(ok.exitCode == 0);
}

TEST_CASE("cli: keys lists the imported node's keys", "[cli][imported]")
{
    const Run run = dtsim({"keys"});
    REQUIRE(run.exitCode == 0);
    const qsizetype at = run.out.indexOf(QStringLiteral("topology.node\n"));
    REQUIRE(at >= 0);
    const QString entry = run.out.mid(at, 400);
    CHECK(entry.contains(QStringLiteral("type: text")));
    CHECK(entry.contains(QStringLiteral("g(g-1)/2 link codes")));
    CHECK(run.out.contains(QStringLiteral("topology.node_nics\n")));
    CHECK(run.out.contains(QStringLiteral("| imported")));
}
