#include "policies/proteus/demand_estimator.hpp"

#include <algorithm>

namespace servesim::proteus {
namespace {

std::int64_t second_of(SimTime t) { return t.ns / 1'000'000'000; }

}  // namespace

DemandEstimator::DemandEstimator(std::size_t apps, double com, std::uint32_t window, std::uint32_t keep)
    : decay_(1.0 - 1.0 / (1.0 + com)),
      window_(std::max(1u, window)),
      keep_(std::max(window_, keep)),
      open_counts_(apps, 0),
      samples_(apps) {}

void DemandEstimator::count(std::size_t app, SimTime now) {
  advance(now);
  ++open_counts_[app];
}

void DemandEstimator::advance(SimTime now) {
  const std::int64_t second = second_of(now);
  // A long gap closes at most `keep_` seconds of zeros: older ones fall out anyway.
  if (second - open_second_ > keep_ + 1) {
    close_second();
    for (std::uint32_t i = 0; i < keep_; ++i) close_second();
    open_second_ = second;
    return;
  }
  while (open_second_ < second) {
    close_second();
    ++open_second_;
  }
}

void DemandEstimator::close_second() {
  for (std::size_t a = 0; a < samples_.size(); ++a) {
    samples_[a].push_back(static_cast<double>(open_counts_[a]));
    if (samples_[a].size() > keep_) samples_[a].pop_front();
    open_counts_[a] = 0;
  }
}

double DemandEstimator::estimate(std::size_t app) const {
  const auto& s = samples_[app];
  const std::size_t n = std::min<std::size_t>(s.size(), window_);
  double weighted = 0, weights = 0, w = 1;
  for (std::size_t i = 0; i < n; ++i, w *= decay_) {
    weighted += w * s[s.size() - 1 - i];
    weights += w;
  }
  return weights == 0 ? 0.0 : weighted / weights;
}

std::vector<double> DemandEstimator::estimates() const {
  std::vector<double> out(samples_.size());
  for (std::size_t a = 0; a < out.size(); ++a) out[a] = estimate(a);
  return out;
}

double DemandEstimator::recent(std::size_t app, std::uint32_t seconds) const {
  const auto& s = samples_[app];
  const std::size_t n = std::min<std::size_t>(s.size(), seconds);
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += s[s.size() - 1 - i];
  return n == 0 ? 0.0 : sum / static_cast<double>(n);
}

}  // namespace servesim::proteus

namespace servesim::proteus {

double DemandEstimator::max_total(std::uint32_t seconds) const {
  const std::size_t n = samples();
  double best = 0;
  for (std::size_t i = n - std::min<std::size_t>(n, seconds); i < n; ++i) {
    double total = 0;
    for (const auto& app : samples_) total += app[i];
    best = std::max(best, total);
  }
  return best;
}

}  // namespace servesim::proteus
