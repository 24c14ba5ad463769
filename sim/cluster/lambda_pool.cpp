#include "sim/cluster/lambda_pool.hpp"

#include <string>

#include "sim/core/input_error.hpp"

namespace servesim {

LambdaAccount::LambdaAccount(const LambdaSpec& spec) : spec_(spec) {}

void LambdaAccount::expire(FunctionState& f, SimTime now) const {
  // Releases arrive in time order, so the expired containers are at the front.
  while (!f.idle_since.empty() && now - f.idle_since.front() >= spec_.keep_alive) f.idle_since.pop_front();
}

LambdaAccount::Start LambdaAccount::acquire(std::uint32_t function, SimTime now) {
  if (running_ >= spec_.concurrency_limit) return Start::kThrottled;
  FunctionState& f = functions_[function];
  expire(f, now);
  ++running_;
  ++f.running;
  if (!f.idle_since.empty()) {
    f.idle_since.pop_back();  // the most recently released container
    return Start::kWarm;
  }
  return Start::kCold;
}

void LambdaAccount::release(std::uint32_t function, SimTime now) {
  auto it = functions_.find(function);
  if (it == functions_.end() || it->second.running == 0) {
    throw InvariantError("Lambda function " + std::to_string(function) + " released with no invocation running");
  }
  FunctionState& f = it->second;
  --f.running;
  --running_;
  // Keep the deque sorted even if a caller releases out of order (equal
  // times are common: a batch's invocations end together).
  auto pos = f.idle_since.end();
  while (pos != f.idle_since.begin() && *(pos - 1) > now) --pos;
  f.idle_since.insert(pos, now);
}

std::uint32_t LambdaAccount::running(std::uint32_t function) const {
  auto it = functions_.find(function);
  return it == functions_.end() ? 0 : it->second.running;
}

std::uint32_t LambdaAccount::warm_idle(std::uint32_t function, SimTime now) {
  auto it = functions_.find(function);
  if (it == functions_.end()) return 0;
  expire(it->second, now);
  return static_cast<std::uint32_t>(it->second.idle_since.size());
}

}  // namespace servesim
