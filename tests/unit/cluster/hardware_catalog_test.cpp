// The shipped hardware catalogs load and hold the listed types with their
// published numbers; the reader refuses malformed catalogs with a message
// naming the file and field.
#include "sim/cluster/hardware_catalog.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "sim/cluster/cpu_credits.hpp"
#include "sim/core/input_error.hpp"
#include "sim/scenario/hardware_catalog_parser.hpp"

namespace servesim {
namespace {

using nlohmann::json;

const std::string kDir = std::string(SERVESIM_SOURCE_DIR) + "/configs/catalogs/hardware/";

HardwareCatalog load(std::initializer_list<const char*> files) {
  HardwareCatalog catalog;
  for (const char* f : files) {
    const std::string path = kDir + f;
    const json doc = read_json_file(path);
    parse_hardware_catalog(JsonNode(doc, path), catalog);
  }
  return catalog;
}

HardwareCatalog shipped() { return load({"fixed_devices.json", "accelerators.json", "aws_instances.json"}); }

const InstanceType& itype(const HardwareCatalog& c, const char* name) {
  const auto id = c.find_instance_type(name);
  if (!id) throw std::runtime_error(std::string("missing instance type ") + name);
  return c.instance_type(*id);
}

TEST(HardwareCatalogFiles, AcceleratorsHoldTheDeviceTypesWithInterference) {
  const HardwareCatalog c = load({"accelerators.json"});
  for (const char* name : {"k80", "v100", "t4", "gtx1080ti", "a100"}) {
    const auto id = c.find(name);
    ASSERT_TRUE(id) << name;
    EXPECT_EQ(c.type(*id).kind, DeviceKind::kGpu) << name;
    EXPECT_TRUE(c.type(*id).interference.has_value()) << name;
  }
  const DeviceType& core = c.type(*c.find("neuroncore"));
  EXPECT_EQ(core.kind, DeviceKind::kInferentia);
  EXPECT_EQ(core.memory_mb, 2048);  // 8 GB per chip, 4 cores
  ASSERT_TRUE(core.interference);
  EXPECT_EQ(core.interference->factor(2.0, 3, 3), 1.0);  // INFaaS 6.3.1: none on Inferentia
  EXPECT_DOUBLE_EQ(c.type(*c.find("v100")).price_per_hour, 3.06);
  // The fixed-cluster file keeps only the CPU device now.
  const HardwareCatalog fixed = load({"fixed_devices.json"});
  ASSERT_EQ(fixed.types().size(), 1u);
  EXPECT_EQ(fixed.types()[0].name, "cpu");
}

TEST(HardwareCatalogFiles, AwsInstancesHoldTheListedTypes) {
  const HardwareCatalog c = shipped();
  for (const char* name : {"c5.large", "c5.xlarge", "c5.2xlarge", "c5.4xlarge", "m5.large", "m5.xlarge", "m5.2xlarge",
                           "m5.4xlarge", "t2.micro", "t2.small", "t2.medium", "t2.large", "p2.xlarge", "p3.2xlarge",
                           "g4dn.xlarge", "inf1.xlarge", "inf1.2xlarge"}) {
    const InstanceType& t = itype(c, name);
    EXPECT_GT(t.price_per_hour, 0) << name;
    EXPECT_FALSE(t.devices.empty()) << name;
    EXPECT_EQ(t.billing.kind, BillingRule::Kind::kPerSecond) << name;
    EXPECT_EQ(t.billing.minimum, from_seconds(60)) << name;
    EXPECT_EQ(t.burstable.has_value(), t.family == "t2") << name;
  }
  EXPECT_EQ(c.instance_types().size(), 17u);
}

TEST(HardwareCatalogFiles, PricesAsPublished) {
  const HardwareCatalog c = shipped();
  const std::pair<const char*, double> prices[] = {
      {"c5.large", 0.085}, {"m5.large", 0.096},    {"t2.micro", 0.0116},   {"p2.xlarge", 0.90},
      {"p3.2xlarge", 3.06}, {"g4dn.xlarge", 0.526}, {"inf1.xlarge", 0.368}, {"inf1.2xlarge", 0.584}};
  for (const auto& [name, price] : prices) EXPECT_DOUBLE_EQ(itype(c, name).price_per_hour, price) << name;
}

TEST(HardwareCatalogFiles, InstancesExposeTheirDevices) {
  const HardwareCatalog c = shipped();
  const InstanceType& c5 = itype(c, "c5.large");
  ASSERT_EQ(c5.devices.size(), 1u);
  const DeviceType& cpu = c.type(c5.devices[0].type);
  EXPECT_EQ(cpu.name, "c5.large.cpu");
  EXPECT_EQ(cpu.kind, DeviceKind::kCpu);
  EXPECT_EQ(cpu.memory_mb, c5.memory_mb);
  EXPECT_EQ(c5.vcpus, 2u);

  // p2.xlarge also exposes its host CPU: InferLine runs CPU stages there.
  const InstanceType& p2 = itype(c, "p2.xlarge");
  ASSERT_EQ(p2.devices.size(), 2u);
  EXPECT_EQ(c.type(p2.devices[0].type).name, "k80");
  EXPECT_EQ(p2.devices[0].count, 1u);
  EXPECT_EQ(c.type(p2.devices[1].type).name, "p2.xlarge.cpu");
  EXPECT_EQ(c.type(p2.devices[1].type).kind, DeviceKind::kCpu);

  const InstanceType& inf1 = itype(c, "inf1.2xlarge");
  ASSERT_EQ(inf1.devices.size(), 1u);
  EXPECT_EQ(c.type(inf1.devices[0].type).name, "neuroncore");
  EXPECT_EQ(inf1.devices[0].count, 4u);  // one Inferentia chip
  EXPECT_EQ(inf1.vcpus, 8u);
}

TEST(HardwareCatalogFiles, CatalogBillsAC5LargeToTheCent) {
  const HardwareCatalog c = shipped();
  const InstanceType& c5 = itype(c, "c5.large");
  EXPECT_NEAR(c5.billing.charge(c5.price_per_hour, from_seconds(30)), 0.00141667, 1e-8);
  EXPECT_NEAR(c5.billing.charge(c5.price_per_hour, from_seconds(61)), 0.00144028, 1e-8);
  EXPECT_NEAR(c5.billing.charge(c5.price_per_hour, from_seconds(3601)), 0.08502361, 1e-8);
}

TEST(HardwareCatalogFiles, T2CreditsAsPublishedAndThirtyMinutesOfLaunchCredits) {
  const HardwareCatalog c = shipped();
  const struct {
    const char* name;
    double baseline, per_hour, max, launch;
  } t2[] = {{"t2.micro", 0.10, 6, 144, 30},
            {"t2.small", 0.20, 12, 288, 30},
            {"t2.medium", 0.20, 24, 576, 60},
            {"t2.large", 0.30, 36, 864, 60}};
  for (const auto& e : t2) {
    const InstanceType& t = itype(c, e.name);
    ASSERT_TRUE(t.burstable) << e.name;
    EXPECT_DOUBLE_EQ(t.burstable->baseline_share, e.baseline) << e.name;
    EXPECT_DOUBLE_EQ(t.burstable->credits_per_hour, e.per_hour) << e.name;
    EXPECT_DOUBLE_EQ(t.burstable->max_credits, e.max) << e.name;
    // 30 launch credits per vCPU: 30 minutes at 100 % on every vCPU (MArk 3.2).
    EXPECT_DOUBLE_EQ(t.burstable->launch_credits, 30.0 * t.vcpus) << e.name;
    const SimTime empty = CpuCreditBalance(*t.burstable, t.vcpus, SimTime::zero()).exhausted_at(SimTime::zero(), t.vcpus);
    EXPECT_GE(empty, at_seconds(30 * 60)) << e.name;
    EXPECT_LT(empty, at_seconds(45 * 60)) << e.name;
  }
}

TEST(HardwareCatalogFiles, LambdaSettings) {
  const HardwareCatalog c = shipped();
  const LambdaSpec& l = c.lambda();
  EXPECT_DOUBLE_EQ(l.price_per_gb_second, 0.0000166667);
  EXPECT_DOUBLE_EQ(l.price_per_request, 0.0000002);
  EXPECT_EQ(l.granularity, from_millis(1));
  EXPECT_EQ(l.keep_alive, from_seconds(3000));
  EXPECT_EQ(l.concurrency_limit, 1000u);
  EXPECT_DOUBLE_EQ(l.mb_per_vcpu, 1769);
}

TEST(HardwareCatalogFiles, InstancesNeedTheirAcceleratorsLoadedFirst) {
  try {
    load({"fixed_devices.json", "aws_instances.json"});
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown device type \"k80\""), std::string::npos) << e.what();
  }
}

