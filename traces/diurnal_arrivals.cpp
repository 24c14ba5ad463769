#include "traces/diurnal_arrivals.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "sim/core/random_stream.hpp"
#include "traces/rescaled_renewal.hpp"

namespace servesim {
namespace {

bool positive(double v) { return std::isfinite(v) && v > 0; }
bool non_negative(double v) { return std::isfinite(v) && v >= 0; }

// Pieces end at step boundaries and at spike starts and ends, so each piece
// has one constant rate: base(mid-step) * noise(step) * spike factor.
class DiurnalSchedule : public RateSchedule {
 public:
  DiurnalSchedule(const DiurnalArrivals& spec, RandomStream noise, RandomStream spikes)
      : spec_(spec), opt_(spec.options()), noise_rng_(noise), spike_rng_(spikes), step_(from_seconds(opt_.step_s)),
        spike_length_(from_seconds(opt_.spikes.duration_s)) {
    step_noise_ = draw_noise();
    next_spike_ = SimTime::zero() + draw_spike_gap();
  }

  std::optional<RatePiece> next_piece() override {
    // Spikes that have started by now extend the current spike (union of intervals).
    while (next_spike_ <= now_) {
      spike_end_ = std::max(spike_end_, next_spike_ + spike_length_);
      next_spike_ += draw_spike_gap();
    }
    const bool spiking = now_ < spike_end_;
    const SimTime step_end{step_.ns * (step_index_ + 1)};  // < 2^63: the stream stops at kMaxTimeSpanS
    const SimTime end = std::min(step_end, spiking ? spike_end_ : next_spike_);
    const double mid_s = (static_cast<double>(step_index_) + 0.5) * opt_.step_s;
    const double rate = spec_.base_rate(mid_s) * step_noise_ * (spiking ? opt_.spikes.magnitude : 1.0);
    const RatePiece piece = RatePiece::constant(now_, end, rate);
    now_ = end;
    if (end == step_end) {
      ++step_index_;
      step_noise_ = draw_noise();
    }
    return piece;
  }

 private:
  double draw_noise() { return opt_.noise_cv > 0 ? noise_rng_.lognormal_mean_cv(1.0, opt_.noise_cv) : 1.0; }

  Duration draw_spike_gap() {
    if (opt_.spikes.rate_per_hour <= 0) return Duration::infinite();
    // At least 1 ns, so the catch-up loop in next_piece always moves on.
    return std::max(Duration{1}, from_seconds(spike_rng_.exponential(3600.0 / opt_.spikes.rate_per_hour)));
  }

  // Copies, so the stream never outlives what it reads.
  DiurnalArrivals spec_;
  DiurnalOptions opt_;
  RandomStream noise_rng_, spike_rng_;
  Duration step_, spike_length_;
  std::int64_t step_index_ = 0;
  double step_noise_ = 1;
  SimTime now_ = SimTime::zero();
  SimTime spike_end_ = SimTime::zero();
  SimTime next_spike_ = SimTime::never();
};

}  // namespace

DiurnalArrivals::DiurnalArrivals(DiurnalOptions options) : options_(options) {
  const DiurnalOptions& o = options_;
  if (!positive(o.mean_qps)) throw std::invalid_argument("mean_qps must be > 0");
  if (!(std::isfinite(o.peak_to_valley) && o.peak_to_valley >= 1)) throw std::invalid_argument("peak_to_valley must be >= 1");
  if (!positive(o.period_s)) throw std::invalid_argument("period_s must be > 0");
  if (!std::isfinite(o.phase_s)) throw std::invalid_argument("phase_s must be finite");
  if (!non_negative(o.noise_cv)) throw std::invalid_argument("noise_cv must be >= 0");
  if (!positive(o.step_s) || from_seconds(o.step_s).ns <= 0) throw std::invalid_argument("step_s must be > 0");
  if (!non_negative(o.spikes.rate_per_hour)) throw std::invalid_argument("spike rate_per_hour must be >= 0");
  if (!positive(o.spikes.magnitude)) throw std::invalid_argument("spike magnitude must be > 0");
  if (!positive(o.spikes.duration_s)) throw std::invalid_argument("spike duration_s must be > 0");
}

double DiurnalArrivals::base_rate(double t_s) const {
  const double r = options_.peak_to_valley;
  const double a = (r - 1) / (r + 1);
  return options_.mean_qps * (1 + a * std::sin(2 * std::numbers::pi * (t_s + options_.phase_s) / options_.period_s));
}

std::unique_ptr<ArrivalStream> DiurnalArrivals::open(std::uint64_t seed, const std::string& name) const {
  auto schedule = std::make_unique<DiurnalSchedule>(*this, RandomStream(seed, name + "/noise"),
                                                    RandomStream(seed, name + "/spikes"));
  return std::make_unique<RescaledRenewalStream>(std::move(schedule), GapDistribution::poisson(),
                                                 RandomStream(seed, name + "/arrivals"));
}

}  // namespace servesim
