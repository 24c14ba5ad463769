#include "traces/application_mix.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "sim/core/random_stream.hpp"

namespace servesim {
namespace {

class MixStream : public ArrivalStream {
 public:
  MixStream(std::unique_ptr<ArrivalStream> inner, std::vector<double> cumulative, RandomStream rng)
      : inner_(std::move(inner)), cumulative_(std::move(cumulative)), rng_(rng) {}

  std::optional<Arrival> next() override {
    std::optional<Arrival> a = inner_->next();
    if (!a) return a;
    // Inverse CDF: u < 1 and the cumulative sum ends at exactly 1.
    const double u = rng_.uniform01();
    const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
    a->app = static_cast<std::uint32_t>(it - cumulative_.begin());
    return a;
  }

 private:
  std::unique_ptr<ArrivalStream> inner_;
  std::vector<double> cumulative_;
  RandomStream rng_;
};

class TagStream : public ArrivalStream {
 public:
  TagStream(std::unique_ptr<ArrivalStream> inner, std::uint32_t app) : inner_(std::move(inner)), app_(app) {}
  std::optional<Arrival> next() override {
    std::optional<Arrival> a = inner_->next();
    if (a) a->app = app_;
    return a;
  }

 private:
  std::unique_ptr<ArrivalStream> inner_;
  std::uint32_t app_;
};

}  // namespace

std::vector<double> zipf_weights(std::size_t n, double alpha) {
  if (n == 0) throw std::invalid_argument("Zipf needs at least one application");
  if (!(std::isfinite(alpha) && alpha >= 0)) throw std::invalid_argument("Zipf alpha must be >= 0");
  std::vector<double> w(n);
  double total = 0;
  for (std::size_t k = 1; k <= n; ++k) total += (w[k - 1] = std::pow(static_cast<double>(k), -alpha));
  for (double& x : w) x /= total;
  return w;
}

ApplicationMix::ApplicationMix(std::shared_ptr<const WorkloadSpec> workload, std::vector<double> weights)
    : workload_(std::move(workload)) {
  if (!workload_) throw std::invalid_argument("application mix has no workload");
  if (weights.empty()) throw std::invalid_argument("application mix needs at least one weight");
  double total = 0;
  for (double w : weights) {
    if (!(std::isfinite(w) && w >= 0)) throw std::invalid_argument("weights must be >= 0");
    total += w;
  }
  if (!(total > 0)) throw std::invalid_argument("weights must not all be 0");
  double running = 0;
  for (double w : weights) {
    probabilities_.push_back(w / total);
    cumulative_.push_back(running += w / total);
  }
  // From the last application with weight > 0 on, the sum is exactly 1, so
  // rounding can never hand an arrival to a trailing zero-weight application.
  const auto last = std::find_if(weights.rbegin(), weights.rend(), [](double w) { return w > 0; });
  std::fill(cumulative_.end() - (last - weights.rbegin()) - 1, cumulative_.end(), 1.0);
}

std::unique_ptr<ArrivalStream> ApplicationMix::open(std::uint64_t seed, const std::string& name) const {
  return std::make_unique<MixStream>(workload_->open(seed, name + "/workload"), cumulative_,
                                     RandomStream(seed, name + "/mix"));
}

TaggedArrivals::TaggedArrivals(std::shared_ptr<const WorkloadSpec> workload, std::uint32_t app)
    : workload_(std::move(workload)), app_(app) {
  if (!workload_) throw std::invalid_argument("tagged workload is null");
}

std::unique_ptr<ArrivalStream> TaggedArrivals::open(std::uint64_t seed, const std::string& name) const {
  return std::make_unique<TagStream>(workload_->open(seed, name), app_);
}

}  // namespace servesim
