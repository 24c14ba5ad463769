#include "policies/catalog_refs.hpp"

#include <algorithm>

#include "policies/batcher_params.hpp"
#include "sim/core/input_limits.hpp"
#include "sim/core/name_hint.hpp"

namespace servesim {
namespace {

// Bounds that keep a typo from allocating the machine away.
constexpr std::int64_t kMaxReplicasPerEntry = 100000;
constexpr std::int64_t kMaxConcurrency = 1024;

}  // namespace

VariantId variant_of(const JsonNode& node, const ModelCatalog& models) {
  const auto v = models.find_variant(node.string());
  if (!v) node.fail("unknown model variant " + node.shown() + name_hint_of(node.string(), models.variants()));
  return *v;
}

InstanceTypeId instance_type_of(const JsonNode& node, const HardwareCatalog& hardware) {
  const auto id = hardware.find_instance_type(node.string());
  if (!id) node.fail("unknown instance type " + node.shown() + name_hint_of(node.string(), hardware.instance_types()));
  return *id;
}

Market market_named(std::string_view choice) { return choice == "spot" ? Market::kSpot : Market::kOnDemand; }

Market market_of(const JsonNode& node) { return market_named(node.choice({"on_demand", "spot"})); }

ParamSpec market_param() {
  return choice_param("market", {"on_demand", "spot"},
                      "the market its instances are bought on (spot: the scenario's spot prices and interruptions)");
}

std::uint32_t lambda_function_of(const JsonNode& node, const std::vector<LambdaFunction>& functions) {
  const std::string name = node.string();
  for (std::uint32_t f = 0; f < functions.size(); ++f) {
    if (functions[f].name == name) return f;
  }
  node.fail("no Lambda function named \"" + name + "\" in cloud.lambda.functions");
}

ReplicaParams parse_replica_params(const JsonNode& node, const ModelCatalog& models) {
  ReplicaParams p;
  p.variant = variant_of(node.at("variant"), models);
  p.count = static_cast<std::uint32_t>(node.integer_in_or("count", 1, kMaxReplicasPerEntry, 1));
  if (node.has("batcher")) p.batcher = parse_batcher(node.at("batcher"));
  p.concurrency = static_cast<std::uint32_t>(node.integer_in_or("concurrency", 1, kMaxConcurrency, kFillDevice));
  p.weight = node.number_in_or("weight", 1e-6, 1e6, 1.0);  // only ratios of weights matter
  return p;
}

std::vector<double> initial_load_of(const JsonNode& node, const std::vector<Application>& apps) {
  std::vector<double> loads(apps.size(), 0.0);
  if (!node.raw().is_object()) {
    std::fill(loads.begin(), loads.end(), node.number_in(0, kMaxRateQps, "QPS"));
    return loads;
  }
  for (const std::string& key : node.keys()) {
    const bool known = std::any_of(apps.begin(), apps.end(), [&](const Application& a) { return a.name == key; });
    if (!known) node.at(key).fail("no application named \"" + key + "\"");
  }
  for (AppId a = 0; a < apps.size(); ++a) loads[a] = node.at(apps[a].name).number_in(0, kMaxRateQps, "QPS");
  return loads;
}

ParamSpec initial_load_param(std::string absent) {
  const nlohmann::json qps = {{"type", "number"}, {"minimum", 0}, {"maximum", kMaxRateQps}};
  const nlohmann::json by_app = {{"type", "object"}, {"additionalProperties", qps}};
  return custom_param("initial_load_qps", {{"anyOf", nlohmann::json::array({qps, by_app})}},
                      "QPS in [0, " + number_text(kMaxRateQps) + "], or {\"app name\": QPS} naming every application",
                      std::move(absent), "the load the start is planned for");
}

}  // namespace servesim
