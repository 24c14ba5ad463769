#pragma once
// Lambda in one run: each query sent to a function runs alone in a
// container, warm if one is idle (reused within the keep-alive), cold
// otherwise; it is billed per invocation and per GB-second of execution. A
// policy may ping a function ahead of need (prewarm): the pings are
// invocations that serve no query.
#include <cstdint>
#include <vector>

#include "sim/cluster/lambda_pool.hpp"
#include "sim/core/random_stream.hpp"
#include "sim/metrics/cost_ledger.hpp"
#include "sim/serving/engine_part.hpp"
#include "sim/serving/visit_queue.hpp"

namespace servesim {

class FrontEnd;

class LambdaRuntime final : public EnginePart {
 public:
  LambdaRuntime(EngineContext& context, FrontEnd& front);

  void handle(const Event& event) override;
  // Returns false when the account's concurrency limit throttles the call.
  bool invoke(std::uint32_t slot, StageId stage, std::uint32_t function);
  // The control's: how many pings started.
  std::uint32_t prewarm(std::uint32_t function, std::uint32_t count);

  // The open window's Lambda dollars and counts go into the snapshot; a new
  // window opens.
  void close_window(ClusterSnapshot& snapshot);
  // Every invocation's charge so far, for the money audit.
  double charged() const { return charged_; }

 private:
  enum EventKind : std::uint32_t { kLambdaDone };

  struct Invocation {
    Visit visit;  // none for a ping
    std::uint32_t function = 0;
    Duration run;  // execution time, billed
    bool ping = false;  // prewarm's: serves no query
  };

  void begin(const Invocation& invocation, LambdaAccount::Start start);
  void on_done(std::uint32_t invocation);

  FrontEnd& front_;
  LambdaAccount account_;
  RandomStream rng_;  // execution-time draws
  std::vector<Invocation> invocations_;
  std::vector<std::uint32_t> free_invocations_;
  CostLedger window_ledger_;  // Lambda dollars of the open window
  std::uint32_t window_invocations_ = 0;
  std::uint32_t window_cold_starts_ = 0;
  double charged_ = 0;
};

}  // namespace servesim
