// The scenario loader: the quickstart scenario as shipped, the family
// shorthand against an explicit pipeline, and the defaults of optional fields.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/cli_runner.hpp"
#include "sim/core/input_error.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "toy_scenario.hpp"

namespace servesim::test::scenario_loader_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;

const std::string kQuickstart = std::string(SERVESIM_SOURCE_DIR) + "/configs/scenarios/quickstart.json";

std::size_t count_of(const SimulationConfig& world, const std::string& type) {
  std::size_t n = 0;
  for (DeviceTypeId d : world.devices) n += world.hardware->type(d).name == type;
  return n;
}

TEST(ScenarioLoader, LoadsQuickstart) {
  const Scenario s = load_scenario(kQuickstart);
  EXPECT_EQ(s.name, "quickstart");
  EXPECT_EQ(s.file, kQuickstart);
  EXPECT_FALSE(s.description.empty());
  EXPECT_EQ(s.world.seed, 42u);
  EXPECT_EQ(s.world.duration, from_seconds(1200));
  EXPECT_EQ(s.world.window, from_seconds(10));
  EXPECT_EQ(s.world.drop, DropPolicy::kExpired);
  EXPECT_EQ(s.world.service_time.distribution, ServiceTimeSpec::Distribution::kDeterministic);

  // Catalogs named relative to the scenario's folder.
  ASSERT_TRUE(s.world.hardware && s.world.models);
  EXPECT_TRUE(s.world.hardware->find("v100").has_value());
  ASSERT_EQ(s.world.devices.size(), 6u);
  EXPECT_EQ(count_of(s.world, "cpu"), 4u);
  EXPECT_EQ(count_of(s.world, "v100"), 2u);

  ASSERT_EQ(s.world.applications.size(), 1u);
  const Application& app = s.world.applications[0];
  EXPECT_EQ(app.name, "classify");
  EXPECT_EQ(app.slo, from_millis(100));
  EXPECT_FALSE(app.min_accuracy.has_value());
  ASSERT_EQ(app.pipeline.stages().size(), 1u);
  EXPECT_EQ(s.world.models->family(app.pipeline.stages()[0].family).name, "resnet");
  EXPECT_EQ(s.world.models->family(app.pipeline.stages()[0].family).variants.size(), 5u);

  ASSERT_EQ(s.world.workloads.size(), 1u);
  EXPECT_EQ(s.world.workload_streams.at(0), "workload/classify");
  EXPECT_EQ(s.world.workloads[0].app, std::optional<AppId>(0));

  ASSERT_EQ(s.policies.size(), 3u);
  EXPECT_EQ(s.policies[0].label, "static-gpu");
  EXPECT_EQ(s.policies[1].label, "static-cpu");
  EXPECT_EQ(s.policies[2].label, "static-mix");
  for (const auto& p : s.policies) EXPECT_EQ(p.name, "static");
  EXPECT_EQ(s.policies[1].path, "policies[1]");
  EXPECT_EQ(s.policies[2].params["routing"], "least_loaded");

  EXPECT_EQ(s.outputs.dir, std::filesystem::path("results") / "quickstart");
  EXPECT_FALSE(s.outputs.queries_csv);
}

TEST(ScenarioLoader, QuickstartAccuracyIsNormalizedToTheFamilysBest) {
  const Scenario s = load_scenario(kQuickstart);
  const auto& m = *s.world.models;
  const auto best = m.find_variant("resnet152");
  const auto r18 = m.find_variant("resnet18");
  ASSERT_TRUE(best && r18);
  EXPECT_DOUBLE_EQ(m.variant(*best).accuracy, 1.0);
  EXPECT_DOUBLE_EQ(m.variant(*best).accuracy_raw, 78.312);
  EXPECT_DOUBLE_EQ(m.variant(*r18).accuracy, 69.758 / 78.312);
  EXPECT_EQ(m.variant(*r18).max_batch, 32u);
  EXPECT_EQ(m.variant(*r18).load_latency, from_millis(680));
}

