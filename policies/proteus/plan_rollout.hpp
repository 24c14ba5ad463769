#pragma once
// Puts a DevicePlan on the cluster. A device whose option changes loads the
// new variant while its old replica keeps serving (nothing executes on a
// loading replica, so the MILP's one variant per device, Eq. 1, still holds
// for execution). An old replica retires (stops taking queries, serves what
// it holds, then frees its memory):
//   - when its replacement on the device, of the same application, serves;
//   - otherwise as soon as its application is served elsewhere, or will not
//     be (no other device of the plan loads it);
//   - at once when the new variant does not fit beside it (the new one loads
//     once it has drained);
// so a swap never leaves an application without a serving replica while
// another device is still loading one for it. Meanwhile the device may run
// both replicas (slowed only if its type models interference). A plan thus takes full effect after the solve delay plus the load
// latencies. Replicas made in Controller::start are warm.
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "policies/proteus/device_plan.hpp"
#include "policies/proteus/routing_weights.hpp"
#include "sim/serving/cluster_control.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::proteus {

class PlanRollout {
 public:
  using BatcherFor = std::function<BatcherSpec(std::uint32_t option, DeviceTypeId type)>;

  PlanRollout(std::size_t devices, const std::vector<VariantOption>& options, BatcherFor batcher);

  void apply(const DevicePlan& plan, ClusterControl& control, const ClusterView& view);
  // Retires the replicas whose application no longer needs them, and retries
  // the loads that wait for memory. Call when a replica becomes active and on ticks.
  void settle(ClusterControl& control, const ClusterView& view);
  bool waiting() const;

  // The option device d hosts or is loading (or waits to load).
  std::optional<std::uint32_t> option_on(DeviceId d) const { return slots_[d].option; }
  std::vector<std::optional<std::uint32_t>> hosted() const;
  // Every replica serving queries now (per device: its target once active,
  // and the replicas it replaces while they still serve).
  std::vector<Serving> serving(const ClusterView& view) const;
  std::uint64_t loads() const { return loads_; }

 private:
  struct Slot {
    std::optional<std::uint32_t> option;  // the target
    std::optional<ReplicaId> replica;     // the target's replica; none while waiting
    std::vector<Serving> retiring;        // the replicas it replaces, while they serve
    bool waiting = false;                 // for memory
  };

  void change(DeviceId d, std::optional<std::uint32_t> target, ClusterControl& control, const ClusterView& view);
  void try_load(DeviceId d, ClusterControl& control, const ClusterView& view);
  bool target_active(const Slot& slot, const ClusterView& view) const;
  bool keeps_serving(DeviceId d, const Serving& old, const ClusterView& view) const;
  AppId app_of(std::uint32_t option) const { return options_[option].app; }

  std::vector<Slot> slots_;
  const std::vector<VariantOption>& options_;
  BatcherFor batcher_;
  std::uint64_t loads_ = 0;
};

}  // namespace servesim::proteus
