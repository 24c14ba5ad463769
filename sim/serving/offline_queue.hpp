#pragma once
// A replica's low-priority queue of offline inputs: runs of inputs of one job,
// FIFO, so that a job of a million inputs costs one entry, not a million.
#include <cstdint>
#include <deque>

#include "sim/serving/offline_job.hpp"

namespace servesim {

struct OfflineRun {
  OfflineJobId job = 0;
  std::uint64_t count = 0;
};

class OfflineQueue {
 public:
  bool empty() const { return size_ == 0; }
  std::uint64_t size() const { return size_; }
  void push(OfflineJobId job, std::uint64_t count) {
    if (count == 0) return;
    if (!runs_.empty() && runs_.back().job == job) {
      runs_.back().count += count;
    } else {
      runs_.push_back({job, count});
    }
    size_ += count;
  }
  // Takes up to `most` inputs from the head, appending them to `out` by job.
  template <typename Out>
  std::uint64_t take(std::uint64_t most, Out& out) {
    std::uint64_t taken = 0;
    while (taken < most && !runs_.empty()) {
      OfflineRun& head = runs_.front();
      const std::uint64_t n = std::min(head.count, most - taken);
      out.push_back({head.job, n});
      head.count -= n;
      taken += n;
      if (head.count == 0) runs_.pop_front();
    }
    size_ -= taken;
    return taken;
  }
  const std::deque<OfflineRun>& runs() const { return runs_; }

 private:
  std::deque<OfflineRun> runs_;
  std::uint64_t size_ = 0;
};

}  // namespace servesim
