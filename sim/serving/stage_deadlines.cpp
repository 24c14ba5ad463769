#include "sim/serving/stage_deadlines.hpp"

#include <string>

#include "sim/core/input_error.hpp"

namespace servesim {

void StageDeadlines::set(AppId app, StageId stage, Duration budget) {
  if (app >= stages_per_app_.size() || stage >= stages_per_app_[app]) {
    throw InvariantError("stage budget for application " + std::to_string(app) + " stage " + std::to_string(stage) +
                         ", which does not exist");
  }
  if (budget < Duration::zero()) throw InvariantError("negative stage budget");
  if (budgets_.empty()) {
    for (std::size_t n : stages_per_app_) budgets_.emplace_back(n, Duration::infinite());
  }
  budgets_[app][stage] = budget;
}

}  // namespace servesim
