#include "sim/scenario/policy_context.hpp"

#include <filesystem>
#include <memory>

#include "policies/arrival_oracle.hpp"

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

}  // namespace servesim
