// The project's own model catalogs (configs/catalogs/models/*.json): each
// loads, names only the agreed device types, says for every variant where its
// numbers come from, and the INFaaS catalog reproduces INFaaS' Table 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "catalog_test_support.hpp"
#include "sim/scenario/model_catalog_parser.hpp"

namespace servesim::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kModels = fs::path(SERVESIM_SOURCE_DIR) / "configs/catalogs/models";
const fs::path kHardware = fs::path(SERVESIM_SOURCE_DIR) / "configs/catalogs/hardware";

std::vector<fs::path> model_catalogs() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(kModels)) {
    if (e.path().extension() == ".json") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The device types the hardware catalogs are agreed to define (see the
// hardware engineer's aws_instances.json and accelerators.json), plus the
// Proteus fixed cluster's and Lambda.
const std::set<std::string>& agreed_device_types() {
  static const std::set<std::string> names = [] {
    std::set<std::string> n = {"k80", "v100", "t4", "gtx1080ti", "a100", "neuroncore", "cpu", "lambda",
                               "p2.xlarge.cpu", "p2.8xlarge.vcpu"};
    for (const char* family : {"c5", "m5"}) {
      for (const char* size : {"large", "xlarge", "2xlarge", "4xlarge"}) {
        n.insert(std::string(family) + "." + size + ".cpu");
      }
    }
    for (const char* size : {"nano", "micro", "small", "medium", "large"}) n.insert(std::string("t2.") + size + ".cpu");
    return n;
  }();
  return names;
}

std::set<std::string> device_types_named(const json& catalog) {
  std::set<std::string> names;
  for (const auto& f : catalog.at("families")) {
    for (const auto& v : f.at("variants")) {
      for (const auto& [device, _] : v.at("latency_ms").items()) names.insert(device);
    }
  }
  return names;
}

ModelCatalog load_with_own_devices(const fs::path& file, json& doc) {
  doc = read_json_file(file.string());
  std::set<std::string> names = device_types_named(doc);
  names.erase("lambda");
  const HardwareCatalog hw = hardware_with({names.begin(), names.end()});
  ModelCatalog models;
  parse_model_catalog(JsonNode(doc, file.string()), hw, models);
  return models;
}

TEST(ProjectCatalogs, ThereAreCatalogs) {
  std::set<std::string> names;
  for (const auto& f : model_catalogs()) names.insert(f.filename().string());
  for (const char* expected : {"infaas_resnet50.json", "mark_models.json", "inferline_models.json",
                               "proteus_families.json"}) {
    EXPECT_TRUE(names.count(expected)) << expected;
  }
}

// The quickstart catalog predates the provenance rule and is illustrative.
bool needs_provenance(const fs::path& file) { return file.filename() != "quickstart_resnet.json"; }

TEST(ProjectCatalogs, EveryVariantHasProvenanceAndSource) {
  for (const auto& file : model_catalogs()) {
    if (!needs_provenance(file)) continue;
    SCOPED_TRACE(file.string());
    const json doc = read_json_file(file.string());
    ASSERT_TRUE(doc.contains("source"));
    for (const auto& f : doc.at("families")) {
      for (const auto& v : f.at("variants")) {
        const std::string name = v.at("name");
        SCOPED_TRACE(name);
        ASSERT_TRUE(v.contains("source") && v["source"].is_string() && !v["source"].get<std::string>().empty());
        ASSERT_TRUE(v.contains("provenance"));
        const json& p = v.at("provenance");
        for (const char* key : {"accuracy", "latency", "memory", "load_latency"}) {
          ASSERT_TRUE(p.contains(key)) << key;
          EXPECT_FALSE(p.at(key).get<std::string>().empty()) << key;
        }
        // Accuracy and latency say whether they were measured (and where) or
        // derived (and by which rule); a note may cover several devices.
        for (const char* key : {"accuracy", "latency"}) {
          const std::string note = p.at(key);
          EXPECT_TRUE(note.find("measured:") != std::string::npos || note.find("derived:") != std::string::npos)
              << key << ": " << note;
        }
      }
    }
  }
}

TEST(ProjectCatalogs, NameOnlyAgreedDeviceTypes) {
  for (const auto& file : model_catalogs()) {
    SCOPED_TRACE(file.string());
    for (const auto& name : device_types_named(read_json_file(file.string()))) {
      EXPECT_TRUE(agreed_device_types().count(name)) << "device type \"" << name << "\"";
    }
  }
}

TEST(ProjectCatalogs, ParseAndNormalize) {
  for (const auto& file : model_catalogs()) {
    SCOPED_TRACE(file.string());
    json doc;
    const ModelCatalog models = load_with_own_devices(file, doc);
    EXPECT_FALSE(models.variants().empty());
    for (const auto& family : models.families()) {
      double best = 0;
      for (VariantId v : family.variants) best = std::max(best, models.variant(v).accuracy);
      EXPECT_DOUBLE_EQ(best, 1.0) << family.name;
    }
    for (const auto& v : models.variants()) {
      for (const auto& [device, profile] : v.latency) {
        // Every profile answers batch 1 and is non-decreasing in the batch.
        const auto table = profile.table(v.max_batch);
        ASSERT_GE(table.size(), 2u) << v.name << " on " << device;
        for (std::size_t b = 2; b < table.size(); ++b) EXPECT_LE(table[b - 1].ns, table[b].ns) << v.name;
      }
    }
  }
}

// Against the real hardware catalogs, once they exist.
TEST(ProjectCatalogs, LoadAgainstTheHardwareCatalogs) {
  for (const char* needed : {"accelerators.json", "aws_instances.json"}) {
    if (!fs::exists(kHardware / needed)) {
      GTEST_SKIP() << "configs/catalogs/hardware/" << needed
                   << " is not there yet: re-run once the hardware catalogs are committed";
    }
  }
  // accelerators.json then aws_instances.json (instance types name the
  // accelerators); the fixed cluster's devices (cpu, gtx1080ti, ...) merged in
  // without repeating a name the others define.
  HardwareCatalog hw;
  for (const char* name : {"accelerators.json", "aws_instances.json"}) {
    const json doc = read_json_file((kHardware / name).string());
    parse_hardware_catalog(JsonNode(doc, (kHardware / name).string()), hw);
  }
  // sagemaker_instances.json names the EC2 twins' device types: it loads
  // after aws_instances.json, never alone.
  const fs::path sagemaker = kHardware / "sagemaker_instances.json";
  if (fs::exists(sagemaker)) parse_hardware_catalog(JsonNode(read_json_file(sagemaker.string()), sagemaker.string()), hw);
  for (const auto& e : fs::directory_iterator(kHardware)) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() != ".json" || name == "accelerators.json" || name == "aws_instances.json" ||
        name == "sagemaker_instances.json") {
      continue;
    }
    const json doc = read_json_file(e.path().string());
    HardwareCatalog other;
    parse_hardware_catalog(JsonNode(doc, e.path().string()), other);
    for (const auto& t : other.types()) {
      if (!hw.find(t.name)) hw.add(t);
    }
  }
  for (const auto& file : model_catalogs()) {
    SCOPED_TRACE(file.string());
    const json doc = read_json_file(file.string());
    ModelCatalog models;
    try {
      parse_model_catalog(JsonNode(doc, file.string()), hw, models);
    } catch (const InputError& e) {
      ADD_FAILURE() << e.what();
    }
  }
}

