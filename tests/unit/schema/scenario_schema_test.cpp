// docs/scenario.schema.json against the loader, in both directions: for every
// object the loader (and each policy's params reader) checks with
// expect_object while reading the example scenarios, the schema's properties
// there are exactly the keys the reader allows; every example validates
// against the schema; and every closed object of the schema is met by some
// example (or is listed below as not yet met), so no part of it goes unchecked.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <set>

#include "example_scenarios.hpp"
#include "policies/policy_registry.hpp"
#include "schema_validator.hpp"
#include "schema_walk.hpp"
#include "subschemas.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::test {
namespace {

const nlohmann::json& schema() {
  static const nlohmann::json doc = read_json_file(std::string(SERVESIM_SOURCE_DIR) + "/docs/scenario.schema.json");
  return doc;
}

struct Examples {
  std::vector<ExampleScenario> loaded;
  std::vector<std::filesystem::path> all;
  std::size_t variations = 0;
  std::size_t need_data = 0;  // name an external data set by a variable that is not set here
};

// Examples with objects no example file has, so that their keys are compared
// with the loader too.
std::vector<ExampleScenario> variations() {
  const std::string dir = std::string(SERVESIM_SOURCE_DIR) + "/configs/scenarios/";
  return {
      read_example(dir + "cloud_tour.json",
                   {R"(serving.gpu_concurrency={"batches": 2, "gain": 1.5})",
                    R"(serving.service_time={"distribution": "gamma", "cv": 0.5})",
                    R"(outputs.memory_cost_per_gb_second={"gpu": 0.4})",
                    R"(cloud.lambda.functions[0].latency_from={"device_type": "c5.xlarge.cpu", "vcpus": 4})"}),
      read_example(dir + "papers/inferline/real_trace_spike_drop.json",
                   {R"(applications[0].workload.within={"kind": "uniform"})"}),
  };
}

// A scenario that cannot load here must be one that needs an external data set
// named by an environment variable (the Proteus artifact, the Twitter trace).
const Examples& examples() {
  static const Examples e = [] {
    Examples out;
    out.all = example_files();
    out.loaded = variations();
    out.variations = out.loaded.size();
    for (const auto& file : out.all) {
      try {
        out.loaded.push_back(read_example(file));
      } catch (const InputError& error) {
        EXPECT_NE(std::string(error.what()).find("environment variable"), std::string::npos) << error.what();
        ++out.need_data;
      }
    }
    return out;
  }();
  return e;
}

std::string joined(const std::set<std::string>& keys) {
  std::string out;
  for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k;
  return out;
}

// Keys in `a` and not in `b`.
std::set<std::string> minus(const std::set<std::string>& a, const std::set<std::string>& b) {
  std::set<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::inserter(out, out.end()));
  return out;
}

void expect_same_keys(const ExampleScenario& example, const ReadObject& object, const ObjectSchema& found) {
  const std::string where = example.file + ": " + (object.path.empty() ? "(top level)" : object.path);
  ASSERT_TRUE(found.closed) << where << ": the schema must close this object (\"additionalProperties\": false)";
  EXPECT_TRUE(minus(object.allowed, found.keys).empty())
      << where << ": the loader accepts keys the schema lacks: " << joined(minus(object.allowed, found.keys));
  EXPECT_TRUE(minus(found.keys, object.allowed).empty())
      << where << ": the schema lists keys the loader rejects: " << joined(minus(found.keys, object.allowed));
}

TEST(ScenarioSchema, ExamplesLoad) {
  EXPECT_GE(examples().all.size(), 40u);
  EXPECT_EQ(examples().loaded.size() + examples().need_data, examples().all.size() + examples().variations);
  // The Proteus artifact's five scenarios and the Twitter trace's one, at most.
  EXPECT_LE(examples().need_data, 6u);
}

