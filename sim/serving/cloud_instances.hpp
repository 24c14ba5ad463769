#pragma once
// The cloud of one run: instances launched and stopped by the policy (or
// running from the start), their boot, spot interruptions (a notice, then
// the termination), graceful stops, and their bills entered in each
// snapshot's ledger. An instance's devices live in the replica runtime.
#include <cstdint>
#include <vector>

#include "sim/core/id_pages.hpp"
#include "sim/core/random_stream.hpp"
#include "sim/serving/engine_part.hpp"

namespace servesim {

class ReplicaRuntime;

class CloudInstances final : public EnginePart {
 public:
  CloudInstances(EngineContext& context, ReplicaRuntime& replicas);

  void handle(const Event& event) override;
  // The scenario's initial instances (running), and its listed interruptions.
  void start();

  // The control's (actions counted here).
  InstanceId launch_instance(InstanceTypeId type, Market market);
  void stop_instance(InstanceId id);
  // A stopping instance stops once no replica is left on its devices.
  void finish_stop_if_drained(InstanceId id);

  // Live ids only.
  Instance& instance_at(InstanceId id) const { return *instances_.get(id); }
  bool usable(InstanceId id) const { return instance_at(id).usable(); }

  // For the view.
  std::size_t instance_count() const { return instances_.size(); }
  InstanceInfo instance_info(InstanceId id) const;
  InstanceState instance_state(InstanceId id) const;
  double spot_price_per_hour(InstanceTypeId type) const;

  // Bills each instance up to now into the snapshot's ledger, and frees
  // those whose bill is final.
  void bill_instances(ClusterSnapshot& snapshot);
  // Every instance's bill up to now, computed afresh: the money audit's.
  double expected_bill() const;

 private:
  enum EventKind : std::uint32_t { kInstanceReady, kInterruptionNotice, kInstanceTerminate, kScheduledInterruption };

  // What the view still tells of a freed instance.
  struct InstanceRecord {
    InstanceTypeId type = 0;
    Market market = Market::kOnDemand;
    SimTime requested;
    SimTime ready_at;
    SimTime interruption_at = SimTime::never();  // if a notice came
    DeviceId first_device = 0;                   // its devices are numbered consecutively
    std::uint32_t device_count = 0;
  };

  InstanceId add_instance(InstanceTypeId type, Market market, bool warm);
  const Instance* known_instance(InstanceId id) const;
  void on_instance_ready(InstanceId id);
  void on_interruption_notice(InstanceId id);
  void on_scheduled_interruption(std::uint32_t index);
  void terminate_instance(InstanceId id);
  void notify_gone(InstanceId id);
  double instance_bill(const Instance& instance, const InstanceType& type, SimTime until) const;
  void free_instance(InstanceId id);

  ReplicaRuntime& replicas_;
  IdPages<Instance> instances_;  // null once stopped, billed and freed
  std::vector<InstanceRecord> instance_records_;
  double freed_instances_bill_ = 0;  // the final bills of freed instances, for the money audit
  RandomStream spot_rng_;
};

}  // namespace servesim
