#pragma once
// The greedy heuristic's choice for one running variant (INFaaS section
// 4.2.2), priced by the ILP's cost of a scaling action (section 4.2.1):
//
//   Cost(delta) = C (delta + lambda T_load max(delta, 0))
//
// C in $/s, T_load in s, lambda in 1/s. Scale up (the variant's capacity is
// below load x slack): replicate the running variant (delta = ceil(load x slack
// / Q) - N), or upgrade to a variant of the same architecture with a higher
// saturation throughput (n = ceil(load x slack / Q_u) of it, and -N of the
// running one, as the ILP's delta would say); the cheaper action wins, ties go
// to replication. Scale down: remove one replica if the load still fits in the
// others (load x slack <= Q (N - 1)), or downgrade to a variant that runs the
// load for less (n C_u < N C); the most negative cost wins, and only a
// negative one is taken. The caller passes the variants that meet the SLO
// (constraint 2), each with the replicas of it the cluster can still take
// (`room`, constraint 3; unlimited while new workers can be had): an action
// that needs more than its room is not taken, and when neither replication
// nor any upgrade fits, the running variant gets as many replicas as fit.
#include <cstdint>
#include <limits>
#include <span>

namespace servesim::infaas {

struct ScalingOption {
  std::uint32_t profile = 0;   // an index the caller understands
  double saturation_qps = 0;   // Q per replica
  double cost_per_second = 0;  // C per replica
  double load_latency_s = 0;   // T_load
  std::int64_t room = std::numeric_limits<std::int64_t>::max();  // replicas of it that fit now
};

struct ScalingDecision {
  enum class Kind : std::uint8_t { kNone, kReplicate, kRemove, kSwitch };
  Kind kind = Kind::kNone;
  std::uint32_t profile = 0;   // kSwitch: the variant to switch to; otherwise the running one
  std::int64_t replicas = 0;   // kReplicate: to add; kRemove: to remove; kSwitch: of the new variant
  double cost = 0;             // the ILP objective of the action(s)
};

double action_cost(double cost_per_second, std::int64_t delta, double lambda_per_s, double load_latency_s);

// Replicas of a variant with saturation throughput q needed for load x slack.
std::int64_t replicas_for(double load_qps, double slack, double q);

ScalingDecision choose_scale_up(const ScalingOption& running, std::uint32_t replicas, double load_qps,
                                std::span<const ScalingOption> alternatives, double slack, double lambda_per_s);

ScalingDecision choose_scale_down(const ScalingOption& running, std::uint32_t replicas, double load_qps,
                                  std::span<const ScalingOption> alternatives, double slack, double lambda_per_s);

}  // namespace servesim::infaas
