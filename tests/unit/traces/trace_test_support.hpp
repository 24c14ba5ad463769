#pragma once
// Helpers shared by the workload tests: a private temp folder for trace files,
// draining streams, and gap statistics.
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/temp_dir.hpp"
#include "traces/arrival_stream.hpp"

namespace servesim::test {


// Arrivals before `until` (all of them if the stream ends first).
inline std::vector<Arrival> take_until(ArrivalStream& stream, SimTime until) {
  std::vector<Arrival> out;
  while (auto a = stream.next()) {
    if (a->time >= until) break;
    out.push_back(*a);
  }
  return out;
}

inline std::vector<Arrival> take_all(ArrivalStream& stream) { return take_until(stream, SimTime::never()); }

inline std::vector<double> times_s(const std::vector<Arrival>& arrivals) {
  std::vector<double> t;
  for (const Arrival& a : arrivals) t.push_back(a.time.seconds());
  return t;
}

inline std::size_t count_in(const std::vector<Arrival>& arrivals, double from_s, double to_s) {
  std::size_t n = 0;
  for (const Arrival& a : arrivals) n += a.time >= at_seconds(from_s) && a.time < at_seconds(to_s);
  return n;
}

struct GapStats {
  std::size_t n = 0;
  double mean = 0;
  double cv = 0;
};

// Mean and cv of the gaps between consecutive arrivals (in seconds).
inline GapStats gap_stats(const std::vector<Arrival>& arrivals) {
  GapStats s;
  double sum = 0, sum2 = 0;
  for (std::size_t i = 1; i < arrivals.size(); ++i) {
    const double g = (arrivals[i].time - arrivals[i - 1].time).seconds();
    sum += g;
    sum2 += g * g;
  }
  s.n = arrivals.size() > 1 ? arrivals.size() - 1 : 0;
  if (s.n < 2) return s;
  s.mean = sum / static_cast<double>(s.n);
  const double var = (sum2 - static_cast<double>(s.n) * s.mean * s.mean) / static_cast<double>(s.n - 1);
  s.cv = std::sqrt(var) / s.mean;
  return s;
}

// Every tolerance below is kSigmas standard errors of the statistic tested,
// so a correct implementation fails about once in 1.7 million checks.
inline constexpr double kSigmas = 5.0;

}  // namespace servesim::test
