#include "policies/infaas/variant_selector.hpp"

#include <algorithm>
#include <limits>
#include <span>
#include <tuple>

namespace servesim::infaas {

namespace {
constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();
}  // namespace

VariantSelector::VariantSelector(const std::vector<VariantProfile>& profiles, std::vector<StageRequirements> stages,
                                 std::vector<std::uint32_t> first_stage, const ProfileRules& rules,
                                 const SelectionRules& selection)
    : first_stage_(std::move(first_stage)),
      tables_(stages.size()),
      route_unmet_(selection.route_unmet),
      may_load_(selection.may_load) {
  // INFaaS-Accuracy ranks by accuracy first; INFaaS leaves it out (0).
  const auto accuracy_rank = [&](const VariantProfile& v) { return selection.by_accuracy ? -v.accuracy : 0.0; };
  for (std::size_t s = 0; s < stages.size(); ++s) {
    const StageRequirements& req = stages[s];
    Table& t = tables_[s];
    t.budget = req.budget;
    t.backlog_limit.assign(profiles.size(), 0);
    for (std::uint32_t p = 0; p < profiles.size(); ++p) {
      if (profiles[p].family != req.family) continue;
      double limit = selection.backlog_fraction * profiles[p].saturation_qps;
      if (selection.queue_aware) {
        const double spare_s = std::max(0.0, (req.budget - profiles[p].inference).seconds());
        limit = std::min(limit, profiles[p].saturation_qps * spare_s);
      }
      t.backlog_limit[p] = static_cast<std::uint64_t>(limit);
      t.closest.push_back(p);
      if (meets(profiles[p], req.budget, req.min_accuracy, rules)) t.by_slack.push_back(p);
    }
    t.by_load = t.by_slack;
    std::sort(t.by_slack.begin(), t.by_slack.end(), [&](std::uint32_t a, std::uint32_t b) {
      const VariantProfile &x = profiles[a], &y = profiles[b];
      return std::tuple(accuracy_rank(x), -x.inference.ns, x.cost_per_second, a) <
             std::tuple(accuracy_rank(y), -y.inference.ns, y.cost_per_second, b);
    });
    std::sort(t.by_load.begin(), t.by_load.end(), [&](std::uint32_t a, std::uint32_t b) {
      const VariantProfile &x = profiles[a], &y = profiles[b];
      return std::tuple(accuracy_rank(x), (x.load_latency + x.inference).ns, x.cost_per_second, a) <
             std::tuple(accuracy_rank(y), (y.load_latency + y.inference).ns, y.cost_per_second, b);
    });
    std::sort(t.closest.begin(), t.closest.end(), [&](std::uint32_t a, std::uint32_t b) {
      const VariantProfile &x = profiles[a], &y = profiles[b];
      const auto key = [&](const VariantProfile& v, std::uint32_t i) {
        const bool cpu_refused = v.kind == DeviceKind::kCpu && req.budget <= rules.cpu_min_slo;
        return std::tuple(std::max(0.0, req.min_accuracy - v.accuracy), std::max<std::int64_t>(0, (v.inference - latency_limit(req.budget, rules)).ns),
                          cpu_refused, v.inference.ns, i);
      };
      return key(x, a) < key(y, b);
    });
  }
}

const std::vector<MetadataStore::WorkerRef>& VariantSelector::open_of(const MetadataStore& store,
                                                                      const ClusterView& view, DeviceTypeId type) {
  if (open_.size() <= type) {
    open_.resize(type + 1);
    open_known_.resize(type + 1, false);
  }
  if (!open_known_[type]) {
    open_workers(view, store, type, open_[type]);
    open_known_[type] = true;
  }
  return open_[type];
}

// Algorithm 1 line 6 over the open workers only: device_on finds nothing on
// the others, so the choice is the same as over every running worker.
std::optional<Slot> VariantSelector::inactive_slot(const MetadataStore& store, const ClusterView& view,
                                                   std::uint32_t profile) {
  std::optional<Slot> best;
  double best_util = 0;
  for (const auto& [w, worker] : open_of(store, view, store.profile(profile).device_type)) {
    if (best && worker->utilisation >= best_util) continue;
    const auto vi = store.find_instance(profile, w);
    if (vi && !store.instance(*vi).replicas.empty()) continue;  // not Inactive there
    if (const auto d = device_on(view, store, w, profile)) {
      best = Slot{w, *d};
      best_util = worker->utilisation;
    }
  }
  return best;
}

// Active, asking the view only until the store saw it so (its notice or the
// monitor): the view builds a whole ReplicaInfo, latency percentiles
// included, per call. One seen Active is still Active unless it stopped
// taking queries, and select() skips those wherever they are listed.
bool VariantSelector::serves(ReplicaId r, const MetadataStore& store, const ClusterView& view) {
  return !store.replica(r).serving_since.is_never() || view.replica(r).state == ReplicaState::kActive;
}

void VariantSelector::rebuild(const MetadataStore& store, const ClusterView& view) {
  std::fill(open_known_.begin(), open_known_.end(), false);
  for (Table& t : tables_) {
    t.active.clear();
    t.active_replicas.clear();
    t.loading.clear();
    t.loading_replicas.clear();
    t.fallback.clear();
    t.fallback_replicas.clear();
    t.inactive.reset();
    t.fallback_load.reset();
    for (std::uint32_t p : t.by_slack) {
      const auto begin = static_cast<std::uint32_t>(t.active_replicas.size());
      const auto loading_begin = static_cast<std::uint32_t>(t.loading_replicas.size());
      for (std::uint32_t i : store.loaded_instances(p)) {
        const VariantInstance& vi = store.instance(i);
        if (vi.state != VariantState::kActive || store.worker(vi.worker).phase != WorkerPhase::kRunning) continue;
        for (ReplicaId r : vi.replicas) {
          (serves(r, store, view) ? t.active_replicas : t.loading_replicas).push_back(r);
        }
      }
      const auto end = static_cast<std::uint32_t>(t.active_replicas.size());
      if (end > begin) t.active.push_back({begin, end, t.backlog_limit[p]});
      const auto loading_end = static_cast<std::uint32_t>(t.loading_replicas.size());
      if (loading_end > loading_begin) t.loading.push_back({loading_begin, loading_end, t.backlog_limit[p]});
    }
    for (std::uint32_t p : t.by_load) {
      if (!may_load_) break;
      if (const auto slot = inactive_slot(store, view, p)) {
        t.inactive = Load{p, *slot};
        break;
      }
    }
    if (!route_unmet_) continue;
    for (std::uint32_t p : t.closest) {
      const auto begin = static_cast<std::uint32_t>(t.fallback_replicas.size());
      for (std::uint32_t i : store.loaded_instances(p)) {
        const VariantInstance& vi = store.instance(i);
        if (store.worker(vi.worker).phase != WorkerPhase::kRunning) continue;
        t.fallback_replicas.insert(t.fallback_replicas.end(), vi.replicas.begin(), vi.replicas.end());
      }
      const auto end = static_cast<std::uint32_t>(t.fallback_replicas.size());
      if (end > begin) t.fallback.push_back({begin, end, 0});
      if (may_load_ && !t.fallback_load && t.fallback.empty()) {
        if (const auto slot = inactive_slot(store, view, p)) t.fallback_load = Load{p, *slot};
      }
    }
  }
}

ReplicaId VariantSelector::least_loaded(const std::vector<Range>& groups, const std::vector<ReplicaId>& replicas,
                                        const ClusterView& view, bool limited) {
  for (const Range& g : groups) {
    const std::span<const ReplicaId> group(replicas.data() + g.begin, g.end - g.begin);
    const ReplicaId best = view.least_outstanding(group, limited ? g.backlog_limit : kNoLimit);
    if (best != kNoReplica) return best;
  }
  return kNoReplica;
}

VariantSelector::Choice VariantSelector::select(AppId app, StageId stage, const ClusterView& view) const {
  const Table& t = tables_[first_stage_[app] + stage];
  Choice c;
  ReplicaId running = least_loaded(t.active, t.active_replicas, view, true);
  if (running == kNoReplica) running = least_loaded(t.loading, t.loading_replicas, view, true);  // waits for its load
  if (running != kNoReplica) {
    c.kind = Choice::Kind::kReplica;
    c.replica = running;
    return c;
  }
  if (t.inactive) {
    c.kind = Choice::Kind::kLoad;
    c.profile = t.inactive->profile;
    c.slot = t.inactive->slot;
    return c;
  }
  c.meets = false;
  if (!route_unmet_) return c;
  if (const ReplicaId r = least_loaded(t.fallback, t.fallback_replicas, view, false); r != kNoReplica) {
    c.kind = Choice::Kind::kReplica;
    c.replica = r;
  } else if (t.fallback_load) {
    c.kind = Choice::Kind::kLoad;
    c.profile = t.fallback_load->profile;
    c.slot = t.fallback_load->slot;
  }
  return c;
}

}  // namespace servesim::infaas
