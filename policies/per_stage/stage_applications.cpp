#include "policies/per_stage/stage_applications.hpp"

#include <string>

#include "sim/core/input_error.hpp"

namespace servesim::per_stage {

StageApplications::StageApplications(const PolicyWorld& world, SloSplit split) {
  for (AppId a = 0; a < world.applications.size(); ++a) {
    const Application& app = world.applications[a];
    first_of_app_.push_back(static_cast<AppId>(stages_.size()));
    const std::vector<Duration> budgets = stage_budgets(app, world, split);
    for (StageId s = 0; s < app.pipeline.stages().size(); ++s) stages_.push_back({a, s, budgets[s]});
  }
}

const StageApplication& StageApplications::real(AppId derived, StageId stage) const {
  if (derived >= stages_.size() || stage != 0) {
    throw InvariantError("per-stage: the inner policy named application " + std::to_string(derived) + " stage " +
                         std::to_string(stage) + ", which its world does not have");
  }
  return stages_[derived];
}

}  // namespace servesim::per_stage
