#include "sim/metrics/accuracy_windows.hpp"

#include <algorithm>

#include "sim/core/input_error.hpp"

namespace servesim {

AccuracyWindows::AccuracyWindows(SimTime start, SimTime end) : start_(start) {
  if (end <= start) throw InvariantError("accuracy windows need an end after their start");
  last_index_ = ((end - start).ns - 1) / kWidth.ns;
}

std::int64_t AccuracyWindows::index_of(SimTime finish) const {
  if (finish < start_) return 0;
  return std::min((finish - start_).ns / kWidth.ns, last_index_);
}

void AccuracyWindows::add(SimTime finish, double accuracy) {
  const std::int64_t index = index_of(finish);
  if (index < current_) throw InvariantError("a completion went back in time past an accuracy window");
  if (index != current_ && count_ > 0) {
    const double pct = 100.0 * sum_ / static_cast<double>(count_);
    lowest_closed_pct_ = std::min(lowest_closed_pct_.value_or(pct), pct);
    sum_ = 0;
    count_ = 0;
  }
  current_ = index;
  sum_ += accuracy;
  ++count_;
}

std::optional<double> AccuracyWindows::max_drop() const {
  std::optional<double> lowest = lowest_closed_pct_;
  if (count_ > 0) {
    const double pct = 100.0 * sum_ / static_cast<double>(count_);
    lowest = std::min(lowest.value_or(pct), pct);
  }
  if (!lowest) return std::nullopt;
  return 100.0 - *lowest;
}

}  // namespace servesim
