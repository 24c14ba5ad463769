#pragma once
// Algorithm 1 (INFaaS section 4.1): the model-variant selection for one query.
//
//   1. an Active variant that meets the requirements (latency budget of the
//      stage, accuracy floor) -> the least-loaded worker running it (fewest
//      queued plus executing queries over its replicas; lowest index on
//      ties). "Running" it: replicas still loading (a replication, an
//      upgrade or a migration in progress) are taken only when no loaded
//      replica of any such variant takes the query -- the query then waits
//      for the load instead of loading yet another replica; before, the
//      least-loaded rule preferred an empty loading replica to a loaded one
//      with room, stalling queries for a load latency (0.5-2 s) far beyond
//      the SLO. Among several such variants, the public code's order: the one
//      with the smallest slack (the highest inference latency still within
//      the budget; then the cheapest). A replica is skipped at once, without
//      waiting for the monitor to call it Overloaded, when its outstanding
//      queries exceed the public code's overload bound (backlog_fraction x
//      its saturation throughput x 1 s, variant_state.hpp): otherwise the
//      smallest-slack variant, often the one with the least capacity, would
//      take every query for up to a monitor period. With "queue_aware":
//      true (not INFaaS' rule; an ablation) also when it exceeds the queue
//      the budget allows, Q x (budget - T_inf): a query behind more would
//      not meet its requirement there;
//   2. else the Inactive variant with the lowest load + inference latency ->
//      the lowest-utilisation running worker with its hardware on which it is
//      not loaded and fits; the caller loads it and the query waits for the load;
//   3. else suggestVariant: the query cannot be served as asked. With "unmet":
//      "route" (default) it goes to the closest variant that is loaded (any
//      state: smallest accuracy shortfall, then smallest latency excess, then
//      fastest), else that variant is loaded; with "reject" it is rejected.
//      Either way the policy counts it as not meeting its requirements.
// With may_load false (the "clipper+" baseline, infaas_params.hpp) steps 2
// and 3 never load: a query goes to a loaded variant or is rejected. With
// by_accuracy (INFaaS-Accuracy) steps 1 and 2 rank the most accurate variant
// first (then as above), as the public code's ranking by accuracy does.
// Overloaded and Interfered variants are never chosen in steps 1-2 (section
// 4.1), and neither is a replica on a worker that is not running.
//
// Per stage of each application the candidates are sorted once (the profiles
// do not change); the lists of replicas by state are rebuilt from the
// Metadata Store whenever the policy refreshes it (its ticks and notices), so
// that select() is a short scan with no allocation.
#include <cstdint>
#include <optional>
#include <vector>

#include "policies/infaas/metadata_store.hpp"
#include "policies/infaas/worker_placement.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::infaas {

struct StageRequirements {
  FamilyId family = 0;
  Duration budget;          // the stage's share of the application's SLO
  double min_accuracy = 0;  // the application's floor (0: none)
};

struct SelectionRules {
  bool route_unmet = true;        // step 3: route to the closest variant, else reject
  double backlog_fraction = 0.8;  // the overload bound's fraction (variant_state.hpp)
  bool queue_aware = false;
  bool may_load = true;
  bool by_accuracy = false;
};

class VariantSelector {
 public:
  struct Choice {
    enum class Kind : std::uint8_t { kReplica, kLoad, kReject };
    Kind kind = Kind::kReject;
    ReplicaId replica = kNoReplica;  // kReplica
    std::uint32_t profile = 0;       // kLoad
    Slot slot;                       // kLoad
    bool meets = true;               // false: suggestVariant (line 8)
  };

  // stages: one entry per (application, stage), application by application;
  // first_stage[a]: the index of application a's first stage.
  VariantSelector(const std::vector<VariantProfile>& profiles, std::vector<StageRequirements> stages,
                  std::vector<std::uint32_t> first_stage, const ProfileRules& rules, const SelectionRules& selection);

  void rebuild(const MetadataStore& store, const ClusterView& view);
  Choice select(AppId app, StageId stage, const ClusterView& view) const;

 private:
  struct Range {
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
    std::uint64_t backlog_limit = 0;  // skip a replica with more outstanding (active groups)
  };
  struct Load {
    std::uint32_t profile = 0;
    Slot slot;
  };
  struct Table {
    // Static.
    Duration budget;
    std::vector<std::uint64_t> backlog_limit;  // by profile (those of the family)
    std::vector<std::uint32_t> by_slack;  // feasible, smallest slack first
    std::vector<std::uint32_t> by_load;   // feasible, lowest load + inference latency first
    std::vector<std::uint32_t> closest;   // all of the family, closest to the requirements first
    // Rebuilt.
    std::vector<Range> active;               // loaded replicas of Active variants
    std::vector<ReplicaId> active_replicas;
    std::vector<Range> loading;              // their replicas still loading
    std::vector<ReplicaId> loading_replicas;
    std::optional<Load> inactive;
    std::vector<Range> fallback;
    std::vector<ReplicaId> fallback_replicas;
    std::optional<Load> fallback_load;
  };

  static bool serves(ReplicaId r, const MetadataStore& store, const ClusterView& view);
  static ReplicaId least_loaded(const std::vector<Range>& groups, const std::vector<ReplicaId>& replicas,
                                const ClusterView& view, bool limited);
  std::optional<Slot> inactive_slot(const MetadataStore& store, const ClusterView& view, std::uint32_t profile);
  // open_workers of a device type, once per rebuild: every table's step 2
  // scans them, and most workers of a busy cluster have no room at all.
  const std::vector<MetadataStore::WorkerRef>& open_of(const MetadataStore& store, const ClusterView& view,
                                                      DeviceTypeId type);

  std::vector<std::uint32_t> first_stage_;
  std::vector<Table> tables_;
  std::vector<std::vector<MetadataStore::WorkerRef>> open_;  // by device type, this rebuild's
  std::vector<bool> open_known_;  // apart from open_, so each list keeps its capacity across rebuilds
  bool route_unmet_ = true;
  bool may_load_ = true;
};

}  // namespace servesim::infaas
