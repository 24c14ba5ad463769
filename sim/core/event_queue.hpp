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
  bool empty() const { return heap_.size() == retired_top_; }
  std::size_t size() const { return heap_.size() - retired_top_; }
  void reserve(std::size_t n) { heap_.reserve(n); }

  // pop(), deferred: the top counts as gone at once, but its place is given
  // to the next push(), which then sifts down from the root instead of a
  // pop's sift-down and a push's sift-up; settle() completes the pop if no
  // push came. Most events schedule another (a batch its successor, an
  // arrival the next), so dispatch pays one sift where it paid two. Keys are
  // unique (the sequence number), so the order events pop in does not depend
  // on which valid heap holds them. top() is not to be read in between.
  void retire_top() { retired_top_ = 1; }
  void settle() {
    if (retired_top_) pop();
  }

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
  std::size_t retired_top_ = 0;  // 1 while heap_[0] is a retired top awaiting settle() or a push
};

}  // namespace servesim
