#pragma once
// The world the per-stage policy's inner policy sees: the real world with
// every (application a, stage s) as a single-model application of its own,
// numbered as StageApplications numbers them:
//   - named "<a's name>.<s's name>", a one-stage pipeline (stage s's name and
//     family), SLO = s's budget, a's accuracy floor;
//   - history: a's, each arrival kept with s's visit probability
//     (thinned_arrivals.hpp, stream "per-stage/history/<derived name>"): a's
//     very history when every query visits s;
//   - workloads: a's processes, thinned alike (stream "per-stage/workload/<derived
//     name>"), from which an inner policy draws its own samples;
//   - no offline jobs (the per-stage policy refuses them);
//   - everything else (catalogs, cluster, cloud, serving rules) the real world's.
// The engine runs the real world; nothing here is ever served.
#include "policies/arrival_oracle.hpp"
#include "policies/per_stage/stage_applications.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim::per_stage {

PolicyWorld stage_world(const PolicyWorld& world, const StageApplications& stages);

// The run's arrivals of each derived application, for an inner policy when
// the scenario grants the per-stage policy an oracle: the oracle's sources of
// a's arrivals, thinned as the workloads above and under their own stream
// names, so the very queries that will visit stage s (MArk's oracle
// predictor reads them per application).
ArrivalOracle stage_oracle(const ArrivalOracle& oracle, const PolicyWorld& world, const StageApplications& stages);

}  // namespace servesim::per_stage
