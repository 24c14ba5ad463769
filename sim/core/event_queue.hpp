#pragma once
// A 4-ary min-heap of events keyed by (time, priority, sequence number). Equal
// keys pop in insertion order, so a run never depends on heap internals.
#include <cstddef>
#include <vector>

#include "sim/core/event.hpp"

namespace servesim {

class EventQueue {
 public:
  // Assigns the sequence number; returns it.
  std::uint64_t push(Event event);
  const Event& top() const { return heap_.front(); }
  Event pop();
  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  void reserve(std::size_t n) { heap_.reserve(n); }

 private:
  static bool before(const Event& a, const Event& b) {
    if (a.time != b.time) return a.time < b.time;
    if (a.priority != b.priority) return a.priority < b.priority;
    return a.seq < b.seq;
  }
  static constexpr std::size_t kArity = 4;
  void sift_up(std::size_t i);
  void sift_down(std::size_t i);

  std::vector<Event> heap_;
  std::uint64_t next_seq_ = 0;
};

}  // namespace servesim