TEST(ScenarioLoader, QuickstartOverridden) {
  const Scenario s = load_scenario(kQuickstart, {"seed=7", "duration_s=60", "serving.drop=none"});
  EXPECT_EQ(s.world.seed, 7u);
  EXPECT_EQ(s.world.duration, from_seconds(60));
  EXPECT_EQ(s.world.drop, DropPolicy::kNone);
}

TEST(ScenarioLoader, DefaultsOfOptionalFields) {
  json doc = base_scenario();
  doc.erase("seed");
  doc.erase("serving");
  ASSERT_FALSE(doc.contains("outputs"));
  ASSERT_FALSE(doc.contains("description"));
  TempDir dir;
  const Scenario s = load_scenario(dir.write_json("s.json", doc).string());
  EXPECT_EQ(s.world.seed, 1u);
  EXPECT_EQ(s.world.window, from_seconds(10));
  EXPECT_EQ(s.world.drop, DropPolicy::kNone);
  EXPECT_EQ(s.world.service_time.distribution, ServiceTimeSpec::Distribution::kDeterministic);
  EXPECT_EQ(s.description, "");
  EXPECT_EQ(s.outputs.dir, std::filesystem::path("results") / "bad-input");
  EXPECT_FALSE(s.outputs.queries_csv);
  EXPECT_FALSE(s.outputs.memory_prices);
  ASSERT_EQ(s.policies.size(), 1u);
  EXPECT_EQ(s.policies[0].label, "static");  // the label defaults to the name
  EXPECT_TRUE(s.policies[0].params.is_object());
}

TEST(ScenarioLoader, OutputsAndServingWhenGiven) {
  json doc = base_scenario();
  doc["outputs"] = {{"dir", "/tmp/somewhere"}, {"window_s", 0.5}, {"queries_csv", true}};
  doc["serving"] = {{"drop", "infeasible"}, {"service_time", {{"distribution", "gamma"}, {"cv", 0.5}}}};
  TempDir dir;
  const Scenario s = load_scenario(dir.write_json("s.json", doc).string());
  EXPECT_EQ(s.outputs.dir, std::filesystem::path("/tmp/somewhere"));
  EXPECT_TRUE(s.outputs.queries_csv);
  EXPECT_EQ(s.world.window, from_millis(500));
  EXPECT_EQ(s.world.drop, DropPolicy::kInfeasible);
  EXPECT_EQ(s.world.service_time.distribution, ServiceTimeSpec::Distribution::kGamma);
  EXPECT_DOUBLE_EQ(s.world.service_time.cv, 0.5);
}

TEST(ScenarioLoader, MemoryPricesAreSection62sOrRepricedByKind) {
  json doc = base_scenario();
  TempDir dir;
  doc["outputs"] = {{"memory_cost_per_gb_second", true}};
  const Scenario paper = load_scenario(dir.write_json("a.json", doc).string());
  ASSERT_TRUE(paper.outputs.memory_prices);
  EXPECT_EQ(*paper.outputs.memory_prices, (MemoryPrices{0.031, 0.498, 0.190, 0.0}));
  doc["outputs"] = {{"memory_cost_per_gb_second", {{"gpu", 0.4}, {"lambda", 0.01}}}};
  const Scenario repriced = load_scenario(dir.write_json("b.json", doc).string());
  EXPECT_EQ(*repriced.outputs.memory_prices, (MemoryPrices{0.031, 0.4, 0.190, 0.01}));
  doc["outputs"] = {{"memory_cost_per_gb_second", false}};
  EXPECT_FALSE(load_scenario(dir.write_json("c.json", doc).string()).outputs.memory_prices);
}

