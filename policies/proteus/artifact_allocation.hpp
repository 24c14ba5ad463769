#pragma once
// A static allocation in the Proteus public artifact's format (Proteus public
// code, algorithms/ilp.py get_solution_from_file and algorithms/clipper.py;
// files algorithms/*_solutions/*.txt): the allocations its Clipper-HA/HT,
// Sommelier and Proteus start from. Six lines, each dict a Python literal:
//
//   required_predictors:
//   {('resnet50_v1', 'CPU'): 2, ...}          count per (variant, device type)
//   canary_dict:
//   {('CPU-0', 3): 0.25, ...}                 routing share per (device, query type)
//   ilp_x:
//   {('resnet50_v1', 'CPU-0'): 1, ...}        variant per device
//
// The artifact places from ilp_x (its apply_ilp_solution rebuilds the counts
// from it), so required_predictors is read for its syntax only; a query type
// is the index of the application (the artifact numbers them by its trace
// files' sorted names). Checked here: a device named twice in ilp_x, a
// device or query type named twice in canary_dict, and shares of a query type
// that do not sum to 1 (within 1e-6: the artifact's files are solver output,
// e.g. 0.9999999999998743 + 1.26e-13). Whether variants and devices exist is
// the caller's to check (start_allocation.hpp). Every error is one line naming
// the file and line.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace servesim::proteus {

// "CPU-3": type "CPU", index 3.
struct ArtifactDevice {
  std::string type;
  std::uint32_t index = 0;
  bool operator==(const ArtifactDevice&) const = default;
  std::string name() const;  // "CPU-3"
};

struct ArtifactHost {
  ArtifactDevice device;
  std::string variant;
};

struct ArtifactShare {
  ArtifactDevice device;
  std::uint32_t query_type = 0;
  double share = 0;
};

struct ArtifactAllocation {
  std::filesystem::path file;
  std::size_t hosts_line = 0;   // the line of ilp_x's dict
  std::size_t shares_line = 0;  // the line of canary_dict's dict
  std::vector<ArtifactHost> hosts;    // in the file's order
  std::vector<ArtifactShare> shares;  // in the file's order
};

// Throws InputError "file:line: ..." for anything malformed.
ArtifactAllocation read_artifact_allocation(const std::filesystem::path& file);

}  // namespace servesim::proteus
