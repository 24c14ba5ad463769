#include "policies/infaas/model_autoscaler.hpp"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace servesim::infaas {
namespace {

ScalingOption option_of(const MetadataStore& store, std::uint32_t p, const ModelAutoscaler::Room& room) {
  const VariantProfile& v = store.profile(p);
  ScalingOption o{p, v.saturation_qps, v.cost_per_second, v.load_latency.seconds()};
  if (room) o.room = room(p);
  return o;
}

// What a {variant, worker} adds to its architecture's capacity for the
// dispatcher: its replicas' saturation throughput, unless Algorithm 1 avoids it.
double dispatchable_capacity(const VariantProfile& p, const VariantInstance& vi) {
  if (vi.state == VariantState::kOverloaded || vi.state == VariantState::kInterfered) return 0.0;
  return p.saturation_qps * static_cast<double>(vi.replicas.size());
}

}  // namespace

ModelAutoscaler::ModelAutoscaler(ModelScalingRules rules, std::vector<std::vector<std::uint32_t>> alternatives)
    : rules_(rules), alternatives_(std::move(alternatives)) {}

Duration ModelAutoscaler::scale_down_wait(const VariantProfile& profile) const {
  if (!rules_.public_code_delay) return profile.load_latency;
  const auto checks = static_cast<std::int64_t>(rules_.delay_checks[static_cast<std::size_t>(profile.kind)]);
  return Duration{rules_.interval.ns * checks};
}

void ModelAutoscaler::measure(MetadataStore& store, SimTime now) {
  const double span = (now - last_).seconds();
  last_ = now;
  for (auto& [i, vi] : store.instances()) {
    double routed = 0;
    for (ReplicaId r : vi.replicas) {
      ReplicaRecord& record = store.replica(r);
      routed += static_cast<double>(record.routed - record.routed_at_scaler);
      record.routed_at_scaler = record.routed;
    }
    const double rate = span > 0 ? routed / span : 0.0;
    vi.load_qps = vi.last_rate_qps < 0 ? rate : 0.5 * (rate + vi.last_rate_qps);
    vi.last_rate_qps = rate;
  }
}

std::vector<ScalingAction> ModelAutoscaler::plan(MetadataStore& store, SimTime now, const Room& free_room) {
  std::vector<ScalingAction> actions;
  // Room is asked for every running variant and each alternative, and
  // placement does not change while a plan is made (actions are applied
  // after it): each profile's room once per plan.
  std::unordered_map<std::uint32_t, std::int64_t> room_of;
  Room room;
  if (free_room) {
    room = [&](std::uint32_t profile) {
      const auto [it, added] = room_of.try_emplace(profile, 0);
      if (added) it->second = free_room(profile);
      return it->second;
    };
  }
  // The application-level side of constraint (1): capacity and load of each
  // architecture over every worker that is not gone. Only capacity the
  // dispatcher may use counts: Algorithm 1 avoids Overloaded and Interfered
  // variants (section 4.1), so their replicas carry nothing of another's load.
  family_capacity_.clear();
  family_load_.clear();
  for (const auto& [i, vi] : store.instances()) {
    if (store.worker(vi.worker).phase == WorkerPhase::kGone) continue;
    const VariantProfile& p = store.profile(vi.profile);
    if (family_capacity_.size() <= p.family) {
      family_capacity_.resize(p.family + 1, 0.0);
      family_load_.resize(p.family + 1, 0.0);
    }
    family_capacity_[p.family] += dispatchable_capacity(p, vi);
    family_load_[p.family] += vi.load_qps;
  }
  for (const auto& [w, worker] : store.workers()) {
    if (worker.phase != WorkerPhase::kRunning || worker.leaving) continue;
    double capacity = 0, load = 0;
    for (std::uint32_t i : store.instances_on_worker(w)) {
      const VariantInstance& vi = store.instance(i);
      capacity += store.profile(vi.profile).saturation_qps * static_cast<double>(vi.replicas.size());
      load += vi.load_qps;
    }
    const double headroom = load > 0 ? capacity / load : std::numeric_limits<double>::infinity();
    for (std::uint32_t i : store.instances_on_worker(w)) {
      VariantInstance& vi = store.instance(i);
      if (vi.replicas.empty() || vi.in_transition) {
        vi.scale_down_since = SimTime::never();
        continue;
      }
      const auto n = static_cast<std::uint32_t>(vi.replicas.size());
      const ScalingOption running = option_of(store, vi.profile, room);
      options_.clear();
      for (std::uint32_t p : alternatives_[vi.profile]) options_.push_back(option_of(store, p, room));
      const FamilyId f = store.profile(vi.profile).family;
      const bool overloaded = vi.state == VariantState::kOverloaded;
      if (headroom < rules_.slack || overloaded) {
        vi.scale_down_since = SimTime::never();
        // An Overloaded variant is short of capacity whatever its measured load.
        const double load = overloaded ? std::max(vi.load_qps, running.saturation_qps * n) : vi.load_qps;
        const double family_load = family_load_[f] - vi.load_qps + load;
        if (family_capacity_[f] >= family_load * rules_.slack) continue;  // others have room: the dispatcher uses it
        const ScalingDecision d = choose_scale_up(running, n, load, options_, rules_.slack, rules_.lambda_per_s);
        if (d.kind != ScalingDecision::Kind::kNone) {
          actions.push_back({d.kind, i, d.profile, d.replicas, d.cost, headroom < rules_.slack});
          const VariantProfile& to = store.profile(d.profile);
          family_capacity_[f] += to.saturation_qps * static_cast<double>(d.replicas) -
                                 (d.kind == ScalingDecision::Kind::kSwitch ? dispatchable_capacity(store.profile(vi.profile), vi) : 0.0);
        }
        continue;
      }
      if (vi.state != VariantState::kActive || now < vi.hold_until) {
        vi.scale_down_since = SimTime::never();
        continue;
      }
      // A job's offline inputs need a replica of their variant: the public
      // code loads one offline instance per model for the job and unloads it
      // when the job ends (INFaaS public code, src/worker/common_model_util.cc,
      // QueryModelOffline), so the last replica stays while it has offline work.
      if (vi.offline_work && n == 1) {
        vi.scale_down_since = SimTime::never();
        continue;
      }
      // One replica fewer is fine only if this variant's own load fits in
      // the others (section 4.2.2, "removing an instance of the running
      // variant"; INFaaS public code, src/worker/autoscaler.cc, per variant).
      // The family's other variants may serve other applications with other
      // SLOs, so their room is no reason to remove one of these.
      const ScalingDecision d = choose_scale_down(running, n, vi.load_qps, options_, rules_.slack, rules_.lambda_per_s);
      if (d.kind == ScalingDecision::Kind::kNone) {
        vi.scale_down_since = SimTime::never();
        continue;
      }
      if (vi.scale_down_since.is_never()) vi.scale_down_since = now;
      if (now - vi.scale_down_since >= scale_down_wait(store.profile(vi.profile))) {
        actions.push_back({d.kind, i, d.profile, d.replicas, d.cost, true});
        vi.scale_down_since = SimTime::never();
        if (d.kind == ScalingDecision::Kind::kRemove) family_capacity_[f] -= running.saturation_qps;
      }
    }
  }
  return actions;
}

}  // namespace servesim::infaas
