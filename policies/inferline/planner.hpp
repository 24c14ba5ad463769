#pragma once
// InferLine's Planner (SoCC'20, section 4.3): Algorithm 1 finds a feasible
// configuration ignoring cost (batch 1, one replica, each stage on its
// lowest-latency hardware; then replicas for the throughput bottleneck until
// the Estimator accepts it); Algorithm 2 then greedily takes, each round, the
// cheapest feasible of IncreaseBatch, RemoveReplica and DowngradeHW over all
// stages, until none is feasible. The search is kept apart from the
// Estimator: it asks a PlanCheck, so it can be tested on a checker whose
// verdicts are worked out by hand.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "sim/core/time.hpp"
#include "sim/serving/pipeline.hpp"

namespace servesim::inferline {

// One hardware a stage may run on: a replica's price and T(b), b = 1 up to
// its largest batch (entry 0 unused).
struct HardwareOption {
  std::uint32_t id = 0;  // the caller's name for it (a device type)
  double price_per_hour = 0;
  std::vector<Duration> latency;
  std::uint32_t max_batch() const { return static_cast<std::uint32_t>(latency.size() - 1); }
};

struct StagePlan {
  std::size_t hardware = 0;  // index into the stage's options
  std::uint32_t batch = 1;
  std::uint32_t replicas = 1;
  bool operator==(const StagePlan&) const = default;
};
using Plan = std::vector<StagePlan>;  // by StageId

struct PlanEstimate {
  bool feasible = false;  // P99 <= SLO on the sample trace
  Duration p99;
};
using PlanCheck = std::function<PlanEstimate(const Plan&)>;

struct PlannerInput {
  const Pipeline* pipeline = nullptr;
  std::vector<std::vector<HardwareOption>> options;  // by stage: the hardware it may use
  Duration slo;
  // Algorithm 1's loop adds replicas until the check passes; a check that
  // never passes (a P99 no replica count can fix) stops here instead.
  std::uint32_t max_replicas_per_stage = 1000;
};

struct PlanResult {
  Plan plan;
  double cost_per_hour = 0;
  Duration p99;
  std::uint64_t checks = 0;  // Estimator calls
};

// Algorithm 1, line 3: the stage's lowest-latency hardware (T(1)), the
// cheaper on a tie; `options` must not be empty. The coarse-grained
// baselines (section 6) run every stage there too.
std::size_t fastest_option(std::span<const HardwareOption> options);

// Section 4.3's cost: the replicas' prices per hour.
double plan_cost(const PlannerInput& input, const Plan& plan);

// Algorithm 1. Nothing when the batch-1 critical path on the fastest hardware
// exceeds the SLO (the prose's "greater than"; line 6 prints <=) or when no
// replica count up to the cap passes the check.
std::optional<PlanResult> initialize_plan(const PlannerInput& input, const PlanCheck& check);

// Algorithm 2, from Initialize's plan.
std::optional<PlanResult> minimize_cost(const PlannerInput& input, const PlanCheck& check);

}  // namespace servesim::inferline
