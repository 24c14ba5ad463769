// The Proteus artifact importer, on a small CSV and allowed-variants folder
// written by the test in the artifact's format (never the artifact itself).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "catalog_test_support.hpp"
#include "sim/scenario/profile_importers.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim::test::proteus_importer_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;

const char* kHeader =
    "Model,Accel,Trials,batchsize,50th_pct,90th_pct,avg_latency(ms),Min,Max,Accuracy,Normalized_Accuracy\n";

// Two families: "res" (r18 on cpu and gpu_a, r50 on cpu and gpu_b) and "txt"
// (t-small on cpu only). "ignored" is in no family file.
std::string sample_csv() {
  return std::string(kHeader) +
         "r18,onnxruntime_cpu,100,1,20.0,22.0,21.0,19.0,30.0,70.0,88.0\n"
         "r18,onnxruntime_cpu,100,2,38.0,40.0,39.0,37.0,50.0,70.0,88.0\n"
         "r18,onnxruntime_cpu,100,4,76.0,80.0,78.0,74.0,90.0,70.0,88.0\n"
         "r18,gpu_a,1000,1,4.0,5.0,4.5,3.5,9.0,70.0,88.0\n"
         "r18,gpu_a,1000,8,10.0,12.0,11.0,9.0,20.0,70.0,88.0\n"
         "r50,onnxruntime_cpu,100,1,50.0,55.0,52.0,48.0,70.0,80.0,100.0\n"
         "r50,onnxruntime_cpu,100,2,99.0,105.0,101.0,97.0,120.0,80.0,100.0\n"
         "r50,gpu_b,1000,1,6.0,7.0,6.5,5.5,12.0,80.0,100.0\n"
         "r50,gpu_b,1000,16,30.0,33.0,31.0,29.0,40.0,80.0,100.0\n"
         "\"t-small\",onnxruntime_cpu,100,1,8.0,9.0,8.5,7.5,11.0,26.7,83.0\n"
         "ignored,weird_accel,1,1,1,1,1,1,1,1,1\n";
}

struct Artifact {
  TempDir dir;
  Artifact(const std::string& csv = sample_csv()) {
    dir.write("profiling/aggregate_profiled.csv", csv);
    dir.write("traces/model_variants/res", "r18,88.0\nr50,100.0");  // no final newline, as in the artifact
    dir.write("traces/model_variants/txt", "t-small,83.0\n");
  }
  json entry() const {
    return {{"import", "proteus_csv"},
            {"file", (dir.path() / "profiling/aggregate_profiled.csv").string()},
            {"variants_dir", (dir.path() / "traces/model_variants").string()},
            {"device_map",
             {{"onnxruntime_cpu", "cpu"}, {"gpu_a", "gtx1080ti"}, {"gpu_b", json::array({"v100", "a100"})}}}};
  }
};

ModelCatalog import(const json& entry, const HardwareCatalog& hardware) {
  ModelCatalog models;
  import_model_profiles(JsonNode(entry, "scenario.json", "catalogs.models[0]"), "/", hardware, models);
  return models;
}

const HardwareCatalog& hw() {
  static const HardwareCatalog h = hardware_with({"cpu", "gtx1080ti", "v100", "a100"});
  return h;
}

