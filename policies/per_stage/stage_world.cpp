#include "policies/per_stage/stage_world.hpp"

#include <memory>
#include <string>

#include "policies/per_stage/thinned_arrivals.hpp"

namespace servesim::per_stage {
namespace {

std::string derived_name(const PolicyWorld& world, const StageApplication& s) {
  const Application& app = world.applications[s.app];
  return app.name + "." + app.pipeline.stages()[s.stage].name;
}

Application stage_application(const PolicyWorld& world, const StageApplication& s) {
  const Application& app = world.applications[s.app];
  return Application{derived_name(world, s), Pipeline({app.pipeline.stages()[s.stage]}, {}), s.budget,
                     app.min_accuracy};
}

double visit_probability(const PolicyWorld& world, const StageApplication& s) {
  return world.applications[s.app].pipeline.visit_probability(s.stage);
}

std::shared_ptr<const ArrivalHistory> stage_history(const PolicyWorld& world, const StageApplication& s) {
  const auto& entry = world.histories.at(s.app);
  const double keep = visit_probability(world, s);
  if (!entry || keep >= 1) return entry;
  return ArrivalHistory::thinned(entry, keep, world.seed, "per-stage/history/" + derived_name(world, s));
}

// The real workloads (a policy's models, or an oracle's run sources) that
// carry application a's arrivals, as those of derived application d: a
// workload of a alone is thinned and tagged d; a mix is filtered to a's
// arrivals and retagged d. A run source keeps its stream name: the same draws.
template <class Source>
void add_stage_sources(const PolicyWorld& world, const StageApplication& s, AppId d, const std::vector<Source>& in,
                       std::vector<Source>& out) {
  const double keep = visit_probability(world, s);
  const std::string thinning = "per-stage/workload/" + derived_name(world, s);
  for (const Source& source : in) {
    if (source.app && *source.app != s.app) continue;
    Source thinned = source;
    if (source.app) {
      thinned.spec = std::make_shared<const ThinnedWorkload>(source.spec, keep, thinning);
      thinned.app = d;
    } else {
      thinned.spec = std::make_shared<const ThinnedWorkload>(source.spec, keep, thinning, s.app, d);
    }
    out.push_back(std::move(thinned));
  }
}

}  // namespace

PolicyWorld stage_world(const PolicyWorld& world, const StageApplications& stages) {
  PolicyWorld derived = world;
  derived.applications.clear();
  derived.histories.clear();
  derived.workloads.clear();
  derived.offline_jobs.clear();
  for (AppId d = 0; d < stages.size(); ++d) {
    const StageApplication& s = stages.real(d);
    derived.applications.push_back(stage_application(world, s));
    if (!world.histories.empty()) {
      derived.histories.resize(stages.size());
      derived.histories[d] = stage_history(world, s);
    }
    add_stage_sources(world, s, d, world.workloads, derived.workloads);
  }
  return derived;
}

ArrivalOracle stage_oracle(const ArrivalOracle& oracle, const PolicyWorld& world, const StageApplications& stages) {
  std::vector<WorkloadSource> sources;
  for (AppId d = 0; d < stages.size(); ++d) add_stage_sources(world, stages.real(d), d, oracle.sources(), sources);
  return ArrivalOracle(oracle.seed(), std::move(sources));
}

}  // namespace servesim::per_stage