TEST(ScenarioSchema, ObjectKeysMatchTheLoader) {
  const SchemaWalk walk(schema());
  for (const ExampleScenario& example : examples().loaded) {
    for (const ReadObject& object : example.objects) {
      expect_same_keys(example, object, walk.at(example.document, object.path));
    }
  }
}

// Those that need external data sets too; and the variations, as changed.
TEST(ScenarioSchema, ExamplesValidate) {
  const SchemaValidator validator(schema());
  for (const auto& file : examples().all) {
    for (const std::string& error : validator.errors(schema(), read_json_file(file.string()))) {
      ADD_FAILURE() << file.string() << ": " << error;
    }
  }
  for (const ExampleScenario& example : examples().loaded) {
    for (const std::string& error : validator.errors(schema(), example.document)) ADD_FAILURE() << example.file << ": " << error;
  }
}

// Every subschema with "additionalProperties": false, by its pointer.
std::set<std::string> closed_objects(const nlohmann::json& root) {
  std::set<std::string> out;
  for_each_subschema(root, "#", [&](const nlohmann::json& s, const std::string& pointer) {
    if (member(s, "additionalProperties") == nlohmann::json(false)) out.insert(pointer);
  });
  return out;
}

// Objects no example has yet: their keys are not compared with the loader.
// Cover one in an example and take it off this list (the test says so).
const std::set<std::string> kNotInAnyExample = {
    "#/definitions/artifact_schedule", "#/definitions/busy_rule",        "#/definitions/interval_window",
    "#/definitions/params_infaas-v2",  "#/definitions/rows_function",    "#/definitions/start_allocation",
    "#/definitions/workload_request_replay",
    "#/definitions/params_infaas/properties/cost_per_gb_second",
    "#/definitions/params_infaas/properties/vm_low_utilisation",
};

TEST(ScenarioSchema, EveryClosedObjectIsComparedWithTheLoader) {
  const std::set<std::string> all = closed_objects(schema());
  std::set<std::string> met;
  const SchemaWalk walk(schema());
  for (const ExampleScenario& example : examples().loaded) {
    for (const ReadObject& object : example.objects) {
      for (const std::string& p : walk.at(example.document, object.path).closing_parts) met.insert(p);
    }
  }
  EXPECT_EQ(joined(minus(minus(all, met), kNotInAnyExample)), "") << "closed objects of the schema no example checks";
  EXPECT_EQ(joined(minus(kNotInAnyExample, minus(all, met))), "") << "listed as in no example, but met (or gone)";
}

TEST(ScenarioSchema, UsesOnlyKeywordsTheTestKnows) {
  for_each_subschema(schema(), "#", [](const nlohmann::json& s, const std::string& pointer) {
    for (const auto& [key, _] : s.items()) {
      EXPECT_TRUE(known_keywords().count(key)) << pointer << ": keyword " << key << " is not checked by this test";
    }
  });
}

// Every policy declares its parameters in a table: the parser reads through
// it and the schema, `servesim list policies NAME` and docs/policies.md's
// reference are made from it.
TEST(ScenarioSchema, EveryPolicyDeclaresItsParameters) {
  for (const PolicyEntry& entry : policy_registry()) {
    ASSERT_NE(entry.params, nullptr) << entry.name;
    EXPECT_EQ(schema()["definitions"]["params_" + entry.name], entry.params().schema()) << entry.name;
  }
}

// A policy added to the registry needs its name and its params in the schema.
TEST(ScenarioSchema, PolicyNamesAreTheRegistrys) {
  std::set<std::string> registry, listed;
  for (const PolicyEntry& entry : policy_registry()) registry.insert(entry.name);
  for (const auto& name : schema()["definitions"]["policy"]["properties"]["name"]["enum"]) listed.insert(name);
  EXPECT_EQ(joined(registry), joined(listed));
  for (const std::string& name : registry) EXPECT_TRUE(schema()["definitions"].contains("params_" + name)) << name;
}

}  // namespace
}  // namespace servesim::test
