#include "policies/mark/planner_inputs.hpp"

#include <cmath>

#include "sim/core/input_error.hpp"

namespace servesim::mark {
namespace {

std::string field(const std::string& where, const std::string& name) { return where + "." + name; }

std::string indexed(const std::string& where, const std::string& name, std::size_t i) {
  return field(where, name) + "[" + std::to_string(i) + "]";
}

void require(bool ok, const std::string& where, const std::string& expected) {
  if (!ok) throw InputError(where, expected);
}

void validate_instance_type(const InstanceTypeOption& type, const std::string& where) {
  // !(x > 0) also refuses NaN.
  require(std::isfinite(type.capacity_per_minute) && type.capacity_per_minute > 0,
          field(where, "capacity_per_minute"), "expected a positive number of requests per minute");
  require(std::isfinite(type.price_per_hour) && type.price_per_hour >= 0, field(where, "price_per_hour"),
          "expected a price of at least 0 $/h");
  require(type.n_batch >= 1, field(where, "n_batch"), "expected a batch size of at least 1");
  require(type.replicas >= 1, field(where, "replicas"), "expected at least 1 replica");
  require(type.w_batch >= Duration::zero(), field(where, "w_batch"), "expected a window of at least 0");
  require(type.batch_latency >= Duration::zero(), field(where, "batch_latency"), "expected a latency of at least 0");
  require(type.launch_delay >= Duration::zero(), field(where, "launch_delay"), "expected a delay of at least 0");
}

}  // namespace

void validate_planner_params(const PlannerParams& params, std::size_t forecast_steps) {
  require(params.tau_steps >= 1 && params.tau_steps <= forecast_steps, field(params.where, "tau_steps"),
          "expected a step in 1.." + std::to_string(forecast_steps) + " (the forecast's steps)");
  require(params.step > Duration::zero() && !params.step.is_infinite(), field(params.where, "step"),
          "expected a positive, finite prediction unit Pu");
  require(params.rt_max > Duration::zero(), field(params.where, "rt_max"), "expected a positive RT_max");
}

void validate_forecast(std::span<const double> forecast, const std::string& where) {
  require(!forecast.empty(), field(where, "forecast"), "expected at least one step");
  for (std::size_t t = 0; t < forecast.size(); ++t) {
    require(std::isfinite(forecast[t]) && forecast[t] >= 0, indexed(where, "forecast", t),
            "expected a rate of at least 0 requests per minute");
  }
}

void validate_instance_types(std::span<const InstanceTypeOption> types, const std::string& where) {
  require(!types.empty(), field(where, "instance_types"), "expected at least one instance type");
  for (std::size_t i = 0; i < types.size(); ++i) validate_instance_type(types[i], indexed(where, "instance_types", i));
}

void check_running_instances(std::span<const RunningInstance> running, std::size_t type_count) {
  for (const RunningInstance& r : running) {
    if (r.type >= type_count) {
      throw InvariantError("mark planner: running instance " + std::to_string(r.id) + " names type " +
                           std::to_string(r.type) + " of " + std::to_string(type_count));
    }
  }
}

}  // namespace servesim::mark