// The reader's refusals: each names the file, the JSON path and what was expected.
std::string parse_error(const json& doc, HardwareCatalog catalog = {}) {
  try {
    parse_hardware_catalog(JsonNode(doc, "hw.json"), catalog);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

json minimal_instance() {
  return json::parse(R"({"name": "x.large", "vcpus": 2, "memory_mb": 4096, "devices": [{"type": "x.cpu", "count": 1}],
                         "price_per_hour": 0.1, "boot_latency_s": 60})");
}

json with_instance(const json& instance) {
  json doc = json::parse(R"({"device_types": [{"name": "x.cpu", "kind": "cpu", "cores": 2, "memory_mb": 4096}]})");
  doc["instance_types"] = json::array({instance});
  return doc;
}

void expect_error(const json& doc, const std::string& part) {
  const std::string what = parse_error(doc);
  EXPECT_NE(what.find(part), std::string::npos) << what;
}

TEST(HardwareCatalogParser, MinimalInstanceTypeTakesDefaults) {
  HardwareCatalog c;
  parse_hardware_catalog(JsonNode(with_instance(minimal_instance()), "hw.json"), c);
  const InstanceType& t = c.instance_type(0);
  EXPECT_EQ(t.family, "x");  // from the name
  EXPECT_EQ(t.billing.kind, BillingRule::Kind::kPerSecond);
  EXPECT_EQ(t.billing.minimum, from_seconds(60));
  EXPECT_EQ(t.boot_latency, from_seconds(60));
  EXPECT_FALSE(t.burstable);
  EXPECT_FALSE(c.lambda_configured());
}

TEST(HardwareCatalogParser, PerStartedHourBilling) {
  json i = minimal_instance();
  i["billing"] = {{"kind", "per_started_hour"}};
  HardwareCatalog c;
  parse_hardware_catalog(JsonNode(with_instance(i), "hw.json"), c);
  EXPECT_DOUBLE_EQ(c.instance_type(0).billing.charge(0.9, from_seconds(61 * 60)), 1.8);
}

TEST(HardwareCatalogParser, RefusesBadInstanceTypes) {
  json i = minimal_instance();
  i["devices"][0]["type"] = "nope";
  expect_error(with_instance(i), "hw.json: instance_types[0].devices[0].type: unknown device type \"nope\"");

  i = minimal_instance();
  i["price_per_hour"] = 0;
  expect_error(with_instance(i), "instance_types[0].price_per_hour: expected a number > 0");

  i = minimal_instance();
  i["devices"] = json::array();
  expect_error(with_instance(i), "instance_types[0].devices: expected at least one device");

  i = minimal_instance();
  i["gpus"] = 1;
  expect_error(with_instance(i), "instance_types[0].gpus: unknown key");

  i = minimal_instance();
  i["boot_latency_s"] = 90000;
  expect_error(with_instance(i), "instance_types[0].boot_latency_s: expected a number in [0, 86400] s");

  i = minimal_instance();
  i["billing"] = {{"kind", "per_minute"}};
  expect_error(with_instance(i), "instance_types[0].billing.kind: expected one of");

  i = minimal_instance();
  i["vcpus"] = 1.5;
  expect_error(with_instance(i), "instance_types[0].vcpus: expected an integer");

  json doc = with_instance(minimal_instance());
  doc["instance_types"].push_back(minimal_instance());
  expect_error(doc, "instance_types[1].name: duplicate instance type \"x.large\"");
}

TEST(HardwareCatalogParser, RefusesBurstableCreditsThatContradictTheBaseline) {
  json i = minimal_instance();
  i["burstable"] = {{"baseline_share", 0.2}, {"credits_per_hour", 12}, {"max_credits", 576}, {"launch_credits", 60}};
  expect_error(with_instance(i), "instance_types[0].burstable.credits_per_hour: expected baseline_share x vcpus x 60");
  i["burstable"]["credits_per_hour"] = 24;
  HardwareCatalog c;
  parse_hardware_catalog(JsonNode(with_instance(i), "hw.json"), c);
  EXPECT_DOUBLE_EQ(c.instance_type(0).burstable->credits_per_hour, 24);
  i["burstable"]["baseline_share"] = 1.5;
  expect_error(with_instance(i), "instance_types[0].burstable.baseline_share: expected a share of one vCPU");
}

TEST(HardwareCatalogParser, InterferenceBlock) {
  json doc = json::parse(R"({"device_types": [{"name": "g", "kind": "gpu", "memory_mb": 1000,
                              "interference": {"threshold": 0.7, "slope": 1.5}}]})");
  HardwareCatalog c;
  parse_hardware_catalog(JsonNode(doc, "hw.json"), c);
  ASSERT_TRUE(c.type(0).interference);
  EXPECT_DOUBLE_EQ(c.type(0).interference->threshold, 0.7);
  EXPECT_DOUBLE_EQ(c.type(0).interference->slope, 1.5);
  EXPECT_DOUBLE_EQ(c.type(0).interference->smaller_model_weight, 2.0);  // default

  doc["device_types"][0]["interference"]["onset"] = 1;
  expect_error(doc, "device_types[0].interference.onset: unknown key");
  doc["device_types"][0]["interference"] = {{"slope", -1}};
  expect_error(doc, "device_types[0].interference.slope: expected a number >= 0");
  // Without a block: no interference on that device type.
  HardwareCatalog plain;
  parse_hardware_catalog(JsonNode(json::parse(R"({"device_types": [{"name": "g", "kind": "gpu", "memory_mb": 1}]})"), "hw.json"),
                         plain);
  EXPECT_FALSE(plain.type(0).interference);
}

