#pragma once
// Catalogue of interconnects. Every bandwidth is one direction, per GPU (MODELS §7): the rate at
// which one GPU can send while it also receives at the same rate. Nominal (signalling) rates
// after line encoding; real transfers run below them (MODELS §7: 8×H100 measure ≈ 380 GB/s of
// NVLink 4's 450 GB/s one way).

#include "simcore/models/collectives.h"

#include <span>
#include <string_view>

namespace simcore {

/// What kind of wire a link is: inside a node or between nodes.
enum class LinkScope {
    IntraNode, ///< PCIe, NVLink
    InterNode, ///< InfiniBand, Ethernet
};

/// One catalogue entry.
struct LinkSpec {
    std::string_view id;   ///< stable id, e.g. "nvlink4", "ib-ndr"
    std::string_view name; ///< English display name, e.g. "NVLink 4 (H100)"
    LinkScope scope = LinkScope::IntraNode;
    /// α (s) and B (bytes/s, one direction, per GPU). The latency is a per-hop figure of the order
    /// NCCL's own tuning model uses (NVIDIA/nccl src/graph/tuning.cc, hwLat, Ring/Simple protocol:
    /// NVLink 3.4 µs, PCI 5.7 µs, network 9.6 µs in the NCCL 2.8 era); it varies by system.
    Link link;
    std::string_view source; ///< where the bandwidth comes from (specification or vendor document)
};

/// The label every chart and read-out uses next to a catalogue bandwidth.
constexpr std::string_view kLinkBandwidthConvention = "one direction, per GPU";

/// Every entry: PCIe 4.0/5.0 x16, NVLink 3/4/5, InfiniBand HDR/NDR/XDR, 100/400 GbE.
std::span<const LinkSpec> linkCatalogue();

/// The entry with this id, or nullptr.
const LinkSpec* findLink(std::string_view id);

/// The scenario with the link inside a node (`intra`: hardware.intra_bandwidth and
/// hardware.intra_latency) or between nodes (hardware.inter_*) set to a catalogue entry's
/// figures, the rest kept: one edit for both numbers.
Scenario withLink(Scenario scenario, bool intra, const LinkSpec& spec);

} // namespace simcore