// The toy family's fastest CPU batch-1 latency is small's 10 ms.
TEST(ScenarioLoader, SloAsAMultipleOfTheFastestCpuLatency) {
  json doc = base_scenario();
  TempDir dir;
  doc["applications"][0].erase("slo_ms");
  doc["applications"][0]["slo_cpu_multiple"] = 2.5;
  EXPECT_EQ(load_scenario(dir.write_json("a.json", doc).string()).world.applications[0].slo, from_millis(25));
  // The scenario-wide default, for a sweep over every application's SLO at once.
  doc["applications"][0].erase("slo_cpu_multiple");
  doc["serving"]["slo_cpu_multiple"] = 3;
  EXPECT_EQ(load_scenario(dir.write_json("b.json", doc).string()).world.applications[0].slo, from_millis(30));
  // An application's own SLO wins over the default.
  doc["applications"][0]["slo_ms"] = 40;
  EXPECT_EQ(load_scenario(dir.write_json("c.json", doc).string()).world.applications[0].slo, from_millis(40));
}

TEST(ScenarioLoader, FamilyShorthandIsAOneStagePipeline) {
  TempDir dir;
  json shorthand = base_scenario();
  json explicit_pipeline = base_scenario();
  auto& app = explicit_pipeline["applications"][0];
  app.erase("family");
  app["pipeline"] = {{"stages", json::array({{{"name", "only"}, {"family", "toy"}}})}};

  const Scenario a = load_scenario(dir.write_json("a.json", shorthand).string());
  const Scenario b = load_scenario(dir.write_json("b.json", explicit_pipeline).string());
  const Pipeline& pa = a.world.applications[0].pipeline;
  const Pipeline& pb = b.world.applications[0].pipeline;
  for (const Pipeline* p : {&pa, &pb}) {
    ASSERT_EQ(p->stages().size(), 1u);
    EXPECT_EQ(p->entry_stages(), std::vector<StageId>{0});
    EXPECT_TRUE(p->out_edges(0).empty());
    EXPECT_EQ(p->in_degree(0), 0u);
    EXPECT_EQ(p->join_count(), 0u);
    EXPECT_DOUBLE_EQ(p->visit_probability(0), 1.0);
  }
  EXPECT_EQ(pa.stages()[0].family, pb.stages()[0].family);
  EXPECT_EQ(pa.stages()[0].name, "toy");  // the shorthand names its stage after the family
  EXPECT_EQ(pb.stages()[0].name, "only");
}

TEST(ScenarioLoader, PipelineStructure) {
  // A -> B (0.3), A -> C, B -> D (0.5), C -> D: D is a join.
  json doc = base_scenario();
  auto& app = doc["applications"][0];
  app.erase("family");
  app["slo_ms"] = 1000;
  app["pipeline"] = R"({
    "stages": [{"name": "A", "family": "toy"}, {"name": "B", "family": "toy"},
               {"name": "C", "family": "toy"}, {"name": "D", "family": "toy"}],
    "edges": [{"from": "C", "to": "D"}, {"from": "A", "to": "B", "probability": 0.3},
              {"from": "B", "to": "D", "probability": 0.5}, {"from": "A", "to": "C"}]
  })"_json;
  TempDir dir;
  const Scenario s = load_scenario(dir.write_json("s.json", doc).string());
  const Pipeline& p = s.world.applications[0].pipeline;
  EXPECT_EQ(p.entry_stages(), std::vector<StageId>{0});
  ASSERT_EQ(p.out_edges(0).size(), 2u);
  EXPECT_EQ(p.out_edges(0)[0].to, 1);
  EXPECT_DOUBLE_EQ(p.out_edges(0)[0].probability, 0.3);
  EXPECT_DOUBLE_EQ(p.out_edges(0)[1].probability, 1.0);  // probability defaults to 1
  EXPECT_EQ(p.in_degree(3), 2u);
  EXPECT_EQ(p.join_count(), 1u);
  EXPECT_EQ(p.join_index(3), 0);
  EXPECT_EQ(p.join_index(1), -1);
  const auto& topo = p.topological_order();
  ASSERT_EQ(topo.size(), 4u);
  EXPECT_EQ(topo.front(), 0);
  EXPECT_EQ(topo.back(), 3);
  EXPECT_DOUBLE_EQ(p.visit_probability(1), 0.3);
  EXPECT_DOUBLE_EQ(p.visit_probability(2), 1.0);
  EXPECT_DOUBLE_EQ(p.visit_probability(3), 1.0);  // C -> D always taken
}

