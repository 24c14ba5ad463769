// ${VARS} in scenario paths: expansion, the errors (an undefined variable
// names the field), and the two places a scenario uses it (catalog files and
// trace files).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "catalog_test_support.hpp"
#include "sim/core/path_expansion.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

std::string expand(const std::string& text) {
  const json doc = {{"file", text}};
  return expand_env_vars(JsonNode(doc, "s.json").at("file"));
}

TEST(PathExpansion, ReplacesVariables) {
  ScopedEnv a("SERVESIM_TEST_A", "/data/a");
  ScopedEnv b("SERVESIM_TEST_B2", "x_y");
  EXPECT_EQ(expand("${SERVESIM_TEST_A}/profiling/p.csv"), "/data/a/profiling/p.csv");
  EXPECT_EQ(expand("${SERVESIM_TEST_A}/${SERVESIM_TEST_B2}.csv"), "/data/a/x_y.csv");
  EXPECT_EQ(expand("no/variables.csv"), "no/variables.csv");
  // A '$' not followed by '{' is an ordinary character.
  EXPECT_EQ(expand("price$/a$b.csv"), "price$/a$b.csv");
}

TEST(PathExpansion, DefinedButEmptyIsEmpty) {
  ScopedEnv e("SERVESIM_TEST_EMPTY", "");
  EXPECT_EQ(expand("a${SERVESIM_TEST_EMPTY}b"), "ab");
}

TEST(PathExpansion, UndefinedVariableNamesTheField) {
  ScopedEnv unset("SERVESIM_TEST_UNSET", std::nullopt);
  const std::string msg = input_error_of([] { expand("${SERVESIM_TEST_UNSET}/x.csv"); });
  EXPECT_CONTAINS(msg, "s.json: file");
  EXPECT_CONTAINS(msg, "SERVESIM_TEST_UNSET is not set");
}

TEST(PathExpansion, MalformedReferences) {
  EXPECT_CONTAINS(input_error_of([] { expand("${UNCLOSED/x"); }), "unterminated");
  EXPECT_CONTAINS(input_error_of([] { expand("${}/x"); }), "not an environment variable name");
  EXPECT_CONTAINS(input_error_of([] { expand("${1ABC}/x"); }), "not an environment variable name");
  EXPECT_CONTAINS(input_error_of([] { expand("${A-B}/x"); }), "not an environment variable name");
}

TEST(PathExpansion, ResolvesRelativeToBase) {
  ScopedEnv dir("SERVESIM_TEST_DIR", "sub");
  const json doc = {{"rel", "${SERVESIM_TEST_DIR}/f.csv"}, {"abs", "/abs/f.csv"}};
  const JsonNode node(doc, "s.json");
  EXPECT_EQ(resolve_path(node.at("rel"), "/base"), std::filesystem::path("/base/sub/f.csv"));
  EXPECT_EQ(resolve_path(node.at("abs"), "/base"), std::filesystem::path("/abs/f.csv"));
}

// A scenario whose catalog and trace paths go through a variable.
json scenario_with_paths(const std::string& hardware, const std::string& models, const std::string& trace) {
  json s = R"({
    "name": "env", "duration_s": 1,
    "catalogs": {"hardware": [], "models": []},
    "cluster": {"devices": [{"type": "gpu", "count": 1}]},
    "applications": [{"name": "app", "family": "toy", "slo_ms": 100,
                      "workload": {"kind": "request_replay", "time_unit": "ms"}}],
    "policies": [{"name": "static", "params": {"placement": [{"variant": "small", "device_type": "gpu"}]}}]
  })"_json;
  s["catalogs"]["hardware"].push_back(hardware);
  s["catalogs"]["models"].push_back(models);
  s["applications"][0]["workload"]["file"] = trace;
  return s;
}

void write_world(const TempDir& dir, const std::string& sub) {
  dir.write_json(sub + "/hw.json", R"({"device_types": [{"name": "gpu", "kind": "gpu", "memory_mb": 1000}]})"_json);
  dir.write_json(sub + "/models.json", R"({"families": [{"name": "toy", "variants": [
      {"name": "small", "accuracy": 70, "memory_mb": 100, "max_batch": 4,
       "latency_ms": {"gpu": [[1, 2], [4, 5]]}}]}]})"_json);
  dir.write(sub + "/trace.csv", "0\n10\n20\n");
}

TEST(PathExpansion, ScenarioCatalogAndTracePaths) {
  TempDir dir;
  write_world(dir, "data");
  ScopedEnv data("SERVESIM_TEST_DATA", (dir.path() / "data").string());
  const auto file = dir.write_json(
      "scenario.json",
      scenario_with_paths("${SERVESIM_TEST_DATA}/hw.json", "${SERVESIM_TEST_DATA}/models.json",
                          "${SERVESIM_TEST_DATA}/trace.csv"));
  const Scenario s = load_scenario(file.string());
  EXPECT_TRUE(s.world.hardware->find("gpu").has_value());
  EXPECT_TRUE(s.world.models->find_variant("small").has_value());
  EXPECT_EQ(s.world.workloads.size(), 1u);
}

TEST(PathExpansion, RelativeExpansionIsRelativeToTheScenario) {
  TempDir dir;
  write_world(dir, "data");
  ScopedEnv sub("SERVESIM_TEST_SUB", "data");
  const auto file = dir.write_json("scenario.json", scenario_with_paths("${SERVESIM_TEST_SUB}/hw.json",
                                                                        "${SERVESIM_TEST_SUB}/models.json",
                                                                        "${SERVESIM_TEST_SUB}/trace.csv"));
  EXPECT_NO_THROW(load_scenario(file.string()));
}

TEST(PathExpansion, ScenarioUndefinedVariableNamesTheField) {
  TempDir dir;
  write_world(dir, "data");
  ScopedEnv data("SERVESIM_TEST_DATA", (dir.path() / "data").string());
  ScopedEnv unset("SERVESIM_TEST_NOPE", std::nullopt);
  {
    const auto file = dir.write_json("s1.json", scenario_with_paths("${SERVESIM_TEST_DATA}/hw.json",
                                                                    "${SERVESIM_TEST_NOPE}/models.json",
                                                                    "${SERVESIM_TEST_DATA}/trace.csv"));
    const std::string msg = input_error_of([&] { load_scenario(file.string()); });
    EXPECT_CONTAINS(msg, "s1.json: catalogs.models[0]");
    EXPECT_CONTAINS(msg, "SERVESIM_TEST_NOPE is not set");
  }
  {
    const auto file = dir.write_json("s2.json", scenario_with_paths("${SERVESIM_TEST_DATA}/hw.json",
                                                                    "${SERVESIM_TEST_DATA}/models.json",
                                                                    "${SERVESIM_TEST_NOPE}/trace.csv"));
    const std::string msg = input_error_of([&] { load_scenario(file.string()); });
    EXPECT_CONTAINS(msg, "s2.json: applications[0].workload.file");
    EXPECT_CONTAINS(msg, "SERVESIM_TEST_NOPE is not set");
  }
}

}  // namespace
}  // namespace servesim::test
