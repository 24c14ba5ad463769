#pragma once
// Hand-built batcher inputs: a queue of (enqueued, deadline) pairs behind the
// QueueView interface, and the latency table of a GPU-like model, so that
// decide() can be driven without an engine.
#include <cstdint>
#include <utility>
#include <vector>

#include "sim/serving/batchers/batcher.hpp"
#include "sim/serving/latency_profile.hpp"

namespace servesim::test {

inline SimTime at_ms(double ms) { return SimTime{from_millis(ms).ns}; }

// The shape of a real GPU model: 1:5 2:6 4:8 8:12 16:20 32:36 ms, linear in
// between (so T(b) = 4 + b ms from 2 to 8, and 4 + b ms up to 16 as well).
inline std::vector<Duration> gpu_like_table() {
  const LatencyProfile profile({{1, 5}, {2, 6}, {4, 8}, {8, 12}, {16, 20}, {32, 36}}, LatencyProfile::Fit::kInterpolate);
  return profile.table(32);
}

class FakeQueue final : public QueueView {
 public:
  // One entry per query, head first: {enqueued ms, deadline ms}.
  explicit FakeQueue(std::vector<std::pair<double, double>> entries_ms) {
    for (const auto& [e, d] : entries_ms) entries_.push_back({at_ms(e), at_ms(d)});
  }
  std::size_t size() const override { return entries_.size(); }
  SimTime enqueued(std::size_t i) const override { return entries_.at(i).first; }
  SimTime deadline(std::size_t i) const override { return entries_.at(i).second; }

 private:
  std::vector<std::pair<SimTime, SimTime>> entries_;
};

// A context as the engine builds it (try_start_batches), from a fake queue.
inline BatchContext context_of(double now_ms, const FakeQueue& queue, const std::vector<Duration>& latency,
                               bool with_view = true) {
  BatchContext c;
  c.now = at_ms(now_ms);
  c.queue_length = queue.size();
  c.head_enqueued = queue.enqueued(0);
  c.head_deadline = queue.deadline(0);
  c.max_batch = static_cast<std::uint32_t>(latency.size() - 1);
  c.latency = latency;
  c.queue = with_view ? &queue : nullptr;
  return c;
}

// `n` queries enqueued at `enqueued_ms` with an SLO of `slo_ms`.
inline FakeQueue same_time_queue(std::size_t n, double enqueued_ms, double slo_ms) {
  return FakeQueue(std::vector<std::pair<double, double>>(n, {enqueued_ms, enqueued_ms + slo_ms}));
}

}  // namespace servesim::test
