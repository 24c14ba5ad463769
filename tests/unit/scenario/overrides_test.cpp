// `--set path=value`: dotted paths, [i] and .i indices, creation of missing
// objects, JSON versus bare-string values, and the errors of a bad path.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/cli_runner.hpp"
#include "sim/core/input_error.hpp"
#include "sim/scenario/overrides.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "toy_scenario.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

json sample() {
  return R"({"name": "s", "seed": 1,
             "applications": [{"name": "a", "slo_ms": 100}, {"name": "b", "slo_ms": 200}],
             "policies": [{"name": "static", "params": {"routing": "least_loaded"}}]})"_json;
}

std::string error_of(json& doc, const std::string& assignment) {
  try {
    apply_override(doc, assignment);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Overrides, DottedPathReplacesAScalar) {
  json doc = sample();
  apply_override(doc, "seed=7");
  apply_override(doc, "policies[0].params.routing=weighted");
  EXPECT_EQ(doc["seed"], 7);
  EXPECT_EQ(doc["policies"][0]["params"]["routing"], "weighted");
}

TEST(Overrides, BracketAndDotIndicesAreTheSame) {
  json bracket = sample(), dotted = sample();
  apply_override(bracket, "applications[1].slo_ms=150");
  apply_override(dotted, "applications.1.slo_ms=150");
  EXPECT_EQ(bracket, dotted);
  EXPECT_EQ(bracket["applications"][1]["slo_ms"], 150);
  EXPECT_EQ(bracket["applications"][0]["slo_ms"], 100);  // the other element is untouched
}

TEST(Overrides, ReplacesAWholeArrayElement) {
  json doc = sample();
  apply_override(doc, R"(applications[0]={"name": "z", "slo_ms": 5})");
  EXPECT_EQ(doc["applications"][0], json::parse(R"({"name": "z", "slo_ms": 5})"));
}

TEST(Overrides, CreatesMissingObjectsOnTheWay) {
  json doc = sample();
  apply_override(doc, "outputs.window_s=5");
  apply_override(doc, "serving.service_time.distribution=exponential");
  apply_override(doc, "policies[0].params.placement_hint.gpu.count=2");
  EXPECT_EQ(doc["outputs"], json::parse(R"({"window_s": 5})"));
  EXPECT_EQ(doc["serving"]["service_time"]["distribution"], "exponential");
  EXPECT_EQ(doc["policies"][0]["params"]["placement_hint"]["gpu"]["count"], 2);
}

TEST(Overrides, ValuesThatParseAsJsonAreJson) {
  json doc = json::object();
  apply_override(doc, "int=42");
  apply_override(doc, "real=1.5");
  apply_override(doc, "negative=-3");
  apply_override(doc, "flag=true");
  apply_override(doc, "nothing=null");
  apply_override(doc, "list=[1, 2, 3]");
  apply_override(doc, R"(object={"kind": "poisson", "rate": 10})");
  apply_override(doc, R"(quoted="42")");
  EXPECT_TRUE(doc["int"].is_number_integer());
  EXPECT_EQ(doc["int"], 42);
  EXPECT_DOUBLE_EQ(doc["real"].get<double>(), 1.5);
  EXPECT_EQ(doc["negative"], -3);
  EXPECT_EQ(doc["flag"], true);
  EXPECT_TRUE(doc["nothing"].is_null());
  EXPECT_EQ(doc["list"], json::parse("[1, 2, 3]"));
  EXPECT_EQ(doc["object"]["rate"], 10);
  EXPECT_TRUE(doc["quoted"].is_string());  // a JSON string stays a string
  EXPECT_EQ(doc["quoted"], "42");
}

TEST(Overrides, OtherValuesAreBareStrings) {
  json doc = json::object();
  apply_override(doc, "routing=round_robin");
  apply_override(doc, "label=static gpu");
  apply_override(doc, "file=traces/day 1.csv");
  apply_override(doc, "broken={\"a\":");  // not JSON: kept verbatim
  apply_override(doc, "version=007");      // leading zeros are not JSON
  EXPECT_EQ(doc["routing"], "round_robin");
  EXPECT_EQ(doc["label"], "static gpu");
  EXPECT_EQ(doc["file"], "traces/day 1.csv");
  EXPECT_EQ(doc["broken"], "{\"a\":");
  EXPECT_EQ(doc["version"], "007");
}

TEST(Overrides, OnlyTheFirstEqualsSplits) {
  json doc = json::object();
  apply_override(doc, "description=a=b");
  EXPECT_EQ(doc["description"], "a=b");
}

TEST(Overrides, LaterAssignmentsWin) {
  json doc = sample();
  apply_overrides(doc, {"seed=2", "seed=3", "applications[0].name=x"});
  EXPECT_EQ(doc["seed"], 3);
  EXPECT_EQ(doc["applications"][0]["name"], "x");
}

TEST(Overrides, OutOfRangeIndexIsAnErrorNamingTheAssignment) {
  json doc = sample();
  const json before = doc;
  const std::string e = error_of(doc, "applications[2].slo_ms=10");
  EXPECT_NE(e.find("--set applications[2].slo_ms=10"), std::string::npos) << e;
  EXPECT_NE(e.find("out of range"), std::string::npos) << e;
  EXPECT_NE(e.find("2 elements"), std::string::npos) << e;
  EXPECT_EQ(doc, before);  // nothing appended
  EXPECT_NE(error_of(doc, "applications.5.slo_ms=1").find("out of range"), std::string::npos);
}

TEST(Overrides, OtherMalformedAssignments) {
  json doc = sample();
  EXPECT_NE(error_of(doc, "seed").find("expected path=value"), std::string::npos);
  EXPECT_NE(error_of(doc, "=5").find("non-empty path"), std::string::npos);
  EXPECT_NE(error_of(doc, "applications.first.slo_ms=1").find("not an index"), std::string::npos);
  EXPECT_NE(error_of(doc, "seed.value=1").find("not an object"), std::string::npos);
  EXPECT_NE(error_of(doc, "name[0]=x").find("not an object"), std::string::npos);
}

// Through the loader: overrides land before validation, so a misspelt key is
// an unknown-key error at its JSON path, and a good one changes the scenario.
TEST(Overrides, AppliedBeforeValidation) {
  TempDir dir;
  const auto file = dir.write_json("scenario.json", base_scenario()).string();
  const Scenario s = load_scenario(file, {"seed=9", "applications[0].slo_ms=150", "policies.0.params.routing=weighted",
                                          "outputs.window_s=2.5"});
  EXPECT_EQ(s.world.seed, 9u);
  EXPECT_EQ(s.world.applications[0].slo, from_millis(150));
  EXPECT_EQ(s.policies[0].params["routing"], "weighted");
  EXPECT_EQ(s.world.window, from_millis(2500));
  try {
    load_scenario(file, {"applications[0].slo=150"});
    ADD_FAILURE() << "expected an unknown-key error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(file + ": applications[0].slo: unknown key"), std::string::npos) << e.what();
  }
  EXPECT_THROW(load_scenario(file, {"policies[1].name=static"}), InputError);
}

}  // namespace
}  // namespace servesim::test
