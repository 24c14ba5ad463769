// The INFaaS profile importer (one CSV row per variant, INFaaS' field names),
// on a few rows written by the test.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "catalog_test_support.hpp"
#include "sim/scenario/profile_importers.hpp"
#include "tests/support/temp_dir.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

// resnet50 on CPU (slope 200 ms per image, no intercept), on an Inferentia
// core (batch 1 only, as INFaaS' profiler writes for Inferentia) and on GPU
// (a batching line); mobilenet on GPU. Batches above maxbatch are 0, as
// INFaaS' profiler writes them.
const char* kProfiles =
    "family,variant,hardware,framework,accuracy,maxbatch,loadlat,peakmemory,inflatb1,inflatb4,inflatb8,inflatb16,"
    "inflatb32,inflatb64\n"
    "resnet,resnet50-tf-cpu,CPU,tensorflow-cpu,74.9,64,1800,524288000,200,800,1600,3200,6400,12800\n"
    "resnet,resnet50-inferentia,INFERENTIA,inferentia,74.9,1,2500,104857600,10,0,0,0,0,0\n"
    "resnet,resnet50-trt,GPU,tensorrt,74.9,64,4000,209715200,3.0,6.0,10.0,18.0,34.0,66.0\n"
    "mobile,mobilenet-trt,GPU,tensorrt,70.6,8,900,,1.0,2.2,3.8,,,\n";

json entry(const TempDir& dir) {
  return {{"import", "infaas"},
          {"file", (dir.path() / "profiles.csv").string()},
          {"device_map", {{"CPU", "m5.2xlarge.cpu"}, {"INFERENTIA", "neuroncore"}, {"GPU", "v100"}}}};
}

ModelCatalog import(const json& e) {
  static const HardwareCatalog hw = hardware_with({"m5.2xlarge.cpu", "neuroncore", "v100"});
  ModelCatalog models;
  import_model_profiles(JsonNode(e, "scenario.json", "catalogs.models[0]"), "/", hw, models);
  return models;
}

TEST(InfaasImporter, LoadsVariantsWithInfaasLinearRule) {
  TempDir dir;
  dir.write("profiles.csv", kProfiles);
  const ModelCatalog m = import(entry(dir));
  ASSERT_EQ(m.families().size(), 2u);
  EXPECT_EQ(m.families()[0].name, "resnet");
  EXPECT_EQ(m.families()[0].variants.size(), 3u);
  EXPECT_EQ(m.families()[1].name, "mobile");

  const auto& cpu = m.variant(*m.find_variant("resnet50-tf-cpu"));
  EXPECT_DOUBLE_EQ(cpu.accuracy, 1.0);
  EXPECT_EQ(cpu.max_batch, 64u);
  EXPECT_EQ(cpu.load_latency, from_millis(1800));
  EXPECT_DOUBLE_EQ(cpu.memory_mb, 500.0);  // bytes -> MB
  EXPECT_EQ(cpu.profile_on("m5.2xlarge.cpu")->fit(), LatencyProfile::Fit::kLinear);
  EXPECT_NEAR(latency_ms(m, "resnet50-tf-cpu", "m5.2xlarge.cpu", 1), 200.0, 1e-6);
  EXPECT_NEAR(latency_ms(m, "resnet50-tf-cpu", "m5.2xlarge.cpu", 12), 2400.0, 1e-6);

  // INFaaS' least-squares line over the measured batches: for these points
  // latency = 2 + 1 x batch exactly.
  EXPECT_NEAR(latency_ms(m, "resnet50-trt", "v100", 1), 3.0, 1e-6);
  EXPECT_NEAR(latency_ms(m, "resnet50-trt", "v100", 12), 14.0, 1e-6);

  // One measured batch: INFaaS' rule slope = that latency, intercept 0.
  const auto& inf = m.variant(*m.find_variant("resnet50-inferentia"));
  EXPECT_EQ(inf.max_batch, 1u);
  EXPECT_NEAR(latency_ms(m, "resnet50-inferentia", "neuroncore", 1), 10.0, 1e-6);

  // Empty cells are unmeasured; the accuracy is normalized within its family.
  const auto& mob = m.variant(*m.find_variant("mobilenet-trt"));
  EXPECT_DOUBLE_EQ(mob.accuracy, 1.0);
  EXPECT_DOUBLE_EQ(mob.memory_mb, 0.0);
  EXPECT_EQ(mob.max_batch, 8u);
  EXPECT_EQ(mob.profile_on("v100")->points().size(), 3u);
}

