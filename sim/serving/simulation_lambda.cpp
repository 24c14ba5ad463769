// The Simulation's Lambda functions: each query sent to a function runs alone
// in a container, warm if one is idle (reused within the keep-alive), cold
// otherwise; it is billed per invocation and per GB-second of execution. A
// policy may ping a function ahead of need (prewarm_lambda): the pings are
// invocations that serve no query.
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/serving/simulation.hpp"

namespace servesim {

// Returns false when the account's concurrency limit throttles the call.
bool Simulation::invoke_lambda(std::uint32_t slot, StageId stage, std::uint32_t function) {
  const LambdaFunction& f = config_.cloud.lambda_functions[function];
  const LambdaAccount::Start start = lambda_.acquire(function, loop_.now());
  if (start == LambdaAccount::Start::kThrottled) return false;
  const Duration run = config_.service_time.draw(f.latency, lambda_rng_);
  ++queries_.at(slot).outstanding;
  // The columns lambda_invocations and lambda_cold_starts count the queries'
  // invocations (what a reader of the cold-start rate wants); pings only cost.
  ++window_invocations_;
  if (start == LambdaAccount::Start::kCold) ++window_cold_starts_;
  begin_invocation(LambdaInvocation{Visit{slot, stage, loop_.now()}, function, run, /*ping=*/false}, start);
  return true;
}

// A ping does no inference: it runs for no time, so it is billed the minimum,
// one unit of the granularity (lambda_billed_duration), plus the request fee,
// as AWS bills a warm-up ping. A cold one holds its container for the cold
// start, which is what warms it.
std::uint32_t Simulation::prewarm_lambda(std::uint32_t function, std::uint32_t count) {
  if (function >= config_.cloud.lambda_functions.size()) {
    throw InvariantError("policy pre-warmed Lambda function " + std::to_string(function) + ", which does not exist");
  }
  std::uint32_t started = 0;
  for (; started < count; ++started) {
    const LambdaAccount::Start start = lambda_.acquire(function, loop_.now());
    if (start == LambdaAccount::Start::kThrottled) break;
    begin_invocation(LambdaInvocation{Visit{}, function, Duration::zero(), /*ping=*/true}, start);
  }
  return started;
}

void Simulation::begin_invocation(const LambdaInvocation& invocation, LambdaAccount::Start start) {
  std::uint32_t id;
  if (free_invocations_.empty()) {
    id = static_cast<std::uint32_t>(invocations_.size());
    invocations_.emplace_back();
  } else {
    id = free_invocations_.back();
    free_invocations_.pop_back();
  }
  invocations_[id] = invocation;
  const LambdaFunction& f = config_.cloud.lambda_functions[invocation.function];
  // Billed when it starts (its run time is known then), so an invocation
  // still running at the end of the run is billed too.
  const double charge = lambda_invocation_cost(config_.cloud.lambda, f.memory_mb, invocation.run);
  window_lambda_.lambda += charge;
  lambda_charged_ += charge;
  // A cold start loads the model first; AWS did not bill that init time for
  // managed runtimes, so only the execution is billed. Containers pinged in
  // Controller::start are the warm initial state: no cold start.
  Duration total = invocation.run;
  if (start == LambdaAccount::Start::kCold && !(invocation.ping && starting_)) total += f.cold_start;
  loop_.schedule_after(total, self_, kLambdaDone, id);
}

void Simulation::on_lambda_done(std::uint32_t id) {
  const LambdaInvocation invocation = invocations_[id];
  free_invocations_.push_back(id);
  lambda_.release(invocation.function, loop_.now());
  if (invocation.ping) return;  // its container is warm now, and idle
  const LambdaFunction& f = config_.cloud.lambda_functions[invocation.function];
  QueryRecord& q = queries_.at(invocation.visit.query);
  q.served(ServedBy::lambda(invocation.function), config_.models->variant(f.variant).accuracy);
  resolve_edges(invocation.visit.query, invocation.visit.stage, q.failure == FailReason::kNone);
  end_visit(invocation.visit.query);
}

}  // namespace servesim
