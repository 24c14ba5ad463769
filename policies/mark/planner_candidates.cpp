#include "policies/mark/planner_candidates.hpp"

#include <algorithm>


namespace servesim::mark {

bool meets_rt_max(const InstanceTypeOption& type, Duration rt_max) {
  return type.w_batch + type.batch_latency <= rt_max;
}

InputError no_type_meets_rt_max(const std::string& where, std::size_t type_count) {
  return InputError(where + ".instance_types", "no instance type meets RT_max (W_batch + T_N <= RT_max holds for none of " +
                                                   std::to_string(type_count) +
                                                   "): MArk has no candidate that can serve within the SLO");
}

double launch_overhead_dollars(const InstanceTypeOption& type, LaunchOverheadRule rule) {
  const Duration paid = rule == LaunchOverheadRule::kPublicCode180s ? kPublicCodeLaunchOverhead : type.launch_delay;
  return type.price_per_hour * paid.seconds() / 3600.0;
}

CandidateSet::CandidateSet(std::span<const InstanceTypeOption> types, std::span<const RunningInstance> running,
                           const PlannerParams& params)
    : serves_(types.size()), overhead_(types.size()), unkept_(types.size()) {
  for (std::size_t i = 0; i < types.size(); ++i) {
    serves_[i] = meets_rt_max(types[i], params.rt_max);
    overhead_[i] = launch_overhead_dollars(types[i], params.overhead);
  }
  if (std::none_of(serves_.begin(), serves_.end(), [](bool s) { return s; })) {
    throw no_type_meets_rt_max(params.where, types.size());
  }
  // Booting first, then in reverse order: keep_running pops from the back.
  for (auto r = running.rbegin(); r != running.rend(); ++r) {
    if (r->booting && serves_[r->type]) unkept_[r->type].push_back(r->id);
  }
  for (auto r = running.rbegin(); r != running.rend(); ++r) {
    if (!r->booting && serves_[r->type]) unkept_[r->type].push_back(r->id);
  }
}

InstanceId CandidateSet::keep_running(std::size_t type) {
  const InstanceId id = unkept_[type].back();
  unkept_[type].pop_back();
  return id;
}

}  // namespace servesim::mark
