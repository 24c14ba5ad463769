#pragma once
// InferLine's time-varying workload (Crankshaw et al., SoCC'20, section 6):
// "evolve the workload generating function between different Gamma
// distributions over a specified period, the transition time". Gamma(from)
// until start_s; over [start_s, start_s + transition_s] both the rate and the
// cv move linearly to Gamma(to); Gamma(to) afterwards. As in InferLine's
// generator, each gap is drawn with the rate and cv of the moment it starts
// (so a long gap drawn just before the transition is not shortened by it).
// cv is sd / mean of a gap (InferLine's "CV" is its square, see gamma_arrivals.hpp).
#include <memory>

#include "traces/arrival_stream.hpp"

namespace servesim {

struct GammaPhase {
  double rate = 1;  // arrivals per second, > 0
  double cv = 1;    // > 0
};

class GammaTransitionArrivals : public WorkloadSpec {
 public:
  // Throws std::invalid_argument unless rates and cvs are > 0, start_s >= 0
  // and transition_s >= 0 (0 is a step change).
  GammaTransitionArrivals(GammaPhase from, GammaPhase to, double start_s, double transition_s);
  // The generating Gamma at time t_s.
  GammaPhase phase_at(double t_s) const;
  // Draws from RandomStream(seed, name + "/arrivals").
  std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const override;

 private:
  GammaPhase from_, to_;
  double start_s_, transition_s_;
};

}  // namespace servesim
