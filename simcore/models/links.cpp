#include "simcore/models/links.h"

#include "simcore/scenario/linkfigures.h"

#include <array>

namespace simcore {

namespace {

// PCIe x16, one direction: transfer rate × 16 lanes × 128b/130b encoding ÷ 8 bits per byte.
constexpr double pcieX16BytesPerSecond(double gigaTransfersPerSecond)
{
    return gigaTransfersPerSecond * 1e9 * 16.0 * (128.0 / 130.0) / 8.0;
}

// A serial network port: line rate in Gb/s (after encoding) ÷ 8.
constexpr double portBytesPerSecond(double gigabitsPerSecond)
{
    return gigabitsPerSecond * 1e9 / 8.0;
}

// Per-hop latencies, seconds (see LinkSpec::link and linkfigures.h).
constexpr double kNvlinkLatency = kNvlinkLatencySeconds;
constexpr double kPcieLatency = kPcieLatencySeconds;
constexpr double kNetworkLatency = kNetworkLatencySeconds;

const std::array kCatalogue{
    LinkSpec{"pcie4-x16", "PCIe 4.0 x16", LinkScope::IntraNode,
             Link{kPcieLatency, pcieX16BytesPerSecond(16)},
             "PCI-SIG PCI Express Base Specification 4.0: 16 GT/s per lane, 128b/130b encoding "
             "→ 16 × 16 × 128/130 / 8 ≈ 31.5 GB/s per direction (MODELS §7: ≈ 32 GB/s)"},
    LinkSpec{"pcie5-x16", "PCIe 5.0 x16", LinkScope::IntraNode,
             Link{kPcieLatency, pcieX16BytesPerSecond(32)},
             "PCI-SIG PCI Express Base Specification 5.0: 32 GT/s per lane, 128b/130b encoding "
             "→ ≈ 63 GB/s per direction (MODELS §7: ≈ 64 GB/s)"},
    LinkSpec{"nvlink3", "NVLink 3 (A100)", LinkScope::IntraNode, Link{kNvlinkLatency, 300e9},
             "NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020): 12 NVLink 3 links, "
             "600 GB/s total both directions → 300 GB/s one direction per GPU"},
    LinkSpec{"nvlink4", "NVLink 4 (H100)", LinkScope::IntraNode, Link{kNvlinkLatency, kNvlink4BytesPerSecond},
             "NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022): 18 NVLink 4 links × "
             "50 GB/s = 900 GB/s both directions → 450 GB/s one direction per GPU (MODELS §7)"},
    LinkSpec{"nvlink5", "NVLink 5 (B200)", LinkScope::IntraNode, Link{kNvlinkLatency, 900e9},
             "NVIDIA Blackwell / DGX B200 datasheet (2024): NVLink 5, 1.8 TB/s per GPU both "
             "directions → 900 GB/s one direction per GPU"},
    LinkSpec{"ib-hdr", "InfiniBand HDR (200 Gb/s)", LinkScope::InterNode,
             Link{kNetworkLatency, portBytesPerSecond(200)},
             "InfiniBand Trade Association roadmap, HDR 4x = 200 Gb/s; NVIDIA ConnectX-6 "
             "product brief → 25 GB/s one direction per GPU with one HCA per GPU (MODELS §7)"},
    LinkSpec{"ib-ndr", "InfiniBand NDR (400 Gb/s)", LinkScope::InterNode,
             Link{kNetworkLatency, portBytesPerSecond(400)},
             "InfiniBand Trade Association roadmap, NDR 4x = 400 Gb/s; NVIDIA ConnectX-7 "
             "product brief → 50 GB/s one direction per GPU with one HCA per GPU (MODELS §7)"},
    LinkSpec{"ib-xdr", "InfiniBand XDR (800 Gb/s)", LinkScope::InterNode,
             Link{kNetworkLatency, portBytesPerSecond(800)},
             "InfiniBand Trade Association roadmap, XDR 4x = 800 Gb/s; NVIDIA ConnectX-8 "
             "product brief → 100 GB/s one direction per GPU with one HCA per GPU (MODELS §7)"},
    LinkSpec{"eth-100g", "100 Gigabit Ethernet", LinkScope::InterNode,
             Link{kNetworkLatency, portBytesPerSecond(100)},
             "IEEE 802.3ba-2010 (100GBASE-*): 100 Gb/s → 12.5 GB/s one direction per GPU with "
             "one NIC per GPU (MODELS §7)"},
    LinkSpec{"eth-400g", "400 Gigabit Ethernet", LinkScope::InterNode,
             Link{kNetworkLatency, portBytesPerSecond(400)},
             "IEEE 802.3bs-2017 (400GBASE-*): 400 Gb/s → 50 GB/s one direction per GPU with "
             "one NIC per GPU"},
};

} // namespace

std::span<const LinkSpec> linkCatalogue()
{
    return kCatalogue;
}

const LinkSpec* findLink(std::string_view id)
{
    for (const auto& entry : kCatalogue) {
        if (entry.id == id) {
            return &entry;
        }
    }
    return nullptr;
}

Scenario withLink(Scenario scenario, bool intra, const LinkSpec& spec)
{
    auto& hardware = scenario.hardware;
    (intra ? hardware.intraBandwidthBytesPerSecond : hardware.interBandwidthBytesPerSecond) =
        spec.link.bandwidthBytesPerSecond;
    (intra ? hardware.intraLatencySeconds : hardware.interLatencySeconds) =
        spec.link.latencySeconds;
    return scenario;
}

} // namespace simcore
