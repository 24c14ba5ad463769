#include "policies/catalog_refs.hpp"

#include <algorithm>

#include "policies/batcher_params.hpp"

namespace servesim {
namespace {

// Bounds that keep a typo from allocating the machine away.
constexpr std::int64_t kMaxReplicasPerEntry = 100000;
constexpr std::int64_t kMaxConcurrency = 1024;

}  // namespace

VariantId variant_of(const JsonNode& node, const ModelCatalog& models) {
  const auto v = models.find_variant(node.string());
  if (!v) node.fail("unknown model variant " + node.shown());
  return *v;
}

InstanceTypeId instance_type_of(const JsonNode& node, const HardwareCatalog& hardware) {
  const auto id = hardware.find_instance_type(node.string());
  if (!id) node.fail("unknown instance type " + node.shown());
  return *id;
}

Market market_of(const JsonNode& node) {
  return node.choice({"on_demand", "spot"}) == "spot" ? Market::kSpot : Market::kOnDemand;
}

ReplicaParams parse_replica_params(const JsonNode& node, const ModelCatalog& models) {
  ReplicaParams p;
  p.variant = variant_of(node.at("variant"), models);
  const std::int64_t count = node.positive_integer_or("count", 1);
  if (count > kMaxReplicasPerEntry) node.at("count").fail("expected at most 100000 replicas per entry");
  p.count = static_cast<std::uint32_t>(count);
  if (node.has("batcher")) p.batcher = parse_batcher(node.at("batcher"));
  const std::int64_t concurrency = node.positive_integer_or("concurrency", 1);
  if (concurrency > kMaxConcurrency) node.at("concurrency").fail("expected at most 1024 concurrent batches per replica");
  p.concurrency = static_cast<std::uint32_t>(concurrency);
  p.weight = node.positive_or("weight", 1.0);
  return p;
}

std::vector<double> initial_load_of(const JsonNode& node, const std::vector<Application>& apps) {
  std::vector<double> loads(apps.size(), 0.0);
  if (!node.raw().is_object()) {
    std::fill(loads.begin(), loads.end(), node.non_negative());
    return loads;
  }
  for (const std::string& key : node.keys()) {
    const bool known = std::any_of(apps.begin(), apps.end(), [&](const Application& a) { return a.name == key; });
    if (!known) node.at(key).fail("no application named \"" + key + "\"");
  }
  for (AppId a = 0; a < apps.size(); ++a) loads[a] = node.at(apps[a].name).non_negative();
  return loads;
}

}  // namespace servesim
