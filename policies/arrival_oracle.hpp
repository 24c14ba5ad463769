#pragma once
// The run's future arrivals, for a policy the scenario allows to read them
// ("oracle": true on its entry in `policies`): MArk's oracle predictor (the
// true future samples, an ablation) and InferLine's planning on the live
// trace. A policy sees the world as PolicyWorld, with the workloads'
// processes but not the run's draws; this is the one way to the draws, and
// PolicyContext::oracle is null unless the scenario grants it, so that a
// policy cannot plan on the future by accident.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string_view>
#include <vector>

#include "policies/policy.hpp"
#include "sim/core/json_node.hpp"
#include "sim/core/time.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim {

class ArrivalOracle {
 public:
  ArrivalOracle(std::uint64_t seed, std::vector<WorkloadSource> sources)
      : seed_(seed), sources_(std::move(sources)) {}
  explicit ArrivalOracle(const SimulationConfig& run);  // the run's own arrivals

  // Application app's arrival times before `until`, in time order, the first
  // `max_count` of them, as the run will draw them.
  std::vector<SimTime> arrivals(AppId app, SimTime until,
                                std::size_t max_count = std::numeric_limits<std::size_t>::max()) const;

  std::uint64_t seed() const { return seed_; }
  const std::vector<WorkloadSource>& sources() const { return sources_; }

 private:
  std::uint64_t seed_;
  std::vector<WorkloadSource> sources_;
};

// The context's oracle for a policy that asks for it at `asked` (say its
// "predictor": "oracle"); an input error naming the key and the entry's
// "oracle" switch when the scenario does not grant it.
const std::shared_ptr<const ArrivalOracle>& require_oracle(const PolicyContext& context, const JsonNode& asked);

}  // namespace servesim
