#pragma once
// Algorithm 1's candidate set S (MArk, ATC'19, section 4.3): every instance
// type that can meet the SLO, each priced with its launch overhead O_i, and
// every running or booting instance of such a type, "treated as [a] special
// one with zero launch overhead" that can be kept once.
//
// SCHEDULE removes from S every candidate that cannot meet the SLO. MArk
// tunes (N_batch, W_batch) per type so that W_batch + T_N <= RT_max (section
// 4.3, "Batching"); a type whose tuned pair still breaks it cannot serve a
// request within RT_max, and neither can a running instance of it. No type
// left is the paper's "Report error": an InputError at "<where>.instance_types"
// (the types and RT_max are the user's, so the caller reports it as bad input).
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "policies/mark/planner_inputs.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::mark {

// W_batch + T_N <= RT_max.
bool meets_rt_max(const InstanceTypeOption& type, Duration rt_max);

// The paper's "Report error" when no type meets RT_max, at "<where>.instance_types".
InputError no_type_meets_rt_max(const std::string& where, std::size_t type_count);

// O_i in dollars: P_i for the type's launch delay (the paper), or for 180 s
// (the public code).
double launch_overhead_dollars(const InstanceTypeOption& type, LaunchOverheadRule rule);

class CandidateSet {
 public:
  // Expects validated inputs (planner_inputs.hpp).
  CandidateSet(std::span<const InstanceTypeOption> types, std::span<const RunningInstance> running,
               const PlannerParams& params);

  std::size_t type_count() const { return serves_.size(); }
  bool serves(std::size_t type) const { return serves_[type]; }
  double overhead(std::size_t type) const { return overhead_[type]; }
  bool has_running(std::size_t type) const { return !unkept_[type].empty(); }
  // The next running instance of the type to keep, taken out of S. Ready
  // ones come before booting ones (a ready one serves now; a booting one
  // still waits), then the caller's order: a fixed rule, so the same inputs
  // keep the same instances.
  InstanceId keep_running(std::size_t type);

 private:
  std::vector<bool> serves_;
  std::vector<double> overhead_;
  std::vector<std::vector<InstanceId>> unkept_;  // by type, the next to keep last
};

}  // namespace servesim::mark
