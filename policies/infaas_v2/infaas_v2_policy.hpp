#pragma once
// INFaaS-Accuracy as the Proteus authors' public artifact simulates it
// ("model_allocation": "infaas_v2", "job_scheduling": "infaas", "batching":
// "infaas"; Proteus public code, core/executor.py, core/predictor.py,
// core/simulator.py, run.py). Not the INFaaS paper's system (that is the
// "infaas" policy): the artifact's reading of it, kept with its quirks so that
// servesim set up as the artifact gives the artifact's numbers. Every quirk
// that departs from the paper is a switch (infaas_v2_params.hpp).
// One file per part:
//   family_profile   latency by (variant, kind, batch), largest batch, cost
//   device_pool      free devices per kind, one predictor per device
//   query_selection  the per-query choice (may add a predictor)
//   upscaling        the 10-s up-scaler; downscaling  the 10-s down-scaler
//   arrival_counter  the last second's arrivals per family
// The policy starts with no predictor: the first queries of each family add
// them. Each predictor is a replica running the infaas-v2 batcher
// (policies/infaas_v2/infaas_v2_batcher.hpp) at its INFaaS batch size. A removed
// predictor's replica is unloaded: it finishes the full batches its queue
// still makes and keeps the rest, which never finish (the artifact loses
// them uncounted).
// report(): predictors_added_on_query, predictors_added_upgrade,
//   predictors_added_replication, predictors_added_swap, predictors_removed,
//   upgrades, replications, batch_resizes, queries_least_loaded,
//   queries_closest_accuracy, queries_random, queries_no_predictor.
#include <cstdint>
#include <vector>

#include "policies/infaas_v2/arrival_counter.hpp"
#include "policies/infaas_v2/device_pool.hpp"
#include "policies/infaas_v2/family_profile.hpp"
#include "policies/infaas_v2/infaas_v2_params.hpp"
#include "policies/infaas_v2/predictor.hpp"
#include "policies/policy.hpp"
#include "sim/core/random_stream.hpp"

namespace servesim {

class InfaasV2Policy final : public Policy {
 public:
  InfaasV2Policy(const JsonNode& params, const PolicyContext& context);
  std::string_view name() const override { return "infaas-v2"; }
  void start(ClusterControl& control, const ClusterView& view) override;
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override;
  Duration tick_interval() const override;
  void on_tick(ClusterControl& control, const ClusterView& view) override;
  void report(PolicyCounters& out) const override;

 private:
  struct Family {
    std::optional<infaas_v2::FamilyProfile> profile;
    std::vector<infaas_v2::Predictor> predictors;  // in the order they were added
    infaas_v2::ArrivalCounter arrivals;
  };
  struct Stats {
    std::uint64_t added_on_query = 0, added_upgrade = 0, added_replication = 0, added_swap = 0, removed = 0;
    std::uint64_t upgrades = 0, replications = 0, batch_resizes = 0;
    std::uint64_t least_loaded = 0, closest = 0, random = 0, no_predictor = 0;
  };

  std::vector<std::uint64_t> queued_of(const Family& family, const ClusterView& view) const;
  std::optional<std::size_t> add_predictor(Family& family, std::size_t kind, VariantId variant,
                                           ClusterControl& control);
  void apply(Family& family, const infaas_v2::ScalingPlan& plan, ClusterControl& control);
  void resize_batchers(Family& family, const std::vector<std::uint32_t>& before, ClusterControl& control);
  BatcherSpec batcher_for(std::uint32_t batch, bool timer_spent) const;

  infaas_v2::Params params_;
  RandomStream rng_;
  infaas_v2::DevicePool pool_;
  std::vector<Family> families_;  // by FamilyId
  bool ticked_ = false;
  Stats stats_;
};

}  // namespace servesim
