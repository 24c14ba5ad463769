#include "policies/infaas/offline_throttle.hpp"

#include <algorithm>
#include <cmath>

namespace servesim::infaas {
namespace {

// The replicas of worker `w` that may take work now, in instance then replica order.
template <typename Fn>
void for_each_serving_replica(const MetadataStore& store, std::uint32_t w, const ClusterView& view, Fn&& fn) {
  for (std::uint32_t i : store.instances_on_worker(w)) {
    const VariantInstance& vi = store.instance(i);
    for (ReplicaId r : vi.replicas) {
      if (view.accepts(r) && view.replica(r).state == ReplicaState::kActive) fn(vi, r);
    }
  }
}

bool serves(const OfflineJob& job, ReplicaId r, const ClusterView& view) {
  const VariantId v = view.replica(r).variant;
  return job.served_by(v, view.models().variant(v));
}

bool serves_waiting_job(ReplicaId r, const ClusterView& view) {
  const auto jobs = view.offline_jobs();
  for (OfflineJobId j = 0; j < jobs.size(); ++j) {
    if (view.offline_backlog(j) > 0 && serves(jobs[j], r, view)) return true;
  }
  return false;
}

}  // namespace

bool holds_offline_work(const VariantInstance& vi, const ClusterView& view) {
  return std::any_of(vi.replicas.begin(), vi.replicas.end(), [&](ReplicaId r) {
    return view.replica(r).offline_queued > 0 || serves_waiting_job(r, view);
  });
}

bool OfflineThrottle::online_too_slow(const MetadataStore& store, std::uint32_t w) const {
  for (std::uint32_t i : store.instances_on_worker(w)) {
    const VariantInstance& vi = store.instance(i);
    if (vi.replicas.empty()) continue;
    if (rules_.latency_rule == OfflineLatencyRule::kBlacklist) {
      if (vi.state == VariantState::kOverloaded || vi.state == VariantState::kInterfered) return true;
    } else if (vi.observed > store.profile(vi.profile).inference) {
      return true;  // zero observed (nothing finished lately) is never slower
    }
  }
  return false;
}

bool OfflineThrottle::passes(const MetadataStore& store, std::uint32_t w) const {
  const Worker& worker = store.worker(w);
  if (worker.phase != WorkerPhase::kRunning || worker.leaving) return false;
  return worker.utilisation < rules_.pause_utilisation && !online_too_slow(store, w);
}

bool OfflineThrottle::holds_waiting_work(const MetadataStore& store, std::uint32_t w, const ClusterView& view) const {
  bool found = false;
  for_each_serving_replica(store, w, view, [&](const VariantInstance&, ReplicaId r) {
    found = found || serves_waiting_job(r, view);
  });
  return found;
}

// What a replica finishes in one period at its profiled (saturation) rate:
// at least one input, so that a slow variant still makes progress.
std::uint64_t OfflineThrottle::period_capacity(const VariantProfile& profile) const {
  return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::floor(profile.saturation_qps * rules_.period.seconds())));
}

void OfflineThrottle::fill(const MetadataStore& store, std::uint32_t w, const ClusterView& view,
                           ClusterControl& control) {
  const auto jobs = view.offline_jobs();
  for_each_serving_replica(store, w, view, [&](const VariantInstance& vi, ReplicaId r) {
    const std::uint64_t capacity = period_capacity(store.profile(vi.profile));
    std::uint64_t queued = view.replica(r).offline_queued;
    for (OfflineJobId j = 0; j < jobs.size() && queued < capacity; ++j) {
      const std::uint64_t backlog = view.offline_backlog(j);
      if (backlog == 0 || !serves(jobs[j], r, view)) continue;
      const std::uint64_t moved = control.dispatch_offline(j, r, std::min(backlog, capacity - queued));
      queued += moved;
      stats_.dispatched += moved;
    }
  });
}

void OfflineThrottle::check(const MetadataStore& store, const ClusterView& view, ClusterControl& control) {
  if (view.offline_jobs().empty()) return;
  for (const auto& [w, worker] : store.workers()) {
    if (passes(store, w)) {
      fill(store, w, view, control);
    } else if (worker.phase != WorkerPhase::kGone && holds_waiting_work(store, w, view)) {
      ++stats_.paused_checks[static_cast<std::size_t>(worker.kind)];
      control.note_offline_paused(worker.kind);  // timeseries.csv's offline_paused_<kind>
    }
  }
}

}  // namespace servesim::infaas
