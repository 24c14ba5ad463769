#pragma once
// The infaas-v2 policy's batcher (infaas_v2_batcher.hpp) as an engine plug-in
// (BatcherSpec::Kind::kPlugin): a policy's own batcher, never named in a
// scenario.
#include <cstdint>
#include <memory>
#include <string>

#include "policies/infaas_v2/infaas_v2_batcher.hpp"
#include "sim/serving/batcher.hpp"

namespace servesim {

class InfaasV2BatcherPlugin final : public BatcherPlugin {
 public:
  // batch: exactly this size (0: drops every query); expiry: queries older
  // than this many SLOs dropped when a batch forms; timer_spent: the one-shot
  // timer already rang (a batcher replaced on a resize).
  InfaasV2BatcherPlugin(std::uint32_t batch, double expiry, bool timer_spent)
      : batch_(batch), expiry_(expiry), timer_spent_(timer_spent) {}

  std::string name() const override { return "infaas-v2"; }
  std::unique_ptr<Batcher> make(std::uint32_t /*max_batch*/) const override {
    return std::make_unique<InfaasV2Batcher>(batch_, expiry_, timer_spent_);
  }

 private:
  std::uint32_t batch_;
  double expiry_;
  bool timer_spent_;
};

}  // namespace servesim
