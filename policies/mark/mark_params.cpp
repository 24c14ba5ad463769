#include "policies/mark/mark_params.hpp"

#include <algorithm>

#include "policies/catalog_refs.hpp"

namespace servesim::mark {
namespace {

InstanceTypeId instance_type_or(const JsonNode& params, std::string_view key, const HardwareCatalog& hardware,
                                std::string_view fallback) {
  if (params.has(key)) return instance_type_of(params.at(key), hardware);
  const auto id = hardware.find_instance_type(fallback);
  if (!id) params.fail("the default " + std::string(key) + " \"" + std::string(fallback) + "\" is not in the hardware catalog: name one");
  return *id;
}

Duration seconds_or(const JsonNode& params, std::string_view key, Duration fallback) {
  return from_seconds(params.number_in_or(key, 1e-3, 86400, fallback.seconds(), "s"));
}

void parse_predictor(const JsonNode& params, PredictorSettings& p) {
  if (params.has("predictor")) {
    const JsonNode node = params.at("predictor");
    p.kind = parse_predictor_kind(node.string(), node.where());
  }
  p.window = static_cast<std::size_t>(params.integer_in_or("prediction_window", 1, 10080, static_cast<std::int64_t>(p.window)));
  p.sample_window = seconds_or(params, "sample_window_s", p.sample_window);
  p.prediction_unit = seconds_or(params, "prediction_unit_s", p.prediction_unit);
  p.moving_average_k = static_cast<std::size_t>(params.integer_in_or("moving_average_k", 1, 100000, static_cast<std::int64_t>(p.moving_average_k)));
  p.running_max_factor = params.number_in_or("running_max_factor", 1e-3, 1e3, p.running_max_factor);
  p.lstm.units = static_cast<std::size_t>(params.integer_in_or("lstm_units", 1, 1024, static_cast<std::int64_t>(p.lstm.units)));
  p.lstm.epochs = static_cast<std::size_t>(params.integer_in_or("lstm_epochs", 1, 10000, static_cast<std::int64_t>(p.lstm.epochs)));
  p.lstm.optimizer.learning_rate = params.number_in_or("lstm_learning_rate", 1e-9, 1, p.lstm.optimizer.learning_rate);
  p.lstm.optimizer.beta1 = params.number_in_or("lstm_beta1", 0, 0.999999, p.lstm.optimizer.beta1);
  p.lstm.optimizer.beta2 = params.number_in_or("lstm_beta2", 0, 0.999999, p.lstm.optimizer.beta2);
  p.lstm.optimizer.epsilon = params.number_in_or("lstm_epsilon", 1e-12, 1, p.lstm.optimizer.epsilon);
  validate_predictor_settings(p, params.where());
}

void parse_planning(const JsonNode& params, const HardwareCatalog& hardware, MarkParams& p) {
  p.tau_steps = static_cast<std::size_t>(
      params.integer_in_or("tau_steps", 1, static_cast<std::int64_t>(p.predictor.window), static_cast<std::int64_t>(p.tau_steps)));
  if (params.has("launch_overhead")) {
    p.overhead = params.at("launch_overhead").choice({"paper", "public_code"}) == "public_code"
                     ? LaunchOverheadRule::kPublicCode180s
                     : LaunchOverheadRule::kLaunchDelay;
  }
  if (params.has("target_step")) {
    p.target = params.at("target_step").choice({"paper", "public_code"}) == "public_code"
                   ? TargetStepRule::kLargestOfFirstSteps
                   : TargetStepRule::kTau;
  }
  p.cooldown_plans = static_cast<std::size_t>(params.integer_in_or("cooldown_plans", 1, 1000, static_cast<std::int64_t>(p.cooldown_plans)));
  if (params.has("instance_types")) {
    for (const JsonNode& t : params.items("instance_types")) p.instance_types.push_back(instance_type_of(t, hardware));
    if (p.instance_types.empty()) params.at("instance_types").fail("expected at least one instance type");
  } else {
    p.instance_types = default_mark_instance_types(hardware);
    if (p.instance_types.empty()) params.fail("no c5, m5 or p2.xlarge instance type in the hardware catalog: name instance_types");
  }
  if (params.has("batching")) {
    p.batching = params.at("batching").choice({"tuned", "paper"}) == "paper" ? BatchingRule::kPaper : BatchingRule::kTuned;
  }
  if (params.has("front_end")) {
    p.front_end = params.at("front_end").choice({"batch_manager", "per_instance"}) == "per_instance"
                      ? FrontEnd::kPerInstance
                      : FrontEnd::kBatchManager;
  }
  if (params.has("market")) {
    p.market = market_of(params.at("market"));
  }
}

void parse_monitor(const JsonNode& params, const HardwareCatalog& hardware, MarkParams& p) {
  SloMonitorParams& m = p.monitor;
  m.service_level = params.number_in_or("service_level", 1e-6, 1, m.service_level);
  if (params.has("slo_monitor_rule")) {
    m.rule = params.at("slo_monitor_rule").choice({"paper", "public_code"}) == "public_code" ? SloMonitorRule::kEwma
                                                                                             : SloMonitorRule::kLastRequests;
  }
  m.last_requests = static_cast<std::uint32_t>(params.integer_in_or("slo_monitor_requests", 1, 10000000, m.last_requests));
  m.cooldown = from_seconds(params.number_in_or("slo_monitor_cooldown_s", 0, 86400, m.cooldown.seconds(), "s"));
  p.monitor_instances = static_cast<std::uint32_t>(params.integer_in_or("slo_monitor_instances", 1, 1000, p.monitor_instances));
  if (params.has("slo_monitor_type")) p.monitor_type = instance_type_of(params.at("slo_monitor_type"), hardware);
}

void parse_standby(const JsonNode& params, const HardwareCatalog& hardware, MarkParams& p) {
  p.standby_count = static_cast<std::uint32_t>(params.integer_in_or("standby_count", 0, 10000, p.standby_count));
  // Only MArk-spot keeps standbys (section 4.5): an on-demand MArk needs no
  // burstable type in the catalog unless one is named.
  if (p.market != Market::kSpot && !params.has("standby_type")) return;
  p.standby_type = instance_type_or(params, "standby_type", hardware, "t2.medium");
  if (!hardware.instance_type(p.standby_type).burstable) {
    const std::string name = hardware.instance_type(p.standby_type).name;
    if (params.has("standby_type")) params.at("standby_type").fail("\"" + name + "\" is not burstable: a standby must be (section 4.5)");
    params.fail("the default standby_type \"" + name + "\" is not burstable in the hardware catalog: name one");
  }
}

bool has_accelerator(const InstanceType& type, const HardwareCatalog& hardware) {
  return std::any_of(type.devices.begin(), type.devices.end(),
                     [&](const DeviceSlot& slot) { return hardware.type(slot.type).kind != DeviceKind::kCpu; });
}

// The "gpu": false ablation: CPU instance types only.
void drop_accelerators(const JsonNode& params, const HardwareCatalog& hardware, MarkParams& p) {
  std::erase_if(p.instance_types,
                [&](InstanceTypeId t) { return has_accelerator(hardware.instance_type(t), hardware); });
  if (p.instance_types.empty()) params.at("gpu").fail("no CPU instance type is left among instance_types");
}

}  // namespace

std::vector<InstanceTypeId> default_mark_instance_types(const HardwareCatalog& hardware) {
  std::vector<InstanceTypeId> out;
  const auto& types = hardware.instance_types();
  for (InstanceTypeId t = 0; t < types.size(); ++t) {
    if (types[t].family == "c5" || types[t].family == "m5" || types[t].name == "p2.xlarge") out.push_back(t);
  }
  return out;
}

MarkParams parse_mark_params(const JsonNode& params, const HardwareCatalog& hardware) {
  params.expect_object({"predictor", "prediction_window", "sample_window_s", "prediction_unit_s", "moving_average_k",
                        "running_max_factor", "lstm_units", "lstm_epochs", "lstm_learning_rate", "lstm_beta1",
                        "lstm_beta2", "lstm_epsilon", "tau_steps", "launch_overhead", "target_step", "cooldown_plans",
                        "instance_types", "batching", "front_end", "market", "service_level", "slo_monitor_rule",
                        "slo_monitor_requests", "slo_monitor_instances", "slo_monitor_type", "slo_monitor_cooldown_s",
                        "standby_type", "standby_count", "lambda_function", "lambda", "slo_monitor", "standby", "gpu"});
  MarkParams p;
  parse_predictor(params, p.predictor);
  parse_planning(params, hardware, p);
  parse_monitor(params, hardware, p);
  parse_standby(params, hardware, p);
  if (params.has("lambda_function")) p.lambda_function = params.at("lambda_function").string();
  p.ablations = {params.boolean_or("lambda", true), params.boolean_or("slo_monitor", true),
                 params.boolean_or("standby", true), params.boolean_or("gpu", true)};
  if (!p.ablations.gpu) drop_accelerators(params, hardware, p);
  return p;
}

}  // namespace servesim::mark
