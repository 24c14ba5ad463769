// The Simulation's Lambda functions: each query sent to a function runs alone
// in a container, warm if one is idle (reused within the keep-alive), cold
// otherwise; it is billed per invocation and per GB-second of execution.
#include "sim/core/input_error.hpp"
#include "sim/serving/simulation.hpp"

namespace servesim {

// Returns false when the account's concurrency limit throttles the call.
bool Simulation::invoke_lambda(std::uint32_t slot, StageId stage, std::uint32_t function) {
  const LambdaFunction& f = config_.cloud.lambda_functions[function];
  const LambdaAccount::Start start = lambda_.acquire(function, loop_.now());
  if (start == LambdaAccount::Start::kThrottled) return false;
  std::uint32_t id;
  if (free_invocations_.empty()) {
    id = static_cast<std::uint32_t>(invocations_.size());
    invocations_.emplace_back();
  } else {
    id = free_invocations_.back();
    free_invocations_.pop_back();
  }
  const Duration run = config_.service_time.draw(f.latency, lambda_rng_);
  invocations_[id] = LambdaInvocation{Visit{slot, stage, loop_.now()}, function, run};
  ++queries_.at(slot).outstanding;
  ++window_invocations_;
  // Billed when it starts (its run time is known then), so an invocation
  // still running at the end of the run is billed too.
  const double charge = lambda_invocation_cost(config_.cloud.lambda, f.memory_mb, run);
  window_lambda_.lambda += charge;
  lambda_charged_ += charge;
  // A cold start loads the model first; AWS did not bill that init time for
  // managed runtimes, so only the execution is billed.
  Duration total = run;
  if (start == LambdaAccount::Start::kCold) {
    ++window_cold_starts_;
    total += f.cold_start;
  }
  loop_.schedule_after(total, self_, kLambdaDone, id);
  return true;
}

void Simulation::on_lambda_done(std::uint32_t id) {
  const LambdaInvocation invocation = invocations_[id];
  free_invocations_.push_back(id);
  const LambdaFunction& f = config_.cloud.lambda_functions[invocation.function];
  lambda_.release(invocation.function, loop_.now());
  QueryRecord& q = queries_.at(invocation.visit.query);
  q.accuracy = std::min(q.accuracy, config_.models->variant(f.variant).accuracy);
  resolve_edges(invocation.visit.query, invocation.visit.stage, q.fate == OutcomeKind::kCompleted);
  end_visit(invocation.visit.query);
}

}  // namespace servesim
