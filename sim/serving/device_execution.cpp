#include "sim/serving/device_execution.hpp"

#include <algorithm>
#include <cmath>

#include "sim/core/input_error.hpp"

namespace servesim {

DeviceExecution::DeviceExecution(ExecutionLimits limits, SimTime created, bool ready)
    : limits_(limits), last_progress_(created), created_(created), ready_(ready) {
  if (limits_.slots == 0 || !(limits_.gain >= 1) || limits_.gain > limits_.slots) {
    throw InvariantError("device execution limits: " + std::to_string(limits_.slots) + " slots, gain " +
                         std::to_string(limits_.gain) + " (expected slots >= 1 and 1 <= gain <= slots)");
  }
  inverse_slots_ = 1.0 / limits_.slots;
}

void DeviceExecution::begin(SimTime now) {
  if (running_ == limits_.slots) throw InvariantError("a batch started on a device with every slot taken");
  if (!ready_ || now < created_ || now >= retired_) {
    throw InvariantError("a batch started at " + std::to_string(now.ns) + " ns on a device that was not ready");
  }
  ++running_;
  running_start_sum_ns_ += static_cast<double>(now.ns);
}

void DeviceExecution::end(SimTime now, SimTime started, Duration solo, bool completed) {
  if (running_ == 0) throw InvariantError("a batch ended on a device running none");
  if (now < started) throw InvariantError("a batch ended before it started");
  --running_;
  running_start_sum_ns_ -= static_cast<double>(started.ns);
  batch_ns_done_ += static_cast<double>((now - started).ns);
  if (completed) solo_ns_done_ += static_cast<double>(solo.ns);
}

// m batches share min(m, gain) solo speeds: alone a batch runs at full speed,
// together they never exceed the cited gain (serving.gpu_concurrency).
double DeviceExecution::shared_rate(std::size_t m) const {
  if (m == 0) return 1.0;
  return std::min(static_cast<double>(m), limits_.gain) / static_cast<double>(m);
}

void DeviceExecution::progress(SimTime now) {
  const double done = static_cast<double>((now - last_progress_).ns) * shared_rate(shared_.size());
  for (SharedBatch& b : shared_) b.remaining_ns = std::max(0.0, b.remaining_ns - done);
  last_progress_ = now;
}

std::optional<SharedBatch> DeviceExecution::remove_shared(std::uint32_t replica, std::uint32_t slot) {
  for (auto it = shared_.begin(); it != shared_.end(); ++it) {
    if (it->replica == replica && it->slot == slot) {
      const SharedBatch batch = *it;
      shared_.erase(it);
      return batch;
    }
  }
  return std::nullopt;
}

std::optional<std::pair<SharedBatch, SimTime>> DeviceExecution::next_shared_completion(SimTime now) const {
  if (shared_.empty()) return std::nullopt;
  // Ties go to the batch that started first (the list keeps start order).
  const auto first = std::min_element(shared_.begin(), shared_.end(), [](const SharedBatch& a, const SharedBatch& b) {
    return a.remaining_ns < b.remaining_ns;
  });
  const double wall_ns = std::ceil(first->remaining_ns / shared_rate(shared_.size()));
  return std::pair{*first, now + Duration{static_cast<std::int64_t>(wall_ns)}};
}

std::optional<std::string> DeviceExecution::capacity_problem(SimTime now) const {
  const SimTime until = std::min(now, retired_);
  const double life_ns = static_cast<double>((until - created_).ns);
  const double batch_ns = batch_ns_done_ + running_ * static_cast<double>(until.ns) - running_start_sum_ns_;
  // Rounding of the sums, far below one batch: a nanosecond per batch-second.
  const double slack = 1e-9 * life_ns * limits_.slots + 1;
  if (batch_ns > life_ns * limits_.slots + slack) {
    return "ran " + std::to_string(batch_ns / 1e9) + " batch-seconds in " + std::to_string(life_ns / 1e9) +
           " s with " + std::to_string(limits_.slots) + " slots";
  }
  const double capacity = limits_.shared_speed ? limits_.gain : limits_.slots;
  if (solo_ns_done_ > life_ns * capacity + slack) {
    return "completed " + std::to_string(solo_ns_done_ / 1e9) + " s of solo work in " +
           std::to_string(life_ns / 1e9) + " s at a capacity of " + std::to_string(capacity) + " batches";
  }
  return std::nullopt;
}

}  // namespace servesim
