#pragma once
// Stationary renewal arrivals at a constant rate: Poisson (exponential gaps)
// and Gamma (gaps with a given coefficient of variation).
//
// Here cv is the plain coefficient of variation of an inter-arrival time,
// sd / mean, so the gamma shape is 1 / cv^2 and cv = 1 is Poisson.
// InferLine (Crankshaw et al., SoCC'20) writes "CV" for the SQUARED
// coefficient, CV = sigma^2 / mu^2; its public generator draws
// gamma(shape 1/CV, scale CV * mean). So InferLine's CV = 4 is cv = 2 here
// (use cv_from_squared_cv, or "cv2" in a scenario).
#include <cmath>
#include <memory>

#include "traces/arrival_stream.hpp"

namespace servesim {

class GammaArrivals : public WorkloadSpec {
 public:
  // rate in arrivals per second. Throws std::invalid_argument unless rate > 0
  // and cv > 0 (both finite).
  GammaArrivals(double rate, double cv);
  double rate() const { return rate_; }
  double cv() const { return cv_; }
  // Draws from RandomStream(seed, name + "/arrivals").
  std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const override;

 private:
  double rate_;
  double cv_;
};

std::shared_ptr<const WorkloadSpec> poisson_arrivals(double rate);
std::shared_ptr<const WorkloadSpec> gamma_arrivals(double rate, double cv);

// InferLine's squared "CV" to the cv used here.
inline double cv_from_squared_cv(double squared_cv) { return std::sqrt(squared_cv); }

}  // namespace servesim