TEST(HardwareCatalogParser, LambdaBlock) {
  const json doc = json::parse(R"({"lambda": {"granularity_ms": 100, "keep_alive_s": 2700, "concurrency_limit": 3000}})");
  HardwareCatalog c;
  parse_hardware_catalog(JsonNode(doc, "hw.json"), c);
  EXPECT_TRUE(c.lambda_configured());
  EXPECT_EQ(c.lambda().granularity, from_millis(100));
  EXPECT_EQ(c.lambda().keep_alive, from_seconds(2700));
  EXPECT_EQ(c.lambda().concurrency_limit, 3000u);
  EXPECT_DOUBLE_EQ(c.lambda().price_per_gb_second, 0.0000166667);  // default kept
  // A second catalog may not set it again.
  EXPECT_NE(parse_error(doc, c).find("hw.json: lambda: Lambda settings given twice"), std::string::npos);
  expect_error(json::parse(R"({"lambda": {"granularity_ms": 0}})"), "lambda.granularity_ms: expected a number > 0");
  expect_error(json::parse(R"({"lambda": {"memory_mb": 3008}})"), "lambda.memory_mb: unknown key");
  expect_error(json::parse(R"({"lambda": {"concurrency_limit": 0}})"), "lambda.concurrency_limit: expected an integer > 0");
}

TEST(HardwareCatalog, AddInstanceTypeChecksDeviceIds) {
  HardwareCatalog c;
  InstanceType t{"x", "x", 1, 1, {DeviceSlot{3, 1}}, 0.1, from_seconds(1), BillingRule{}, std::nullopt};
  EXPECT_THROW(c.add_instance_type(t), InvariantError);
  EXPECT_FALSE(c.find_instance_type("x"));
}

}  // namespace
}  // namespace servesim
