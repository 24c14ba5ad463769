// InferLine's estimator on hand-checked cases: latencies without queueing, a
// batch forming from a burst, replicas sharing a queue, branches of
// probability 0 and 1, joins, the engine's own branch draws, the exact P99 and
// its 1 % boundary, and the early stop's verdict.
#include "policies/inferline/estimator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <vector>

#include "sim/serving/pipeline_branches.hpp"

namespace servesim::inferline::estimator_test {  // its own: unity builds join test files
namespace {

constexpr std::uint64_t kSeed = 11;

Duration ms(double x) { return from_millis(x); }

// T(b) = base + step * (b - 1) ms for b = 1..batch.
StageService service(double base_ms, std::uint32_t batch = 1, std::uint32_t replicas = 1, double step_ms = 0) {
  StageService s;
  s.latency.assign(batch + 1, Duration::zero());
  for (std::uint32_t b = 1; b <= batch; ++b) s.latency[b] = ms(base_ms + step_ms * (b - 1));
  s.replicas = replicas;
  return s;
}

Pipeline chain(std::size_t n) {
  std::vector<Stage> stages;
  std::vector<PipelineEdge> edges;
  for (std::size_t i = 0; i < n; ++i) {
    stages.push_back(Stage{std::string(1, static_cast<char>('A' + i)), static_cast<FamilyId>(i)});
    if (i > 0) edges.push_back(PipelineEdge{static_cast<StageId>(i - 1), static_cast<StageId>(i), 1.0});
  }
  return Pipeline(std::move(stages), std::move(edges));
}

// A -> B (p_b), A -> C (p_c), B -> D, C -> D: D joins B and C.
Pipeline diamond(double p_b, double p_c) {
  return Pipeline({{"A", 0}, {"B", 1}, {"C", 2}, {"D", 3}}, {{0, 1, p_b}, {0, 2, p_c}, {1, 3, 1.0}, {2, 3, 1.0}});
}

std::vector<SimTime> at_ms(const std::vector<double>& times) {
  std::vector<SimTime> out;
  for (double t : times) out.push_back(SimTime::zero() + ms(t));
  return out;
}

std::vector<SimTime> spaced(std::size_t n, double gap_ms) {
  std::vector<double> t;
  for (std::size_t i = 0; i < n; ++i) t.push_back(100 + gap_ms * static_cast<double>(i));
  return at_ms(t);
}

std::map<std::int64_t, int> by_latency_ms(std::span<const Duration> latencies) {
  std::map<std::int64_t, int> out;
  for (Duration d : latencies) ++out[d.ns / 1'000'000];
  return out;
}

TEST(Estimator, WithoutQueueingP99IsTheBatchOneLatency) {
  const Pipeline p = chain(1);
  Estimator estimator(p, kSeed);
  const std::vector<StageService> plan{service(10)};
  const Estimate e = estimator.run(plan, spaced(50, 20), ms(10));
  EXPECT_EQ(e.p99, ms(10));
  EXPECT_EQ(e.late, 0u);
  EXPECT_EQ(e.finished, 50u);
  EXPECT_TRUE(e.feasible);
  EXPECT_FALSE(e.stopped_early);
  for (Duration d : estimator.latencies()) EXPECT_EQ(d, ms(10));
  // One nanosecond less of SLO: every query is late.
  const Estimate tight = estimator.run(plan, spaced(50, 20), ms(10) - Duration{1});
  EXPECT_EQ(tight.late, 50u);
  EXPECT_FALSE(tight.feasible);
}

TEST(Estimator, AChainAddsItsStagesLatencies) {
  const Pipeline p = chain(3);
  Estimator estimator(p, kSeed);
  const Estimate e = estimator.run(std::vector<StageService>{service(10), service(20), service(5)}, spaced(20, 100),
                                   ms(100));
  EXPECT_EQ(e.p99, ms(35));
  for (Duration d : estimator.latencies()) EXPECT_EQ(d, ms(35));
}

TEST(Estimator, AFreeReplicaTakesABatchOfWhatWaits) {
  // The engine's case (tests/unit/serving/central_queue_test.cpp): T(b) =
  // 10 + 2 (b - 1) ms up to 8 here; ten queries at once: the first runs alone
  // (10 ms), the next eight as one batch from 10 ms (done at 10 + 24 = 34),
  // the last alone after them (44).
  const Pipeline p = chain(1);
  Estimator estimator(p, kSeed);
  StageService s = service(10, 8, 1, 2);
  const Estimate e = estimator.run(std::vector<StageService>{s}, at_ms(std::vector<double>(10, 100.0)), ms(50));
  EXPECT_EQ(by_latency_ms(estimator.latencies()), (std::map<std::int64_t, int>{{10, 1}, {34, 8}, {44, 1}}));
  EXPECT_EQ(e.p99, ms(44));  // p99 of 10 is the largest
  EXPECT_TRUE(e.feasible);
  // Batches never exceed b: with b = 4 the nine waiting go as 4, 4, 1.
  s = service(10, 4, 1, 2);
  estimator.run(std::vector<StageService>{s}, at_ms(std::vector<double>(10, 100.0)), ms(50));
  EXPECT_EQ(by_latency_ms(estimator.latencies()), (std::map<std::int64_t, int>{{10, 1}, {26, 4}, {42, 4}, {52, 1}}));
}

TEST(Estimator, ReplicasShareTheStagesQueue) {
  // Two replicas, batch 1, 10 ms: five queries at once finish at 10, 10, 20,
  // 20, 30 ms; queries 20 ms apart never wait.
  const Pipeline p = chain(1);
  Estimator estimator(p, kSeed);
  const std::vector<StageService> plan{service(10, 1, 2)};
  const Estimate e = estimator.run(plan, at_ms(std::vector<double>(5, 0.0)), ms(25));
  EXPECT_EQ(by_latency_ms(estimator.latencies()), (std::map<std::int64_t, int>{{10, 2}, {20, 2}, {30, 1}}));
  EXPECT_EQ(e.late, 1u);
  EXPECT_FALSE(e.feasible);
  EXPECT_EQ(estimator.latencies()[0], ms(10));  // FIFO: the first two go first
  EXPECT_EQ(estimator.latencies()[4], ms(30));
  EXPECT_EQ(estimator.run(plan, spaced(40, 5.5), ms(25)).p99, ms(10));  // two replicas keep up at a 5.5 ms gap
}

TEST(Estimator, BranchesOfProbabilityZeroAndOne) {
  // A -> B always, A -> C never: every query takes 10 + 20 ms, C idles.
  const Pipeline p({{"A", 0}, {"B", 1}, {"C", 2}}, {{0, 1, 1.0}, {0, 2, 0.0}});
  Estimator estimator(p, kSeed);
  const Estimate e =
      estimator.run(std::vector<StageService>{service(10), service(20), service(1000)}, spaced(30, 50), ms(30));
  EXPECT_EQ(e.p99, ms(30));
  for (Duration d : estimator.latencies()) EXPECT_EQ(d, ms(30));
  // Only an edge of probability 0: the query ends with A.
  const Pipeline q({{"A", 0}, {"B", 1}}, {{0, 1, 0.0}});
  Estimator skip(q, kSeed);
  EXPECT_EQ(skip.run(std::vector<StageService>{service(10), service(1000)}, spaced(30, 50), ms(30)).p99, ms(10));
}

TEST(Estimator, BranchesAreTheEnginesDraws) {
  // A -> B with probability 0.3: query i visits B exactly when the engine's
  // draw for (seed, i, stage 0, edge 0) says so.
  const Pipeline p({{"A", 0}, {"B", 1}}, {{0, 1, 0.3}});
  Estimator estimator(p, kSeed);
  estimator.run(std::vector<StageService>{service(10), service(20)}, spaced(2000, 50), ms(100));
  const std::uint64_t seed = pipeline_branch_seed(kSeed);
  std::size_t visited = 0;
  for (std::size_t i = 0; i < 2000; ++i) {
    const bool taken = branch_taken(seed, i, 0, 0, 0.3);
    visited += taken;
    EXPECT_EQ(estimator.latencies()[i], taken ? ms(30) : ms(10)) << "query " << i;
  }
  EXPECT_GT(visited, 500u);  // about 600
  EXPECT_LT(visited, 700u);
}

TEST(Estimator, AJoinWaitsForAllItsParents) {
  // A 10, B 20, C 40, D 5 ms: with both branches, D starts when C is done.
  Estimator both(diamond(1.0, 1.0), kSeed);
  const std::vector<StageService> plan{service(10), service(20), service(40), service(5)};
  EXPECT_EQ(both.run(plan, spaced(20, 100), ms(100)).p99, ms(55));
  // B skipped: D still runs once C is done.
  const Pipeline only_c = diamond(0.0, 1.0);
  Estimator c(only_c, kSeed);
  EXPECT_EQ(c.run(plan, spaced(20, 100), ms(100)).p99, ms(55));
  // C skipped: D follows B.
  const Pipeline only_b = diamond(1.0, 0.0);
  Estimator b(only_b, kSeed);
  EXPECT_EQ(b.run(plan, spaced(20, 100), ms(100)).p99, ms(35));
  // Neither: D is skipped too, the query ends with A.
  const Pipeline none = diamond(0.0, 0.0);
  Estimator a(none, kSeed);
  EXPECT_EQ(a.run(plan, spaced(20, 100), ms(100)).p99, ms(10));
}

TEST(Estimator, AJoinVisitsOnceWhenEitherBranchIsTaken) {
  // Branches of 0.5: latency is 10 + max(visited of B 20, C 40) + 5 (D runs
  // if either is taken), or 10 when neither.
  const Pipeline p = diamond(0.5, 0.5);
  Estimator estimator(p, kSeed);
  estimator.run(std::vector<StageService>{service(10), service(20), service(40), service(5)}, spaced(400, 100),
                ms(100));
  const std::uint64_t seed = pipeline_branch_seed(kSeed);
  for (std::size_t i = 0; i < 400; ++i) {
    const bool b = branch_taken(seed, i, 0, 0, 0.5);
    const bool c = branch_taken(seed, i, 0, 1, 0.5);
    const Duration expected = c ? ms(55) : b ? ms(35) : ms(10);
    EXPECT_EQ(estimator.latencies()[i], expected) << "query " << i;
  }
}

TEST(Estimator, P99IsTheNearestRankOrderStatistic) {
  // 100 queries, one replica of 10 ms, SLO 15 ms. Queries 100 ms apart take
  // 10 ms; the second of two at the same instant takes 20. One such pair:
  // 1 late of 100, the 99th smallest is 10 ms, feasible. Two: infeasible.
  const Pipeline p = chain(1);
  Estimator estimator(p, kSeed);
  const std::vector<StageService> plan{service(10)};
  std::vector<double> t;
  for (int i = 0; i < 100; ++i) t.push_back(100.0 * i);
  t[1] = t[0];
  Estimate e = estimator.run(plan, at_ms(t), ms(15));
  EXPECT_EQ(e.late, 1u);
  EXPECT_EQ(e.p99, ms(10));
  EXPECT_TRUE(e.feasible);
  t[3] = t[2];
  e = estimator.run(plan, at_ms(t), ms(15));
  EXPECT_EQ(e.late, 2u);
  EXPECT_EQ(e.p99, ms(20));
  EXPECT_FALSE(e.feasible);
  // The early stop needs more than one late query of 100: the same verdicts.
  EstimateOptions stop;
  stop.stop_when_infeasible = true;
  e = estimator.run(plan, at_ms(t), ms(15), stop);
  EXPECT_TRUE(e.stopped_early);
  EXPECT_FALSE(e.feasible);
  EXPECT_EQ(e.late, 2u);
  EXPECT_LT(e.finished, 100u);
  EXPECT_TRUE(e.p99.is_infinite());
  t[3] = 300;
  e = estimator.run(plan, at_ms(t), ms(15), stop);
  EXPECT_FALSE(e.stopped_early);
  EXPECT_TRUE(e.feasible);
  EXPECT_EQ(e.p99, ms(10));
}

TEST(Estimator, TheEarlyStopGivesTheFullRunsVerdict) {
  // An overloaded stage (100 QPS of capacity at 150 QPS): the full run and
  // the early stop agree it is infeasible, and the stop comes early.
  const Pipeline p = chain(2);
  Estimator estimator(p, kSeed);
  const std::vector<StageService> plan{service(5), service(10)};
  const std::vector<SimTime> trace = spaced(20000, 1000.0 / 150);
  const Estimate full = estimator.run(plan, trace, ms(100));
  EstimateOptions stop;
  stop.stop_when_infeasible = true;
  const Estimate early = estimator.run(plan, trace, ms(100), stop);
  EXPECT_FALSE(full.feasible);
  EXPECT_FALSE(full.stopped_early);
  EXPECT_FALSE(early.feasible);
  EXPECT_TRUE(early.stopped_early);
  EXPECT_EQ(early.late, 20000u / 100 + 1);
  EXPECT_LT(early.events, full.events / 2);
  // With a second replica it keeps up: both runs are the same, feasible.
  const std::vector<StageService> two{service(5), service(10, 1, 2)};
  const Estimate a = estimator.run(two, trace, ms(100));
  const Estimate b = estimator.run(two, trace, ms(100), stop);
  EXPECT_TRUE(a.feasible);
  EXPECT_EQ(a.p99, b.p99);
  EXPECT_EQ(a.events, b.events);
  EXPECT_FALSE(b.stopped_early);
}

TEST(Estimator, RefusesABadTraceOrPlan) {
  const Pipeline p = chain(2);
  Estimator estimator(p, kSeed);
  const std::vector<StageService> plan{service(5), service(10)};
  EXPECT_THROW(estimator.run(plan, std::vector<SimTime>{}, ms(10)), std::invalid_argument);
  EXPECT_THROW(estimator.run(plan, at_ms({5, 4}), ms(10)), std::invalid_argument);
  EXPECT_THROW(estimator.run(std::vector<StageService>{service(5)}, at_ms({1}), ms(10)), std::invalid_argument);
  StageService none = service(5);
  none.replicas = 0;
  EXPECT_THROW(estimator.run(std::vector<StageService>{service(5), none}, at_ms({1}), ms(10)), std::invalid_argument);
}

}  // namespace
}  // namespace servesim::inferline::estimator_test
