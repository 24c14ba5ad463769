#include "policies/arrival_oracle.hpp"

#include <algorithm>
#include <string>

#include "sim/core/input_error.hpp"

namespace servesim {

ArrivalOracle::ArrivalOracle(const SimulationConfig& run) : seed_(run.seed) {
  for (std::size_t i = 0; i < run.workloads.size(); ++i) sources_.push_back(run.run_workload(i));
}

std::vector<SimTime> ArrivalOracle::arrivals(AppId app, SimTime until, std::size_t max_count) const {
  std::vector<SimTime> times;
  for (const WorkloadSource& source : sources_) {
    if (source.app && *source.app != app) continue;
    const auto stream = source.spec->open(seed_, source.name);
    std::size_t taken = 0;  // the first max_count of the merge are among each source's first max_count
    while (taken < max_count) {
      const auto arrival = stream->next();
      if (!arrival || arrival->time >= until) break;
      if (source.app || arrival->app == app) {
        times.push_back(arrival->time);
        ++taken;
      }
    }
  }
  std::sort(times.begin(), times.end());  // several sources interleave
  if (times.size() > max_count) times.resize(max_count);
  return times;
}

const std::shared_ptr<const ArrivalOracle>& require_oracle(const PolicyContext& context, const JsonNode& asked) {
  if (context.oracle) return context.oracle;
  const std::string& path = asked.path();
  const std::string entry = path.substr(0, path.find(".params"));
  asked.fail("reads the run's future arrivals (an oracle): allow it with \"oracle\": true in " + entry);
}

}  // namespace servesim
