#include "sim/metrics/replication_stats.hpp"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>

namespace servesim {

double student_t_975(std::size_t degrees_of_freedom) {
  const boost::math::students_t dist(static_cast<double>(degrees_of_freedom));
  return boost::math::quantile(dist, 0.975);
}

ReplicationStats replication_stats(std::span<const double> values) {
  ReplicationStats s;
  s.n = values.size();
  if (s.n == 0) return s;
  double sum = 0;
  for (double v : values) sum += v;
  const double mean = sum / static_cast<double>(s.n);
  s.mean = mean;
  if (s.n < 2) return s;  // one replication says nothing about the spread
  // Two passes (deviations from the mean) keep the variance exact for
  // metrics whose replications differ little relative to their size.
  double squares = 0;
  for (double v : values) squares += (v - mean) * (v - mean);
  const double sd = std::sqrt(squares / static_cast<double>(s.n - 1));
  s.sd = sd;
  s.ci95 = student_t_975(s.n - 1) * sd / std::sqrt(static_cast<double>(s.n));
  return s;
}

}  // namespace servesim
