// Latency profiles (linear interpolation between measured batches, refusal
// beyond, the "linear" fit), accuracy normalization in the catalog, and the
// device memory that limits how many replicas a device holds.
#include <gtest/gtest.h>

#include "engine_harness.hpp"
#include "sim/core/input_error.hpp"
#include "sim/scenario/hardware_catalog_parser.hpp"
#include "sim/scenario/model_catalog_parser.hpp"
#include "sim/serving/latency_profile.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

LatencyProfile measured() { return LatencyProfile({{1, 10}, {4, 40}, {8, 60}}, LatencyProfile::Fit::kInterpolate); }

TEST(LatencyProfile, MeasuredPointsAreExact) {
  const LatencyProfile p = measured();
  EXPECT_EQ(p.at(1), from_millis(10));
  EXPECT_EQ(p.at(4), from_millis(40));
  EXPECT_EQ(p.at(8), from_millis(60));
}

TEST(LatencyProfile, LinearBetweenMeasuredBatches) {
  const LatencyProfile p = measured();
  EXPECT_EQ(p.at(2), from_millis(20));
  EXPECT_EQ(p.at(3), from_millis(30));
  EXPECT_EQ(p.at(5), from_millis(45));
  EXPECT_EQ(p.at(6), from_millis(50));
  EXPECT_EQ(p.at(7), from_millis(55));
}

TEST(LatencyProfile, RefusesBeyondTheMeasuredRange) {
  const LatencyProfile p = measured();
  EXPECT_EQ(p.max_batch(32), 8u);  // the variant would allow 32; the profile stops at 8
  EXPECT_EQ(p.max_batch(6), 6u);   // the variant's own limit is lower
  EXPECT_THROW(p.at(9), InvariantError);
  EXPECT_THROW(p.at(0), InvariantError);
  const auto table = p.table(32);
  ASSERT_EQ(table.size(), 9u);  // entries 1..8
  EXPECT_EQ(table[8], from_millis(60));
  EXPECT_EQ(table[2], from_millis(20));
  EXPECT_EQ(p.table(6).size(), 7u);
}

TEST(LatencyProfile, LinearFitIsLeastSquaresForAnyBatchUpToTheVariantsMaximum) {
  const LatencyProfile exact({{2, 12}, {4, 16}, {6, 20}}, LatencyProfile::Fit::kLinear);  // 8 + 2 b
  EXPECT_EQ(exact.max_batch(32), 32u);
  EXPECT_EQ(exact.at(1), from_millis(10));
  EXPECT_EQ(exact.at(3), from_millis(14));
  EXPECT_EQ(exact.at(32), from_millis(72));
  EXPECT_EQ(exact.table(32).size(), 33u);
  // Noisy points: slope 2, intercept 25/3 by least squares.
  const LatencyProfile noisy({{1, 10}, {2, 13}, {3, 14}}, LatencyProfile::Fit::kLinear);
  EXPECT_NEAR(static_cast<double>(noisy.at(1).ns), 10.333333e6, 1.0);
  EXPECT_NEAR(static_cast<double>(noisy.at(10).ns), 28.333333e6, 1.0);
  // One point: a constant.
  const LatencyProfile one({{4, 9}}, LatencyProfile::Fit::kLinear);
  EXPECT_EQ(one.at(1), from_millis(9));
  EXPECT_EQ(one.at(16), from_millis(9));
}

TEST(LatencyProfile, ReplicaTablesFollowTheProfile) {
  // c1: variant max 32, measured to 4 -> replica max batch 4. c_lin: linear
  // fit, variant max 16 -> 16. a_fast with a batcher max of 4 -> 4.
  TempDir dir;
  json doc = engine_world();
  doc["duration_s"] = 1;
  doc["applications"] = single_stage_app("c", 1000, replay_at(dir, {100}));
  doc["policies"] = static_policy({place("c1"), place("c_lin"), place("a_fast", 1, {{"kind", "greedy"}, {"max_batch", 4}})});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_EQ(run.replicas.size(), 3u);
  EXPECT_EQ(run.replicas[0].max_batch, 4u);
  EXPECT_EQ(run.replicas[1].max_batch, 16u);
  EXPECT_EQ(run.replicas[2].max_batch, 4u);
}

TEST(LatencyProfile, LinearFitRunsAtTheFittedLatency) {
  TempDir dir;
  json doc = engine_world();
  doc["duration_s"] = 1;
  doc["applications"] = single_stage_app("c", 1000, replay_at(dir, {100, 500}));
  doc["policies"] = static_policy({place("c_lin")});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_EQ(run.outcomes.size(), 2u);
  for (const QueryOutcome& q : run.outcomes) EXPECT_EQ(q.latency(), from_millis(10)) << q.id;  // 8 + 2 * 1
}

