#include "policies/per_stage/stage_view.hpp"

namespace servesim::per_stage {

std::uint64_t StageView::central_queue_length(AppId app, StageId stage) const {
  const StageApplication& s = stages_.real(app, stage);
  return real_->central_queue_length(s.app, s.stage);
}

double StageView::arrival_rate(AppId app, StageId stage) const {
  const StageApplication& s = stages_.real(app, stage);
  return real_->arrival_rate(s.app, s.stage);
}

FinishedQueries StageView::finished_queries(AppId app) const { return real_->finished_queries(stages_.real(app).app); }

}  // namespace servesim::per_stage
