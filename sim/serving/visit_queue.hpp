#pragma once
// A FIFO ring buffer of visits: grows by doubling, never shrinks, so a replica
// queue stops allocating once it has seen its longest backlog.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/serving/visit.hpp"

namespace servesim {

class VisitQueue {
 public:
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  // How many visits were ever pushed: the head is the (pushed() - size())-th.
  std::uint64_t pushed() const { return pushed_; }
  const Visit& front() const { return buffer_[head_]; }
  // The i-th queued visit, 0 being the head.
  const Visit& at(std::size_t i) const { return buffer_[(head_ + i) & (buffer_.size() - 1)]; }

  void push(const Visit& visit) {
    if (size_ == buffer_.size()) grow();
    buffer_[(head_ + size_) & (buffer_.size() - 1)] = visit;
    ++size_;
    ++pushed_;
  }
  Visit pop() {
    const Visit v = buffer_[head_];
    head_ = (head_ + 1) & (buffer_.size() - 1);
    --size_;
    return v;
  }

 private:
  void grow() {
    std::vector<Visit> bigger(buffer_.empty() ? 16 : buffer_.size() * 2);
    for (std::size_t i = 0; i < size_; ++i) bigger[i] = buffer_[(head_ + i) & (buffer_.size() - 1)];
    buffer_.swap(bigger);
    head_ = 0;
  }

  std::vector<Visit> buffer_;  // capacity is a power of two
  std::size_t head_ = 0;
  std::size_t size_ = 0;
  std::uint64_t pushed_ = 0;
};

}  // namespace servesim
