// Policy outcomes of the quickstart scenario, held under regression.
//
// The physics: the diurnal load averages 150 queries/s and peaks near 240
// (peak-to-valley 4), 480 in a spike (magnitude 2). Each configuration runs
// on its own devices. Two V100s running resnet50 serve a batch of 16 in
// 17.4 ms, far more than the peak. Four 4-core CPUs running resnet18 run a
// batch on each core (a CPU profile is one batch on one core; a placement
// without a concurrency fills its device): 16 cores at 24.75 ms a query serve
// about 650 queries/s one at a time, above the spikes, each well within the
// 100 ms SLO. The mix adds one V100 (resnet101) to those CPUs. So every
// configuration keeps up; they differ in what they cost, how fast they answer
// and how accurately.
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

TEST_F(QuickstartOutcomes, EveryConfigurationCarriesTheDay) {
  for (const auto& policy : kQuickstartPolicies) {
    EXPECT_GE(attainment(policy), 0.999) << policy;
    EXPECT_EQ(summary(policy)["queries"]["dropped"], 0) << policy;
  }
}

// With one batch at a time per CPU (concurrency 1, the old default) the four
// CPUs would carry at most 4 x 4 / 93 ms = 172 queries/s and miss the peak;
// on every core, queries are mostly served alone, in resnet18's batch-1 time.
TEST_F(QuickstartOutcomes, CpuReplicasRunABatchOnEachCore) {
  const auto s = summary("static-cpu");
  EXPECT_DOUBLE_EQ(s["latency_ms"]["p50"].get<double>(), 24.75);
  EXPECT_LT(s["latency_ms"]["p99"].get<double>(), 47.5) << "below a batch of two";
}

// The V100s answer fastest (resnet50's batch of 16 takes 17.44 ms, below a
// CPU's single query) with the most accurate variant; the CPUs' resnet18 is the
// least accurate, the mix in between (part of its queries go to resnet101).
TEST_F(QuickstartOutcomes, TheGpusAnswerFastestTheCpusLeastAccurately) {
  EXPECT_LT(summary("static-gpu")["latency_ms"]["p99"].get<double>(), 17.44);
  // Percent of the family's best, resnet152's 78.312 % top-1.
  const auto accuracy = [&](const char* policy) { return summary(policy)["effective_accuracy"].get<double>(); };
  EXPECT_NEAR(accuracy("static-gpu"), 100 * 76.13 / 78.312, 1e-4);
  EXPECT_NEAR(accuracy("static-cpu"), 100 * 69.758 / 78.312, 1e-4);
  EXPECT_GT(accuracy("static-mix"), accuracy("static-cpu"));
  EXPECT_LT(accuracy("static-mix"), 100 * 77.374 / 78.312);
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

// Each configuration pays for its own devices, $3.06 per V100-hour and $0.17
// per CPU-hour over the 1200 s, and nothing for the drain after the last
// arrival: static-gpu's two V100s, static-cpu's four CPUs, static-mix's four
// CPUs and one V100. Every device holds a replica, so hosted is the total.
TEST_F(QuickstartOutcomes, EachConfigurationPaysForItsOwnDevices) {
  const std::pair<const char*, double> cost[] = {{"static-gpu", 2 * 3.06 * 1200 / 3600},
                                                 {"static-cpu", 4 * 0.17 * 1200 / 3600},
                                                 {"static-mix", (3.06 + 4 * 0.17) * 1200 / 3600}};
  for (const auto& [policy, dollars] : cost) {
    EXPECT_NEAR(summary(policy)["cost"]["total"].get<double>(), dollars, 1e-6) << policy;
    EXPECT_NEAR(summary(policy)["cost"]["fixed"].get<double>(), dollars, 1e-6) << policy;
    EXPECT_NEAR(summary(policy)["cost"]["hosted"].get<double>(), dollars, 1e-6) << policy;
  }
}

// The golden fingerprint of static-gpu's time series. A change to it means the
// engine's behaviour changed (arrivals, batching, service, metrics or their
// formatting): explain why in the commit that updates the constant. The
// message prints the new value.
TEST_F(QuickstartOutcomes, GoldenFingerprintOfStaticGpuTimeSeries) {
  constexpr std::uint64_t kFingerprint = 0x02a45ed020790135ULL;
  const std::uint64_t now = fnv1a(read_text(out() / "static-gpu" / "timeseries.csv"));
  char hex[32];
  std::snprintf(hex, sizeof hex, "0x%016" PRIx64, now);
  EXPECT_EQ(now, kFingerprint) << "static-gpu timeseries.csv fingerprint is now " << hex;
}

}  // namespace
}  // namespace servesim::test
