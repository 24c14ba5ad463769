#include "policies/sagemaker/sagemaker_params.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>

#include "policies/catalog_refs.hpp"
#include "policies/serving_device.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::sagemaker {
namespace {

// An endpoint hosts one model: a pipeline of several stages is not section
// 5.1's setting.
void check_one_model(const JsonNode& params, const PolicyWorld& world, AppId a) {
  const Application& app = world.applications[a];
  if (app.pipeline.stages().size() == 1) return;
  throw InputError(params.file() + ": applications[" + std::to_string(a) + "]",
                   "policy \"sagemaker\" serves one-model applications; \"" + app.name + "\" is a pipeline of " +
                       std::to_string(app.pipeline.stages().size()) +
                       " stages (policy \"per-stage\" applies it to each stage)");
}

VariantId parse_variant(const JsonNode& params, const PolicyWorld& world, const Application& app) {
  const FamilyId family = app.pipeline.stages()[0].family;
  // The model a SageMaker endpoint would host: the family's best.
  if (!params.has("variant")) return world.models->most_accurate(family);
  const JsonNode node = params.at("variant");
  const VariantId v = variant_of(node, *world.models);
  if (world.models->variant(v).family != family) {
    node.fail("variant \"" + node.string() + "\" is not of family \"" + world.models->family(family).name +
              "\", which application \"" + app.name + "\" serves");
  }
  if (app.min_accuracy && world.models->variant(v).accuracy < *app.min_accuracy) {
    node.fail("variant \"" + node.string() + "\" is below application \"" + app.name + "\"'s accuracy floor");
  }
  return v;
}

std::string ms_text(Duration d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", d.millis());
  return buf;
}

// ceil(arrivals in the history's last 60 s / target), at least the minimum;
// the minimum without a history.
std::uint32_t sized_for_history(const PolicyWorld& world, AppId app, double target, std::uint32_t minimum) {
  const ArrivalHistory* history = world.history_of(app);
  if (!history) return minimum;
  const auto& counts = history->per_second();
  const std::size_t from = counts.size() > 60 ? counts.size() - 60 : 0;
  const double last_minute = std::accumulate(counts.begin() + static_cast<std::ptrdiff_t>(from), counts.end(), 0.0);
  const double wanted = std::ceil(last_minute / target - 1e-9);
  return std::max(minimum, static_cast<std::uint32_t>(std::min(wanted, 1e6)));
}

}  // namespace

std::optional<InstanceTypeId> cheapest_per_request(const PolicyWorld& world, VariantId variant,
                                                   const std::vector<std::string>& families, Duration slo) {
  std::optional<InstanceTypeId> best;
  double best_cost = 0;
  const auto& types = world.hardware->instance_types();
  for (InstanceTypeId t = 0; t < types.size(); ++t) {
    if (std::find(families.begin(), families.end(), types[t].family) == families.end()) continue;
    const LatencyProfile* profile = serving_profile(world, variant, types[t]);
    if (!profile) continue;
    const Duration t1 = profile->at(1);
    if (t1 > slo) continue;
    // Per request on the whole instance: its serving devices answer at once.
    const double cost = types[t].price_per_hour * t1.seconds() / serving_device_count(types[t]);
    if (!best || cost < best_cost) {
      best = t;
      best_cost = cost;
    }
  }
  return best;
}

