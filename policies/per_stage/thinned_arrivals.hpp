#pragma once
// A stage's run arrivals, for the inner policy's world: its application's
// arrivals, each kept with the stage's visit probability
// (Pipeline::visit_probability), drawn from a random stream of its own. A
// stage every query visits keeps every arrival, with no draw: exactly its
// application's. The engine's own branch draws decide which queries really
// visit a stage; these are a stand-in with the same rate, for what a policy
// reads of the run ahead (MArk's oracle). A stage's history is thinned alike
// by ArrivalHistory::thinned.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "sim/serving/application.hpp"
#include "sim/serving/arrival_history.hpp"
#include "traces/arrival_stream.hpp"

namespace servesim::per_stage {

// A workload's arrivals of one application, thinned: opened with (seed, name),
// it gives what `workload` gives with the same (seed, name) (the run's very
// arrivals), those of application `only` when the workload is a mix (then
// tagged `retag`), each kept with probability `keep` drawn from the stream
// `thinning_stream`.
class ThinnedWorkload final : public WorkloadSpec {
 public:
  ThinnedWorkload(std::shared_ptr<const WorkloadSpec> workload, double keep, std::string thinning_stream,
                  std::optional<AppId> only = std::nullopt, AppId retag = 0)
      : workload_(std::move(workload)), keep_(keep), thinning_stream_(std::move(thinning_stream)), only_(only),
        retag_(retag) {}
  std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const override;

 private:
  std::shared_ptr<const WorkloadSpec> workload_;
  double keep_;
  std::string thinning_stream_;
  std::optional<AppId> only_;
  AppId retag_;
};

}  // namespace servesim::per_stage
