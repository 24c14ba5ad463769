#include "policies/per_stage/thinned_arrivals.hpp"

#include <utility>

#include "sim/core/random_stream.hpp"

namespace servesim::per_stage {
namespace {

class ThinnedStream final : public ArrivalStream {
 public:
  ThinnedStream(std::unique_ptr<ArrivalStream> source, double keep, RandomStream rng, std::optional<AppId> only,
                AppId retag)
      : source_(std::move(source)), keep_(keep), rng_(rng), only_(only), retag_(retag) {}

  std::optional<Arrival> next() override {
    while (std::optional<Arrival> arrival = source_->next()) {
      if (only_) {
        if (arrival->app != *only_) continue;
        arrival->app = retag_;
      }
      // No draw at all when every arrival is kept: the application's own arrivals.
      if (keep_ < 1 && !(rng_.uniform01() < keep_)) continue;
      return arrival;
    }
    return std::nullopt;
  }

 private:
  std::unique_ptr<ArrivalStream> source_;
  double keep_;
  RandomStream rng_;
  std::optional<AppId> only_;
  AppId retag_;
};

}  // namespace

std::unique_ptr<ArrivalStream> ThinnedWorkload::open(std::uint64_t seed, const std::string& name) const {
  return std::make_unique<ThinnedStream>(workload_->open(seed, name), keep_, RandomStream(seed, thinning_stream_),
                                         only_, retag_);
}

}  // namespace servesim::per_stage
