// The Simulation's instances: launch, boot, spot interruption (notice, then
// termination), graceful stop, and billing into the cost ledger.
#include <algorithm>
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/serving/simulation.hpp"

namespace servesim {

DeviceId Simulation::add_device(DeviceTypeId type, std::optional<InstanceId> instance, bool ready) {
  device_records_.push_back(DeviceRecord{type, instance});
  return devices_.add(std::make_unique<Device>(make_device(type, instance, ready)));
}

InstanceId Simulation::add_instance(InstanceTypeId type_id, Market market, bool warm) {
  const InstanceType& type = config_.hardware->instance_type(type_id);
  const auto id = static_cast<InstanceId>(instances_.size());
  Instance instance;
  instance.type = type_id;
  instance.market = market;
  instance.requested = loop_.now();
  instance.ready_at = warm ? loop_.now() : loop_.now() + config_.cloud.boot_latency_of(type_id, type.boot_latency);
  instance.state = warm ? InstanceState::kRunning : InstanceState::kBooting;
  if (type.burstable) instance.credits.emplace(*type.burstable, type.vcpus, loop_.now());
  for (const DeviceSlot& slot : type.devices) {
    for (std::uint32_t i = 0; i < slot.count; ++i) {
      instance.devices.push_back(add_device(slot.type, id, /*ready=*/warm));
      device_at(instance.devices.back()).on_burstable = instance.credits.has_value();
    }
  }
  instance_records_.push_back(InstanceRecord{type_id, market, instance.requested, instance.ready_at, SimTime::never(),
                                            instance.devices.empty() ? 0 : instance.devices.front(),
                                            static_cast<std::uint32_t>(instance.devices.size())});
  instances_.add(std::make_unique<Instance>(std::move(instance)));
  if (!warm) loop_.schedule(instance_at(id).ready_at, self_, kInstanceReady, id);
  if (market == Market::kSpot && config_.cloud.spot_interruptions) {
    const auto at = config_.cloud.spot_interruptions->draw_for_instance(loop_.now(), spot_rng_);
    if (at && *at < end_) {
      instance_at(id).interruption_at = *at;
      const SimTime notice = *at - config_.cloud.spot_interruptions->notice;
      loop_.schedule(std::max(notice, loop_.now()), self_, kInterruptionNotice, id);
    }
  }
  return id;
}

InstanceId Simulation::launch_instance(InstanceTypeId type, Market market) {
  if (type >= config_.hardware->instance_types().size()) throw InvariantError("launch of an unknown instance type");
  actions_.count(ControlAction::kLaunchInstance);
  return add_instance(type, market, /*warm=*/starting_);
}

void Simulation::on_instance_ready(InstanceId id) {
  if (!instances_.get(id)) return;  // stopped while booting, and freed
  Instance& instance = instance_at(id);
  if (instance.state != InstanceState::kBooting) return;  // stopped or taken back while booting
  // A notice that came during the boot leaves it running out its last minutes.
  instance.state = instance.noticed ? InstanceState::kInterrupted : InstanceState::kRunning;
  // Replicas requested while it booted start loading now.
  for (DeviceId d : instance.devices) {
    device_at(d).exec.become_ready();
    for (ReplicaId r : device_at(d).replicas) {
      loop_.schedule_after(config_.models->variant(replicas_.get(r)->variant).load_latency, self_, kReplicaReady, r);
    }
  }
  timed_policy_call([&] { controller_.on_instance_ready(id, *this, *this); });
}

void Simulation::on_interruption_notice(InstanceId id) {
  if (!instances_.get(id)) return;  // stopped before its interruption, and freed
  Instance& instance = instance_at(id);
  if (!instance.alive() || instance.state == InstanceState::kStopping || instance.noticed) return;
  instance.noticed = true;
  if (instance.state == InstanceState::kRunning) instance.state = InstanceState::kInterrupted;
  loop_.schedule(std::max(instance.interruption_at, loop_.now()), self_, kInstanceTerminate, id);
  timed_policy_call([&] { controller_.on_interruption_notice(id, instance.interruption_at, *this, *this); });
}

// A listed interruption takes back the `count` oldest running spot instances.
void Simulation::on_scheduled_interruption(std::uint32_t index) {
  const auto& [at, count] = config_.cloud.spot_interruptions->scheduled()[index];  // `at`: termination
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

void Simulation::terminate_instance(InstanceId id) {
  if (!instances_.get(id)) return;  // stopped before, and freed
  Instance& instance = instance_at(id);
  if (!instance.alive()) return;
  // No re-routed query may land on a sibling replica that is about to go too.
  for (DeviceId d : instance.devices) {
    for (ReplicaId r : device_at(d).replicas) stop_accepting(*replicas_.get(r));
  }
  for (DeviceId d : instance.devices) {
    const std::vector<ReplicaId> hosted = device_at(d).replicas;  // evict_replica edits the list
    for (ReplicaId r : hosted) evict_replica(*replicas_.get(r));
  }
  instance.state = InstanceState::kStopped;
  instance.stopped_at = loop_.now();
  instance.taken_back = true;
  for (DeviceId d : instance.devices) device_at(d).exec.retire(loop_.now());
  notify_gone(id);
}

// The replica's instance is gone: running batches are lost, and every visit it
// held is routed again or failed, as the scenario says; none is lost uncounted.
void Simulation::evict_replica(Replica& replica) {
  std::vector<Visit> orphans;
  for (RunningBatch& batch : replica.batches) {
    if (!batch.in_use) continue;
    orphans.insert(orphans.end(), batch.visits.begin(), batch.visits.end());
    for (const OfflineRun& run : batch.offline) offline_[run.job].requeue_running(run.count, loop_.now());
    batch.offline.clear();
    replica.executing_visits -= batch.visits.size();
    end_batch_on_device(replica, batch, /*completed=*/false);
  }
  if (device_at(replica.device).exec.limits().shared_speed) schedule_shared_completion(replica.device);
  while (!replica.queue.empty()) orphans.push_back(replica.queue.pop());
  detach_central(replica);
  requeue_offline(replica);
  stop_accepting(replica);
  leave_device(replica);
  for (const Visit& v : orphans) {
    if (config_.cloud.on_instance_loss == InstanceLossPolicy::kFail) {
      fail_visit(v.query, FailReason::kInstanceLost);
      continue;
    }
    start_visit(v.query, v.stage, /*again=*/true);  // adds its own outstanding count first
    end_visit(v.query);
  }
}

void Simulation::stop_instance(InstanceId id) {
  if (id >= instances_.size()) throw InvariantError("stop of instance " + std::to_string(id) + ", which never existed");
  if (!instances_.get(id)) return;  // long gone
  Instance& instance = instance_at(id);
  if (!instance.alive() || instance.state == InstanceState::kStopping) return;
  actions_.count(ControlAction::kStopInstance);
  if (instance.state == InstanceState::kBooting) {
    // Nothing ran on it yet: it stops at once, and queries already routed to
    // its loading replicas go elsewhere (or fail) as on a lost instance.
    terminate_instance(id);
    instance.taken_back = false;  // the policy stopped it
    return;
  }
  instance.state = InstanceState::kStopping;
  for (DeviceId d : instance.devices) {
    const std::vector<ReplicaId> hosted = device_at(d).replicas;
    for (ReplicaId r : hosted) request_unload(r);  // part of the stop, not actions of their own
  }
  finish_stop_if_drained(id);
}

void Simulation::finish_stop_if_drained(InstanceId id) {
  Instance& instance = instance_at(id);
  if (instance.state != InstanceState::kStopping) return;
  for (DeviceId d : instance.devices) {
    if (!device_at(d).replicas.empty()) return;
  }
  instance.state = InstanceState::kStopped;
  instance.stopped_at = loop_.now();
  for (DeviceId d : instance.devices) device_at(d).exec.retire(loop_.now());
  notify_gone(id);
}

void Simulation::notify_gone(InstanceId id) {
  timed_policy_call([&] { controller_.on_instance_gone(id, *this, *this); });
}

double Simulation::spot_price_per_hour(InstanceTypeId type) const {
  const double on_demand = config_.hardware->instance_type(type).price_per_hour;
  return servesim::spot_price_per_hour(config_.cloud.spot_pricing, type, on_demand, loop_.now());
}

bool Simulation::device_usable(DeviceId id) const {
  const Device& d = device_at(id);
  return !d.instance || instance_at(*d.instance).usable();
}

// A spot instance's first hour enters the ledger only once it is over (or the
// instance stopped, or the run ended): if the cloud takes the instance back
// during it, AWS charges nothing, and a ledger never refunds.
double Simulation::instance_bill(const Instance& instance, const InstanceType& type, SimTime until) const {
  if (instance.market == Market::kOnDemand) return type.billing.charge(type.price_per_hour, until - instance.requested);
  if (instance.alive() && until < end_ && until - instance.requested < from_seconds(3600)) return 0;
  const auto& pricing = config_.cloud.spot_pricing;
  return instance.taken_back
             ? spot_cost_when_interrupted(pricing, instance.type, type.price_per_hour, instance.requested, until)
             : spot_cost(pricing, instance.type, type.price_per_hour, instance.requested, until);
}

// Bills each instance up to now (or its stop) under its type's rule, and
// enters what is new since the last window in the ledger.
void Simulation::bill_instances(ClusterSnapshot& snapshot) {
  const SimTime now = loop_.now();
  for (InstanceId id = 0; id < instances_.size(); ++id) {
    if (!instances_.get(id)) continue;
    Instance& instance = instance_at(id);
    const InstanceType& type = config_.hardware->instance_type(instance.type);
    const SimTime until = std::min(now, instance.stopped_at);
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

// A stopped instance whose bill is final goes, with its devices (their
// capacity books checked first); the engine keeps a few bytes of each.
void Simulation::free_instance(InstanceId id) {
  const Instance& instance = instance_at(id);
  for (DeviceId d : instance.devices) {
    check_device_capacity(d);
    devices_.erase(d);
  }
  freed_instances_bill_ += instance.billed;
  InstanceRecord& record = instance_records_[id];
  record.ready_at = instance.ready_at;
  if (instance.noticed) record.interruption_at = instance.interruption_at;
  instances_.erase(id);
}

}  // namespace servesim
