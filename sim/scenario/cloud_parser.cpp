#include "sim/scenario/cloud_parser.hpp"

#include "policies/catalog_refs.hpp"
#include "sim/cluster/lambda_spec.hpp"
#include "sim/core/path_expansion.hpp"
#include "sim/core/input_limits.hpp"

namespace servesim {
namespace {

SpotPriceSeries read_price_series(const JsonNode& field, const std::filesystem::path& base) {
  const std::string file = resolve_path(field, base).string();
  return read_file_named_by(field, [&] { return SpotPriceSeries::read(file); });
}

// A file for every instance type alike, or {"c5.large": "c5_large.csv", ...}:
// one per instance type (types left out are priced by the discount).
void parse_price_series(const JsonNode& node, const std::filesystem::path& base, const HardwareCatalog& hardware,
                        SpotPricing& pricing) {
  if (!node.raw().is_object()) {
    pricing.series = read_price_series(node, base);
    return;
  }
  if (node.keys().empty()) node.fail("expected a CSV file, or an object of CSV files by instance type");
  for (const std::string& key : node.keys()) {
    const JsonNode field = node.at(key);
    const auto type = hardware.find_instance_type(key);
    if (!type) field.fail("no instance type \"" + key + "\" in the hardware catalogs");
    pricing.series_by_type.emplace(*type, read_price_series(field, base));
  }
}

void parse_spot(const JsonNode& node, const std::filesystem::path& base, const HardwareCatalog& hardware,
                CloudConfig& cloud) {
  node.expect_object({"discount", "price_series", "interruptions", "notice_s"});
  if (node.has("discount")) cloud.spot_pricing.discount = node.at("discount").probability();
  if (node.has("price_series")) parse_price_series(node.at("price_series"), base, hardware, cloud.spot_pricing);
  if (!node.has("interruptions")) return;
  const JsonNode in = node.at("interruptions");
  in.expect_object({"per_hour", "at"});
  if (in.has("per_hour") == in.has("at")) in.fail("expected exactly one of \"per_hour\" or \"at\"");
  if (in.has("per_hour")) {
    cloud.spot_interruptions = SpotInterruptions::poisson(in.number_in("per_hour", 1e-6, 3600, "per hour"));
  } else {
    std::vector<std::pair<SimTime, std::uint32_t>> times;
    for (const JsonNode& item : in.items("at")) {
      item.expect_object({"at_s", "count"});
      times.emplace_back(SimTime::zero() + item.at("at_s").seconds_in(0),
                         static_cast<std::uint32_t>(item.integer_in_or("count", 1, kMaxCount, 1)));
    }
    cloud.spot_interruptions = SpotInterruptions::at_times(std::move(times));
  }
  if (node.has("notice_s")) cloud.spot_interruptions->notice = node.at("notice_s").seconds_in(0);
}

Duration lambda_latency(const JsonNode& node, const ModelVariant& variant, double memory_mb,
                        const LambdaSpec& lambda) {
  if (!node.raw().is_object()) {
    if (node.choice({"lambda"}) == "lambda" && !variant.profile_on("lambda")) {
      node.fail("variant \"" + variant.name + "\" has no latency profile on device type \"lambda\"");
    }
    return variant.profile_on("lambda")->at(1);
  }
  node.expect_object({"device_type", "vcpus"});
  const std::string device = node.string("device_type");
  const LatencyProfile* profile = variant.profile_on(device);
  if (!profile) node.at("device_type").fail("variant \"" + variant.name + "\" has no profile on \"" + device + "\"");
  const double share = lambda_cpu_share(lambda, memory_mb);
  return from_nanos_double(static_cast<double>(profile->at(1).ns) * node.number_in("vcpus", 1e-3, 4096) / share);
}

// The catalog's Lambda prices and limits, each overridable per scenario (MArk's
// era billed in 100 ms units: "granularity_ms": 100).
void parse_lambda_overrides(const JsonNode& node, LambdaSpec& spec) {
  spec.price_per_gb_second = node.number_in_or("price_per_gb_second", 0, kMaxPrice, spec.price_per_gb_second, "$");
  spec.price_per_request = node.number_in_or("price_per_request", 0, kMaxPrice, spec.price_per_request, "$");
  if (node.has("granularity_ms")) spec.granularity = node.at("granularity_ms").millis_in(1e-6, 86400e3);  // >= 1 ns
  if (node.has("keep_alive_s")) spec.keep_alive = node.at("keep_alive_s").seconds_in(0);
  spec.concurrency_limit =
      static_cast<std::uint32_t>(node.integer_in_or("concurrency_limit", 1, kMaxCount, spec.concurrency_limit));
  spec.mb_per_vcpu = node.number_in_or("mb_per_vcpu", kMinMemoryMb, kMaxMemoryMb, spec.mb_per_vcpu, "MB");
}

void parse_lambda(const JsonNode& node, const SimulationConfig& world, CloudConfig& cloud) {
  node.expect_object({"functions", "price_per_gb_second", "price_per_request", "granularity_ms", "keep_alive_s",
                      "concurrency_limit", "mb_per_vcpu"});
  parse_lambda_overrides(node, cloud.lambda);
  for (const JsonNode& item : node.items("functions")) {
    item.expect_object({"name", "variant", "memory_mb", "cold_start_ms", "latency_from"});
    LambdaFunction f;
    f.name = item.string("name");
    f.variant = variant_of(item.at("variant"), *world.models);
    f.memory_mb = item.number_in("memory_mb", 1, 10240, "MB");  // the Lambda maximum
    f.cold_start = item.has("cold_start_ms") ? item.at("cold_start_ms").millis_in(0, kMaxLatencyMs) : Duration::zero();
    const nlohmann::json fallback = "lambda";
    const JsonNode from = item.has("latency_from") ? item.at("latency_from") : JsonNode(fallback, item.file(), item.path() + ".latency_from");
    f.latency = lambda_latency(from, world.models->variant(f.variant), f.memory_mb, cloud.lambda);
    cloud.lambda_functions.push_back(std::move(f));
  }
}

}  // namespace

void parse_cluster_instances(const JsonNode& instances, SimulationConfig& world) {
  for (const JsonNode& group : instances.items()) {
    group.expect_object({"type", "count", "market"});
    InitialInstances g;
    g.type = instance_type_of(group.at("type"), *world.hardware);
    g.count = static_cast<std::uint32_t>(group.integer_in_or("count", 1, 10000, 1));  // instances of a type
    if (group.has("market")) g.market = market_of(group.at("market"));
    world.cloud.instances.push_back(g);
  }
}

// "boot_latency_s": {"c5": 30, "p3.2xlarge": 45}: by family or by type (a type
// wins over its family), e.g. to reproduce INFaaS' measured 20-30 s boots.
void parse_boot_latency(const JsonNode& node, SimulationConfig& world) {
  const auto& types = world.hardware->instance_types();
  world.cloud.boot_latency.assign(types.size(), std::nullopt);
  for (const std::string& key : node.keys()) {
    const Duration boot = node.at(key).seconds_in(0, 86400);  // a day, as the hardware catalog
    bool matched = false;
    for (InstanceTypeId t = 0; t < types.size(); ++t) {
      if (types[t].name == key || (types[t].family == key && !node.has(types[t].name))) {
        world.cloud.boot_latency[t] = boot;
        matched = true;
      }
    }
    if (!matched) node.at(key).fail("no instance type or family \"" + key + "\" in the hardware catalogs");
  }
}

void parse_cloud(const JsonNode& cloud, const std::filesystem::path& base_dir, SimulationConfig& world) {
  cloud.expect_object({"spot", "on_instance_loss", "lambda", "boot_latency_s"});
  if (cloud.has("boot_latency_s")) parse_boot_latency(cloud.at("boot_latency_s"), world);
  if (cloud.has("spot")) parse_spot(cloud.at("spot"), base_dir, *world.hardware, world.cloud);
  if (cloud.has("on_instance_loss")) {
    world.cloud.on_instance_loss = cloud.at("on_instance_loss").choice({"reroute", "fail"}) == "fail"
                                       ? InstanceLossPolicy::kFail
                                       : InstanceLossPolicy::kReroute;
  }
  if (cloud.has("lambda")) parse_lambda(cloud.at("lambda"), world, world.cloud);
}

}  // namespace servesim
