#pragma once
// A renewal process run on "operational time" (the integrated rate
// Lambda(t) = integral of rate over [0, t]) and mapped back to real time by
// inverting Lambda piece by piece. With exponential unit gaps this is the exact
// non-homogeneous Poisson process of the schedule (time-rescaling theorem);
// with other gap laws it is a renewal process that follows the local rate.
// This one engine drives constant-rate, replayed and synthetic diurnal loads.
#include <memory>
#include <optional>

#include "sim/core/random_stream.hpp"
#include "traces/arrival_stream.hpp"
#include "traces/rate_schedule.hpp"

namespace servesim {

enum class GapLaw {
  exponential,  // Poisson arrivals
  gamma,        // Gamma renewal with coefficient of variation cv
  uniform,      // evenly spaced: one arrival per unit of operational time
};

struct GapDistribution {
  GapLaw law = GapLaw::exponential;
  double cv = 1.0;  // sd / mean of a gap; used by GapLaw::gamma only

  static GapDistribution poisson() { return {GapLaw::exponential, 1.0}; }
  static GapDistribution gamma(double cv) { return {GapLaw::gamma, cv}; }
  static GapDistribution uniform() { return {GapLaw::uniform, 0.0}; }
  // Throws std::invalid_argument unless a gamma law has a finite cv > 0.
  void validate() const;
};

class RescaledRenewalStream : public ArrivalStream {
 public:
  // The first gap is drawn so that the process is stationary from time 0
  // (the equilibrium residual gap for gamma, half a gap for uniform, which
  // centres evenly spaced arrivals in their interval: an interval whose
  // integrated rate is an integer c gets exactly c arrivals).
  RescaledRenewalStream(std::unique_ptr<RateSchedule> schedule, GapDistribution gaps, RandomStream rng);
  std::optional<Arrival> next() override;

 private:
  double draw_gap();
  double draw_first_gap();
  bool enter_next_piece();

  std::unique_ptr<RateSchedule> schedule_;
  GapDistribution gaps_;
  RandomStream rng_;
  std::optional<RatePiece> piece_;
  double length_s_ = 0;   // of the current piece (infinite for an endless one)
  double slope_ = 0;      // rate change per second within the piece
  double offset_s_ = 0;   // position within the current piece
  double need_ = 0;       // operational time left until the next arrival
};

// The closed forms behind the stream, exposed for tests.
// Integral of a linear rate over a stretch of length_s, from rate r_from to r_to.
double linear_rate_integral(double r_from, double r_to, double length_s);
// The d >= 0 with r_from * d + slope * d^2 / 2 = need: how far a linear rate
// must run to accumulate `need`. Uses the cancellation-free root
// 2 need / (r + sqrt(r^2 + 2 slope need)); infinite if the rate never gets there.
double invert_linear_integral(double r_from, double slope, double need);

}  // namespace servesim
