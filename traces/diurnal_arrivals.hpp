#pragma once
// A synthetic Twitter-like day, so that a default scenario needs nobody's
// trace file. The noise-free rate is
//   rate(t) = mean_qps * (1 + a sin(2 pi (t + phase_s) / period_s)),
//   a = (R - 1) / (R + 1)  for a peak-to-valley ratio R,
// so max / min = R exactly and the mean over a period is mean_qps (MArk
// reports R of about 4 for Twitter). The rate is held constant over each step
// of step_s (at its value mid-step), times a log-normal noise factor of mean 1
// per step, times `magnitude` while a spike is on; spikes start as a Poisson
// process in time and last duration_s (overlapping spikes merge, they do not
// compound). Arrivals are Poisson within (the rescaled renewal stream).
#include <memory>

#include "traces/arrival_stream.hpp"

namespace servesim {

struct DiurnalOptions {
  double mean_qps = 100;
  double peak_to_valley = 4;  // R >= 1; 1 is a flat rate
  double period_s = 86400;
  double phase_s = 0;
  double noise_cv = 0.1;  // 0: no noise
  double step_s = 60;
  struct Spikes {
    double rate_per_hour = 0;  // 0: no spikes
    double magnitude = 2;      // > 0
    double duration_s = 120;   // > 0
  } spikes;
};

class DiurnalArrivals : public WorkloadSpec {
 public:
  // Throws std::invalid_argument on mean_qps <= 0, peak_to_valley < 1,
  // period_s or step_s <= 0, negative noise_cv or spike rate, and so on.
  explicit DiurnalArrivals(DiurnalOptions options);
  const DiurnalOptions& options() const { return options_; }
  // The noise-free, spike-free rate at time t_s (continuous, not stepped).
  double base_rate(double t_s) const;
  // Draws noise from (seed, name + "/noise"), spikes from name + "/spikes"
  // and arrivals from name + "/arrivals".
  std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const override;

 private:
  DiurnalOptions options_;
};

}  // namespace servesim
