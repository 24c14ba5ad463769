// What MArk's planner knows of each candidate type (instance_options.hpp), on
// the shipped AWS hardware and MArk model catalogs: the capacities come out as
// MArk's public code measured them for Inception-v3 (c5.large 284 per minute,
// p2.xlarge 415 x 8), section 5.1's p2 pair serves where it fits RT_max, and
// an unprofiled type is an error naming the field.
#include "policies/mark/instance_options.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "sim/core/input_error.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim::mark {
namespace {

using nlohmann::json;
using test::TempDir;

// `models` and `family`: a model catalog under configs/catalogs/models/ and
// the application's family in it.
Scenario mark_world(const TempDir& dir, const std::string& models = "mark_models.json",
                    const std::string& family = "mark_inception_v3") {
  const std::string catalogs = std::string(SERVESIM_SOURCE_DIR) + "/configs/catalogs/";
  json doc = {
      {"name", "mark-options"},
      {"seed", 1},
      {"duration_s", 60},
      {"catalogs",
       {{"hardware", {catalogs + "hardware/accelerators.json", catalogs + "hardware/aws_instances.json"}},
        {"models", {catalogs + "models/" + models}}}},
      {"cluster", json::object()},
      {"cloud", {{"boot_latency_s", {{"c5", 180}, {"p2", 180}}}}},
      {"applications", json::array({{{"name", "image"}, {"family", family}, {"slo_ms", 600},
                                     {"workload", {{"kind", "poisson"}, {"rate", 1}}}}})},
      {"policies", json::array({{{"name", "static"}, {"params", {{"placement", json::array()}}}}})},
  };
  return load_scenario(dir.write("s.json", doc.dump()).string());
}

std::vector<InstanceTypeId> types(const SimulationConfig& world, std::initializer_list<const char*> names) {
  std::vector<InstanceTypeId> out;
  for (const char* n : names) out.push_back(*world.hardware->find_instance_type(n));
  return out;
}

VariantId variant(const SimulationConfig& world, const char* name) {
  for (VariantId v = 0; v < world.models->variants().size(); ++v) {
    if (world.models->variant(v).name == name) return v;
  }
  throw std::runtime_error(name);
}

PriceOf on_demand(const SimulationConfig& world) {
  return [&world](InstanceTypeId t) { return world.hardware->instance_type(t).price_per_hour; };
}

TEST(MarkInstanceOptions, CapacitiesAreTheProfilesRatesPerMinute) {
  TempDir dir;
  const Scenario s = mark_world(dir);
  const SimulationConfig& w = s.world;
  const auto opts = instance_options(w, variant(w, "mark-inception-v3"), types(w, {"c5.large", "p2.xlarge"}),
                                     from_millis(600), BatchingRule::kTuned, on_demand(w), "s.json: instance_types");
  ASSERT_EQ(opts.options.size(), 2u);
  // c5.large: T_1 = 211.268 ms, linear in the batch: 60 / 0.211268 = 284.0 per minute.
  EXPECT_NEAR(opts.options[0].capacity_per_minute, 284.0, 0.05);
  EXPECT_DOUBLE_EQ(opts.options[0].price_per_hour, w.hardware->instance_type(types(w, {"c5.large"})[0]).price_per_hour);
  // Boot 180 s (the scenario's) + the variant's load, 590 ms.
  EXPECT_EQ(opts.options[0].launch_delay, from_seconds(180) + from_millis(590));
  EXPECT_EQ(opts.paper_pairs.used + opts.paper_pairs.too_slow, 0u);
}

TEST(MarkInstanceOptions, ThePapersP2PairServesWhereItFits) {
  TempDir dir;
  const Scenario s = mark_world(dir);
  const SimulationConfig& w = s.world;
  const auto opts = instance_options(w, variant(w, "mark-inception-v3"), types(w, {"p2.xlarge"}), from_millis(600),
                                     BatchingRule::kPaper, on_demand(w), "s.json: instance_types");
  // (8, 200 ms) with T_8 = 144.578 ms: 344.6 ms <= 600; 8 per T_8 = 3320 per minute (415 x 8).
  EXPECT_EQ(opts.options[0].n_batch, 8u);
  EXPECT_EQ(opts.options[0].w_batch, from_millis(200));
  EXPECT_NEAR(opts.options[0].capacity_per_minute, 3320.0, 0.05);
  EXPECT_EQ(opts.paper_pairs.used, 1u);
  // NASNet's (16, 750 ms) with T_16 = 1189.3 ms exceeds its 1000 ms: the tuned rule serves.
  const auto nasnet = instance_options(w, variant(w, "mark-nasnet-large"), types(w, {"p2.xlarge"}), from_millis(1000),
                                       BatchingRule::kPaper, on_demand(w), "s.json: instance_types");
  EXPECT_EQ(nasnet.paper_pairs.too_slow, 1u);
  EXPECT_NE(nasnet.options[0].n_batch, 16u);
}

TEST(MarkInstanceOptions, AnUnprofiledTypeIsAnErrorNamingTheField) {
  TempDir dir;
  const Scenario s = mark_world(dir);
  const SimulationConfig& w = s.world;
  try {
    instance_options(w, variant(w, "mark-lstm-ptb"), types(w, {"c5.large", "p2.xlarge"}), from_millis(100),
                     BatchingRule::kTuned, on_demand(w), "s.json: policies[0].params.instance_types");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("s.json: policies[0].params.instance_types: \"mark-lstm-ptb\" is not profiled on p2.xlarge"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace servesim::mark

namespace servesim::mark {
namespace {

TEST(MarkInstanceOptions, ACpuProfileShorterThanTheVariantsMaxBatchTunesWithinIt) {
  TempDir dir;
  const Scenario s = mark_world(dir);
  const SimulationConfig& w = s.world;
  // NASNet's max batch is 16 (its K80 profile's); its c5.xlarge profile stops
  // at 8. CPU latency is proportional to the batch, so batching never beats
  // one by one there: N 1, C = 60 / 0.705882 = 85 per minute (the public
  // code's capacity).
  const auto opts = instance_options(w, variant(w, "mark-nasnet-large"), types(w, {"c5.xlarge"}), from_millis(1000),
                                     BatchingRule::kTuned, on_demand(w), "s.json: instance_types");
  EXPECT_EQ(opts.options[0].n_batch, 1u);
  EXPECT_NEAR(opts.options[0].capacity_per_minute, 85.0, 0.01);
}

}  // namespace
}  // namespace servesim::mark

namespace servesim::mark {
namespace {

// An inf1.xlarge (and an inf1.2xlarge) is four neuroncores, each serving
// ResNet-152 at T_1 = 29.737 ms, one at a time (the profile is linear in the
// batch: N 1). MArk serves on the whole instance, one replica per core: C =
// 4 x 60 / 0.029737 = 8070.75 a minute, not one core's 2017.69. A c5.large,
// one device, stays at 60 / 0.417364 = 143.76.
TEST(MarkInstanceOptions, AnInstancesCapacityCountsEveryServingDevice) {
  TempDir dir;
  const Scenario s = mark_world(dir, "side_by_side_models.json", "cloud_resnet");
  const SimulationConfig& w = s.world;
  const auto opts =
      instance_options(w, variant(w, "cloud-resnet152"), types(w, {"inf1.xlarge", "inf1.2xlarge", "c5.large"}),
                       from_millis(600), BatchingRule::kTuned, on_demand(w), "s.json: instance_types");
  EXPECT_EQ(opts.options[0].n_batch, 1u);
  EXPECT_NEAR(opts.options[0].capacity_per_minute, 8070.75, 0.01);
  EXPECT_NEAR(opts.options[1].capacity_per_minute, 8070.75, 0.01);
  EXPECT_NEAR(opts.options[2].capacity_per_minute, 143.76, 0.01);
  // The tuning is one core's: section 5.1 reports it per device.
  EXPECT_NEAR(opts.tuned[0].max_rate_qps * 60.0, 2017.69, 0.01);
}

}  // namespace
}  // namespace servesim::mark
