// INFaaS (ATC'21) section 6.1, Figure 5: configs/scenarios/papers/infaas/
// figure5_production.json run by the servesim binary. The paper: INFaaS
// achieved 1.1x and 1.3x higher throughput, 1.63x and 2.54x fewer SLO
// violations than Clipper+ and SM+, and 1.23x lower cost. Read from each
// run's summary.json; the test prints the three ratios beside the paper's.
//
// What holds (seed 1): higher throughput and lower cost than both baselines.
// What does not: SLO violations. The default INFaaS misses more SLOs than both
// baselines (about 19 % of the queries, Clipper+ 8 %, SM+ 15 %), and the test
// holds that deviation (SloViolationsKnownDeviationFromPaper) until the policy
// changes. Why, from the run: Algorithm 1 fills the Active variant with the
// smallest slack first and skips a replica only once its outstanding queries
// exceed the public code's bound of 0.8 s of its throughput
// (variant_selector.hpp), i.e. a queue 16 times a popular model's 50 ms SLO
// (DenseNet121's p99 is that bound: ~800 ms on its Inferentia replica, which
// INFaaS' memory-proportional cost prefers); and cheap CPU variants of the cold
// models are kept under the same bound. With the policy's own "queue_aware"
// ablation (the infaas-queue-aware run: a replica is skipped once its queue
// would break the budget) INFaaS misses about 4.5 % (the paper: "under 4 % on
// average"), fewer than both baselines: QueueAwareAblationHasFewerSloViolations.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "tests/regression/scenario_suite.hpp"

namespace servesim::test {
namespace {

namespace fs = std::filesystem;

const std::string kScenario =
    std::string(SERVESIM_SOURCE_DIR) + "/configs/scenarios/papers/infaas/figure5_production.json";

struct Outcome {
  double throughput = 0;  // completed queries per second
  double violations = 0;  // SLO violation ratio
  double cost = 0;        // dollars
};

class InfaasFigure5 : public ScenarioSuite<InfaasFigure5> {
 protected:
  static void SetUpTestSuite() { run_scenario(kScenario); }
  static Outcome outcome(const std::string& label) {
    const auto s = read_json(out() / label / "summary.json");
    return {s.at("throughput_qps").get<double>(), s.at("violation_ratio").get<double>(),
            s.at("cost").at("total").get<double>()};
  }
  // The paper's way of saying it: "INFaaS achieved X x higher throughput, Y x
  // fewer SLO violations and Z x lower cost".
  static void print_ratios(const std::string& infaas_label) {
    const Outcome i = outcome(infaas_label), c = outcome("clipper-plus"), s = outcome("sm-plus");
    std::printf("%-20s thr %.1f/s, SLO violations %.2f %%, cost $%.4f\n", infaas_label.c_str(), i.throughput,
                100 * i.violations, i.cost);
    std::printf("%-20s thr %.1f/s, SLO violations %.2f %%, cost $%.4f\n", "clipper-plus", c.throughput,
                100 * c.violations, c.cost);
    std::printf("%-20s thr %.1f/s, SLO violations %.2f %%, cost $%.4f\n", "sm-plus", s.throughput, 100 * s.violations,
                s.cost);
    std::printf("%s vs Clipper+ / SM+      measured          paper\n", infaas_label.c_str());
    std::printf("  higher throughput      %5.2fx / %5.2fx    1.1x / 1.3x\n", i.throughput / c.throughput,
                i.throughput / s.throughput);
    std::printf("  fewer SLO violations   %5.2fx / %5.2fx    1.63x / 2.54x\n", c.violations / i.violations,
                s.violations / i.violations);
    std::printf("  lower cost             %5.2fx / %5.2fx    1.23x\n", c.cost / i.cost, s.cost / i.cost);
  }
};


TEST_F(InfaasFigure5, HigherThroughputThanBothBaselines) {
  print_ratios("infaas");
  const Outcome i = outcome("infaas");
  // Clipper+ cannot carry the cold models' peak on its fixed CPU replicas; SM+
  // carries it by adding CPU workers, so its gap is small (about 0.5 %).
  EXPECT_GT(i.throughput, outcome("clipper-plus").throughput);
  EXPECT_GT(i.throughput, outcome("sm-plus").throughput);
}

TEST_F(InfaasFigure5, LowerCostThanBothBaselines) {
  const Outcome i = outcome("infaas");
  // Clipper+ pays its 12 workers throughout (5 m5.2xlarge + 7 p3.2xlarge,
  // $23.34/h); INFaaS starts from $18.39/h and adds CPU and Inferentia
  // workers at the peak; SM+ adds CPU workers (up to 32 m5.2xlarge).
  EXPECT_LT(i.cost, outcome("clipper-plus").cost);
  EXPECT_LT(i.cost, outcome("sm-plus").cost);
}

// KNOWN DEVIATION FROM THE PAPER (see the top of this file): INFaaS with its
// default rules misses MORE SLOs than both baselines here, not 1.63x / 2.54x
// fewer. This test holds the deviation so that a change to it is noticed: if
// it fails because INFaaS now misses fewer SLOs than the baselines, replace
// both EXPECT_GT with the paper's EXPECT_LT.
TEST_F(InfaasFigure5, SloViolationsKnownDeviationFromPaper) {
  const Outcome i = outcome("infaas");
  EXPECT_GT(i.violations, outcome("clipper-plus").violations) << "the deviation is gone: assert the paper's direction";
  EXPECT_GT(i.violations, outcome("sm-plus").violations) << "the deviation is gone: assert the paper's direction";
}

// The cause of the deviation: with the queue-aware ablation, Algorithm 1 stops
// filling a replica once its queue breaks the budget, and INFaaS misses fewer
// SLOs than both baselines, at the same throughput and a lower cost.
TEST_F(InfaasFigure5, QueueAwareAblationHasFewerSloViolations) {
  print_ratios("infaas-queue-aware");
  const Outcome q = outcome("infaas-queue-aware");
  EXPECT_LT(q.violations, outcome("clipper-plus").violations);
  EXPECT_LT(q.violations, outcome("sm-plus").violations);
  EXPECT_LT(q.violations, 0.06);
  EXPECT_GT(q.throughput, outcome("clipper-plus").throughput);
  EXPECT_GT(q.throughput, outcome("sm-plus").throughput);
  EXPECT_LT(q.cost, outcome("clipper-plus").cost);
  EXPECT_LT(q.cost, outcome("sm-plus").cost);
}

// Every policy saw the same 22 applications' queries (common random numbers),
// and the popular four carry about 80 % of them.
TEST_F(InfaasFigure5, SameQueriesAndZipfPopularity) {
  const auto s = read_json(out() / "infaas" / "summary.json");
  const double arrived = s.at("queries").at("arrived").get<double>();
  for (const char* label : {"infaas-queue-aware", "clipper-plus", "sm-plus"}) {
    EXPECT_EQ(read_json(out() / label / "summary.json").at("queries").at("arrived").get<double>(), arrived) << label;
  }
  ASSERT_EQ(s.at("per_app").size(), 22u);
  double popular = 0;
  for (const char* app : {"densenet121", "resnet50", "vgg16", "inception_v3"}) {
    popular += s.at("per_app").at(app).at("queries").at("arrived").get<double>();
  }
  EXPECT_NEAR(popular / arrived, 0.80, 0.01);
  EXPECT_GT(arrived, 100000);  // the paper: 113,420 queries
  EXPECT_LT(arrived, 130000);
}

}  // namespace
}  // namespace servesim::test