TEST(ScenarioLoader, MixCoversApplicationsWithoutWorkload) {
  json doc = base_scenario();
  json second = doc["applications"][0];
  second["name"] = "other";
  doc["applications"].push_back(second);
  for (auto& a : doc["applications"]) a.erase("workload");
  doc["mix"] = {{"workload", {{"kind", "poisson"}, {"rate", 10}}}, {"split", {{"weights", {0.25, 0.75}}}}};
  TempDir dir;
  const Scenario s = load_scenario(dir.write_json("s.json", doc).string());
  ASSERT_EQ(s.world.workloads.size(), 1u);
  EXPECT_EQ(s.world.workload_streams.at(0), "workload/mix");
  EXPECT_FALSE(s.world.workloads[0].app.has_value());
}

TEST(ScenarioLoader, TracePathsResolveAgainstTheScenarioFolder) {
  TempDir dir;
  dir.write("traces/t.csv", "0\n10\n20\n");
  json doc = base_scenario();
  doc["applications"][0]["workload"] = {{"kind", "request_replay"}, {"file", "traces/t.csv"}};
  const auto file = dir.write_json("scenarios/s.json", doc);  // the trace is NOT next to it
  EXPECT_THROW(load_scenario(file.string()), InputError);
  doc["applications"][0]["workload"]["file"] = "../traces/t.csv";
  EXPECT_NO_THROW(load_scenario(dir.write_json("scenarios/s.json", doc).string()));
}


// A policy entry's own "cluster" replaces the scenario's cluster for that
// policy and nothing else: the run's length, windows, warm-up and the
// applications (their SLOs set on the scenario's cluster) are the scenario's.
TEST(ScenarioLoader, PolicyOwnClusterReplacesOnlyTheCluster) {
  json doc = base_scenario();
  doc["outputs"] = {{"window_s", 0.5}, {"warmup_s", 1}};
  doc["policies"].push_back({{"name", "static"},
                             {"label", "reserved"},
                             {"params", {{"placement", json::array()}}},
                             {"cluster", {{"devices", json::array({{{"type", "gpu"}, {"count", 3}}})},
                                          {"reserved_discount", 0.37}}}});
  TempDir dir;
  const Scenario s = load_scenario(dir.write_json("s.json", doc).string());
  ASSERT_EQ(s.policies.size(), 2u);
  const SimulationConfig& shared = s.world_of(s.policies[0]);
  const SimulationConfig& own = s.world_of(s.policies[1]);
  EXPECT_EQ(&shared, &s.world);
  EXPECT_EQ(count_of(shared, "cpu"), 2u);
  EXPECT_EQ(shared.reserved_discount, 0.0);
  ASSERT_EQ(own.devices.size(), 3u);
  EXPECT_EQ(count_of(own, "gpu"), 3u);
  EXPECT_DOUBLE_EQ(own.reserved_discount, 0.37);
  EXPECT_DOUBLE_EQ(own.fixed_price_per_hour(own.devices[0]), 0.63);
  EXPECT_EQ(own.duration, s.world.duration);
  EXPECT_EQ(own.window, from_seconds(0.5));
  EXPECT_EQ(own.warmup, from_seconds(1));
  EXPECT_EQ(own.drain_limit, s.world.drain_limit);
  ASSERT_EQ(own.applications.size(), 1u);
  EXPECT_EQ(own.applications[0].slo, s.world.applications[0].slo);
  EXPECT_EQ(own.workloads.size(), s.world.workloads.size());
}

}  // namespace
}  // namespace servesim::test::scenario_loader_test
