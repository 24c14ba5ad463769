#include "traces/gamma_transition_arrivals.hpp"

#include <cmath>
#include <stdexcept>

#include "sim/core/random_stream.hpp"

namespace servesim {
namespace {

void check(const GammaPhase& p) {
  if (!(std::isfinite(p.rate) && p.rate > 0)) throw std::invalid_argument("rate must be > 0");
  if (!(std::isfinite(p.cv) && p.cv > 0)) throw std::invalid_argument("cv must be > 0");
}

class GammaTransitionStream : public ArrivalStream {
 public:
  GammaTransitionStream(const GammaTransitionArrivals& spec, RandomStream rng) : spec_(spec), rng_(rng) {}

  std::optional<Arrival> next() override {
    const GammaPhase p = spec_.phase_at(now_s_);
    now_s_ += rng_.gamma_mean_cv(1.0 / p.rate, p.cv);
    return Arrival{at_seconds(now_s_)};
  }

 private:
  GammaTransitionArrivals spec_;  // a copy: four numbers, and no lifetime tie to the spec
  RandomStream rng_;
  double now_s_ = 0;
};

}  // namespace

GammaTransitionArrivals::GammaTransitionArrivals(GammaPhase from, GammaPhase to, double start_s, double transition_s)
    : from_(from), to_(to), start_s_(start_s), transition_s_(transition_s) {
  check(from_);
  check(to_);
  if (!(std::isfinite(start_s) && start_s >= 0)) throw std::invalid_argument("start_s must be >= 0");
  if (!(std::isfinite(transition_s) && transition_s >= 0)) throw std::invalid_argument("transition_s must be >= 0");
}

GammaPhase GammaTransitionArrivals::phase_at(double t_s) const {
  if (t_s < start_s_) return from_;
  if (t_s >= start_s_ + transition_s_) return to_;
  const double f = (t_s - start_s_) / transition_s_;
  return {from_.rate + f * (to_.rate - from_.rate), from_.cv + f * (to_.cv - from_.cv)};
}

std::unique_ptr<ArrivalStream> GammaTransitionArrivals::open(std::uint64_t seed, const std::string& name) const {
  return std::make_unique<GammaTransitionStream>(*this, RandomStream(seed, name + "/arrivals"));
}

}  // namespace servesim
