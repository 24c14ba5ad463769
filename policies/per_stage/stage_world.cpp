#include "policies/per_stage/stage_world.hpp"

#include <memory>
#include <string>

#include "policies/per_stage/thinned_arrivals.hpp"

namespace servesim::per_stage {
namespace {

std::string derived_name(const SimulationConfig& world, const StageApplication& s) {
  const Application& app = world.applications[s.app];
  return app.name + "." + app.pipeline.stages()[s.stage].name;
}

Application stage_application(const SimulationConfig& world, const StageApplication& s) {
  const Application& app = world.applications[s.app];
  return Application{derived_name(world, s), Pipeline({app.pipeline.stages()[s.stage]}, {}), s.budget,
                     app.min_accuracy};
}

double visit_probability(const SimulationConfig& world, const StageApplication& s) {
  return world.applications[s.app].pipeline.visit_probability(s.stage);
}

std::shared_ptr<const ArrivalHistory> stage_history(const SimulationConfig& world, const StageApplication& s) {
  const auto& entry = world.histories.at(s.app);
  const double keep = visit_probability(world, s);
  if (!entry || keep >= 1) return entry;
  return ArrivalHistory::thinned(entry, keep, world.seed, "per-stage/history/" + derived_name(world, s));
}

// The real workload sources that carry application a's arrivals, as sources of
// derived application d: a source of a alone keeps its name (the same
// arrivals) and is tagged d; a mix is filtered to a's arrivals, retagged d.
void add_stage_workloads(const SimulationConfig& world, const StageApplication& s, AppId d,
                         std::vector<WorkloadSource>& out) {
  const double keep = visit_probability(world, s);
  const std::string thinning = "per-stage/workload/" + derived_name(world, s);
  for (const WorkloadSource& source : world.workloads) {
    if (source.app && *source.app != s.app) continue;
    if (source.app) {
      out.push_back({std::make_shared<const ThinnedWorkload>(source.spec, keep, thinning), source.name, d});
    } else {
      out.push_back({std::make_shared<const ThinnedWorkload>(source.spec, keep, thinning, s.app, d), source.name, {}});
    }
  }
}

}  // namespace

SimulationConfig stage_world(const SimulationConfig& world, const StageApplications& stages) {
  SimulationConfig derived = world;
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
    add_stage_workloads(world, s, d, derived.workloads);
  }
  return derived;
}

}  // namespace servesim::per_stage
