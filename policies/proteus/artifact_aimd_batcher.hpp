#pragma once
// Clipper's AIMD batching as the Proteus authors' simulator runs it for the
// Clipper-HA and Clipper-HT baselines (Proteus public code, core/predictor.py,
// batching algorithm "aimd"); the paper's reading is AimdBatcher
// (aimd_batcher.hpp), and docs/batchers.md lists where the two differ.
//
//  - A batch starts only when at least the AIMD size is queued: on an arrival
//    while idle, or when a batch ends. Otherwise the queries wait (at a batch
//    end with fewer queued the artifact sets a BATCH_EXPIRING timer whose
//    callback does nothing, so a partial batch never runs).
//  - The batch asks for the AIMD size, capped at B*; it takes what is queued
//    after the twice-deadline drop (drop_expired_requests, on for Clipper:
//    queries more than twice their SLO old leave the queue first) and runs as
//    long as a batch of the size asked for.
//  - The AIMD size starts at 1 and moves one step within {1, 2, 4, 8} after
//    every batch: down if a query of it finished late, else up. It is not
//    capped at B* (the artifact's increase_aimd_batch_size is not): with
//    B* = 4 it reaches 8, and then a batch needs 8 queued and runs 4.
//  - One batch at a time, whatever the replica's concurrency.
#include <cstdint>

#include "sim/serving/batchers/batcher.hpp"

namespace servesim {

class ArtifactAimdBatcher final : public Batcher {
 public:
  // max_batch: B* (0: the largest allowed size the replica can run).
  ArtifactAimdBatcher(std::uint32_t max_batch, bool drop_at_twice_deadline)
      : max_batch_(max_batch), drop_twice_(drop_at_twice_deadline) {}
  BatchDecision decide(const BatchContext& context) override;
  void on_batch_done(std::uint32_t size, bool all_on_time) override;
  void on_batch_start(SimTime now) override;
  void on_batch_end(SimTime now, std::uint64_t serial_end) override;

  std::uint32_t size() const { return size_; }  // the current AIMD batch size

 private:
  std::uint32_t max_batch_;
  bool drop_twice_;
  std::uint32_t size_ = 1;
  bool busy_ = false;
  // After a twice-deadline drop, the batch to start once the engine asks again.
  bool pending_ = false;
  SimTime pending_at_;
  std::uint64_t pending_head_ = 0;
  std::uint32_t pending_charge_ = 0;
};

}  // namespace servesim
