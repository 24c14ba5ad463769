// Which (variant, device type) pairs of the shipped Proteus catalog
// (configs/catalogs/models/proteus_families.json) the Proteus MILP may use when
// each family's SLO is twice its fastest CPU batch-1 latency (Proteus section
// 6.1.2, serving.slo_cpu_multiple 2 in configs/scenarios/papers/proteus/):
// "feasible" as policies/proteus/throughput_capacity.* defines it, some
// profiled batch within half the SLO on a device the variant fits.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>

#include "policies/proteus/throughput_capacity.hpp"
#include "sim/core/json_node.hpp"
#include "sim/scenario/hardware_catalog_parser.hpp"
#include "sim/scenario/model_catalog_parser.hpp"

namespace servesim::test {
namespace {

namespace fs = std::filesystem;

const fs::path kCatalogs = fs::path(SERVESIM_SOURCE_DIR) / "configs/catalogs";

struct World {
  HardwareCatalog hardware;
  ModelCatalog models;
};

// The catalogs the Proteus scenarios load: the fixed cluster's CPU, the
// accelerators (their memory decides which variants fit), the model catalog.
const World& proteus_world() {
  static const World world = [] {
    World w;
    for (const char* name : {"hardware/fixed_devices.json", "hardware/accelerators.json"}) {
      const std::string path = (kCatalogs / name).string();
      const nlohmann::json doc = read_json_file(path);
      parse_hardware_catalog(JsonNode(doc, path), w.hardware);
    }
    const std::string path = (kCatalogs / "models/proteus_families.json").string();
    const nlohmann::json doc = read_json_file(path);
    parse_model_catalog(JsonNode(doc, path), w.hardware, w.models);
    return w;
  }();
  return world;
}

// The SLO as sim/scenario/scenario_loader.cpp sets it for slo_cpu_multiple on
// a cluster whose only CPU type is "cpu" (every Proteus scenario's).
Duration twice_fastest_cpu_latency(const ModelCatalog& models, FamilyId family) {
  const auto fastest = models.fastest_latency(family, {"cpu"}, 0);
  EXPECT_TRUE(fastest) << models.family(family).name;
  return Duration{static_cast<std::int64_t>(std::llround(2.0 * static_cast<double>(fastest->ns)))};
}

// (variant, device type) pairs with a throughput capacity at the family's SLO.
std::set<std::pair<std::string, std::string>> feasible(const std::string& family_name) {
  const World& w = proteus_world();
  const auto family = w.models.find_family(family_name);
  EXPECT_TRUE(family) << family_name;
  const Duration slo = twice_fastest_cpu_latency(w.models, *family);
  std::set<std::pair<std::string, std::string>> pairs;
  for (VariantId v : w.models.family(*family).variants) {
    for (const auto& device : w.hardware.types()) {
      if (proteus::throughput_capacity(w.models.variant(v), device, slo)) {
        pairs.emplace(w.models.variant(v).name, device.name);
      }
    }
  }
  return pairs;
}

// The variant that sets the SLO runs at batch 1 in exactly half of it, which
// section 4's bound admits: no family is left with nothing to serve.
TEST(ProteusCatalogFeasibility, EveryFamilyServesItsFastestCpuVariant) {
  for (const auto& family : proteus_world().models.families()) {
    SCOPED_TRACE(family.name);
    EXPECT_FALSE(feasible(family.name).empty());
  }
}

// Only mobilenet0.25 on the CPU. The issue asked for at least two feasible
// variants; no catalog calibrated on the measurements can give that: the
// Proteus artifact measures every MobileNet variant, at any batch, slower on
// either of its GPUs than mobilenet0.25 on its CPU, so at twice that CPU
// latency the artifact's own profiles admit this one pair as well. Since the
// rule a_d + k_d x GMAC x batch grows with GMAC, the other variants are slower
// on the CPU too. If the SLO rule or the catalog changes so that more
// qualify, this test says so.
TEST(ProteusCatalogFeasibility, MobileNetAtTwiceItsCpuLatencyHasOneFeasiblePair) {
  using Pairs = std::set<std::pair<std::string, std::string>>;
  EXPECT_EQ(feasible("mobilenet"), (Pairs{{"mobilenet0.25", "cpu"}}));
}

}  // namespace
}  // namespace servesim::test