TEST(InfaasImporter, InterpolateAndDirectDeviceNames) {
  TempDir dir;
  dir.write("profiles.csv",
            "family,variant,hardware,accuracy,inflatb1,inflatb4\n"
            "f,a,v100,75,2.0,5.0\n"
            "f,b,v100,80,4.0,10.0\n");
  json e = entry(dir);
  e.erase("device_map");  // the hardware column names device types
  e["latency_fit"] = "interpolate";
  e["prefix"] = "infaas/";
  const ModelCatalog m = import(e);
  EXPECT_EQ(m.families()[0].name, "infaas/f");
  EXPECT_DOUBLE_EQ(latency_ms(m, "infaas/a", "v100", 2), 3.0);
  EXPECT_EQ(m.variant(*m.find_variant("infaas/a")).max_batch, 4u);
  EXPECT_DOUBLE_EQ(m.variant(*m.find_variant("infaas/a")).accuracy, 75.0 / 80.0);
}

TEST(InfaasImporter, ErrorsNameFileAndLine) {
  TempDir dir;
  auto error_for = [&](const std::string& csv, json e = json()) {
    dir.write("profiles.csv", csv);
    if (e.is_null()) e = entry(dir);
    return input_error_of([&] { import(e); });
  };
  const std::string head = "family,variant,hardware,accuracy,inflatb1,inflatb4\n";
  {
    const std::string msg = error_for(head + "f,a,GPU,75,2,5\nf,a,CPU,75,2,5\n");
    EXPECT_CONTAINS(msg, "profiles.csv:3:");
    EXPECT_CONTAINS(msg, "already at line 2");
  }
  {
    const std::string msg = error_for(head + "f,a,TPU,75,2,5\n");
    EXPECT_CONTAINS(msg, "profiles.csv:2:");
    EXPECT_CONTAINS(msg, "\"TPU\" is not in \"device_map\"");
  }
  {
    const std::string msg = error_for(head + "f,a,GPU,75,-2,5\n");
    EXPECT_CONTAINS(msg, "profiles.csv:2: column \"inflatb1\"");
  }
  {
    const std::string msg = error_for(head + "f,a,GPU,75,0,5\n");
    EXPECT_CONTAINS(msg, "profiles.csv:2: column \"inflatb1\": expected the batch-1 latency");
  }
  {
    const std::string msg = error_for(head + "f,a,GPU,high,2,5\n");
    EXPECT_CONTAINS(msg, "profiles.csv:2: column \"accuracy\"");
  }
  {
    const std::string msg = error_for("family,variant,hardware,accuracy,inflatb1,gpu_util\nf,a,GPU,75,2,5\n");
    EXPECT_CONTAINS(msg, "profiles.csv:1: unknown column \"gpu_util\"");
  }
  {
    const std::string msg = error_for("family,variant,hardware,accuracy,inflatbX\nf,a,GPU,75,2\n");
    EXPECT_CONTAINS(msg, "profiles.csv:1: column \"inflatbX\"");
  }
  {
    const std::string msg = error_for("family,variant,accuracy,inflatb1\nf,a,75,2\n");
    EXPECT_CONTAINS(msg, "profiles.csv:1: missing column \"hardware\"");
  }
  {
    json e = entry(dir);
    e.erase("device_map");
    const std::string msg = error_for(head + "f,a,GPU,75,2,5\n", e);
    EXPECT_CONTAINS(msg, "profiles.csv:2: unknown device type \"GPU\"");
  }
  {
    json e = entry(dir);
    e["latency_fit"] = "cubic";
    EXPECT_CONTAINS(error_for(head + "f,a,GPU,75,2,5\n", e), "catalogs.models[0].latency_fit");
  }
  {
    json e = entry(dir);
    e["variants_dir"] = "x";  // a Proteus key
    EXPECT_CONTAINS(error_for(head + "f,a,GPU,75,2,5\n", e), "catalogs.models[0].variants_dir: unknown key");
  }
}

}  // namespace
}  // namespace servesim::test
