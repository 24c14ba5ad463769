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

std::string choice_of(PredictorKind kind) { return std::string(predictor_kind_name(kind)); }

// Section 4.2's predictor (predictor_settings.hpp holds each number's source).
std::vector<ParamSpec> predictor_specs() {
  const PredictorSettings d;
  std::vector<std::string> kinds = {choice_of(d.kind)};  // the default first
  for (PredictorKind k : {PredictorKind::kLstm, PredictorKind::kLastValue, PredictorKind::kMovingAverage,
                          PredictorKind::kOracle, PredictorKind::kRunningMax}) {
    if (k != d.kind) kinds.push_back(choice_of(k));
  }
  return {
      choice_param("predictor", kinds,
                   "the load predictor: section 4.2's LSTM, baselines, or the oracle (needs the policy's \"oracle\": "
                   "true)"),
      integer_param("prediction_window", 1, 10'080, d.window, "Pw, the future units forecast (section 4.2)"),
      seconds_param("sample_window_s", 1e-3, 86'400, d.sample_window.seconds(), "Ps, the load sampling window (section 4.2)"),
      seconds_param("prediction_unit_s", 1e-3, 86'400, d.prediction_unit.seconds(),
                    "Pu, the forecast's unit, a whole number of sample windows (section 4.2)"),
      integer_param("moving_average_k", 1, 100'000, d.moving_average_k, "samples averaged by moving_average"),
      number_param("running_max_factor", 1e-3, 1e3, d.running_max_factor,
                   "running_max plans on this times the largest sample so far (public code, modules/scheduler.py)"),
      integer_param("lstm_units", 1, 1024, d.lstm.units, "the LSTM's units (public code, train.py n_neurons)"),
      integer_param("lstm_epochs", 1, 10'000, d.lstm.epochs, "training epochs (public code, train.py n_epochs)"),
      number_param("lstm_learning_rate", 1e-9, 1, d.lstm.optimizer.learning_rate, "Adam's learning rate (Keras' default)"),
      number_param("lstm_beta1", 0, 0.999999, d.lstm.optimizer.beta1, "Adam's beta1 (Keras' default)"),
      number_param("lstm_beta2", 0, 0.999999, d.lstm.optimizer.beta2, "Adam's beta2 (Keras' default)"),
      number_param("lstm_epsilon", 1e-12, 1, d.lstm.optimizer.epsilon, "Adam's epsilon (Keras' K.epsilon())"),
  };
}

// Section 4.3's planning and the serving around it.
std::vector<ParamSpec> planning_specs() {
  const MarkParams d;
  return {
      integer_param("tau_steps", 1, 10'080, d.tau_steps, "tau, section 4.3's look-ahead, at most prediction_window"),
      choice_param("launch_overhead", {"paper", "public_code"},
                   "paper: O_i = P_i x (boot + load) (section 4.3); public_code: 180 s of P_i"),
      choice_param("target_step", {"paper", "public_code"},
                   "paper: plan for step tau (section 4.3); public_code: the largest of the first 6"),
      integer_param("cooldown_plans", 1, 1000, d.cooldown_plans,
                    "a running instance goes when none of the last this many plans kept it"),
      name_param("instance_types", "section 5.1's: every c5 and m5 size and p2.xlarge in the hardware catalog",
                 "S, the instance types the planner may launch; with several applications each uses those its "
                 "model runs on",
                 true),
      choice_param("batching", {"paper", "tuned"},
                   "paper: section 5.1's pairs where they meet RT_max, section 4.3's rule elsewhere; tuned: the rule "
                   "everywhere"),
      choice_param("front_end", {"batch_manager", "per_instance"},
                   "section 4.1's Batch Manager; per_instance: a queue per instance fed request by request, a "
                   "departure"),
      market_param(),
  };
}

// Section 4.4's SLO monitor, section 4.5's standbys, Lambda and the ablations.
std::vector<ParamSpec> monitor_specs() {
  const MarkParams d;
  return {
      number_param("service_level", 1e-6, 1, d.monitor.service_level,
                   "SL_min, the share on time the SLO monitor keeps (section 5.1)"),
      choice_param("slo_monitor_rule", {"paper", "public_code"}, "paper: the last M requests; public_code: the EWMA"),
      integer_param("slo_monitor_requests", 1, 10'000'000, d.monitor.last_requests, "M, the requests the monitor looks at"),
      integer_param("slo_monitor_instances", 1, 1000, d.monitor_instances, "L, the instances a trigger launches"),
      name_param("slo_monitor_type", "c5.large if it serves the model within RT_max, else the cheapest candidate type "
                 "that does", "T, the type a trigger launches (section 4.4)"),
      seconds_param("slo_monitor_cooldown_s", 0, 86'400, d.monitor.cooldown.seconds(),
                    "the monitor's quiet time after a trigger"),
      name_param("standby_type", "t2.medium (spot only)", "the burstable type of MArk-spot's standbys (section 4.5)"),
      integer_param("standby_count", 0, 10'000, d.standby_count, "standbys kept (the public code's pool)"),
      name_param("lambda_function", "the scenario's function that packages the model",
                 "the scenario's Lambda function for this model"),
      boolean_param("lambda", d.ablations.lambda, "the Bouncer sends requests an instance would serve late to Lambda"),
      boolean_param("slo_monitor", d.ablations.slo_monitor, "section 4.4's SLO monitor"),
      boolean_param("standby", d.ablations.standby, "section 4.5's burstable standbys (spot only)"),
      boolean_param("gpu", d.ablations.gpu, "p2 instances among the candidates"),
  };
}

void parse_predictor(const ParamTable& table, const JsonNode& params, PredictorSettings& p) {
  p.kind = parse_predictor_kind(table.choice(params, "predictor"), params.where());
  p.window = static_cast<std::size_t>(table.integer(params, "prediction_window"));
  p.sample_window = table.seconds(params, "sample_window_s");
  p.prediction_unit = table.seconds(params, "prediction_unit_s");
  p.moving_average_k = static_cast<std::size_t>(table.integer(params, "moving_average_k"));
  p.running_max_factor = table.number(params, "running_max_factor");
  p.lstm.units = static_cast<std::size_t>(table.integer(params, "lstm_units"));
  p.lstm.epochs = static_cast<std::size_t>(table.integer(params, "lstm_epochs"));
  p.lstm.optimizer.learning_rate = table.number(params, "lstm_learning_rate");
  p.lstm.optimizer.beta1 = table.number(params, "lstm_beta1");
  p.lstm.optimizer.beta2 = table.number(params, "lstm_beta2");
  p.lstm.optimizer.epsilon = table.number(params, "lstm_epsilon");
  validate_predictor_settings(p, params.where());
}

void parse_planning(const ParamTable& table, const JsonNode& params, const HardwareCatalog& hardware,
                    MarkParams& p) {
  p.tau_steps = static_cast<std::size_t>(table.integer(params, "tau_steps"));
  if (p.tau_steps > p.predictor.window) {
    params.at("tau_steps").fail("expected at most prediction_window (" + std::to_string(p.predictor.window) +
                                "), got " + std::to_string(p.tau_steps));
  }
  p.overhead = table.choice(params, "launch_overhead") == "public_code" ? LaunchOverheadRule::kPublicCode180s
                                                                         : LaunchOverheadRule::kLaunchDelay;
  p.target = table.choice(params, "target_step") == "public_code" ? TargetStepRule::kLargestOfFirstSteps
                                                                   : TargetStepRule::kTau;
  p.cooldown_plans = static_cast<std::size_t>(table.integer(params, "cooldown_plans"));
  if (params.has("instance_types")) {
    for (const JsonNode& t : params.items("instance_types")) p.instance_types.push_back(instance_type_of(t, hardware));
  } else {
    p.instance_types = default_mark_instance_types(hardware);
    if (p.instance_types.empty()) params.fail("no c5, m5 or p2.xlarge instance type in the hardware catalog: name instance_types");
  }
  p.batching = table.choice(params, "batching") == "tuned" ? BatchingRule::kTuned : BatchingRule::kPaper;
  p.front_end = table.choice(params, "front_end") == "per_instance" ? FrontEnd::kPerInstance : FrontEnd::kBatchManager;
  p.market = market_named(table.choice(params, "market"));
}

void parse_monitor(const ParamTable& table, const JsonNode& params, const HardwareCatalog& hardware,
                   MarkParams& p) {
  SloMonitorParams& m = p.monitor;
  m.service_level = table.number(params, "service_level");
  m.rule = table.choice(params, "slo_monitor_rule") == "public_code" ? SloMonitorRule::kEwma
                                                                      : SloMonitorRule::kLastRequests;
  m.last_requests = static_cast<std::uint32_t>(table.integer(params, "slo_monitor_requests"));
  m.cooldown = table.seconds(params, "slo_monitor_cooldown_s");
  p.monitor_instances = static_cast<std::uint32_t>(table.integer(params, "slo_monitor_instances"));
  if (params.has("slo_monitor_type")) p.monitor_type = instance_type_of(params.at("slo_monitor_type"), hardware);
}

void parse_standby(const ParamTable& table, const JsonNode& params, const HardwareCatalog& hardware,
                   MarkParams& p) {
  p.standby_count = static_cast<std::uint32_t>(table.integer(params, "standby_count"));
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

const ParamTable& param_table() {
  static const ParamTable table = [] {
    std::vector<ParamSpec> specs = predictor_specs();
    for (auto part : {planning_specs(), monitor_specs()}) specs.insert(specs.end(), part.begin(), part.end());
    return ParamTable(std::move(specs));
  }();
  return table;
}

MarkParams parse_mark_params(const JsonNode& params, const HardwareCatalog& hardware) {
  const ParamTable& table = param_table();
  table.check(params);
  MarkParams p;
  parse_predictor(table, params, p.predictor);
  parse_planning(table, params, hardware, p);
  parse_monitor(table, params, hardware, p);
  parse_standby(table, params, hardware, p);
  if (params.has("lambda_function")) p.lambda_function = params.at("lambda_function").string();
  p.ablations = {table.boolean(params, "lambda"), table.boolean(params, "slo_monitor"),
                 table.boolean(params, "standby"), table.boolean(params, "gpu")};
  if (!p.ablations.gpu) drop_accelerators(params, hardware, p);
  return p;
}

}  // namespace servesim::mark
