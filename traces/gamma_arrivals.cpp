#include "traces/gamma_arrivals.hpp"

#include <stdexcept>
#include <vector>

#include "traces/rescaled_renewal.hpp"

namespace servesim {

GammaArrivals::GammaArrivals(double rate, double cv) : rate_(rate), cv_(cv) {
  if (!(std::isfinite(rate) && rate > 0)) throw std::invalid_argument("rate must be > 0");
  if (!(std::isfinite(cv) && cv > 0)) throw std::invalid_argument("cv must be > 0");
}

std::unique_ptr<ArrivalStream> GammaArrivals::open(std::uint64_t seed, const std::string& name) const {
  // A constant rate is the one-piece schedule; the rescaled stream then
  // reduces to plain gaps of mean 1/rate, with no extra rounding.
  std::vector<RatePiece> pieces{RatePiece::constant(SimTime::zero(), SimTime::never(), rate_)};
  const GapDistribution gaps = cv_ == 1.0 ? GapDistribution::poisson() : GapDistribution::gamma(cv_);
  return std::make_unique<RescaledRenewalStream>(std::make_unique<ListRateSchedule>(std::move(pieces)), gaps,
                                                 RandomStream(seed, name + "/arrivals"));
}

std::shared_ptr<const WorkloadSpec> poisson_arrivals(double rate) {
  return std::make_shared<GammaArrivals>(rate, 1.0);
}

std::shared_ptr<const WorkloadSpec> gamma_arrivals(double rate, double cv) {
  return std::make_shared<GammaArrivals>(rate, cv);
}

}  // namespace servesim