TEST(ProteusImporter, LoadsFamiliesVariantsAccuraciesLatencies) {
  Artifact a;
  const ModelCatalog m = import(a.entry(), hw());
  ASSERT_EQ(m.families().size(), 2u);
  EXPECT_EQ(m.families()[0].name, "res");  // family files in name order
  EXPECT_EQ(m.families()[1].name, "txt");
  EXPECT_EQ(m.families()[0].variants.size(), 2u);
  EXPECT_FALSE(m.find_variant("ignored").has_value());

  // Published accuracy (the CSV's "Accuracy"), normalized to the family's best.
  const auto& r18 = m.variant(*m.find_variant("r18"));
  const auto& r50 = m.variant(*m.find_variant("r50"));
  EXPECT_DOUBLE_EQ(r18.accuracy_raw, 70.0);
  EXPECT_DOUBLE_EQ(r18.accuracy, 70.0 / 80.0);
  EXPECT_DOUBLE_EQ(r50.accuracy, 1.0);
  EXPECT_DOUBLE_EQ(m.variant(*m.find_variant("t-small")).accuracy, 1.0);  // quoted name unquoted

  // The median column, per device type, interpolated between measured batches.
  EXPECT_DOUBLE_EQ(latency_ms(m, "r18", "cpu", 1), 20.0);
  EXPECT_DOUBLE_EQ(latency_ms(m, "r18", "cpu", 4), 76.0);
  EXPECT_DOUBLE_EQ(latency_ms(m, "r18", "cpu", 3), 57.0);
  EXPECT_DOUBLE_EQ(latency_ms(m, "r18", "gtx1080ti", 8), 10.0);
  EXPECT_DOUBLE_EQ(latency_ms(m, "r50", "v100", 16), 30.0);
  EXPECT_DOUBLE_EQ(latency_ms(m, "r50", "a100", 1), 6.0);  // one accelerator, two device types
  EXPECT_EQ(r18.profile_on("v100"), nullptr);
  EXPECT_EQ(r18.latency.size(), 2u);
  EXPECT_EQ(r50.latency.size(), 3u);
  // Largest measured batch; no extrapolation past it on a device.
  EXPECT_EQ(r18.max_batch, 8u);
  EXPECT_EQ(r50.max_batch, 16u);
  EXPECT_EQ(r50.profile_on("cpu")->max_batch(r50.max_batch), 2u);
  EXPECT_DOUBLE_EQ(r18.memory_mb, 0.0);
}

TEST(ProteusImporter, OptionsPickColumnFamiliesAndPrefix) {
  Artifact a;
  json e = a.entry();
  e["latency_column"] = "p90";
  e["families"] = {"res"};
  e["prefix"] = "p/";
  e["max_batch"] = 4;
  e["memory_mb"] = 250;
  e["load_latency_ms"] = 1200;
  e["device_map"]["gpu_a"] = nullptr;  // leave that accelerator out
  const ModelCatalog m = import(e, hw());
  ASSERT_EQ(m.families().size(), 1u);
  EXPECT_EQ(m.families()[0].name, "p/res");
  EXPECT_DOUBLE_EQ(latency_ms(m, "p/r18", "cpu", 2), 40.0);
  const auto& r18 = m.variant(*m.find_variant("p/r18"));
  EXPECT_EQ(r18.profile_on("gtx1080ti"), nullptr);
  EXPECT_EQ(r18.max_batch, 4u);
  EXPECT_EQ(m.variant(*m.find_variant("p/r50")).max_batch, 4u);
  EXPECT_DOUBLE_EQ(r18.memory_mb, 250.0);
  EXPECT_EQ(r18.load_latency, from_millis(1200));
}

TEST(ProteusImporter, DuplicateRows) {
  Artifact a(sample_csv() + "r18,onnxruntime_cpu,100,2,42.0,44.0,43.0,41.0,52.0,70.0,88.0\n");
  const std::string msg = input_error_of([&] { import(a.entry(), hw()); });
  EXPECT_CONTAINS(msg, "aggregate_profiled.csv:13:");
  EXPECT_CONTAINS(msg, "the first is at line 3");
  json e = a.entry();
  e["duplicate_rows"] = "first";
  EXPECT_DOUBLE_EQ(latency_ms(import(e, hw()), "r18", "cpu", 2), 38.0);
  e["duplicate_rows"] = "mean";
  EXPECT_DOUBLE_EQ(latency_ms(import(e, hw()), "r18", "cpu", 2), 40.0);
}

