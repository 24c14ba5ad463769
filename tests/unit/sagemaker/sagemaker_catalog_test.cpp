// configs/catalogs/hardware/sagemaker_instances.json: the ml.* twins of the
// EC2 types load after aws_instances.json, expose the very same devices, and
// cost SageMaker's ~1.4x; a scenario loading it lets the `sagemaker` policy
// choose among family "ml.c5".
#include <gtest/gtest.h>

#include <cmath>

#include "sim/scenario/hardware_catalog_parser.hpp"
#include "tests/unit/sagemaker/sagemaker_world.hpp"

namespace servesim::sagemaker::test {
namespace {

const std::string kDir = std::string(SERVESIM_SOURCE_DIR) + "/configs/catalogs/hardware/";

HardwareCatalog shipped() {
  HardwareCatalog catalog;
  for (const char* f : {"accelerators.json", "aws_instances.json", "sagemaker_instances.json"}) {
    const std::string path = kDir + f;
    parse_hardware_catalog(JsonNode(read_json_file(path), path), catalog);
  }
  return catalog;
}

TEST(SagemakerCatalog, TwinsHaveTheEc2DevicesAndSagemakerPrices) {
  const HardwareCatalog c = shipped();
  const std::map<std::string, double> prices = {
      {"c5.large", 0.119},  {"c5.xlarge", 0.238},  {"c5.2xlarge", 0.476}, {"c5.4xlarge", 0.952},
      {"m5.large", 0.134},  {"m5.xlarge", 0.269},  {"m5.2xlarge", 0.538}, {"m5.4xlarge", 1.075},
      {"p2.xlarge", 1.26}};
  for (const auto& [twin, price] : prices) {
    SCOPED_TRACE(twin);
    const auto ml = c.find_instance_type("ml." + twin);
    const auto ec2 = c.find_instance_type(twin);
    ASSERT_TRUE(ml && ec2);
    const InstanceType& s = c.instance_type(*ml);
    const InstanceType& e = c.instance_type(*ec2);
    EXPECT_DOUBLE_EQ(s.price_per_hour, price);
    EXPECT_NEAR(s.price_per_hour / e.price_per_hour, 1.4, 0.01);
    EXPECT_EQ(s.family, "ml." + e.family);
    EXPECT_EQ(s.vcpus, e.vcpus);
    EXPECT_DOUBLE_EQ(s.memory_mb, e.memory_mb);
    ASSERT_EQ(s.devices.size(), e.devices.size());
    for (std::size_t d = 0; d < s.devices.size(); ++d) {
      EXPECT_EQ(s.devices[d].type, e.devices[d].type);
      EXPECT_EQ(s.devices[d].count, e.devices[d].count);
    }
    EXPECT_EQ(s.boot_latency, e.boot_latency);
    EXPECT_EQ(s.billing.minimum, Duration::zero());
  }
}

TEST(SagemakerCatalog, AloneItIsRefusedForTheDevicesItBorrows) {
  HardwareCatalog c;
  const std::string path = kDir + "sagemaker_instances.json";
  EXPECT_THROW(parse_hardware_catalog(JsonNode(read_json_file(path), path), c), InputError);
}

// A scenario with the three shipped hardware catalogs and a model profiled
// on c5.large.cpu (100 ms) and c5.xlarge.cpu (45 ms): in "ml.c5" the
// cheapest per request within 300 ms is ml.c5.xlarge (0.238 x 0.045 =
// 0.01071 against ml.c5.large's 0.119 x 0.1 = 0.0119), and the run bills
// ml.c5.xlarge's $0.238/h.
TEST(SagemakerCatalog, AScenarioLoadsItAndThePolicyChoosesAmongMlTypes) {
  TempDir dir;
  json doc = small_world();
  doc["duration_s"] = 120;
  doc["catalogs"]["hardware"] = {kDir + "accelerators.json", kDir + "aws_instances.json",
                                 kDir + "sagemaker_instances.json"};
  doc["catalogs"]["models"] = R"([{"families": [{"name": "f", "variants": [
      {"name": "m", "accuracy": 1, "memory_mb": 100, "load_latency_ms": 1000, "max_batch": 1,
       "latency_ms": {"c5.large.cpu": [[1, 100]], "c5.xlarge.cpu": [[1, 45]]}}]}]}])"_json;
  doc["policies"][0]["params"] = {{"instance_family", "ml.c5"}};
  const Scenario s = cloudtest::load_doc(dir, doc);
  const SagemakerRun r = run_sagemaker(dir, doc);
  ASSERT_EQ(r.run.instances.size(), 1u);
  EXPECT_EQ(s.world.hardware->instance_type(r.run.instances[0].type).name, "ml.c5.xlarge");
  EXPECT_DOUBLE_EQ(counter(r.counters, "capacity_per_minute"), 60 / 0.045);
  // One instance from 0 to the end of the run (120 s plus the drain) at $0.238/h.
  EXPECT_GT(r.run.summary.cost.total(), 0.238 * 120 / 3600 - 1e-9);
  EXPECT_LT(r.run.summary.cost.total(), 0.238 * 200 / 3600);
  EXPECT_EQ(r.run.counts.completed, r.run.counts.arrived);
}

}  // namespace
}  // namespace servesim::sagemaker::test