TEST(Accuracy, NormalizedToEachFamilysBest) {
  const json hw = R"({"device_types": [{"name": "gpu", "kind": "gpu", "memory_mb": 1000}]})"_json;
  const json models = R"({"families": [
    {"name": "x", "variants": [
      {"name": "x1", "accuracy": 60, "memory_mb": 1, "latency_ms": {"gpu": [[1, 1]]}},
      {"name": "x2", "accuracy": 80, "memory_mb": 1, "latency_ms": {"gpu": [[1, 1]]}},
      {"name": "x3", "accuracy": 72, "memory_mb": 1, "latency_ms": {"gpu": [[1, 1]]}}]},
    {"name": "y", "variants": [
      {"name": "y1", "accuracy": 0.5, "memory_mb": 1, "latency_ms": {"gpu": [[1, 1]]}}]}]})"_json;
  HardwareCatalog hardware;
  parse_hardware_catalog(JsonNode(hw, "hw.json"), hardware);
  ModelCatalog catalog;
  parse_model_catalog(JsonNode(models, "models.json"), hardware, catalog);
  auto acc = [&](const char* name) { return catalog.variant(*catalog.find_variant(name)).accuracy; };
  EXPECT_DOUBLE_EQ(acc("x1"), 0.75);
  EXPECT_DOUBLE_EQ(acc("x2"), 1.0);
  EXPECT_DOUBLE_EQ(acc("x3"), 0.9);
  EXPECT_DOUBLE_EQ(acc("y1"), 1.0);  // alone in its family: the best, whatever the unit
  EXPECT_DOUBLE_EQ(catalog.variant(*catalog.find_variant("x1")).accuracy_raw, 60);
}

TEST(Accuracy, OutcomesCarryTheServingVariantsNormalizedAccuracy) {
  TempDir dir;
  json doc = engine_world();
  doc["duration_s"] = 1;
  doc["applications"] = single_stage_app("a", 1000, replay_at(dir, {100, 200}));
  doc["policies"] = static_policy({place("a_fast")});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_EQ(run.outcomes.size(), 2u);
  for (const QueryOutcome& q : run.outcomes) EXPECT_DOUBLE_EQ(q.accuracy, 0.75);
}

TEST(DeviceMemory, ReplicasFillADeviceUpToItsMemory) {
  // a_best needs 400 MB of a 1000 MB GPU: two fit, a third does not.
  TempDir dir;
  json doc = engine_world(1);
  doc["duration_s"] = 1;
  doc["applications"] = single_stage_app("a", 1000, replay_at(dir, {100}));
  doc["policies"] = static_policy({place("a_best", 2)});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_EQ(run.devices.size(), 1u);
  EXPECT_EQ(run.devices[0].replicas.size(), 2u);
  EXPECT_DOUBLE_EQ(run.devices[0].memory_free_mb, 200);

  doc["policies"] = static_policy({place("a_best", 3)});
  try {
    run_engine(dir, doc);
    ADD_FAILURE() << "a third 400 MB replica fitted in 1000 MB";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("policies[0].params.placement[0]"), std::string::npos) << what;
    EXPECT_NE(what.find("cannot place replica 3"), std::string::npos) << what;
  }
}

TEST(DeviceMemory, ReplicasGoToTheDeviceWithTheMostFreeMemory) {
  // Two GPUs, three a_best: device 0, device 1, then device 0 (a tie at 600 MB
  // goes to the lower index). Then a_fast (100 MB) goes to device 1 (600 free).
  TempDir dir;
  json doc = engine_world(2);
  doc["duration_s"] = 1;
  doc["applications"] = single_stage_app("a", 1000, replay_at(dir, {100}));
  doc["policies"] = static_policy({place("a_best", 3), place("a_fast")});
  const EngineRun run = run_engine(dir, doc);
  ASSERT_EQ(run.replicas.size(), 4u);
  EXPECT_EQ(run.replicas[0].device, 0u);
  EXPECT_EQ(run.replicas[1].device, 1u);
  EXPECT_EQ(run.replicas[2].device, 0u);
  EXPECT_EQ(run.replicas[3].device, 1u);
  EXPECT_DOUBLE_EQ(run.devices[0].memory_free_mb, 200);
  EXPECT_DOUBLE_EQ(run.devices[1].memory_free_mb, 500);
}

}  // namespace
}  // namespace servesim::test