// INFaaS Table 2, reproduced at the batch each row implies (throughput =
// batch / latency): A 4 CPUs batch 1, 200 ms, 5 QPS; B one NeuronCore batch 2,
// 20 ms, 100 QPS; C one V100 batch 12, 15 ms, 800 QPS.
TEST(ProjectCatalogs, InfaasTable2) {
  json doc;
  const ModelCatalog m = load_with_own_devices(kModels / "infaas_resnet50.json", doc);
  struct Row {
    const char* variant;
    const char* device;
    std::uint32_t batch;
    double ms;
    double qps;
  };
  for (const Row& r : {Row{"resnet50-tf-cpu", "m5.xlarge.cpu", 1, 200, 5},
                       Row{"resnet50-tf-cpu", "m5.2xlarge.cpu", 1, 200, 5},
                       Row{"resnet50-neuron", "neuroncore", 2, 20, 100},
                       Row{"resnet50-trt", "v100", 12, 15, 800}}) {
    SCOPED_TRACE(r.variant);
    const double ms = latency_ms(m, r.variant, r.device, r.batch);
    EXPECT_NEAR(ms, r.ms, 1e-3);
    EXPECT_NEAR(r.batch / (ms / 1000.0), r.qps, 1e-2);
  }
  // One model: the same accuracy; batch sizes 1 to 64 as INFaaS profiles.
  for (const auto& v : m.variants()) {
    EXPECT_DOUBLE_EQ(v.accuracy, 1.0);
    EXPECT_EQ(v.max_batch, 64u);
    for (const auto& [device, profile] : v.latency) EXPECT_EQ(profile.max_batch(v.max_batch), 64u);
  }
  // The 4-CPU variant uses 4 of an m5.2xlarge's 8 vCPUs; INFaaS' Table 3
  // cheapest choices follow: 10 QPS at a 300 ms SLO is two A replicas.
  EXPECT_NEAR(2 * 1000.0 / latency_ms(m, "resnet50-tf-cpu", "m5.2xlarge.cpu", 1), 10.0, 1e-6);
}

}  // namespace
}  // namespace servesim::test
