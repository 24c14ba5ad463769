#pragma once
// `queue-threshold`: a threshold autoscaler, the simplest elastic policy a
// cloud offers, and the worked example of docs/adding_a_policy.md. Each
// application has a fleet of one instance type serving its family's most
// accurate variant (a replica per serving device); queries join the replica
// with the fewest outstanding. Every tick it looks at the queued queries per
// replica in service: above scale_up_queue it adds an instance (unless one
// is still booting: the last addition has not shown its effect yet); below
// scale_down_queue for scale_down_ticks ticks in a row it removes the newest.
// An instance the cloud takes back is replaced. Parameters:
// queue_threshold_params.hpp. Counters: scale_ups, scale_downs,
// instances_launched, peak_instances (summed over the applications).
#include <cstdint>
#include <vector>

#include "policies/policy.hpp"
#include "policies/queue_threshold/queue_threshold_params.hpp"

namespace servesim::queue_threshold {

class QueueThresholdPolicy final : public Policy {
 public:
  struct Stats {
    std::uint64_t scale_ups = 0;
    std::uint64_t scale_downs = 0;
    std::uint64_t instances_launched = 0;
    std::uint32_t peak_instances = 0;
  };

  QueueThresholdPolicy(const JsonNode& params, const PolicyContext& context);

  std::string_view name() const override { return "queue-threshold"; }
  void start(ClusterControl& control, const ClusterView& view) override;
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override;
  Duration tick_interval() const override { return params_.tick; }
  void on_tick(ClusterControl& control, const ClusterView& view) override;
  void on_instance_gone(InstanceId id, ClusterControl& control, const ClusterView& view) override;
  void report(PolicyCounters& out) const override;

  const Stats& stats() const { return stats_; }
  std::uint32_t fleet_size(AppId app) const { return static_cast<std::uint32_t>(fleets_.at(app).members.size()); }

 private:
  struct Member {
    InstanceId instance;
    std::vector<ReplicaId> replicas;
  };
  struct Fleet {
    VariantId variant = 0;
    std::vector<Member> members;  // oldest first
    std::uint32_t quiet_ticks = 0;
  };

  void launch(Fleet& fleet, ClusterControl& control, const ClusterView& view);
  void scale(Fleet& fleet, ClusterControl& control, const ClusterView& view);

  QueueThresholdParams params_;
  std::string where_;
  std::vector<Fleet> fleets_;  // by AppId
  Stats stats_;
};

}  // namespace servesim::queue_threshold