TEST(ProteusImporter, ErrorsNameFileAndLine) {
  {  // an accelerator the map does not know
    Artifact a(sample_csv() + "r50,onnxruntime_gpu_ampere,100,1,5,5,5,5,5,80.0,100.0\n");
    const std::string msg = input_error_of([&] { import(a.entry(), hw()); });
    EXPECT_CONTAINS(msg, "aggregate_profiled.csv:13:");
    EXPECT_CONTAINS(msg, "\"onnxruntime_gpu_ampere\" is not in \"device_map\"");
  }
  {  // a latency that is not a number
    std::string csv = sample_csv();
    csv.replace(csv.find("38.0"), 4, "fast");
    Artifact a(csv);
    const std::string msg = input_error_of([&] { import(a.entry(), hw()); });
    EXPECT_CONTAINS(msg, "aggregate_profiled.csv:3:");
    EXPECT_CONTAINS(msg, "\"50th_pct\"");
  }
  {  // a row with a field missing
    Artifact a(sample_csv() + "r50,onnxruntime_cpu,100,4\n");
    EXPECT_CONTAINS(input_error_of([&] { import(a.entry(), hw()); }), "aggregate_profiled.csv:13: expected 11 fields");
  }
  {  // no batch-1 row for a (model, accelerator)
    std::string csv = sample_csv();
    csv.erase(csv.find("r50,gpu_b,1000,1,"), std::string("r50,gpu_b,1000,1,6.0,7.0,6.5,5.5,12.0,80.0,100.0\n").size());
    Artifact a(csv);
    const std::string msg = input_error_of([&] { import(a.entry(), hw()); });
    EXPECT_CONTAINS(msg, "aggregate_profiled.csv:9:");
    EXPECT_CONTAINS(msg, "no batch-1 row");
  }
  {  // two accuracies for one model
    std::string csv = sample_csv();
    const std::string row8 = "99.0,105.0,101.0,97.0,120.0,80.0";
    csv.replace(csv.find(row8), row8.size(), "99.0,105.0,101.0,97.0,120.0,81.0");
    Artifact a(csv);
    EXPECT_CONTAINS(input_error_of([&] { import(a.entry(), hw()); }), "aggregate_profiled.csv:8: accuracy 81.0");
  }
  {  // a missing column
    Artifact a("Model,Accel,batchsize,Accuracy\nr18,onnxruntime_cpu,1,70\n");
    EXPECT_CONTAINS(input_error_of([&] { import(a.entry(), hw()); }),
                    "aggregate_profiled.csv:1: missing column \"50th_pct\"");
  }
  {  // an allowed variant with no rows
    Artifact a;
    a.dir.write("traces/model_variants/txt", "t-small,83.0\nt-large,100\n");
    const std::string msg = input_error_of([&] { import(a.entry(), hw()); });
    EXPECT_CONTAINS(msg, "model_variants/txt:2:");
    EXPECT_CONTAINS(msg, "\"t-large\" has no rows");
  }
  {  // a malformed allowed-variants line
    Artifact a;
    a.dir.write("traces/model_variants/txt", "\nt-small;83.0\n");
    EXPECT_CONTAINS(input_error_of([&] { import(a.entry(), hw()); }),
                    "model_variants/txt:2: expected \"variant,accuracy_percent\"");
  }
}

