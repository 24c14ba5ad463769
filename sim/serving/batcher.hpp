#pragma once
// When does an idle replica start a batch, and how large? Batchers are
// strategies: the replica asks its batcher whenever it has a free execution
// slot and the queue or the clock changed.
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "sim/core/time.hpp"

namespace servesim {

struct BatchContext {
  SimTime now;
  std::size_t queue_length = 0;  // > 0 whenever decide() is called
  SimTime head_enqueued;
  SimTime head_deadline;
  std::uint32_t max_batch = 1;
  // latency[b] is the profiled latency of a batch of b (entry 0 unused).
  std::span<const Duration> latency;
};

struct BatchDecision {
  std::uint32_t size = 0;              // > 0: start a batch of this size now
  SimTime wake_at = SimTime::never();  // size == 0: ask again then (or on the next enqueue)

  static BatchDecision start(std::uint32_t size) { return {size, SimTime::never()}; }
  static BatchDecision wait_until(SimTime t) { return {0, t}; }
};

class Batcher {
 public:
  virtual ~Batcher() = default;
  virtual BatchDecision decide(const BatchContext& context) = 0;
  // Feedback for adaptive batchers (AIMD): a batch finished, all on time or not.
  virtual void on_batch_done(std::uint32_t /*size*/, bool /*all_on_time*/) {}
};

// A batcher as a scenario or a policy describes it.
struct BatcherSpec {
  enum class Kind : std::uint8_t { kGreedy, kTimeout };
  Kind kind = Kind::kGreedy;
  std::uint32_t max_batch = 0;  // 0: the variant's maximum on that device
  Duration timeout = Duration::zero();  // kTimeout: longest wait of the head query
};

std::unique_ptr<Batcher> make_batcher(const BatcherSpec& spec);
std::string batcher_kind_name(BatcherSpec::Kind kind);

}  // namespace servesim
