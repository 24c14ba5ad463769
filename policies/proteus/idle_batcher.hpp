#pragma once
// A batcher that never starts a batch: the Proteus artifact's predictor whose
// largest batch within half the SLO is 0 (Proteus public code,
// core/predictor.py: it is made busy for good), which its start allocations
// place and its routers send queries to. What becomes of its queries is the
// artifact's: under accscale they wait until the run's drain ends and are
// counted unfinished (it never finishes them); under aimd, nexus and infaas
// batching its enqueue_request drops each one as it arrives.
#include "sim/serving/batchers/batcher.hpp"

namespace servesim {

class IdleBatcher final : public Batcher {
 public:
  explicit IdleBatcher(bool drop_arrivals) : drop_arrivals_(drop_arrivals) {}
  BatchDecision decide(const BatchContext& context) override {
    if (drop_arrivals_) return BatchDecision::drop(static_cast<std::uint32_t>(context.queue_length));
    return BatchDecision::wait_until(SimTime::never());
  }

 private:
  bool drop_arrivals_;
};

}  // namespace servesim
