// The cloud tour (configs/scenarios/cloud_tour.json) under regression: one run
// through elastic on-demand CPU, GPU and Inferentia instances, a spot instance
// taken back at 1500 s (its notice at 1380 s launches a t2.large standby,
// stopped at 2400 s), a second spot instance that runs past its first hour,
// and Lambda overflow. Every cost component must show, with the amounts the
// catalog's prices give.
#include <gtest/gtest.h>

#include "regression_support.hpp"

namespace servesim::test {
namespace {

namespace fs = std::filesystem;

class CloudTour : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new TempDir();
    const std::string scenario = std::string(SERVESIM_SOURCE_DIR) + "/configs/scenarios/cloud_tour.json";
    const CliResult r = run_servesim({"run", scenario, "--out", (scratch_->path() / "out").string(), "-q"},
                                     scratch_->path());
    ASSERT_EQ(r.status, 0) << r.err;
  }
  static void TearDownTestSuite() {
    delete scratch_;
    scratch_ = nullptr;
  }
  static nlohmann::json summary(const std::string& policy) {
    return read_json(scratch_->path() / "out" / policy / "summary.json");
  }
  static TempDir* scratch_;
};

TempDir* CloudTour::scratch_ = nullptr;

TEST_F(CloudTour, EveryCostComponentShows) {
  const auto cost = summary("scripted")["cost"];
  EXPECT_GT(cost["on_demand"].get<double>(), 0);
  EXPECT_GT(cost["spot"].get<double>(), 0);
  EXPECT_GT(cost["lambda"].get<double>(), 0);
  for (const char* type : {"c5.xlarge", "inf1.xlarge", "p3.2xlarge", "t2.large"}) {
    EXPECT_GT(cost["by_instance_type"][type].get<double>(), 0) << type;
  }
  EXPECT_NEAR(cost["total"].get<double>(),
              cost["on_demand"].get<double>() + cost["spot"].get<double>() + cost["lambda"].get<double>(), 1e-5);
}

TEST_F(CloudTour, BillsFollowThePrices) {
  const auto by_type = summary("scripted")["cost"]["by_instance_type"];
  // Spot: the instance taken back within its first hour is free; the other
  // ran from 300 s to the end at 30 % of $0.17/h.
  const double spot = 0.3 * 0.17 * 3900 / 3600;
  EXPECT_NEAR(summary("scripted")["cost"]["spot"].get<double>(), spot, 1e-5);
  // c5.xlarge, both markets: two on-demand for the whole 4200 s, plus the spot one.
  EXPECT_NEAR(by_type["c5.xlarge"].get<double>(), 2 * 0.17 * 4200 / 3600 + spot, 1e-5);
  // One inf1.xlarge for 4200 s at $0.368/h.
  EXPECT_NEAR(by_type["inf1.xlarge"].get<double>(), 0.368 * 4200 / 3600, 1e-5);
  // p3.2xlarge requested at 600 s (the first tick at or after it), stopped at
  // 3600 s once drained: 3000 s at $3.06/h, to the second.
  EXPECT_NEAR(by_type["p3.2xlarge"].get<double>(), 3.06 * 3000 / 3600, 3.06 / 3600 * 2);
  // The standby t2.large: from the notice (1380 s) to its stop at 2400 s.
  EXPECT_NEAR(by_type["t2.large"].get<double>(), 0.0928 * 1020 / 3600, 0.0928 / 3600 * 2);
}

TEST_F(CloudTour, LambdaOverflowServesTheImageBurstsBetter) {
  const auto with = summary("scripted")["per_app"]["image"];
  const auto without = summary("scripted-no-lambda")["per_app"]["image"];
  EXPECT_GT(with["slo_attainment"].get<double>(), without["slo_attainment"].get<double>() + 0.02);
  EXPECT_EQ(summary("scripted-no-lambda")["cost"]["lambda"].get<double>(), 0);
}

TEST_F(CloudTour, NoQueryIsLost) {
  for (const char* policy : {"scripted", "scripted-no-lambda"}) {
    const auto q = summary(policy)["queries"];
    EXPECT_EQ(q["arrived"].get<std::uint64_t>(),
              q["completed"].get<std::uint64_t>() + q["dropped"].get<std::uint64_t>() +
                  q["rejected"].get<std::uint64_t>() + q["unfinished"].get<std::uint64_t>())
        << policy;
  }
}

}  // namespace
}  // namespace servesim::test
