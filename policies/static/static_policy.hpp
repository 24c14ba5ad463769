#pragma once
// A fixed placement and fixed batchers, given in the scenario; no control loop.
// It exercises every engine path and is the reference for the engine's tests.
//
// params:
//   "placement": [{"variant": "resnet50", "device_type": "v100", "count": 2,
//                  "batcher": {"kind": "greedy"|"timeout", "max_batch": 8, "timeout_ms": 5},
//                  "concurrency": 1, "weight": 1.0}],
//   "routing": "least_loaded" (default) | "round_robin" | "weighted"
// Each replica goes to the device of its type with the most free memory (lowest
// index on ties). A stage is routed among the replicas of its family that meet
// the application's accuracy floor.
#include <cstdint>
#include <string>
#include <vector>

#include "policies/policy.hpp"
#include "sim/core/json_node.hpp"
#include "sim/core/random_stream.hpp"

namespace servesim {

class StaticPolicy final : public Policy {
 public:
  enum class Routing : std::uint8_t { kLeastLoaded, kRoundRobin, kWeighted };

  StaticPolicy(const JsonNode& params, const PolicyContext& context);

  std::string_view name() const override { return "static"; }
  void start(ClusterControl& control, const ClusterView& view) override;
  RouteDecision route(const RouteRequest& request, const ClusterView& view) override;

 private:
  struct Placement {
    VariantId variant = 0;
    DeviceTypeId device_type = 0;
    std::uint32_t count = 1;
    BatcherSpec batcher;
    std::uint32_t concurrency = 1;
    double weight = 1;
    std::string where;  // JSON path, for errors found at start
  };
  struct Candidates {
    std::vector<ReplicaId> replicas;
    std::vector<double> cumulative_weight;  // kWeighted
    std::uint32_t next = 0;                 // kRoundRobin
  };

  Placement parse_placement(const JsonNode& node, const PolicyContext& context) const;
  void place(const Placement& placement, ClusterControl& control, const ClusterView& view);
  void build_candidates(const ClusterView& view);
  ReplicaId pick(Candidates& candidates, const ClusterView& view);

  std::vector<Placement> placements_;
  Routing routing_ = Routing::kLeastLoaded;
  std::vector<double> replica_weight_;           // by replica id
  std::vector<std::uint32_t> stage_offset_;      // first candidate list of each app
  std::vector<Candidates> candidates_;           // by stage_offset_[app] + stage
  RandomStream rng_;
  std::string where_;  // "file: policies[i].params", for errors found at start
};

}  // namespace servesim
