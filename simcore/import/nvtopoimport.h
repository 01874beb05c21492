#pragma once
// Reading `nvidia-smi topo -m` (topology seed: check the physical wiring of the cluster): the
// GPU/NIC matrix of link codes, the CPU / NUMA affinity columns and the NIC legend, turned into
// one node of simcore's topology model. Plain C++20; the caller passes the text.
//
// The codes, as nvidia-smi's own Legend block defines them:
//   X = self; NV# = a bonded set of # NVLinks; PIX = at most a single PCIe bridge;
//   PXB = multiple PCIe bridges, not the host bridge; PHB = PCIe and a PCIe host bridge (the CPU);
//   NODE = PCIe and the interconnect between host bridges within a NUMA node;
//   SYS = PCIe and the SMP interconnect between NUMA nodes (QPI/UPI). Older drivers print SOC
//   for SYS.

#include "simcore/import/importerror.h"
#include "simcore/models/nodetopology.h"
#include "simcore/scenario/nodewiring.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simcore {

struct NvTopoParseResult {
    std::optional<NvTopoNode> node;
    std::optional<ImportError> error;
};

/// Most GPU columns a matrix may have: hardware.gpus_per_node's largest, so an imported node
/// always fits the scenario. Checked on the header, before the matrix is read.
constexpr std::int64_t kMaxTopoGpus = 1024;

/// Parses the text (decoded with textutil::decode: UTF-8 with or without a BOM, UTF-16 with
/// a BOM as PowerShell saves it, LF, CRLF or CR line ends). Memory grows with the text, never
/// with the column count alone. Accepted: tab- or space-separated columns, ANSI underline escapes,
/// any text before the matrix, NIC columns named NIC# (with a NIC Legend) or by device (mlx5_0),
/// the trailing "CPU Affinity", "NUMA Affinity" and "GPU NUMA ID" columns in any subset, SOC for
/// SYS. Refused with an ImportError (line number and what was expected): empty text, no matrix
/// header, GPU columns out of order, more than kMaxTopoGpus GPU columns, an unknown code, a row
/// with too few or too many cells, a matrix that is not symmetric or whose diagonal is not X, a
/// text that ends inside the matrix.
NvTopoParseResult parseNvidiaTopo(std::string_view bytes);

} // namespace simcore
