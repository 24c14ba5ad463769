#pragma once
// The arithmetic of InferLine's Tuner (SoCC'20, section 5): how many
// replicas a stage needs for a rate, given what the Planner handed over for
// it. Per stage m: mu_m, one replica's throughput in its planned
// configuration (b / T(b)); s_m, the share of the pipeline's queries that
// visit the stage (Pipeline::visit_probability, the scale factor for
// conditional logic); rho_m, the max-provisioning ratio, the slack the
// Planner left the stage to absorb bursts.
#include <cstdint>
#include <span>

namespace servesim::inferline {

struct StageProvision {
  double replica_throughput_qps = 0;  // mu_m
  double scale_factor = 1;            // s_m
  double max_provisioning_ratio = 1;  // rho_m
};

// rho_m = lambda s_m / (k_m mu_m): the planned replicas' load at the sample's
// mean rate lambda. The paper writes lambda / mu_m; read literally, with s_m
// applied again in replicas_for_rate, a conditional stage would get s_m times
// the replicas the Planner gave it at the planned rate, so the share of
// queries the stage sees and its replica count enter here.
double max_provisioning_ratio(double sample_rate_qps, double scale_factor, std::uint32_t replicas,
                              double replica_throughput_qps);

// k_m = ceil(rate s_m / (mu_m rho)), at least one (the Tuner keeps every
// stage served). Scaling up passes the stage's own rho_m with r_max; scaling
// down passes the pipeline's smallest rho (lowest_ratio) with lambda_new.
std::uint32_t replicas_for_rate(double rate_qps, const StageProvision& stage, double ratio);

// rho_p = min over the stages of rho_m (the conservative scale-down ratio).
double lowest_ratio(std::span<const StageProvision> stages);

// What a plan with replicas[m] replicas of each stage sustains: min over the
// visited stages of k_m mu_m / s_m (the bottleneck, in pipeline queries per
// second). The unit of "tuner": "autoscale" is the whole plan.
double plan_throughput_qps(std::span<const StageProvision> stages, std::span<const std::uint32_t> replicas);

}  // namespace servesim::inferline
