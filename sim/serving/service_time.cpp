#include "sim/serving/service_time.hpp"

#include <cmath>

namespace servesim {

Duration ServiceTimeSpec::draw(Duration mean, RandomStream& rng) const {
  const double m = static_cast<double>(mean.ns);
  double x = m;
  switch (distribution) {
    case Distribution::kDeterministic:
      return mean;
    case Distribution::kExponential:
      x = rng.exponential(m);
      break;
    case Distribution::kGamma:
      x = rng.gamma_mean_cv(m, cv);
      break;
    case Distribution::kLognormal:
      x = rng.lognormal_mean_cv(m, cv);
      break;
  }
  return Duration{static_cast<std::int64_t>(std::llround(x))};
}

}  // namespace servesim
