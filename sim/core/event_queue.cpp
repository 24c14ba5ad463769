#include "sim/core/event_queue.hpp"

#include <algorithm>
#include <utility>

namespace servesim {

std::uint64_t EventQueue::push(Event event) {
  event.seq = next_seq_++;
  if (retired_top_) {
    retired_top_ = 0;
    heap_.front() = event;
    sift_down(0);
    return event.seq;
  }
  heap_.push_back(event);
  sift_up(heap_.size() - 1);
  return event.seq;
}

Event EventQueue::pop() {
  retired_top_ = 0;
  Event result = heap_.front();
  heap_.front() = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) sift_down(0);
  return result;
}

// Hole-based sifts: move the element once instead of swapping at every level.
// Four children a node: half the levels of a binary heap, and the four sit
// in one or two cache lines. The keys are a total order (the sequence number
// breaks ties), so the arity cannot change the order events pop in.
void EventQueue::sift_up(std::size_t i) {
  Event moving = heap_[i];
  while (i > 0) {
    const std::size_t parent = (i - 1) / kArity;
    if (!before(moving, heap_[parent])) break;
    heap_[i] = heap_[parent];
    i = parent;
  }
  heap_[i] = moving;
}

void EventQueue::sift_down(std::size_t i) {
  const std::size_t n = heap_.size();
  Event moving = heap_[i];
  while (true) {
    const std::size_t first = kArity * i + 1;
    if (first >= n) break;
    std::size_t child = first;
    const std::size_t last = std::min(first + kArity, n);
    for (std::size_t c = first + 1; c < last; ++c) {
      if (before(heap_[c], heap_[child])) child = c;
    }
    if (!before(heap_[child], moving)) break;
    heap_[i] = heap_[child];
    i = child;
  }
  heap_[i] = moving;
}

}  // namespace servesim
