#pragma once
// The stages of the real world's applications as applications of their own:
// every (application a, stage s), numbered in (a, s) order, is one derived
// application with stage 0 only, and s's share of a's SLO as its budget
// (stage_budgets.hpp). The per-stage policy translates between the two
// numberings with this index, both ways.
#include <cstdint>
#include <vector>

#include "policies/per_stage/stage_budgets.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim::per_stage {

struct StageApplication {
  AppId app = 0;        // in the real world
  StageId stage = 0;    // of that application's pipeline
  Duration budget;      // the stage's share of the application's SLO
};

class StageApplications {
 public:
  StageApplications(const PolicyWorld& world, SloSplit split);

  std::size_t size() const { return stages_.size(); }
  // The real (application, stage) of derived application `derived`, whose only
  // stage is 0: anything else is an InvariantError (a policy given the derived
  // world never names another).
  const StageApplication& real(AppId derived, StageId stage = 0) const;
  AppId derived(AppId app, StageId stage) const { return first_of_app_.at(app) + stage; }

 private:
  std::vector<StageApplication> stages_;  // by derived AppId
  std::vector<AppId> first_of_app_;       // by real AppId
};

}  // namespace servesim::per_stage
