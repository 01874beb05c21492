#pragma once
// The figures of the links dtsim knows best, in one place: the link catalogue (links.h), the
// topology presets (topology.h) and the scenario's default hardware.* keys (scenario.h) all use
// these, so the default cluster is priced alike on every panel.

namespace simcore {

/// Per-hop latencies α, seconds: of the order NCCL's own tuning model uses (NVIDIA/nccl
/// src/graph/tuning.cc, hwLat, Ring/Simple protocol, NCCL 2.8 era: NVLink 3.4 µs, PCI 5.7 µs,
/// network 9.6 µs); they vary by system.
inline constexpr double kNvlinkLatencySeconds = 3.4e-6;
inline constexpr double kPcieLatencySeconds = 5.7e-6;
inline constexpr double kNetworkLatencySeconds = 9.6e-6;

/// NVLink 4 (H100), one direction per GPU: 18 links × 25 GB/s (H100 whitepaper, MODELS §7).
inline constexpr double kNvlink4BytesPerSecond = 450e9;
/// One InfiniBand NDR port, one direction: 400 Gb/s ÷ 8 (ConnectX-7, MODELS §7).
inline constexpr double kInfinibandNdrBytesPerSecond = 50e9;

} // namespace simcore
