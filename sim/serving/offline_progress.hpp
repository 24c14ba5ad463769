#pragma once
// Where each input of one offline job is during a run, and the time the job
// waited with none of its inputs running. Engine-internal.
#include <cstdint>

#include "sim/core/time.hpp"

namespace servesim {

class OfflineProgress {
 public:
  // Every input enters the backlog at submission; the job starts waiting.
  void submit(std::uint64_t inputs, SimTime now) {
    submitted_ = true;
    backlog_ = inputs;
    idle_since_ = now;
  }
  bool submitted() const { return submitted_; }
  void dispatch(std::uint64_t n) { backlog_ -= n, queued_ += n; }
  // Inputs a lost replica held (queued or running) go back to the backlog.
  void requeue_queued(std::uint64_t n) { queued_ -= n, backlog_ += n; }
  void requeue_running(std::uint64_t n, SimTime now) {
    running_ -= n, backlog_ += n;
    if (running_ == 0) idle_since_ = now;
  }
  void start(std::uint64_t n, SimTime now) {
    if (running_ == 0) waiting_ += now - idle_since_;
    queued_ -= n, running_ += n;
  }
  void finish(std::uint64_t n, SimTime now) {
    running_ -= n, done_ += n;
    if (running_ == 0) idle_since_ = now;
    if (backlog_ + queued_ + running_ == 0) finished_at_ = now;
  }
  // Waiting time up to `end` (the run's end, or the job's completion).
  Duration waiting(SimTime end) const {
    if (!submitted_ || running_ > 0 || !finished_at_.is_never()) return waiting_;
    return waiting_ + (end - idle_since_);
  }
  std::uint64_t backlog() const { return backlog_; }
  std::uint64_t queued() const { return queued_; }
  std::uint64_t running() const { return running_; }
  std::uint64_t done() const { return done_; }
  SimTime finished_at() const { return finished_at_; }  // never while unfinished

 private:
  bool submitted_ = false;
  std::uint64_t backlog_ = 0, queued_ = 0, running_ = 0, done_ = 0;
  SimTime idle_since_;
  Duration waiting_;
  SimTime finished_at_ = SimTime::never();
};

}  // namespace servesim
