#include "policies/inferline/traffic_envelope.hpp"

#include <algorithm>
#include <stdexcept>

namespace servesim::inferline {

std::vector<Duration> envelope_widths(Duration service_time, Duration largest) {
  if (service_time <= Duration::zero() || largest <= Duration::zero() || largest.is_infinite()) {
    throw std::invalid_argument("traffic envelope widths need a positive service time and largest width");
  }
  std::vector<Duration> widths;
  for (Duration w = service_time; w <= largest; w = w + w) widths.push_back(w);
  if (widths.empty()) widths.push_back(largest);
  return widths;
}

TrafficEnvelope traffic_envelope(std::span<const SimTime> arrivals, std::span<const Duration> widths) {
  TrafficEnvelope envelope;
  envelope.reserve(widths.size());
  for (Duration w : widths) {
    std::uint64_t best = 0;
    std::size_t end = 0;  // first arrival at or after arrivals[start] + w
    for (std::size_t start = 0; start < arrivals.size(); ++start) {
      end = std::max(end, start);
      while (end < arrivals.size() && arrivals[end] < arrivals[start] + w) ++end;
      best = std::max<std::uint64_t>(best, end - start);
    }
    envelope.push_back({w, best});
  }
  return envelope;
}

std::optional<double> rate_above_envelope(const TrafficEnvelope& sample, std::span<const std::uint64_t> counts) {
  if (counts.size() != sample.size()) throw std::invalid_argument("one live count per envelope width expected");
  std::optional<double> r_max;
  for (std::size_t i = 0; i < sample.size(); ++i) {
    if (counts[i] <= sample[i].max_count) continue;
    const double rate = static_cast<double>(counts[i]) / sample[i].width.seconds();
    r_max = std::max(r_max.value_or(0.0), rate);
  }
  return r_max;
}

}  // namespace servesim::inferline
