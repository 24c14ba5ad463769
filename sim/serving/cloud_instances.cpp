#include "sim/serving/cloud_instances.hpp"

#include <algorithm>
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/serving/replica_runtime.hpp"

namespace servesim {

CloudInstances::CloudInstances(EngineContext& context, ReplicaRuntime& replicas)
    : EnginePart(context), replicas_(replicas), spot_rng_(context.config.seed, "cloud/spot-interruptions") {}

void CloudInstances::handle(const Event& event) {
  switch (event.kind) {
    case kInstanceReady:
      on_instance_ready(static_cast<InstanceId>(event.payload));
      break;
    case kInterruptionNotice:
      on_interruption_notice(static_cast<InstanceId>(event.payload));
      break;
    case kInstanceTerminate:
      terminate_instance(static_cast<InstanceId>(event.payload));
      break;
    case kScheduledInterruption:
      on_scheduled_interruption(static_cast<std::uint32_t>(event.payload));
      break;
  }
}

void CloudInstances::start() {
  for (const auto& group : config().cloud.instances) {
    for (std::uint32_t i = 0; i < group.count; ++i) add_instance(group.type, group.market, /*warm=*/true);
  }
  if (!config().cloud.spot_interruptions) return;
  const auto& scheduled = config().cloud.spot_interruptions->scheduled();
  for (std::uint32_t i = 0; i < scheduled.size(); ++i) {
    // Each listed time is a termination; its notice comes that much earlier.
    const SimTime notice = scheduled[i].first - config().cloud.spot_interruptions->notice;
    if (scheduled[i].first < ctx_.end) schedule(std::max(notice, SimTime::zero()), kScheduledInterruption, i);
  }
}

InstanceId CloudInstances::add_instance(InstanceTypeId type_id, Market market, bool warm) {
  const InstanceType& type = config().hardware->instance_type(type_id);
  const auto id = static_cast<InstanceId>(instances_.size());
  Instance instance;
  instance.type = type_id;
  instance.market = market;
  instance.requested = now();
  instance.ready_at = warm ? now() : now() + config().cloud.boot_latency_of(type_id, type.boot_latency);
  instance.state = warm ? InstanceState::kRunning : InstanceState::kBooting;
  if (type.burstable) instance.credits.emplace(*type.burstable, type.vcpus, now());
  for (const DeviceSlot& slot : type.devices) {
    for (std::uint32_t i = 0; i < slot.count; ++i) {
      instance.devices.push_back(replicas_.add_device(slot.type, id, /*ready=*/warm));
      replicas_.device_at(instance.devices.back()).on_burstable = instance.credits.has_value();
    }
  }
  instance_records_.push_back(InstanceRecord{type_id, market, instance.requested, instance.ready_at, SimTime::never(),
                                            instance.devices.empty() ? 0 : instance.devices.front(),
                                            static_cast<std::uint32_t>(instance.devices.size())});
  instances_.add(std::make_unique<Instance>(std::move(instance)));
  if (!warm) schedule(instance_at(id).ready_at, kInstanceReady, id);
  if (market == Market::kSpot && config().cloud.spot_interruptions) {
    const auto at = config().cloud.spot_interruptions->draw_for_instance(now(), spot_rng_);
    if (at && *at < ctx_.end) {
      instance_at(id).interruption_at = *at;
      const SimTime notice = *at - config().cloud.spot_interruptions->notice;
      schedule(std::max(notice, now()), kInterruptionNotice, id);
    }
  }
  return id;
}

InstanceId CloudInstances::launch_instance(InstanceTypeId type, Market market) {
  if (type >= config().hardware->instance_types().size()) throw InvariantError("launch of an unknown instance type");
  ctx_.actions.count(ControlAction::kLaunchInstance);
  return add_instance(type, market, /*warm=*/ctx_.starting);
}

void CloudInstances::on_instance_ready(InstanceId id) {
  if (!instances_.get(id)) return;  // stopped while booting, and freed
  Instance& instance = instance_at(id);
  if (instance.state != InstanceState::kBooting) return;  // stopped or taken back while booting
  // A notice that came during the boot leaves it running out its last minutes.
  instance.state = instance.noticed ? InstanceState::kInterrupted : InstanceState::kRunning;
  for (DeviceId d : instance.devices) replicas_.device_ready(d);  // replicas requested meanwhile load now
  ctx_.call_policy([&](Controller& policy, ClusterControl& control, const ClusterView& view) {
    policy.on_instance_ready(id, control, view);
  });
}

void CloudInstances::on_interruption_notice(InstanceId id) {
  if (!instances_.get(id)) return;  // stopped before its interruption, and freed
  Instance& instance = instance_at(id);
  if (!instance.alive() || instance.state == InstanceState::kStopping || instance.noticed) return;
  instance.noticed = true;
  if (instance.state == InstanceState::kRunning) instance.state = InstanceState::kInterrupted;
  schedule(std::max(instance.interruption_at, now()), kInstanceTerminate, id);
  ctx_.call_policy([&](Controller& policy, ClusterControl& control, const ClusterView& view) {
    policy.on_interruption_notice(id, instance.interruption_at, control, view);
  });
}

// A listed interruption takes back the `count` oldest running spot instances.
void CloudInstances::on_scheduled_interruption(std::uint32_t index) {
  const auto& [at, count] = config().cloud.spot_interruptions->scheduled()[index];  // `at`: termination
  std::uint32_t taken = 0;
  for (InstanceId id = 0; id < instances_.size() && taken < count; ++id) {
    if (!instances_.get(id)) continue;
    Instance& instance = instance_at(id);
    if (instance.market != Market::kSpot || !instance.usable() || instance.noticed) continue;
    instance.interruption_at = at;
    on_interruption_notice(id);
    ++taken;
  }
}

void CloudInstances::terminate_instance(InstanceId id) {
  if (!instances_.get(id)) return;  // stopped before, and freed
  Instance& instance = instance_at(id);
  if (!instance.alive()) return;
  // No re-routed query may land on a sibling replica that is about to go too.
  for (DeviceId d : instance.devices) {
    for (ReplicaId r : replicas_.device_at(d).replicas) replicas_.stop_accepting(*replicas_.live_replica(r));
  }
  for (DeviceId d : instance.devices) {
    const std::vector<ReplicaId> hosted = replicas_.device_at(d).replicas;  // evict_replica edits the list
    for (ReplicaId r : hosted) replicas_.evict_replica(*replicas_.live_replica(r));
  }
  instance.state = InstanceState::kStopped;
  instance.stopped_at = now();
  instance.taken_back = true;
  for (DeviceId d : instance.devices) replicas_.device_at(d).exec.retire(now());
  notify_gone(id);
}

void CloudInstances::stop_instance(InstanceId id) {
  if (id >= instances_.size()) throw InvariantError("stop of instance " + std::to_string(id) + ", which never existed");
  if (!instances_.get(id)) return;  // long gone
  Instance& instance = instance_at(id);
  if (!instance.alive() || instance.state == InstanceState::kStopping) return;
  ctx_.actions.count(ControlAction::kStopInstance);
  if (instance.state == InstanceState::kBooting) {
    // Nothing ran on it yet: it stops at once, and queries already routed to
    // its loading replicas go elsewhere (or fail) as on a lost instance.
    terminate_instance(id);
    instance.taken_back = false;  // the policy stopped it
    return;
  }
  instance.state = InstanceState::kStopping;
  for (DeviceId d : instance.devices) {
    const std::vector<ReplicaId> hosted = replicas_.device_at(d).replicas;
    for (ReplicaId r : hosted) replicas_.request_unload(r);  // part of the stop, not actions of their own
  }
  finish_stop_if_drained(id);
}

void CloudInstances::finish_stop_if_drained(InstanceId id) {
  Instance& instance = instance_at(id);
  if (instance.state != InstanceState::kStopping) return;
  for (DeviceId d : instance.devices) {
    if (!replicas_.device_at(d).replicas.empty()) return;
  }
  instance.state = InstanceState::kStopped;
  instance.stopped_at = now();
  for (DeviceId d : instance.devices) replicas_.device_at(d).exec.retire(now());
  notify_gone(id);
}

void CloudInstances::notify_gone(InstanceId id) {
  ctx_.call_policy([&](Controller& policy, ClusterControl& control, const ClusterView& view) {
    policy.on_instance_gone(id, control, view);
  });
}

// Null once stopped, billed and freed; an id never handed out is an error.
const Instance* CloudInstances::known_instance(InstanceId id) const {
  if (id >= instances_.size()) throw InvariantError("no instance " + std::to_string(id));
  return instances_.get(id);
}

InstanceInfo CloudInstances::instance_info(InstanceId id) const {
  const Instance* live = known_instance(id);
  if (!live) {  // stopped, billed and freed: only its type, market and state are known
    const InstanceRecord& r = instance_records_[id];
    InstanceInfo gone{r.type, r.market, InstanceState::kStopped, r.requested, r.ready_at, r.interruption_at, {}, 0.0};
    for (std::uint32_t k = 0; k < r.device_count; ++k) gone.devices.push_back(r.first_device + k);
    return gone;
  }
  const Instance& i = *live;
  InstanceInfo info{i.type, i.market, i.state, i.requested, i.ready_at, SimTime::never(), i.devices, 0.0};
  if (i.noticed) info.interruption_at = i.interruption_at;
  if (i.credits) {
    CpuCreditBalance settled = *i.credits;  // settled to now without touching the run's own
    settled.advance(now(), replicas_.busy_vcpus(i));
    info.cpu_credits = settled.balance();
  }
  return info;
}

InstanceState CloudInstances::instance_state(InstanceId id) const {
  const Instance* live = known_instance(id);
  return live ? live->state : InstanceState::kStopped;
}

double CloudInstances::spot_price_per_hour(InstanceTypeId type) const {
  const double on_demand = config().hardware->instance_type(type).price_per_hour;
  return servesim::spot_price_per_hour(config().cloud.spot_pricing, type, on_demand, now());
}

// A spot instance's first hour enters the ledger only once it is over (or the
// instance stopped, or the run ended): if the cloud takes the instance back
// during it, AWS charges nothing, and a ledger never refunds.
double CloudInstances::instance_bill(const Instance& instance, const InstanceType& type, SimTime until) const {
  if (instance.market == Market::kOnDemand) return type.billing.charge(type.price_per_hour, until - instance.requested);
  if (instance.alive() && until < ctx_.end && until - instance.requested < from_seconds(3600)) return 0;
  const auto& pricing = config().cloud.spot_pricing;
  return instance.taken_back
             ? spot_cost_when_interrupted(pricing, instance.type, type.price_per_hour, instance.requested, until)
             : spot_cost(pricing, instance.type, type.price_per_hour, instance.requested, until);
}

// Under each type's rule; what is new since the last window enters the ledger.
void CloudInstances::bill_instances(ClusterSnapshot& snapshot) {
  for (InstanceId id = 0; id < instances_.size(); ++id) {
    if (!instances_.get(id)) continue;
    Instance& instance = instance_at(id);
    const InstanceType& type = config().hardware->instance_type(instance.type);
    const SimTime until = std::min(now(), instance.stopped_at);
    const double total = instance_bill(instance, type, until);
    const double delta = total - instance.billed;
    instance.billed = total;
    if (delta != 0) {
      if (instance.market == Market::kSpot) {
        snapshot.ledger.add_spot(type.name, delta);
      } else {
        snapshot.ledger.add_on_demand(type.name, delta);
      }
    }
    if (!instance.alive()) {
      free_instance(id);  // its bill is final
      continue;
    }
    if (instance.market == Market::kSpot) {
      ++snapshot.instances_spot;
      snapshot.cost_per_hour += spot_price_per_hour(instance.type);
    } else {
      ++snapshot.instances_on_demand;
      snapshot.cost_per_hour += type.price_per_hour;
    }
  }
}

double CloudInstances::expected_bill() const {
  double bill = freed_instances_bill_;
  for (InstanceId id = 0; id < instances_.size(); ++id) {
    const Instance* instance = instances_.get(id);
    if (!instance) continue;  // freed, its final bill counted above
    const InstanceType& type = config().hardware->instance_type(instance->type);
    bill += instance_bill(*instance, type, std::min(now(), instance->stopped_at));
  }
  return bill;
}

// A stopped instance whose bill is final goes, with its devices; the engine
// keeps a few bytes of each.
void CloudInstances::free_instance(InstanceId id) {
  const Instance& instance = instance_at(id);
  for (DeviceId d : instance.devices) replicas_.erase_device(d);
  freed_instances_bill_ += instance.billed;
  InstanceRecord& record = instance_records_[id];
  record.ready_at = instance.ready_at;
  if (instance.noticed) record.interruption_at = instance.interruption_at;
  instances_.erase(id);
}

}  // namespace servesim
