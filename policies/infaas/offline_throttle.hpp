#pragma once
// INFaaS' offline throttle (ATC'21 sections 3.2, 5 and 6.3.2): the worker's
// monitoring daemon "decides when to process or pause offline requests to
// avoid interference with online serving" (3.2). Offline work is paused on a
// worker whose utilisation exceeds a threshold (40 %, section 5) or where "the
// observed latency for online queries exceeds a model/variant's profiled
// latency" (6.3.2).
//
// One check per monitor period (2 s, section 5), right after the monitor's
// look, per worker:
//   - the worker passes if it is running, not leaving, its utilisation (the
//     monitor's: busy fraction of its devices over the period, offline
//     batches included, as a daemon reading the machine's counters sees it)
//     is below the threshold, and no variant with replicas there is too slow
//     (OfflineLatencyRule: by default, a mean observed latency above its
//     profiled one, T_inf at its serving batch);
//   - on a passing worker, each replica whose variant serves a job (the
//     job's explicit variant, else any variant of the family at or above its
//     accuracy floor: Algorithm 1's accuracy constraint with no latency
//     target, since offline work has none, over loaded variants only) gets
//     inputs up to what it finishes in one period at its profiled rate, less
//     what it still has queued. A replica thus never holds more than one
//     period's work, so a pause takes effect within one period: what was
//     dispatched before it drains, nothing more follows.
// Jobs are served in id order (a job's backlog is emptied before the next
// one's gets the room left). Only replicas already loaded serve offline work
// (section 3.2: offline queries use the resources online ones leave); the
// throttle never loads a variant or adds a worker, so a job no loaded variant
// serves waits in its backlog.
#include <array>
#include <cstdint>

#include "policies/infaas/metadata_store.hpp"
#include "policies/infaas/offline_latency_rule.hpp"
#include "sim/serving/cluster_control.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::infaas {

// Whether one of the instance's replicas has offline inputs queued, or its
// variant serves a job with inputs still in its backlog.
bool holds_offline_work(const VariantInstance& vi, const ClusterView& view);

struct ThrottleRules {
  double pause_utilisation = 0.40;       // section 5
  Duration period = from_seconds(2);     // the monitor's (section 5)
  OfflineLatencyRule latency_rule = OfflineLatencyRule::kProfiled;
};

class OfflineThrottle {
 public:
  struct Stats {
    std::uint64_t dispatched = 0;  // offline inputs moved to replicas
    // Checks at which a worker holding a replica that serves a waiting job was
    // paused, by DeviceKind (each stands for one period of pause).
    std::array<std::uint64_t, kDeviceKindCount> paused_checks{};
  };

  explicit OfflineThrottle(ThrottleRules rules) : rules_(rules) {}

  // One check; the store holds the monitor's look of this period.
  void check(const MetadataStore& store, const ClusterView& view, ClusterControl& control);
  // Whether worker `w` may take offline work now.
  bool passes(const MetadataStore& store, std::uint32_t w) const;
  const Stats& stats() const { return stats_; }

 private:
  bool online_too_slow(const MetadataStore& store, std::uint32_t w) const;
  // Whether any replica on `w` serves a job that still has a backlog.
  bool holds_waiting_work(const MetadataStore& store, std::uint32_t w, const ClusterView& view) const;
  void fill(const MetadataStore& store, std::uint32_t w, const ClusterView& view, ClusterControl& control);
  std::uint64_t period_capacity(const VariantProfile& profile) const;

  ThrottleRules rules_;
  Stats stats_;
};

}  // namespace servesim::infaas