TEST(ProteusImporter, EntryErrorsNameTheField) {
  Artifact a;
  {
    json e = a.entry();
    e["colour"] = "blue";
    EXPECT_CONTAINS(input_error_of([&] { import(e, hw()); }), "catalogs.models[0].colour: unknown key");
  }
  {
    json e = a.entry();
    e["device_map"]["gpu_a"] = "h100";
    EXPECT_CONTAINS(input_error_of([&] { import(e, hw()); }),
                    "catalogs.models[0].device_map.gpu_a: unknown device type \"h100\"");
  }
  {
    json e = a.entry();
    e["import"] = "triton";
    EXPECT_CONTAINS(input_error_of([&] { import(e, hw()); }), "catalogs.models[0].import");
  }
  {
    json e = a.entry();
    e["families"] = {"nope"};
    EXPECT_CONTAINS(input_error_of([&] { import(e, hw()); }), "catalogs.models[0].families[0]: no family file");
  }
  {
    json e = a.entry();
    e["file"] = (a.dir.path() / "missing.csv").string();
    EXPECT_CONTAINS(input_error_of([&] { import(e, hw()); }),
                    "catalogs.models[0].file: " + e["file"].get<std::string>() +
                        ": cannot open file (No such file or directory)");
  }
  {  // two accelerators onto one device type
    json e = a.entry();
    e["device_map"]["gpu_a"] = "v100";
    e["device_map"]["gpu_b"] = "v100";
    const std::string csv = std::string(kHeader) + "r18,gpu_a,1,1,1,1,1,1,1,70,88\nr18,gpu_b,1,1,2,2,2,2,2,70,88\n"
                            "r50,gpu_a,1,1,1,1,1,1,1,80,100\nt-small,gpu_a,1,1,1,1,1,1,1,1,1\n";
    a.dir.write("profiling/aggregate_profiled.csv", csv);
    EXPECT_CONTAINS(input_error_of([&] { import(e, hw()); }), "would get the profiles of both");
  }
}

TEST(ProteusImporter, ThroughAScenarioWithEnvironmentPaths) {
  Artifact a;
  ScopedEnv env("SERVESIM_TEST_ARTIFACT", a.dir.path().string());
  json s = R"({
    "name": "import", "duration_s": 1,
    "catalogs": {
      "hardware": [{"device_types": [{"name": "cpu", "kind": "cpu", "cores": 4, "memory_mb": 8000},
                                     {"name": "gpu", "kind": "gpu", "memory_mb": 8000}]}],
      "models": [{"import": "proteus_csv",
                  "file": "${SERVESIM_TEST_ARTIFACT}/profiling/aggregate_profiled.csv",
                  "variants_dir": "${SERVESIM_TEST_ARTIFACT}/traces/model_variants",
                  "device_map": {"onnxruntime_cpu": "cpu", "gpu_a": "gpu", "gpu_b": null}}]},
    "cluster": {"devices": [{"type": "gpu", "count": 1}]},
    "applications": [{"name": "app", "family": "res", "slo_ms": 100, "workload": {"kind": "poisson", "rate": 5}}],
    "policies": [{"name": "static", "params": {"placement": [{"variant": "r18", "device_type": "gpu"}]}}]
  })"_json;
  TempDir scenario_dir;
  const auto file = scenario_dir.write_json("scenario.json", s);
  const Scenario sc = load_scenario(file.string());
  EXPECT_DOUBLE_EQ(latency_ms(*sc.world.models, "r18", "gpu", 8), 10.0);
  EXPECT_EQ(sc.world.models->families().size(), 2u);

  // Relative paths are relative to the scenario's folder.
  json rel = s;
  rel["catalogs"]["models"][0]["file"] = "profiling/aggregate_profiled.csv";
  rel["catalogs"]["models"][0]["variants_dir"] = "traces/model_variants";
  const auto rel_file = a.dir.write_json("rel.json", rel);
  EXPECT_NO_THROW(load_scenario(rel_file.string()));

  // And an import clashing with an earlier catalog's family asks for a prefix.
  json clash = s;
  clash["catalogs"]["models"].insert(clash["catalogs"]["models"].begin(),
                                     R"({"families": [{"name": "res", "variants": [{"name": "x", "accuracy": 1,
                                        "memory_mb": 1, "latency_ms": {"cpu": [[1, 1]]}}]}]})"_json);
  const auto clash_file = scenario_dir.write_json("clash.json", clash);
  const std::string msg = input_error_of([&] { load_scenario(clash_file.string()); });
  EXPECT_CONTAINS(msg, "catalogs.models[1]: family \"res\" is already defined");
}

}  // namespace
}  // namespace servesim::test::proteus_importer_test