namespace {

// "instance_family": one name or a non-empty list of them; "c5" by default
// (MArk section 3.3: the most cost-effective CPU family for its models).
std::vector<std::string> instance_families(const JsonNode& params) {
  if (!params.has("instance_family")) return {"c5"};
  const JsonNode node = params.at("instance_family");
  if (!node.raw().is_array()) return {node.string()};
  std::vector<std::string> out;
  for (const JsonNode& item : node.items()) out.push_back(item.string());
  if (out.empty()) node.fail("expected a family or a non-empty list of families");
  return out;
}

InstanceTypeId parse_instance_type(const JsonNode& params, const PolicyWorld& world, const Application& app,
                                   VariantId variant) {
  const std::string& variant_name = world.models->variant(variant).name;
  if (params.has("instance_type")) {
    const JsonNode node = params.at("instance_type");
    if (params.has("instance_family")) node.fail("give instance_type or instance_family, not both");
    const InstanceTypeId t = instance_type_of(node, *world.hardware);
    const InstanceType& type = world.hardware->instance_type(t);
    if (!serving_profile(world, variant, type)) {
      node.fail("variant \"" + variant_name + "\" is not profiled on " + type.name + "'s device \"" +
                serving_device_name(world, type) + "\"");
    }
    return t;
  }
  const std::vector<std::string> families = instance_families(params);
  const auto t = cheapest_per_request(world, variant, families, app.slo);
  if (!t) {
    const JsonNode& at = params.has("instance_family") ? params.at("instance_family") : params;
    std::string named;
    for (const auto& f : families) named += (named.empty() ? "\"" : ", \"") + f + "\"";
    at.fail("no instance type of family " + named + " serves variant \"" + variant_name + "\" within the SLO (" +
            ms_text(app.slo) + " ms) at batch 1: name instance_type");
  }
  return *t;
}

TargetTrackingParams parse_tracking(const JsonNode& params, double target) {
  const ParamTable& table = param_table();
  const auto count = [&](const char* key) { return static_cast<std::uint32_t>(table.integer(params, key)); };
  TargetTrackingParams t;
  t.target = target;
  t.scale_out_points = count("scale_out_points");
  t.scale_in_points = count("scale_in_points");
  t.scale_in_ratio = table.number(params, "scale_in_ratio");
  t.scale_out_cooldown = table.seconds(params, "scale_out_cooldown_s");
  t.scale_in_cooldown = table.seconds(params, "scale_in_cooldown_s");
  t.min_capacity = count("min_instances");
  return t;
}

std::uint32_t parse_initial_instances(const JsonNode& params, const PolicyWorld& world, AppId app,
                                      const TargetTrackingParams& t, bool size_from_history) {
  if (!params.has("initial_instances")) {
    return size_from_history ? sized_for_history(world, app, t.target, t.min_capacity) : t.min_capacity;
  }
  const JsonNode node = params.at("initial_instances");
  const auto n = static_cast<std::uint32_t>(param_table().integer(params, "initial_instances"));
  if (n < t.min_capacity) {
    node.fail("expected at least min_instances (" + std::to_string(t.min_capacity) + "), got " + node.shown());
  }
  return n;
}

// Application `a`'s endpoint.
SagemakerParams parse_endpoint(const JsonNode& params, const PolicyWorld& world, AppId a, bool size_from_history) {
  check_one_model(params, world, a);
  const Application& app = world.applications[a];
  SagemakerParams p;
  p.app = a;
  p.variant = parse_variant(params, world, app);
  p.instance_type = parse_instance_type(params, world, app, p.variant);
  const InstanceType& type = world.hardware->instance_type(p.instance_type);
  p.batch1_latency = serving_profile(world, p.variant, type)->at(1);
  p.capacity_per_minute = serving_device_count(type) * 60.0 / p.batch1_latency.seconds();
  p.over_provisioning = param_table().number(params, "over_provisioning");
  p.tracking = parse_tracking(params, p.capacity_per_minute / p.over_provisioning);
  p.initial_instances = parse_initial_instances(params, world, a, p.tracking, size_from_history);
  p.market = market_named(param_table().choice(params, "market"));
  return p;
}

// A family, or a non-empty list of them.
nlohmann::json one_or_more_names_schema() {
  const nlohmann::json one = {{"type", "string"}};
  const nlohmann::json list = {{"type", "array"}, {"items", one}, {"minItems", 1}};
  return {{"anyOf", nlohmann::json::array({one, list})}};
}

}  // namespace

const ParamTable& param_table() {
  static const TargetTrackingParams t;  // AWS's defaults, said once in the struct
  static const ParamTable table({
      name_param("instance_type",
                 "of instance_family, the type cheapest per request (price x T_1 / its serving devices) whose "
                 "batch-1 latency meets the SLO",
                 "the type every endpoint runs on; not with instance_family"),
      custom_param("instance_family", one_or_more_names_schema(),
                   "a family or a non-empty list of them", "c5 (MArk section 3.3)",
                   "where the default instance type is looked for (\"ml.c5\" in the SageMaker catalog); with a "
                   "list, the cheapest of them all"),
      name_param("variant", "the family's most accurate variant", "the variant every endpoint hosts"),
      number_param("over_provisioning", 1, 100, SagemakerParams{}.over_provisioning,
                   "target = an instance's capacity per minute / this (MArk section 5.1)"),
      integer_param("scale_out_points", 1, 1440, t.scale_out_points, "datapoints above the target before scaling out"),
      integer_param("scale_in_points", 1, 1440, t.scale_in_points,
                    "datapoints below scale_in_ratio x target before scaling in"),
      number_param("scale_in_ratio", 1e-6, 1, t.scale_in_ratio, "of the target, below which a datapoint counts to scale in"),
      seconds_param("scale_out_cooldown_s", 0, 86'400, t.scale_out_cooldown.seconds(), "after a scale-out"),
      seconds_param("scale_in_cooldown_s", 0, 86'400, t.scale_in_cooldown.seconds(), "after a scale-in"),
      integer_param("min_instances", 1, 10'000, t.min_capacity, "the fewest instances per endpoint"),
      default_said(integer_param("initial_instances", 1, 10'000, t.min_capacity,
                                 "instances per endpoint at the start, at least min_instances"),
                   "ceil(the history's last minute / target), at least min_instances"),
      market_param(),
  });
  return table;
}

std::vector<SagemakerParams> parse_sagemaker_params(const JsonNode& params, const PolicyWorld& world,
                                                    bool size_from_history) {
  param_table().check(params);
  std::vector<SagemakerParams> endpoints;
  for (AppId a = 0; a < world.applications.size(); ++a) {
    endpoints.push_back(parse_endpoint(params, world, a, size_from_history));
  }
  return endpoints;
}

}  // namespace servesim::sagemaker
