#pragma once
// AutoScale (autoscale_rule.hpp) driving a pipeline deployed as
// StageReplicas, in units: a unit is unit[s] replicas of every stage s. The
// coarse-grained baselines' unit is one replica of every stage (SoCC'20,
// section 6: "the pipeline is then replicated as a single unit"); the
// inferline policy's "tuner": "autoscale" takes its whole plan as the unit.
#include <cstdint>
#include <span>
#include <vector>

#include "policies/inferline/autoscale_rule.hpp"
#include "policies/inferline/stage_replicas.hpp"

namespace servesim::inferline {

struct UnitStep {
  std::uint32_t before = 0;  // complete units before the step
  std::uint32_t target = 0;  // what the rule asked for
  std::uint32_t after = 0;   // complete units after it
  StageReplicas::Change replicas;  // summed over the stages
  std::uint32_t units_short() const { return target > after ? target - after : 0; }
};

class UnitAutoscaler {
 public:
  // Application `app`'s pipeline; unit[s] >= 1 replicas of stage s per
  // unit; the unit sustains `unit_throughput_qps` pipeline queries per second.
  UnitAutoscaler(AppId app, std::vector<std::uint32_t> unit, double unit_throughput_qps, Duration slo);

  // Complete units: min over the stages of floor(replicas / unit[s]). A unit
  // only partly placed (no free device for some stage) does not count; its
  // replicas stay and serve, and the next step that adds completes it.
  std::uint32_t units(std::span<const StageReplicas> stages) const;
  // One AutoScale step: n is the application's queries in the system
  // (ClusterView::queries_in_system), as AutoScale counts the requests in a
  // black box, not the visits of its stages: a query in two parallel
  // branches is one request. When
  // the rule changes the count every stage goes to target x unit[s]
  // replicas (adding at once, removing the newest first); when it keeps the
  // count nothing moves.
  UnitStep step(std::span<StageReplicas> stages, ClusterControl& control, const ClusterView& view);

 private:
  AppId app_;
  std::vector<std::uint32_t> unit_;
  AutoScaleRule rule_;
};

}  // namespace servesim::inferline
