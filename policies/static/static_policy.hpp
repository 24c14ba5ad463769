#pragma once
// A fixed placement and fixed batchers, given in the scenario, plus optional
// scripted cloud actions (a one-second tick runs them) and Lambda overflow. It
// exercises every engine path and is the reference for the engine's tests.
//
// params:
//   "placement": [{"variant": "resnet50", "device_type": "v100", "count": 2,
//                  "batcher": {"kind": "greedy", "max_batch": 8} (any kind of batcher_params.hpp),
//                  "concurrency": 1, "weight": 1.0,
//                  "device": 3 (optional: this device of the fixed cluster, for co-location studies)}],
//   "routing": "least_loaded" (default) | "round_robin" | "weighted" | "central_queue",
//   "script": [...] (timed launches and stops; see scripted_actions.hpp),
//   "lambda_overflow": {"function": "incv3", "queue_above": 8}
// With lambda_overflow, a query whose chosen replica already holds more than
// queue_above queries (or that has no replica) goes to the Lambda function.
// Each replica goes to the device of its type with the most free memory (lowest
// index on ties), or to the placement's "device". A stage is routed among the replicas of its family that meet
// the application's accuracy floor. Offline jobs are dispatched at once,
// split evenly over the replicas that serve them, at low priority.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "policies/catalog_refs.hpp"
#include "policies/param_table.hpp"
#include "policies/policy.hpp"
#include "policies/static/scripted_actions.hpp"
#include "sim/core/json_node.hpp"
#include "sim/core/random_stream.hpp"

namespace servesim {

class StaticPolicy final : public Policy {
 public:
  enum class Routing : std::uint8_t { kLeastLoaded, kRoundRobin, kWeighted, kCentralQueue };

  StaticPolicy(const JsonNode& params, const PolicyContext& context);
  // Its parameters, declared once.
  static const ParamTable& param_table();

  std::string_view name() const override { return "static"; }
  void start(ClusterControl& control, const ClusterView& view) override;
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override;
  Duration tick_interval() const override;
  void on_tick(ClusterControl& control, const ClusterView& view) override;
  void on_interruption_notice(InstanceId id, SimTime at, ClusterControl& control, const ClusterView& view) override;
  void on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) override;
  // Offline jobs: no throttle; every input goes to the job's replicas at once
  // (offline_dispatch.hpp), and what could not go (no replica yet, or one
  // lost) goes on the next tick or when an instance is gone.
  void on_offline_submitted(OfflineJobId job, ClusterControl& control, const ClusterView& view) override;

 private:
  struct Placement {
    ReplicaParams replica;
    DeviceTypeId device_type = 0;
    std::optional<DeviceId> device;  // a given device of the fixed cluster
    std::string where;  // JSON path, for errors found at start
  };
  struct Candidates {
    std::vector<ReplicaId> replicas;
    std::vector<double> cumulative_weight;  // kWeighted
    std::uint32_t next = 0;                 // kRoundRobin
  };

  struct LambdaOverflow {
    std::uint32_t function = 0;
    std::uint64_t queue_above = 0;  // overflow when the chosen replica holds more
  };

  Placement parse_placement(const JsonNode& node, const PolicyContext& context) const;
  static LambdaOverflow parse_overflow(const JsonNode& node, const PolicyWorld& world);
  void place(const Placement& placement, ClusterControl& control, const ClusterView& view);
  void record_weight(ReplicaId id, double weight);
  void build_candidates(const ClusterView& view, bool at_start);
  void refresh_candidates(ClusterControl& control, const ClusterView& view);
  void attach_to_central_queues(ClusterControl& control, const ClusterView& view);
  void check_offline_replicas(const ClusterView& view) const;
  void redispatch_offline(ClusterControl& control, const ClusterView& view);
  ReplicaId pick(Candidates& candidates, const ClusterView& view);
  ReplicaId least_loaded(const Candidates& candidates, const ClusterView& view) const;
  ReplicaId least_loaded_of(const Candidates& candidates, const ClusterView& view, bool check_accepts) const;

  std::vector<Placement> placements_;
  Routing routing_ = Routing::kLeastLoaded;
  std::vector<double> replica_weight_;           // by replica id
  std::vector<std::uint32_t> central_list_of_;   // kCentralQueue: by replica id, its candidate list + 1 (0: none)
  std::vector<std::uint32_t> stage_offset_;      // first candidate list of each app
  std::vector<Candidates> candidates_;           // by stage_offset_[app] + stage
  RandomStream rng_;
  ActionScript script_;
  std::optional<LambdaOverflow> lambda_overflow_;
  std::string where_;  // "file: policies[i].params", for errors found at start
};

}  // namespace servesim
