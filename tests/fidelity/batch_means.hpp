#pragma once
// Confidence intervals for the steady-state mean of a correlated output
// sequence (the waits of consecutive customers) by the method of batch means:
// cut the sequence into k contiguous batches of m customers, take each batch's
// mean, and treat the k batch means as independent normal samples. That holds
// when m is much longer than the sequence's correlation length (in customers);
// the interval is then the Student-t interval of the batch means with k - 1
// degrees of freedom.
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <vector>

namespace servesim::fidelity {

struct Interval {
  double estimate = 0;
  double half_width = 0;
  std::size_t batches = 0;
  std::size_t batch_size = 0;  // customers per batch
  // Lag-1 autocorrelation of the batch means: near 0 when the batches are long
  // enough to be (close to) independent. Reported, for the reader.
  double lag1 = 0;

  double low() const { return estimate - half_width; }
  double high() const { return estimate + half_width; }
  bool contains(double x) const { return low() <= x && x <= high(); }
};

// The two-sided `confidence` interval of the mean of `samples` (in arrival
// order, warm-up already removed) from `batches` batch means. A remainder of
// fewer than one batch at the end is left out.
inline Interval batch_means_interval(std::span<const double> samples, std::size_t batches, double confidence) {
  if (batches < 2) throw std::invalid_argument("batch means need at least two batches");
  const std::size_t m = samples.size() / batches;
  if (m == 0) throw std::invalid_argument("fewer samples than batches");
  std::vector<double> means(batches);
  for (std::size_t b = 0; b < batches; ++b) {
    double sum = 0;
    for (std::size_t i = b * m; i < (b + 1) * m; ++i) sum += samples[i];
    means[b] = sum / static_cast<double>(m);
  }
  double grand = 0;
  for (double x : means) grand += x;
  grand /= static_cast<double>(batches);
  double ss = 0, lag = 0;
  for (std::size_t b = 0; b < batches; ++b) {
    ss += (means[b] - grand) * (means[b] - grand);
    if (b + 1 < batches) lag += (means[b] - grand) * (means[b + 1] - grand);
  }
  const double k = static_cast<double>(batches);
  const double sd = std::sqrt(ss / (k - 1));
  const boost::math::students_t t(k - 1);
  const double quantile = boost::math::quantile(t, 0.5 + confidence / 2);
  return Interval{grand, quantile * sd / std::sqrt(k), batches, m, ss > 0 ? lag / ss : 0.0};
}

}  // namespace servesim::fidelity
