#include "sim/scenario/hardware_catalog_parser.hpp"

#include <cmath>
#include <string>
#include "sim/core/input_limits.hpp"

namespace servesim {
namespace {

// Durations in catalogs are user-facing seconds; a day bounds any boot,
// keep-alive or billing minimum a real cloud has, and catches unit mistakes
// (milliseconds given as seconds) before they become a silent week of boot.
constexpr double kMaxCatalogSeconds = 86400;

Duration seconds_at_most_a_day(const JsonNode& node) { return node.seconds_in(0, kMaxCatalogSeconds); }

InterferenceModel parse_interference(const JsonNode& node) {
  node.expect_object({"threshold", "slope", "smaller_model_weight", "source"});
  InterferenceModel m;
  m.threshold = node.number_in_or("threshold", 0, kMaxInterferenceParameter, m.threshold);
  m.slope = node.number_in_or("slope", 0, kMaxInterferenceParameter, m.slope);
  m.smaller_model_weight = node.number_in_or("smaller_model_weight", 0, kMaxInterferenceParameter, m.smaller_model_weight);
  return m;
}

// Required for a CPU (how many batches its replicas run at once), refused for
// an accelerator, which runs one batch at a time.
std::uint32_t parse_cores(const JsonNode& item, DeviceKind kind) {
  if (kind != DeviceKind::kCpu) {
    if (item.has("cores")) item.at("cores").fail("only a \"cpu\" device type has cores");
    return 1;
  }
  if (!item.has("cores")) item.fail("a \"cpu\" device type needs \"cores\": how many batches its replicas run at once");
  const JsonNode cores = item.at("cores");
  return static_cast<std::uint32_t>(cores.integer_in(1, 4096));
}

void parse_device_type(const JsonNode& item, HardwareCatalog& into) {
  item.expect_object({"name", "kind", "cores", "memory_mb", "price_per_hour", "interference", "source"});
  DeviceType t;
  t.name = item.string("name");
  if (t.name.empty()) item.at("name").fail("expected a non-empty name");
  if (into.find(t.name)) item.at("name").fail("duplicate device type \"" + t.name + "\"");
  t.kind = *parse_device_kind(item.at("kind").choice({"cpu", "gpu", "inferentia"}));
  t.cores = parse_cores(item, t.kind);
  t.memory_mb = item.number_in("memory_mb", kMinMemoryMb, kMaxMemoryMb, "MB");
  t.price_per_hour = item.number_in_or("price_per_hour", 0, kMaxPrice, 0, "$ per hour");
  if (const auto block = item.find("interference")) t.interference = parse_interference(*block);
  into.add(std::move(t));
}

BillingRule parse_billing(const JsonNode& node) {
  node.expect_object({"kind", "minimum_s", "source"});
  // Per started hour, a minimum below an hour changes nothing; it is accepted
  // for symmetry (a two-hour minimum would still count).
  BillingRule rule = node.at("kind").choice({"per_second", "per_started_hour"}) == "per_second"
                         ? BillingRule::per_second()
                         : BillingRule::per_started_hour();
  if (const auto m = node.find("minimum_s")) rule.minimum = seconds_at_most_a_day(*m);
  return rule;
}

BurstableSpec parse_burstable(const JsonNode& node, std::uint32_t vcpus) {
  node.expect_object({"baseline_share", "credits_per_hour", "max_credits", "launch_credits", "source"});
  BurstableSpec b{};
  const JsonNode share = node.at("baseline_share");
  b.baseline_share = share.positive();
  if (b.baseline_share > 1) share.fail("expected a share of one vCPU in (0, 1], got " + share.raw().dump());
  b.credits_per_hour = node.positive("credits_per_hour");
  node.positive("max_credits");
  b.max_credits = node.number_in("max_credits", 0, kMaxCpuCredits, "credits");
  b.launch_credits = node.number_in_or("launch_credits", 0, b.max_credits, 0, "credits");
  // AWS defines the baseline as the earning rate: one credit is one vCPU-minute,
  // so credits_per_hour = baseline_share x vcpus x 60. The credit model relies
  // on it (a throttled instance spends exactly what it earns).
  const double expected = b.baseline_share * vcpus * 60;
  if (std::abs(b.credits_per_hour - expected) > 1e-6 * expected) {
    node.at("credits_per_hour")
        .fail("expected baseline_share x vcpus x 60 = " + std::to_string(expected) +
              " credits per hour (one credit is one vCPU-minute), got " + node.at("credits_per_hour").raw().dump());
  }
  return b;
}

void parse_instance_type(const JsonNode& item, HardwareCatalog& into) {
  item.expect_object({"name", "family", "vcpus", "memory_mb", "devices", "price_per_hour", "boot_latency_s", "billing",
                      "burstable", "source"});
  InstanceType t;
  t.name = item.string("name");
  if (t.name.empty()) item.at("name").fail("expected a non-empty name");
  if (into.find_instance_type(t.name)) item.at("name").fail("duplicate instance type \"" + t.name + "\"");
  // "c5.large" is of family "c5" unless the catalog says otherwise.
  t.family = item.string_or("family", t.name.substr(0, t.name.find('.')));
  const JsonNode vcpus = item.at("vcpus");
  t.vcpus = static_cast<std::uint32_t>(vcpus.integer_in(1, 4096));
  t.memory_mb = item.number_in("memory_mb", kMinMemoryMb, kMaxMemoryMb, "MB");
  const JsonNode devices = item.at("devices");
  for (const JsonNode& slot : devices.items()) {
    slot.expect_object({"type", "count"});
    const JsonNode type = slot.at("type");
    const auto id = into.find(type.string());
    if (!id) {
      type.fail("unknown device type \"" + type.string() +
                "\" (define it in this catalog's device_types or in a catalog listed before this one)");
    }
    const JsonNode count = slot.at("count");
    const std::int64_t c = count.integer_in(1, 1024);  // devices of a type per instance
    for (const DeviceSlot& earlier : t.devices) {
      if (earlier.type == *id) type.fail("device type \"" + type.string() + "\" listed twice; give one count");
    }
    t.devices.push_back(DeviceSlot{*id, static_cast<std::uint32_t>(c)});
  }
  for (std::size_t i = 0; i < t.devices.size(); ++i) {
    const DeviceType& d = into.type(t.devices[i].type);
    if (d.kind == DeviceKind::kCpu && d.cores * t.devices[i].count > t.vcpus) {
      devices.items()[i].at("type").fail("device type \"" + d.name + "\" has " + std::to_string(d.cores) +
                                         " cores, more than the instance's " + std::to_string(t.vcpus) + " vCPUs");
    }
  }
  if (t.devices.empty()) devices.fail("expected at least one device (a CPU instance lists its \"<name>.cpu\" device)");
  t.price_per_hour = item.number_in("price_per_hour", kMinPrice, kMaxPrice, "$ per hour");
  t.boot_latency = seconds_at_most_a_day(item.at("boot_latency_s"));
  t.billing = item.has("billing") ? parse_billing(item.at("billing")) : BillingRule::per_second();
  if (const auto b = item.find("burstable")) t.burstable = parse_burstable(*b, t.vcpus);
  into.add_instance_type(std::move(t));
}

void parse_catalog_lambda(const JsonNode& node, HardwareCatalog& into) {
  node.expect_object({"price_per_gb_second", "price_per_request", "granularity_ms", "keep_alive_s",
                      "concurrency_limit", "mb_per_vcpu", "source"});
  if (into.lambda_configured()) node.fail("Lambda settings given twice: only one hardware catalog may have a \"lambda\" block");
  LambdaSpec s;
  s.price_per_gb_second = node.number_in_or("price_per_gb_second", 0, kMaxPrice, s.price_per_gb_second, "$");
  s.price_per_request = node.number_in_or("price_per_request", 0, kMaxPrice, s.price_per_request, "$");
  if (const auto g = node.find("granularity_ms")) s.granularity = g->millis_in(1e-6, kMaxCatalogSeconds * 1000);  // >= 1 ns
  if (const auto k = node.find("keep_alive_s")) s.keep_alive = seconds_at_most_a_day(*k);
  if (const auto c = node.find("concurrency_limit")) s.concurrency_limit = static_cast<std::uint32_t>(c->integer_in(1, kMaxCount));
  s.mb_per_vcpu = node.number_in_or("mb_per_vcpu", kMinMemoryMb, kMaxMemoryMb, s.mb_per_vcpu, "MB");
  into.set_lambda(s);
}

}  // namespace

void parse_hardware_catalog(const JsonNode& node, HardwareCatalog& into) {
  node.expect_object({"device_types", "instance_types", "lambda", "source", "description"});
  // Device types first: an instance type may name one defined in the same file.
  if (node.has("device_types")) {
    for (const JsonNode& item : node.items("device_types")) parse_device_type(item, into);
  }
  if (node.has("instance_types")) {
    for (const JsonNode& item : node.items("instance_types")) parse_instance_type(item, into);
  }
  if (const auto lambda = node.find("lambda")) parse_catalog_lambda(*lambda, into);
}

}  // namespace servesim
