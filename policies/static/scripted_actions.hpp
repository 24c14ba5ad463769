#pragma once
// Scripted control actions for the static policy, so one scenario can walk
// through the cloud world by hand (launch, stop, standbys on spot notices):
//   "script": [
//     {"at_s": 60, "launch": {"instance_type": "c5.xlarge", "market": "spot", "count": 1,
//                             "load": [{"variant": "inception_v3", "count": 1, "weight": 1,
//                                       "batcher": {...}, "concurrency": 1}]}},
//     {"at_s": 900, "stop": {"instance_type": "c5.xlarge"}},
//     {"on": "interruption_notice", "launch": {...}}]
// A launch requests its instances at once and their replicas with them (they
// load when the instance is up). A stop drains and stops every running
// instance of that type. An "on" entry fires at every interruption notice.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "policies/catalog_refs.hpp"
#include "sim/core/json_node.hpp"
#include "sim/serving/cluster_control.hpp"
#include "sim/serving/cluster_view.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim {

using ScriptedLoad = ReplicaParams;

class ActionScript {
 public:
  // Called for every replica a scripted launch loads, with its routing weight.
  using OnLoaded = std::function<void(ReplicaId, double weight)>;

  ActionScript() = default;
  ActionScript(const JsonNode& list, const PolicyWorld& world);

  bool empty() const { return entries_.empty(); }
  // The variants the script's launches load, so that a stage no placement
  // serves at start is not taken for a mistake when a launch will serve it.
  std::vector<VariantId> launched_variants() const;
  // Runs the timed entries due by now.
  void run_due(ClusterControl& control, const ClusterView& view, const OnLoaded& on_loaded);
  void on_interruption_notice(ClusterControl& control, const ClusterView& view, const OnLoaded& on_loaded);

 private:
  struct Launch {
    InstanceTypeId type = 0;
    Market market = Market::kOnDemand;
    std::uint32_t count = 1;
    std::vector<ScriptedLoad> loads;
  };
  struct Entry {
    bool on_notice = false;
    SimTime at;
    std::optional<Launch> launch;
    std::optional<InstanceTypeId> stop;
    std::string where;
    bool done = false;
  };

  Entry parse_entry(const JsonNode& node, const PolicyWorld& world) const;
  static ScriptedLoad parse_load(const JsonNode& node, const PolicyWorld& world);
  void execute(const Entry& entry, ClusterControl& control, const ClusterView& view, const OnLoaded& on_loaded) const;

  std::vector<Entry> entries_;
};

}  // namespace servesim
