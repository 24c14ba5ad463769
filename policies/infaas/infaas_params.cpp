#include "policies/infaas/infaas_params.hpp"

#include "policies/catalog_refs.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/input_limits.hpp"
#include "sim/core/name_hint.hpp"

namespace servesim::infaas {
namespace {

void parse_worker_types(const JsonNode* node, const PolicyWorld& world, InfaasParams& p) {
  // Section 6's workers, by kind.
  const std::array<const char*, 3> defaults = {"m5.2xlarge", "p3.2xlarge", "inf1.2xlarge"};
  for (std::size_t k = 0; k < defaults.size(); ++k) p.worker_types[k] = world.hardware->find_instance_type(defaults[k]);
  if (node == nullptr) return;
  node->expect_object({"cpu", "gpu", "inferentia"});
  for (std::size_t k = 0; k < defaults.size(); ++k) {
    const std::string kind(device_kind_name(static_cast<DeviceKind>(k)));
    if (!node->has(kind)) continue;
    const JsonNode type = node->at(kind);
    const InstanceTypeId id = instance_type_of(type, *world.hardware);
    bool offers = false;
    for (const DeviceSlot& slot : world.hardware->instance_type(id).devices) {
      offers = offers || world.hardware->type(slot.type).kind == static_cast<DeviceKind>(k);
    }
    if (!offers) type.fail("instance type \"" + type.string() + "\" has no " + kind + " device");
    p.worker_types[k] = id;
  }
}

Preload parse_preload(const JsonNode& node, const PolicyWorld& world) {
  node.expect_object({"variant", "device_type", "count"});
  Preload p;
  p.where = node.where();
  const JsonNode variant = node.at("variant");
  p.variant = variant_of(variant, *world.models);
  const JsonNode type = node.at("device_type");
  const auto t = world.hardware->find(type.string());
  if (!t) {
    type.fail("unknown device type \"" + type.string() + "\"" + name_hint_of(type.string(), world.hardware->types()));
  }
  if (!world.models->variant(p.variant).profile_on(type.string())) {
    type.fail("variant \"" + variant.string() + "\" has no latency profile on \"" + type.string() + "\"");
  }
  p.device_type = *t;
  p.count = static_cast<std::uint32_t>(node.integer_in_or("count", 1, 10000, 1));  // replicas
  return p;
}

double ratio_above_one(const JsonNode& params, std::string_view key, double fallback) {
  return params.number_in_or(key, 1, 1e6, fallback);
}

// In (0, 1]: a threshold of zero would hold every offline input back forever.
double open_fraction(const JsonNode& params, std::string_view key, double fallback) {
  if (!params.has(key)) return fallback;
  const JsonNode node = params.at(key);
  const double v = node.number();
  if (!(v > 0 && v <= 1)) node.fail("expected a number in (0, 1], got " + node.shown());
  return v;
}

double fraction(const JsonNode& params, std::string_view key, double fallback) {
  return params.has(key) ? params.at(key).probability() : fallback;
}

std::uint32_t checks(const JsonNode& params, std::string_view key, std::uint32_t fallback) {
  return static_cast<std::uint32_t>(params.integer_in_or(key, 1, 1000000, fallback));
}

// An object {"cpu": x, "gpu": y, "inferentia": z}: each value given replaces
// that kind's in `values`, read by `read(object, kind, fallback)`.
template <typename Read>
void by_kind(const JsonNode& params, std::string_view key, std::array<double, kDeviceKindCount>& values, Read read) {
  if (!params.has(key)) return;
  const JsonNode object = params.at(key);
  object.expect_object({"cpu", "gpu", "inferentia"});
  for (std::size_t k = 0; k < 3; ++k) {
    const std::string kind(device_kind_name(static_cast<DeviceKind>(k)));
    values[k] = read(object, kind, values[k]);
  }
}

Duration interval(const JsonNode& params, std::string_view key, Duration fallback) {
  return params.has(key) ? params.at(key).seconds_in(kMinPeriodS, 3600) : fallback;
}

}  // namespace

ModeRules mode_rules(Mode mode) {
  ModeRules r;
  r.scales_models = r.loads_on_query_path = mode != Mode::kClipperPlus;
  r.switches_variants = mode == Mode::kInfaas || mode == Mode::kAccuracy;
  r.adds_workers = mode == Mode::kInfaas || mode == Mode::kSmPlus;
  r.ranks_by_accuracy = mode == Mode::kAccuracy;
  r.gpu_replicas_per_variant = mode == Mode::kSmPlus ? 2 : 1;
  return r;
}

InfaasParams parse_infaas_params(const JsonNode& params, const PolicyWorld& world) {
  params.expect_object({"worker_types", "initial_workers", "preload", "slack_threshold", "lambda_per_s",
                        "monitor_interval_s", "model_autoscaler_interval_s", "vm_autoscaler_interval_s",
                        "scale_down_delay", "cpu_overload_ratio", "cpu_clear_ratio", "accelerator_overload_ratio",
                        "accelerator_clear_ratio", "accelerator_min_latency_ms", "backlog_fraction",
                        "vm_utilisation_threshold", "vm_inferentia_utilisation_threshold", "vm_overloaded_fraction",
                        "vm_cooldown_checks", "vm_low_utilisation_checks", "vm_low_utilisation", "cpu_cores_per_replica", "batch_cap",
                        "cpu_min_slo_ms", "cost_per_gb_second", "hardware_cost", "unmet", "queue_aware", "mode", "fixed_variant",
                        "max_workers", "fixed_variants", "preload_placement", "slo_latency_share",
                        "initial_load_qps", "offline_pause_utilisation", "offline_latency_rule"});
  InfaasParams p;
  p.where = params.where();
  const auto worker_types = params.find("worker_types");
  parse_worker_types(worker_types ? &*worker_types : nullptr, world, p);

  if (params.has("initial_workers")) {
    const JsonNode initial = params.at("initial_workers");
    if (!initial.raw().is_object()) initial.fail("expected an object of instance type -> count");
    if (!world.cloud.instances.empty()) {
      initial.fail("the scenario's cluster.instances are the initial workers; give one or the other");
    }
    for (const std::string& name : initial.keys()) {
      const JsonNode count = initial.at(name);
      const auto id = world.hardware->find_instance_type(name);
      if (!id) {
        count.fail("unknown instance type \"" + name + "\"" + name_hint_of(name, world.hardware->instance_types()));
      }
      const auto n = count.integer_in(0, 10000);
      if (n > 0) p.initial_workers.emplace_back(*id, static_cast<std::uint32_t>(n));
    }
    p.initial_workers_given = true;
  } else if (p.worker_types[0]) {
    p.initial_workers.emplace_back(*p.worker_types[0], 1);
  }
  if (params.has("preload")) {
    for (const JsonNode& item : params.items("preload")) p.preload.push_back(parse_preload(item, world));
  }
  if (params.has("initial_load_qps")) p.initial_load = initial_load_of(params.at("initial_load_qps"), world.applications);

  p.slack_threshold = ratio_above_one(params, "slack_threshold", p.slack_threshold);
  p.lambda_per_s = params.number_in_or("lambda_per_s", 0, 1e6, p.lambda_per_s, "per s");  // finite for the solver
  p.monitor_interval = interval(params, "monitor_interval_s", p.monitor_interval);
  p.model_autoscaler_interval = interval(params, "model_autoscaler_interval_s", p.model_autoscaler_interval);
  p.vm_autoscaler_interval = interval(params, "vm_autoscaler_interval_s", p.vm_autoscaler_interval);
  if (params.has("scale_down_delay")) {
    p.scale_down_delay = params.at("scale_down_delay").choice({"load_latency", "public_code"}) == "public_code"
                             ? ScaleDownDelay::kPublicCode
                             : ScaleDownDelay::kLoadLatency;
  }

  StateThresholds& s = p.states;
  s.cpu_overload_ratio = ratio_above_one(params, "cpu_overload_ratio", s.cpu_overload_ratio);
  s.cpu_clear_ratio = ratio_above_one(params, "cpu_clear_ratio", s.cpu_clear_ratio);
  s.accelerator_overload_ratio = ratio_above_one(params, "accelerator_overload_ratio", s.accelerator_overload_ratio);
  s.accelerator_clear_ratio = ratio_above_one(params, "accelerator_clear_ratio", s.accelerator_clear_ratio);
  if (s.cpu_clear_ratio > s.cpu_overload_ratio) params.at("cpu_clear_ratio").fail("expected at most cpu_overload_ratio");
  if (s.accelerator_clear_ratio > s.accelerator_overload_ratio) {
    params.at("accelerator_clear_ratio").fail("expected at most accelerator_overload_ratio");
  }
  s.accelerator_min_latency =
      params.has("accelerator_min_latency_ms") ? params.at("accelerator_min_latency_ms").millis_in(0, kMaxLatencyMs) : from_millis(10);
  s.backlog_fraction = params.number_in_or("backlog_fraction", 1e-6, 1e6, s.backlog_fraction);

  VmRules& vm = p.vm;
  vm.utilisation_threshold = fraction(params, "vm_utilisation_threshold", vm.utilisation_threshold);
  vm.inferentia_utilisation_threshold =
      fraction(params, "vm_inferentia_utilisation_threshold", vm.inferentia_utilisation_threshold);
  vm.overloaded_fraction = fraction(params, "vm_overloaded_fraction", vm.overloaded_fraction);
  vm.cooldown_checks = checks(params, "vm_cooldown_checks", vm.cooldown_checks);
  vm.low_utilisation_checks = checks(params, "vm_low_utilisation_checks", vm.low_utilisation_checks);
  by_kind(params, "vm_low_utilisation", vm.low_utilisation, fraction);

  p.offline_pause_utilisation = open_fraction(params, "offline_pause_utilisation", p.offline_pause_utilisation);
  if (params.has("offline_latency_rule")) {
    p.offline_latency_rule = params.at("offline_latency_rule").choice({"profiled", "blacklist"}) == "blacklist"
                                 ? OfflineLatencyRule::kBlacklist
                                 : OfflineLatencyRule::kProfiled;
  }

  p.cpu_cores_per_replica = checks(params, "cpu_cores_per_replica", p.cpu_cores_per_replica);
  p.profiles.batch_cap = checks(params, "batch_cap", p.profiles.batch_cap);
  by_kind(params, "cost_per_gb_second", p.profiles.cost_per_gb_second,
          [](const JsonNode& costs, std::string_view kind, double fallback) { return costs.number_in_or(kind, 0, kMaxPrice, fallback, "$ per GB-second"); });
  if (params.has("hardware_cost")) {
    p.hardware_cost = params.at("hardware_cost").choice({"memory", "instance_share"}) == "instance_share"
                          ? HardwareCost::kInstanceShare
                          : HardwareCost::kMemory;
  }
  if (params.has("unmet")) {
    p.unmet = params.at("unmet").choice({"route", "reject"}) == "reject" ? UnmetQueries::kReject : UnmetQueries::kRoute;
  }
  p.queue_aware = params.boolean_or("queue_aware", false);
  p.worker_limits = infaas::parse_worker_limits(params, world);
  if (params.has("mode")) {
    const std::string mode = params.at("mode").choice({"infaas", "infaas-accuracy", "clipper+", "sm+"});
    p.mode = mode == "clipper+"          ? Mode::kClipperPlus
             : mode == "sm+"             ? Mode::kSmPlus
             : mode == "infaas-accuracy" ? Mode::kAccuracy
                                         : Mode::kInfaas;
  }
  p.profiles.accuracy_objective = p.mode == Mode::kAccuracy;
  // INFaaS-Accuracy exists only as the Proteus paper's baseline: by default it
  // judges the SLO as that paper does (variant_profile.hpp).
  p.profiles.slo_latency_share = p.mode == Mode::kAccuracy ? 0.5 : 1.0;
  // The public code's refusal of CPU variants under a 50 ms SLO is INFaaS'
  // rule too; the Proteus paper has none (its SLOs are twice a CPU latency,
  // so most are under 50 ms), so INFaaS-Accuracy drops it by default.
  p.profiles.cpu_min_slo = params.has("cpu_min_slo_ms") ? params.at("cpu_min_slo_ms").millis_in(0)
                                                         : from_millis(p.mode == Mode::kAccuracy ? 0 : 50);
  if (params.has("slo_latency_share")) p.profiles.slo_latency_share = params.number_in("slo_latency_share", 1e-6, 1);
  const bool baseline = p.mode == Mode::kClipperPlus || p.mode == Mode::kSmPlus;
  p.fixed = parse_fixed_variants(params, world, baseline);
  if (baseline) {
    for (const Preload& pre : p.preload) check_preload(p.fixed, pre.variant, *world.models, pre.where);
  }
  p.preload_placement = parse_preload_placement(params);
  if (p.mode == Mode::kClipperPlus && p.preload.empty()) {
    params.fail("mode \"clipper+\" serves only what \"preload\" loads at start: give its fixed instances");
  }
  return p;
}

}  // namespace servesim::infaas
