#pragma once
// The context in which servesim builds a scenario's policy, and the building,
// for `servesim run` and `validate` and for the tests that build policies as
// they do: the
// policy's world (its own cluster's, if it has one), the scenario's seed, its
// label, the scenario file's folder, what the scenario's runs share, and the
// run's future arrivals only if the scenario grants them ("oracle": true).
#include <memory>

#include "policies/policy.hpp"
#include "policies/scenario_cache.hpp"
#include "sim/scenario/scenario.hpp"

namespace servesim {

PolicyContext policy_context(const Scenario& scenario, const PolicySpec& spec, ScenarioCache* cache = nullptr,
                             bool check_only = false);

// The scenario's policy `spec` built by the registry in that context; its
// params node tells `observer` (if any) of the objects it reads; the policy
// announces long steps on `notices` (if any).
std::unique_ptr<Policy> build_scenario_policy(const Scenario& scenario, const PolicySpec& spec,
                                              ScenarioCache* cache = nullptr, bool check_only = false,
                                              JsonObjectObserver* observer = nullptr, std::ostream* notices = nullptr);

}  // namespace servesim
