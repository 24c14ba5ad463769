#pragma once
// Statistics of one metric over a grid point's replications (seeds), as
// CloudSim Plus and OMNeT++ report repetitions: the mean, the sample standard
// deviation and the half-width of the 95 % Student-t confidence interval of
// the mean. `servesim collect --points` writes them per grid point.
#include <cstddef>
#include <optional>
#include <span>

namespace servesim {

struct ReplicationStats {
  std::size_t n = 0;
  std::optional<double> mean;  // none without values
  std::optional<double> sd;    // sample (n - 1 denominator); none below two values
  std::optional<double> ci95;  // t_{0.975, n-1} * sd / sqrt(n); none below two values
};

ReplicationStats replication_stats(std::span<const double> values);

// t_{0.975, df}: the two-sided 95 % quantile of Student's t with df >= 1
// degrees of freedom (12.706 for one, 1.960 in the limit).
double student_t_975(std::size_t degrees_of_freedom);

}  // namespace servesim
