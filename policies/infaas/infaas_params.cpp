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

// {"cpu": x, "gpu": y, "inferentia": z}, each optional.
nlohmann::json by_kind_schema(nlohmann::json value) {
  return {{"type", "object"},
          {"properties", {{"cpu", value}, {"gpu", value}, {"inferentia", value}}},
          {"additionalProperties", false}};
}

// An object of instance type -> count.
nlohmann::json counts_by_type_schema(std::int64_t min) {
  return {{"type", "object"}, {"additionalProperties", {{"type", "integer"}, {"minimum", min}, {"maximum", 10'000}}}};
}

ParamSpec ratio_param(std::string key, double fallback, std::string help) {
  return number_param(std::move(key), 1, 1e6, fallback, std::move(help));
}

ParamSpec interval_param(std::string key, Duration fallback, std::string help) {
  return seconds_param(std::move(key), kMinPeriodS, 3600, fallback.seconds(), std::move(help));
}

ParamSpec checks_param(std::string key, double fallback, std::string help) {
  return integer_param(std::move(key), 1, 1'000'000, fallback, std::move(help));
}

}  // namespace

const ParamTable& param_table() {
  static const InfaasParams d;  // the defaults, said once in the structs
  static const ParamTable table({
      custom_param("worker_types", schema_ref("worker_types"), "{\"cpu\": type, \"gpu\": type, \"inferentia\": type}",
                   "m5.2xlarge, p3.2xlarge, inf1.2xlarge (section 6; one missing from the catalog is skipped)",
                   "the instance type the VM autoscaler adds, per hardware kind"),
      custom_param("initial_workers", counts_by_type_schema(0), "{\"instance type\": count}",
                   "one worker of the CPU type",
                   "the workers at the start, where the scenario has no cluster.instances"),
      custom_param("preload", {{"type", "array"}, {"items", schema_ref("preload")}},
                   "a list of {\"variant\", \"device_type\", \"count\"}", "none", "replicas loaded at the start"),
      initial_load_param("none: a cold start, the first query of an application loads its variant"),
      ratio_param("slack_threshold", d.slack_threshold, "section 5's slack"),
      number_param("lambda_per_s", 0, 1e6, d.lambda_per_s, "section 4.2.1's lambda (no published value)", "per s"),
      interval_param("monitor_interval_s", d.monitor_interval, "section 5"),
      interval_param("model_autoscaler_interval_s", d.model_autoscaler_interval, "section 5"),
      interval_param("vm_autoscaler_interval_s", d.vm_autoscaler_interval, "section 5"),
      choice_param("scale_down_delay", {"public_code", "load_latency"},
                   "section 4.2.2's T_v: the public code's checks (CPU 10, GPU 20, Inferentia 15) or the variant's "
                   "loading latency"),
      ratio_param("cpu_overload_ratio", d.states.cpu_overload_ratio, "public code, query_executor.cc"),
      ratio_param("cpu_clear_ratio", d.states.cpu_clear_ratio, "public code; at most cpu_overload_ratio"),
      ratio_param("accelerator_overload_ratio", d.states.accelerator_overload_ratio, "public code (GPU)"),
      ratio_param("accelerator_clear_ratio", d.states.accelerator_clear_ratio,
                  "public code (GPU); at most accelerator_overload_ratio"),
      number_param("accelerator_min_latency_ms", 0, kMaxLatencyMs, d.states.accelerator_min_latency.millis(),
                   "under this profiled latency a GPU's ratio is min(5, 15 ms / profiled) (public code)", "ms"),
      number_param("backlog_fraction", 1e-6, 1e6, d.states.backlog_fraction, "public code (variant_state.hpp)"),
      number_param("vm_utilisation_threshold", 0, 1, d.vm.utilisation_threshold, "section 4.2.3"),
      number_param("vm_inferentia_utilisation_threshold", 0, 1, d.vm.inferentia_utilisation_threshold, "public code"),
      number_param("vm_overloaded_fraction", 0, 1, d.vm.overloaded_fraction, "section 4.2.3"),
      checks_param("vm_cooldown_checks", d.vm.cooldown_checks, "public code"),
      checks_param("vm_low_utilisation_checks", d.vm.low_utilisation_checks, "public code"),
      custom_param("vm_low_utilisation", by_kind_schema({{"type", "number"}, {"minimum", 0}, {"maximum", 1}}),
                   "{\"cpu\": u, \"gpu\": u, \"inferentia\": u}, each in [0, 1]", "cpu 0.05, gpu 0.08, inferentia 0.25",
                   "at or below this a check counts as low (public code, vm_autoscaler.hpp)"),
      custom_param("max_workers", counts_by_type_schema(1), "{\"instance type\": count}", "none",
                   "an experiment's bound on workers per type (worker_limits.hpp)"),
      checks_param("cpu_cores_per_replica", d.cpu_cores_per_replica, "Table 2: variant A runs on 4 CPUs"),
      checks_param("batch_cap", d.profiles.batch_cap, "online batches capped at this (public code)"),
      default_said(number_param("cpu_min_slo_ms", 0, kMaxTimeSpanS * 1e3, d.profiles.cpu_min_slo.millis(),
                                "no CPU variant for SLOs at or under this (public code)", "ms"),
                   "50 ms; 0 in infaas-accuracy (the Proteus paper has no such rule)"),
      custom_param("cost_per_gb_second",
                   by_kind_schema({{"type", "number"}, {"minimum", 0}, {"maximum", kMaxPrice}}),
                   "{\"cpu\": $, \"gpu\": $, \"inferentia\": $} per GB-second", "section 6.2's",
                   "the ILP's hardware cost per GB-second of memory, by kind"),
      choice_param("hardware_cost", {"memory", "instance_share"},
                   "C of the ILP: section 6.2's memory x cost_per_gb_second, or the $/s of the hardware a replica "
                   "holds (Table 2's rule, replica_price.hpp)"),
      choice_param("unmet", {"route", "reject"},
                   "what happens to a query no variant can serve as asked (Algorithm 1 line 8)"),
      boolean_param("queue_aware", d.queue_aware,
                    "ablation: Algorithm 1 also skips a replica whose queue would make the query miss its budget"),
      choice_param("mode", {"infaas", "infaas-accuracy", "clipper+", "sm+"},
                   "INFaaS, the Proteus paper's INFaaS-Accuracy (section 6.1.1), or section 6's baselines"),
      name_param("fixed_variant", "none", "a baseline's variant of its family (fixed_variants.hpp)"),
      custom_param("fixed_variants", {{"type", "object"}, {"additionalProperties", {{"type", "string"}}}},
                   "{\"family\": \"variant\"}", "none",
                   "per family: every application's family in the baselines; in infaas mode, queries that name "
                   "their variant (section 3.1)"),
      choice_param("preload_placement", {"pack", "spread"}, "pack, or the roomiest device (preload_placement.hpp)"),
      default_said(number_param("slo_latency_share", 1e-6, 1, d.profiles.slo_latency_share,
                                "of the SLO budget a variant's latency at its serving batch may take"),
                   "1 (INFaaS' rule); 0.5 in infaas-accuracy (the Proteus paper's)"),
      custom_param("offline_pause_utilisation", {{"type", "number"}, {"exclusiveMinimum", 0}, {"maximum", 1}},
                   "a number in (0, 1]", number_text(d.offline_pause_utilisation),
                   "offline work pauses on a worker at or above this utilisation (section 5, offline_throttle.hpp)"),
      choice_param("offline_latency_rule", {"profiled", "blacklist"},
                   "pause while a variant's observed latency exceeds its profiled one (section 6.3.2), or the "
                   "public code's: while one is Overloaded or Interfered"),
  });
  return table;
}

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
  const ParamTable& table = param_table();
  table.check(params);
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

  p.slack_threshold = table.number(params, "slack_threshold");
  p.lambda_per_s = table.number(params, "lambda_per_s");  // finite for the solver
  p.monitor_interval = table.seconds(params, "monitor_interval_s");
  p.model_autoscaler_interval = table.seconds(params, "model_autoscaler_interval_s");
  p.vm_autoscaler_interval = table.seconds(params, "vm_autoscaler_interval_s");
  p.scale_down_delay = table.choice(params, "scale_down_delay") == "public_code" ? ScaleDownDelay::kPublicCode
                                                                                   : ScaleDownDelay::kLoadLatency;

  StateThresholds& s = p.states;
  s.cpu_overload_ratio = table.number(params, "cpu_overload_ratio");
  s.cpu_clear_ratio = table.number(params, "cpu_clear_ratio");
  s.accelerator_overload_ratio = table.number(params, "accelerator_overload_ratio");
  s.accelerator_clear_ratio = table.number(params, "accelerator_clear_ratio");
  if (s.cpu_clear_ratio > s.cpu_overload_ratio) params.at("cpu_clear_ratio").fail("expected at most cpu_overload_ratio");
  if (s.accelerator_clear_ratio > s.accelerator_overload_ratio) {
    params.at("accelerator_clear_ratio").fail("expected at most accelerator_overload_ratio");
  }
  s.accelerator_min_latency = from_millis(table.number(params, "accelerator_min_latency_ms"));
  s.backlog_fraction = table.number(params, "backlog_fraction");

  VmRules& vm = p.vm;
  vm.utilisation_threshold = table.number(params, "vm_utilisation_threshold");
  vm.inferentia_utilisation_threshold = table.number(params, "vm_inferentia_utilisation_threshold");
  vm.overloaded_fraction = table.number(params, "vm_overloaded_fraction");
  const auto count = [&](const char* key) { return static_cast<std::uint32_t>(table.integer(params, key)); };
  vm.cooldown_checks = count("vm_cooldown_checks");
  vm.low_utilisation_checks = count("vm_low_utilisation_checks");
  by_kind(params, "vm_low_utilisation", vm.low_utilisation, fraction);

  p.offline_pause_utilisation = open_fraction(params, "offline_pause_utilisation", p.offline_pause_utilisation);
  p.offline_latency_rule = table.choice(params, "offline_latency_rule") == "blacklist" ? OfflineLatencyRule::kBlacklist
                                                                                       : OfflineLatencyRule::kProfiled;

  p.cpu_cores_per_replica = count("cpu_cores_per_replica");
  p.profiles.batch_cap = count("batch_cap");
  by_kind(params, "cost_per_gb_second", p.profiles.cost_per_gb_second,
          [](const JsonNode& costs, std::string_view kind, double fallback) { return costs.number_in_or(kind, 0, kMaxPrice, fallback, "$ per GB-second"); });
  p.hardware_cost = table.choice(params, "hardware_cost") == "instance_share" ? HardwareCost::kInstanceShare
                                                                              : HardwareCost::kMemory;
  p.unmet = table.choice(params, "unmet") == "reject" ? UnmetQueries::kReject : UnmetQueries::kRoute;
  p.queue_aware = table.boolean(params, "queue_aware");
  p.worker_limits = infaas::parse_worker_limits(params, world);
  const std::string mode = table.choice(params, "mode");
  p.mode = mode == "clipper+"          ? Mode::kClipperPlus
           : mode == "sm+"             ? Mode::kSmPlus
           : mode == "infaas-accuracy" ? Mode::kAccuracy
                                       : Mode::kInfaas;
  p.profiles.accuracy_objective = p.mode == Mode::kAccuracy;
  // INFaaS-Accuracy exists only as the Proteus paper's baseline: by default it
  // judges the SLO as that paper does (variant_profile.hpp).
  p.profiles.slo_latency_share =
      params.has("slo_latency_share") ? table.number(params, "slo_latency_share") : p.mode == Mode::kAccuracy ? 0.5 : 1.0;
  // The public code's refusal of CPU variants under a 50 ms SLO is INFaaS'
  // rule too; the Proteus paper has none (its SLOs are twice a CPU latency,
  // so most are under 50 ms), so INFaaS-Accuracy drops it by default.
  p.profiles.cpu_min_slo = params.has("cpu_min_slo_ms") || p.mode != Mode::kAccuracy
                               ? from_millis(table.number(params, "cpu_min_slo_ms"))
                               : Duration::zero();
  const bool baseline = p.mode == Mode::kClipperPlus || p.mode == Mode::kSmPlus;
  p.fixed = parse_fixed_variants(params, world, baseline);
  if (baseline) {
    for (const Preload& pre : p.preload) check_preload(p.fixed, pre.variant, *world.models, pre.where);
  }
  p.preload_placement = table.choice(params, "preload_placement") == "spread" ? PreloadPlacement::kSpread
                                                                              : PreloadPlacement::kPack;
  if (p.mode == Mode::kClipperPlus && p.preload.empty()) {
    params.fail("mode \"clipper+\" serves only what \"preload\" loads at start: give its fixed instances");
  }
  return p;
}

}  // namespace servesim::infaas
