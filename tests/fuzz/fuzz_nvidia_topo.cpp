// libFuzzer target: the `nvidia-smi topo -m` importer (simcore/import/nvtopoimport.h), followed by
// what `dtsim import` and the Topology panel do with a node: the cluster (nvTopoCluster), its
// validation, the equivalent links and a ring all-reduce over every GPU.
//
// Checked besides the sanitizers: a node or an error, never both or neither; an error's line lies
// within the text; a node's tables have the sizes it announces (g×g, g×nics, one affinity and
// nearest NIC per GPU), X exactly on the diagonal, a symmetric matrix; with the default options
// the cluster exists, passes validateTopology, and its links and ring cost are finite.

#include "simcore/import/nvtopoimport.h"
#include "simcore/models/topology.h"
#include "simcore/scenario/text.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

[[noreturn]] void fail(const char* what)
{
    std::fprintf(stderr, "fuzz: nvidia-smi topo import: %s\n", what);
    std::abort();
}

void require(bool condition, const char* what)
{
    if (!condition) {
        fail(what);
    }
}

void requireFinite(const simcore::Link& link, const char* what)
{
    require(std::isfinite(link.latencySeconds) && link.latencySeconds >= 0 &&
                std::isfinite(link.bandwidthBytesPerSecond) && link.bandwidthBytesPerSecond > 0,
            what);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::size_t lineCount = simcore::textutil::lines(simcore::textutil::decode(text)).size();
    const auto parsed = simcore::parseNvidiaTopo(text);
    require(parsed.node.has_value() != parsed.error.has_value(),
            "exactly one of node and error must be set");
    if (parsed.error) {
        (void)parsed.error->message();
        require(parsed.error->line <= lineCount + 1, "ImportError::line is past the end");
        return 0;
    }

    const auto& node = *parsed.node;
    const auto g = static_cast<std::size_t>(node.gpus);
    const std::size_t nics = node.nics.size();
    require(node.gpus >= 1, "a node without GPUs");
    require(node.gpus <= simcore::kMaxTopoGpus, "more GPUs than kMaxTopoGpus were accepted");
    require(node.gpuGpu.size() == g * g, "gpuGpu is not gpus × gpus");
    require(node.gpuNic.size() == g * nics, "gpuNic is not gpus × nics");
    require(node.nearestNic.size() == g, "not one nearest NIC per GPU");
    require(node.cpuAffinity.empty() || node.cpuAffinity.size() == g, "CPU affinity per GPU");
    require(node.numaAffinity.empty() || node.numaAffinity.size() == g, "NUMA affinity per GPU");
    require(node.gpuNumaId.empty() || node.gpuNumaId.size() == g, "GPU NUMA ID per GPU");
    for (std::int64_t a = 0; a < node.gpus; ++a) {
        const auto nearest = node.nearestNic[static_cast<std::size_t>(a)];
        require(nearest >= (nics == 0 ? -1 : 0) && nearest < static_cast<std::int64_t>(nics),
                "nearest NIC out of range");
        for (std::int64_t b = 0; b < node.gpus; ++b) {
            require((a == b) == (node.cell(a, b).code == simcore::TopoCode::Self),
                    "X off the diagonal, or a diagonal without X");
            require(node.cell(a, b) == node.cell(b, a), "an asymmetric matrix was accepted");
        }
    }
    (void)node.nvswitch();
    const auto nearNics = node.gpuNics();
    require(nearNics >= 0 && nearNics <= static_cast<std::int64_t>(nics), "gpuNics out of range");

    (void)simcore::nvTopoChoice(node);
    const auto cluster = simcore::nvTopoCluster(node);
    require(cluster.has_value(), "nvTopoCluster failed with the default options");
    require(!simcore::validateTopology(*cluster), "the imported cluster fails validateTopology");
    const auto links = simcore::equivalentLinks(*cluster);
    requireFinite(links.intra, "equivalent intra link not finite or not positive");
    const auto ring =
        simcore::topologyAllReduce(*cluster, node.gpus, 1e9, simcore::CommAlgorithm::Ring);
    require(!ring.error, "a ring all-reduce over every imported GPU failed");
    require(std::isfinite(ring.cost.seconds) && ring.cost.seconds >= 0, "ring time not finite");
    for (const auto& hop : ring.hops) {
        require(std::isfinite(hop.busySeconds) && std::isfinite(hop.utilisation),
                "a hop's busy time or utilisation is not finite");
    }
    return 0;
}
