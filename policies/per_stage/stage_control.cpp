#include "policies/per_stage/stage_control.hpp"

#include <utility>

namespace servesim::per_stage {

void StageControl::set_routing_weights(AppId app, StageId stage, std::vector<RoutingWeight> weights) {
  const StageApplication& s = stages_.real(app, stage);
  real_->set_routing_weights(s.app, s.stage, std::move(weights));
}

void StageControl::attach_central_queue(ReplicaId replica, AppId app, StageId stage) {
  const StageApplication& s = stages_.real(app, stage);
  real_->attach_central_queue(replica, s.app, s.stage);
}

void StageControl::set_stage_budget(AppId app, StageId stage, Duration budget) {
  const StageApplication& s = stages_.real(app, stage);
  real_->set_stage_budget(s.app, s.stage, budget);
}

}  // namespace servesim::per_stage
