#pragma once
// One device's execution capacity, shared by the replicas placed on it, so
// that a device's time is conserved however many replicas it hosts:
// - an accelerator (GPU, NeuronCore) runs one batch at a time: replicas whose
//   batchers have a batch ready wait for it in FIFO order (time slicing at
//   batch granularity, as TensorRT / Triton without MPS do);
// - with serving.gpu_concurrency a GPU runs up to `slots` batches at once,
//   all progressing together at a combined speed of min(m, gain) solo
//   batches when m run (processor sharing), never more than `gain`;
// - a CPU runs one batch per core (each worker thread takes a core).
// Interference stays a latency factor on top (sim/cluster/interference.hpp).
//
// It also keeps the books the capacity invariant is checked on at the end of
// every run: the batch-seconds executed (each batch from its start to its end)
// can never exceed the device's lifetime times its slots, and the solo work a
// shared GPU completed can never exceed its lifetime times its gain
// (docs/invariants.md, I2); and it refuses a batch that would start before
// the device is ready or after it is gone, or end before it started (I3).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/time.hpp"

namespace servesim {

struct ExecutionLimits {
  std::uint32_t slots = 1;     // batches at once
  double gain = 1;             // combined speed of `slots` batches, in solo batches (<= slots)
  bool shared_speed = false;   // running batches share one speed (a GPU with concurrency)
};

// A batch running on a shared-speed device: whose it is, and how much of its
// solo duration is still to run.
struct SharedBatch {
  std::uint32_t replica = 0;
  std::uint32_t slot = 0;
  double remaining_ns = 0;
  double solo_ns = 0;
};

class DeviceExecution {
 public:
  // `ready`: the device can run batches from `created` on (a fixed device, a
  // warm instance's); else from become_ready() (a booting instance's).
  DeviceExecution(ExecutionLimits limits, SimTime created, bool ready = true);
  void become_ready() { ready_ = true; }

  const ExecutionLimits& limits() const { return limits_; }
  bool has_free_slot() const { return running_ < limits_.slots; }
  std::uint32_t running() const { return running_; }
  // Fraction of the device's capacity in use now, in [0, 1]: running / slots,
  // or min(running, gain) / gain on a shared-speed device.
  double busy_level() const {
    if (!limits_.shared_speed) return running_ * inverse_slots_;
    return std::min<double>(running_, limits_.gain) / limits_.gain;
  }

  // Replicas with a batch ready while every slot is taken; each waits once.
  void wait(std::uint32_t replica) { waiting_.push_back(replica); }
  std::optional<std::uint32_t> next_waiting() {
    if (waiting_.empty()) return std::nullopt;
    const std::uint32_t replica = waiting_.front();
    waiting_.erase(waiting_.begin());
    return replica;
  }
  std::size_t waiting() const { return waiting_.size(); }

  // A batch takes a slot at `now`.
  void begin(SimTime now);
  // A batch that began at `started` gives its slot back (finished or lost).
  void end(SimTime now, SimTime started, Duration solo, bool completed);

  // Shared speed only. Progress every running batch to `now` at the speed
  // that held since the last change; then add or remove one.
  void progress(SimTime now);
  void add_shared(SharedBatch batch) { shared_.push_back(batch); }
  // Removes the replica's batch in `slot`, returning it (empty if none).
  std::optional<SharedBatch> remove_shared(std::uint32_t replica, std::uint32_t slot);
  // The running batch that finishes first at the current speed, and when.
  std::optional<std::pair<SharedBatch, SimTime>> next_shared_completion(SimTime now) const;
  std::uint32_t generation() const { return generation_; }
  std::uint32_t bump_generation() { return ++generation_; }

  // The device leaves the run (its instance stopped): its lifetime ends.
  void retire(SimTime now) { retired_ = now; }
  // Empty if the books balance up to `now`; else what broke.
  std::optional<std::string> capacity_problem(SimTime now) const;

 private:
  // Speed of each of m running batches on a shared-speed device.
  double shared_rate(std::size_t m) const;

  ExecutionLimits limits_;
  double inverse_slots_ = 1;
  std::uint32_t running_ = 0;
  // A vector, not a deque: it holds a few replicas at most, and an empty
  // deque still allocates (a day of instances creates thousands of devices).
  std::vector<std::uint32_t> waiting_;
  std::vector<SharedBatch> shared_;
  SimTime last_progress_;
  std::uint32_t generation_ = 0;
  // The books: finished batch-seconds, the start times of running batches
  // (their elapsed time is running x now - this sum), and completed solo work.
  double batch_ns_done_ = 0;
  double running_start_sum_ns_ = 0;
  double solo_ns_done_ = 0;
  SimTime created_;
  SimTime retired_ = SimTime::never();
  bool ready_ = true;
};

}  // namespace servesim
