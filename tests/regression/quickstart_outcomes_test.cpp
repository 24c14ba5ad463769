// Policy outcomes of the quickstart scenario, held under regression.
//
// The physics: the diurnal load averages 150 queries/s and peaks near 240
// (peak-to-valley 4) plus spikes. Two V100s running resnet50 serve a batch of
// 16 in 17 ms, far more than the peak: every query on time. Four CPUs running
// resnet18 serve at most 4 queries in 93 ms each, about 170 queries/s, and a
// batch of 4 already takes most of the 100 ms SLO: the peak cannot be carried.
// The mix adds those CPUs to one V100 (resnet101), and least-loaded routing
// sends them some queries that miss the SLO now and then.
#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>

#include "regression_support.hpp"

namespace servesim::test {
namespace {

namespace fs = std::filesystem;

class QuickstartOutcomes : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new TempDir();
    const CliResult r = run_quickstart(out(), *scratch_);
    ASSERT_EQ(r.status, 0) << r.err;
  }
  static void TearDownTestSuite() {
    delete scratch_;
    scratch_ = nullptr;
  }
  static fs::path out() { return scratch_->path() / "out"; }
  static nlohmann::json summary(const std::string& policy) { return read_json(out() / policy / "summary.json"); }
  static double attainment(const std::string& policy) { return summary(policy)["slo_attainment"].get<double>(); }
  static TempDir* scratch_;
};

TempDir* QuickstartOutcomes::scratch_ = nullptr;

TEST_F(QuickstartOutcomes, SloAttainmentOrdersGpuMixCpu) {
  const double gpu = attainment("static-gpu"), mix = attainment("static-mix"), cpu = attainment("static-cpu");
  EXPECT_GT(gpu, mix);
  EXPECT_GT(mix, cpu);
  EXPECT_GE(gpu, 0.999);
  EXPECT_GE(mix, 0.99);
}

TEST_F(QuickstartOutcomes, FourCpusCannotCarryThePeak) {
  const double cpu = attainment("static-cpu");
  EXPECT_LT(cpu, 0.75) << "well below 90 %";
  EXPECT_GT(cpu, 0.1) << "the valleys are still served";
  const auto s = summary("static-cpu");
  EXPECT_GT(s["queries"]["dropped"].get<std::uint64_t>(), 0u);  // "expired" drops at the peak
  EXPECT_LT(s["throughput_qps"].get<double>(), 0.95 * summary("static-gpu")["throughput_qps"].get<double>());
}

TEST_F(QuickstartOutcomes, GpuThroughputMeetsTheDemand) {
  const auto s = summary("static-gpu");
  const double demand = s["queries"]["arrived"].get<double>() / s["duration_s"].get<double>();
  EXPECT_NEAR(s["throughput_qps"].get<double>(), demand, 0.01 * demand);
  EXPECT_NEAR(demand, 150, 15);  // the workload's mean rate, give or take the spikes and noise
  EXPECT_EQ(s["queries"]["dropped"], 0);
}

