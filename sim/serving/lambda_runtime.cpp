#include "sim/serving/lambda_runtime.hpp"

#include <string>

#include "sim/core/input_error.hpp"
#include "sim/serving/front_end.hpp"

namespace servesim {

LambdaRuntime::LambdaRuntime(EngineContext& context, FrontEnd& front)
    : EnginePart(context), front_(front), account_(context.config.cloud.lambda), rng_(context.config.seed, "cloud/lambda") {}

void LambdaRuntime::handle(const Event& event) {
  if (event.kind == kLambdaDone) on_done(static_cast<std::uint32_t>(event.payload));
}

bool LambdaRuntime::invoke(std::uint32_t slot, StageId stage, std::uint32_t function) {
  const LambdaFunction& f = config().cloud.lambda_functions[function];
  const LambdaAccount::Start start = account_.acquire(function, now());
  if (start == LambdaAccount::Start::kThrottled) return false;
  const Duration run = config().service_time.draw(f.latency, rng_);
  ++front_.queries().at(slot).outstanding;
  // The columns lambda_invocations and lambda_cold_starts count the queries'
  // invocations (what a reader of the cold-start rate wants); pings only cost.
  ++window_invocations_;
  if (start == LambdaAccount::Start::kCold) ++window_cold_starts_;
  begin(Invocation{Visit{slot, stage, now()}, function, run, /*ping=*/false}, start);
  return true;
}

// A ping does no inference: it runs for no time, so it is billed the minimum,
// one unit of the granularity (lambda_billed_duration), plus the request fee,
// as AWS bills a warm-up ping. A cold one holds its container for the cold
// start, which is what warms it.
std::uint32_t LambdaRuntime::prewarm(std::uint32_t function, std::uint32_t count) {
  if (function >= config().cloud.lambda_functions.size()) {
    throw InvariantError("policy pre-warmed Lambda function " + std::to_string(function) + ", which does not exist");
  }
  std::uint32_t started = 0;
  for (; started < count; ++started) {
    const LambdaAccount::Start start = account_.acquire(function, now());
    if (start == LambdaAccount::Start::kThrottled) break;
    begin(Invocation{Visit{}, function, Duration::zero(), /*ping=*/true}, start);
  }
  return started;
}

void LambdaRuntime::begin(const Invocation& invocation, LambdaAccount::Start start) {
  std::uint32_t id;
  if (free_invocations_.empty()) {
    id = static_cast<std::uint32_t>(invocations_.size());
    invocations_.emplace_back();
  } else {
    id = free_invocations_.back();
    free_invocations_.pop_back();
  }
  invocations_[id] = invocation;
  const LambdaFunction& f = config().cloud.lambda_functions[invocation.function];
  // Billed when it starts (its run time is known then), so an invocation
  // still running at the end of the run is billed too.
  const double charge = lambda_invocation_cost(config().cloud.lambda, f.memory_mb, invocation.run);
  window_ledger_.lambda += charge;
  charged_ += charge;
  // A cold start loads the model first; AWS did not bill that init time for
  // managed runtimes, so only the execution is billed. Containers pinged in
  // Controller::start are the warm initial state: no cold start.
  Duration total = invocation.run;
  if (start == LambdaAccount::Start::kCold && !(invocation.ping && ctx_.starting)) total += f.cold_start;
  schedule_after(total, kLambdaDone, id);
}

void LambdaRuntime::on_done(std::uint32_t id) {
  const Invocation invocation = invocations_[id];
  free_invocations_.push_back(id);
  account_.release(invocation.function, now());
  if (invocation.ping) return;  // its container is warm now, and idle
  const LambdaFunction& f = config().cloud.lambda_functions[invocation.function];
  QueryRecord& q = front_.queries().at(invocation.visit.query);
  q.served(ServedBy::lambda(invocation.function), config().models->variant(f.variant).accuracy);
  front_.resolve_edges(invocation.visit.query, invocation.visit.stage, q.failure == FailReason::kNone);
  front_.end_visit(invocation.visit.query);
}

void LambdaRuntime::close_window(ClusterSnapshot& snapshot) {
  snapshot.ledger.add_lambda(window_ledger_.lambda);
  snapshot.lambda_invocations = window_invocations_;
  snapshot.lambda_cold_starts = window_cold_starts_;
  window_ledger_ = CostLedger{};
  window_invocations_ = window_cold_starts_ = 0;
}

}  // namespace servesim
