#include "policies/inferline/planning_sample.hpp"

#include <string>

#include "sim/core/time.hpp"

namespace servesim::inferline {
namespace {

// Past the longest time a scenario may state (time.hpp) an endless stream
// that never tags the application stops.
const Duration kLongestSample = from_seconds(kMaxTimeSpanS);

// The application's arrivals from its workload's process drawn under
// `stream_name` (not the run's: those only an oracle reads), before `until`.
std::vector<SimTime> first_of_workload(const PolicyWorld& world, AppId app, std::size_t max_arrivals,
                                       const std::string& stream_name, SimTime until) {
  std::vector<SimTime> sample;
  for (const WorkloadModel& source : world.workloads) {
    if (source.app && *source.app != app) continue;
    auto stream = source.spec->open(world.seed, stream_name);
    while (sample.size() < max_arrivals) {
      const auto a = stream->next();
      if (!a || a->time >= until) break;
      if (source.app || a->app == app) sample.push_back(a->time);
    }
    if (!sample.empty()) break;  // one source per application
  }
  return sample;
}

}  // namespace

std::vector<SimTime> planning_sample(const PolicyWorld& world, AppId app, std::size_t max_arrivals) {
  if (const ArrivalHistory* history = world.history_of(app)) return history->last(max_arrivals);
  return first_of_workload(world, app, max_arrivals, "inferline-sample/" + world.applications[app].name,
                           SimTime::zero() + kLongestSample);
}

}  // namespace servesim::inferline