TEST_F(QuickstartOutcomes, SummariesAreConsistent) {
  std::uint64_t arrived_gpu = 0;
  for (const auto& policy : kQuickstartPolicies) {
    SCOPED_TRACE(policy);
    const auto s = summary(policy);
    EXPECT_EQ(s["scenario"], "quickstart");
    EXPECT_EQ(s["policy"], policy);
    EXPECT_EQ(s["policy_name"], "static");
    EXPECT_EQ(s["seed"], 42);
    const auto& q = s["queries"];
    const auto n = [&](const char* k) { return q[k].get<std::uint64_t>(); };
    EXPECT_EQ(n("arrived"), n("completed") + n("dropped") + n("rejected") + n("unfinished"));
    EXPECT_EQ(n("completed"), n("on_time") + n("late"));
    if (arrived_gpu == 0) arrived_gpu = n("arrived");
    EXPECT_EQ(n("arrived"), arrived_gpu) << "every policy sees the same queries";
    EXPECT_NEAR(s["slo_attainment"].get<double>(), static_cast<double>(n("on_time")) / n("arrived"), 1e-6);
    EXPECT_NEAR(s["violation_ratio"].get<double>(), 1 - s["slo_attainment"].get<double>(), 1e-6);
    const auto& lat = s["latency_ms"];
    EXPECT_LE(lat["p50"].get<double>(), lat["p90"].get<double>());
    EXPECT_LE(lat["p90"].get<double>(), lat["p99"].get<double>());
    EXPECT_LE(lat["p99"].get<double>(), lat["p999"].get<double>());
    // One application: its block repeats the overall one.
    ASSERT_TRUE(s["per_app"].contains("classify"));
    EXPECT_EQ(s["per_app"]["classify"]["queries"], q);

    // The time series adds up to the summary: every window, the drain's too,
    // for the counts; the 120 windows of the arrivals for throughput and
    // goodput, which the drain's completions do not count in.
    const auto csv = read_csv(out() / policy / "timeseries.csv");
    ASSERT_GE(csv.rows.size(), 120u);
    EXPECT_EQ(s["drain_s"].get<double>() > 0, csv.rows.size() > 120u);
    for (const char* column : {"arrivals", "completed", "on_time", "late", "dropped", "rejected", "unfinished"}) {
      std::uint64_t total = 0;
      for (const auto& v : csv.values(column)) total += std::stoull(v);
      const std::string key = std::string(column) == "arrivals" ? "arrived" : column;
      EXPECT_EQ(total, n(key.c_str())) << column;
    }
    double completed_by_end = 0, on_time_by_end = 0;
    for (std::size_t w = 0; w < 120; ++w) {
      completed_by_end += std::stod(csv.values("completed")[w]);
      on_time_by_end += std::stod(csv.values("on_time")[w]);
    }
    EXPECT_NEAR(s["throughput_qps"].get<double>(), completed_by_end / 1200.0, 1e-5);
    EXPECT_NEAR(s["goodput_qps"].get<double>(), on_time_by_end / 1200.0, 1e-5);
  }
}

// The fixed cluster is owned: every policy pays for all of it, $3.06 per
// V100-hour and $0.17 per CPU-hour over the 1200 s, idle devices included
// (static-gpu leaves the CPUs idle, static-cpu the GPUs), and nothing for
// the drain after the last arrival.
TEST_F(QuickstartOutcomes, EveryPolicyPaysForTheWholeOwnedCluster) {
  const double cluster = (2 * 3.06 + 4 * 0.17) * 1200 / 3600;
  for (const auto& policy : kQuickstartPolicies) {
    EXPECT_NEAR(summary(policy)["cost"]["total"].get<double>(), cluster, 1e-6) << policy;
    EXPECT_NEAR(summary(policy)["cost"]["fixed"].get<double>(), cluster, 1e-6) << policy;
  }
}

// cost.hosted prices only the devices that hold a replica, from the start to
// the end of the span (the static placements never change): static-gpu's two
// V100s, static-cpu's four CPUs, static-mix's four CPUs and one V100. It is
// not in the total, which stays the whole owned cluster.
TEST_F(QuickstartOutcomes, HostedCostsTheDevicesThatHoldAReplica) {
  const std::pair<const char*, double> hosted[] = {{"static-gpu", 2 * 3.06 * 1200 / 3600},
                                                   {"static-cpu", 4 * 0.17 * 1200 / 3600},
                                                   {"static-mix", (3.06 + 4 * 0.17) * 1200 / 3600}};
  for (const auto& [policy, dollars] : hosted) {
    EXPECT_NEAR(summary(policy)["cost"]["hosted"].get<double>(), dollars, 1e-6) << policy;
  }
}

// The golden fingerprint of static-gpu's time series. A change to it means the
// engine's behaviour changed (arrivals, batching, service, metrics or their
// formatting): explain why in the commit that updates the constant. The
// message prints the new value.
TEST_F(QuickstartOutcomes, GoldenFingerprintOfStaticGpuTimeSeries) {
  constexpr std::uint64_t kFingerprint = 0x7036228893aecb65ULL;
  const std::uint64_t now = fnv1a(read_text(out() / "static-gpu" / "timeseries.csv"));
  char hex[32];
  std::snprintf(hex, sizeof hex, "0x%016" PRIx64, now);
  EXPECT_EQ(now, kFingerprint) << "static-gpu timeseries.csv fingerprint is now " << hex;
}

}  // namespace
}  // namespace servesim::test
