#include "sim/scenario/model_catalog_parser.hpp"

#include <string>
#include <string_view>
#include "sim/core/input_limits.hpp"
#include "sim/core/name_hint.hpp"

namespace servesim {
namespace {

// Lambda is not a device type (the hardware catalog gives its prices in a
// "lambda" block), yet its latency is profiled like one: the latency of one
// query at a reference memory size (the cloud's "latency_from": "lambda").
constexpr std::string_view kLambdaProfile = "lambda";

bool is_known_device(const std::string& device, const HardwareCatalog& hardware) {
  return device == kLambdaProfile || hardware.find(device).has_value();
}

LatencyProfile parse_profile(const JsonNode& node, LatencyProfile::Fit fit) {
  std::vector<LatencyPoint> points;
  for (const JsonNode& pair : node.items()) {
    const auto items = pair.items();
    if (items.size() != 2) pair.fail("expected [batch, latency_ms]");
    const auto batch = static_cast<std::uint32_t>(items[0].integer_in(1, kMaxBatch));
    if (!points.empty() && batch <= points.back().batch) items[0].fail("batch sizes must increase");
    points.push_back({batch, items[1].number_in(kMinLatencyMs, kMaxLatencyMs, "ms")});
  }
  if (points.empty()) node.fail("expected at least one [batch, latency_ms] point");
  if (fit == LatencyProfile::Fit::kInterpolate && points.front().batch != 1) {
    node.fail("the profile must measure batch 1 (or set \"latency_fit\": \"linear\" on the variant)");
  }
  return LatencyProfile(std::move(points), fit);
}

// Where each number of a variant comes from. Free text, but every value must
// say something: an empty note is worse than none.
void parse_provenance(const JsonNode& node) {
  node.expect_object({"accuracy", "latency", "memory", "load_latency", "max_batch"});
  for (const std::string& key : node.keys()) {
    const JsonNode note = node.at(key);
    if (note.string().empty()) note.fail("expected a non-empty note (\"measured: ...\" or \"derived: ...\")");
  }
}

void parse_variant(const JsonNode& node, FamilyId family, const HardwareCatalog& hardware, ModelCatalog& into) {
  node.expect_object({"name", "accuracy", "memory_mb", "load_latency_ms", "max_batch", "latency_fit", "latency_ms",
                      "source", "provenance"});
  if (const auto provenance = node.find("provenance")) parse_provenance(*provenance);
  if (const auto source = node.find("source")) source->string();
  ModelVariant v;
  v.name = node.string("name");
  if (into.find_variant(v.name)) node.at("name").fail("duplicate variant name \"" + v.name + "\"");
  v.family = family;
  v.accuracy_raw = node.number_in("accuracy", 1e-9, 1e9);  // normalised to the family's best
  v.memory_mb = node.number_in("memory_mb", 0, kMaxMemoryMb, "MB");
  v.load_latency = node.has("load_latency_ms") ? node.at("load_latency_ms").millis_in(0, kMaxLatencyMs) : Duration::zero();
  v.max_batch = static_cast<std::uint32_t>(node.integer_in_or("max_batch", 1, kMaxBatch, 1));
  const bool linear = node.has("latency_fit") && node.at("latency_fit").choice({"interpolate", "linear"}) == "linear";
  const JsonNode latency = node.at("latency_ms");
  for (const std::string& device : latency.keys()) {
    if (!is_known_device(device, hardware)) {
      latency.at(device).fail("unknown device type \"" + device + "\"" + name_hint_of(device, hardware.types()));
    }
    v.latency.emplace(device, parse_profile(latency.at(device),
                                            linear ? LatencyProfile::Fit::kLinear : LatencyProfile::Fit::kInterpolate));
  }
  if (v.latency.empty()) latency.fail("expected a latency profile for at least one device type");
  into.add_variant(std::move(v));
}

}  // namespace

void parse_model_catalog(const JsonNode& node, const HardwareCatalog& hardware, ModelCatalog& into) {
  node.expect_object({"families", "source", "description"});
  for (const JsonNode& item : node.items("families")) {
    item.expect_object({"name", "variants", "source", "task"});
    const std::string name = item.string("name");
    if (into.find_family(name)) item.at("name").fail("duplicate family \"" + name + "\"");
    const FamilyId family = into.add_family(name);
    const auto variants = item.items("variants");
    if (variants.empty()) item.at("variants").fail("expected at least one variant");
    for (const JsonNode& v : variants) parse_variant(v, family, hardware, into);
  }
  into.normalize_accuracy();
}

}  // namespace servesim
