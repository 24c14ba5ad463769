#include "sim/cluster/cpu_credits.hpp"

#include <algorithm>
#include <cmath>

#include "sim/core/input_error.hpp"

namespace servesim {
namespace {

// Below this many credits (a millionth of a vCPU-second) the balance counts as
// empty, so floating-point dust left at exhausted_at() does not keep an
// instance at full speed.
constexpr double kEmpty = 1e-9;
constexpr double kNanosPerMinute = 60e9;

}  // namespace

CpuCreditBalance::CpuCreditBalance(const BurstableSpec& spec, std::uint32_t vcpus, SimTime start)
    : spec_(spec), vcpus_(static_cast<double>(vcpus)), last_(start), launch_(spec.launch_credits) {}

double CpuCreditBalance::clamp_busy(double busy_vcpus) const {
  if (!(busy_vcpus > 0)) return 0;  // also NaN
  return std::min(busy_vcpus, vcpus_);
}

void CpuCreditBalance::integrate(double minutes, double busy) {
  const double earn = spec_.credits_per_hour / 60.0;  // credits per minute
  if (launch_ > 0) {
    if (busy <= 0) {
      earned_ = std::min(spec_.max_credits, earned_ + earn * minutes);
      return;
    }
    // Launch credits pay for the work first; earnings accrue meanwhile.
    const double until_spent = launch_ / busy;
    const double t = std::min(minutes, until_spent);
    launch_ = t >= until_spent ? 0.0 : launch_ - busy * t;
    earned_ = std::min(spec_.max_credits, earned_ + earn * t);
    minutes -= t;
  }
  if (minutes <= 0) return;
  // Below the baseline the balance grows (up to the cap); above it, it drains
  // to 0 and stays there: a throttled instance spends exactly what it earns.
  earned_ = std::clamp(earned_ + (earn - busy) * minutes, 0.0, spec_.max_credits);
}

void CpuCreditBalance::advance(SimTime now, double busy_vcpus) {
  if (now < last_) throw InvariantError("CPU credit balance advanced backwards in time");
  busy_ = clamp_busy(busy_vcpus);
  integrate(static_cast<double>((now - last_).ns) / kNanosPerMinute, busy_);
  last_ = now;
}

double CpuCreditBalance::speed(double busy_vcpus) const {
  const double busy = clamp_busy(busy_vcpus);
  const double baseline = baseline_vcpus();
  if (balance() > kEmpty || busy <= baseline) return 1.0;
  return baseline / busy;
}

SimTime CpuCreditBalance::exhausted_at(SimTime now, double busy_vcpus) const {
  CpuCreditBalance at_now = *this;
  at_now.advance(std::max(now, last_), busy_vcpus);
  const double busy = at_now.busy_;
  const double earn = spec_.credits_per_hour / 60.0;
  if (busy <= earn) return SimTime::never();
  if (at_now.balance() <= kEmpty) return at_now.last_;
  double minutes = 0;
  double earned = at_now.earned_;
  if (at_now.launch_ > 0) {
    minutes = at_now.launch_ / busy;
    earned = std::min(spec_.max_credits, earned + earn * minutes);
  }
  minutes += earned / (busy - earn);
  const double ns = std::ceil(minutes * kNanosPerMinute);
  return at_now.last_ + from_nanos_double(ns);
}

}  // namespace servesim
