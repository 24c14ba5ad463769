#include "sim/scenario/policy_context.hpp"

#include <filesystem>
#include <memory>

#include "policies/arrival_oracle.hpp"
#include "policies/policy_registry.hpp"

namespace servesim {

PolicyContext policy_context(const Scenario& scenario, const PolicySpec& spec, ScenarioCache* cache,
                             bool check_only) {
  const SimulationConfig& world = scenario.world_of(spec);
  return PolicyContext{world,
                       scenario.world.seed,
                       spec.label,
                       std::filesystem::path(scenario.file).parent_path(),
                       cache,
                       check_only,
                       spec.oracle ? std::make_shared<const ArrivalOracle>(world) : nullptr};
}

std::unique_ptr<Policy> build_scenario_policy(const Scenario& scenario, const PolicySpec& spec, ScenarioCache* cache,
                                              bool check_only, JsonObjectObserver* observer, std::ostream* notices) {
  PolicyContext context = policy_context(scenario, spec, cache, check_only);
  context.notices = notices;
  return make_policy(spec.name_node(scenario.file), spec.params_node(scenario.file, observer), context);
}

}  // namespace servesim
