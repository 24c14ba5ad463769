#include "sim/metrics/run_metrics.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "sample_run.hpp"

namespace servesim {
namespace {

using namespace testing_sample;

std::vector<std::uint64_t> none_in_flight(std::size_t apps) { return std::vector<std::uint64_t>(apps, 0); }

// Relative tolerance of a histogram quantile.
void expect_quantile(double got_ms, double exact_ms) { EXPECT_NEAR(got_ms, exact_ms, 0.005 * exact_ms); }

TEST(RunMetrics, EmitsAllThenPerAppRowsPerWindow) {
  RecordingSink sink;
  RunMetrics m(sample_config(&sink, &sink));
  feed_sample(m);
  ASSERT_EQ(sink.rows.size(), 9u);
  EXPECT_EQ(sink.rows[0].app, "all");
  EXPECT_EQ(sink.rows[1].app, "a");
  EXPECT_EQ(sink.rows[2].app, "b");
  EXPECT_EQ(sink.rows[6].app, "all");
  EXPECT_EQ(sink.queries.size(), 8u);
}

TEST(RunMetrics, FirstWindowAllRow) {
  RecordingSink sink;
  RunMetrics m(sample_config(&sink));
  feed_sample(m);
  const WindowRow& r = sink.rows[0];
  EXPECT_DOUBLE_EQ(r.start_s, 0);
  EXPECT_DOUBLE_EQ(r.end_s, 10);
  EXPECT_EQ(r.arrivals, 6u);
  EXPECT_DOUBLE_EQ(*r.demand_qps, 0.6);
  EXPECT_EQ(r.completed, 3u);
  EXPECT_EQ(r.on_time, 2u);
  EXPECT_EQ(r.late, 1u);
  EXPECT_EQ(r.dropped, 1u);
  EXPECT_EQ(r.rejected, 1u);
  EXPECT_DOUBLE_EQ(*r.throughput_qps, 0.3);
  expect_quantile(r.latency_p50_ms, 100);  // of 50, 100, 300 ms
  EXPECT_DOUBLE_EQ(r.latency_p99_ms, 300);  // nearest rank: the largest of three
  ASSERT_TRUE(r.effective_accuracy);
  EXPECT_NEAR(*r.effective_accuracy, 80, 1e-9);
  EXPECT_EQ(r.devices[kGpu], 2u);
  EXPECT_EQ(r.replicas[kGpu], 3u);
  ASSERT_TRUE(r.utilisation[kGpu]);
  EXPECT_DOUBLE_EQ(*r.utilisation[kGpu], 0.5);
  EXPECT_FALSE(r.utilisation[kCpu]);  // no CPU device: no utilisation, not 0
  EXPECT_DOUBLE_EQ(r.cost_per_hour, 7.2);
  EXPECT_NEAR(r.cost, 0.031, 1e-12);
  EXPECT_DOUBLE_EQ(r.cost_fixed, 0.02);
  EXPECT_DOUBLE_EQ(r.cost_hosted, 0.01);  // not in r.cost
  EXPECT_DOUBLE_EQ(r.cost_on_demand, 0.01);
  EXPECT_DOUBLE_EQ(r.cost_spot, 0);
  EXPECT_DOUBLE_EQ(r.cost_lambda, 0.001);
  EXPECT_EQ(r.instances_on_demand, 1u);
  EXPECT_EQ(r.instances_spot, 0u);
  EXPECT_EQ(r.lambda_invocations, 10u);
  EXPECT_EQ(r.lambda_cold_starts, 2u);
}

TEST(RunMetrics, PerAppRowsCarryTheirOwnQueriesAndTheClusterColumns) {
  RecordingSink sink;
  RunMetrics m(sample_config(&sink));
  feed_sample(m);
  const WindowRow& b = sink.rows[2];
  EXPECT_EQ(b.arrivals, 2u);
  EXPECT_EQ(b.completed, 1u);
  EXPECT_EQ(b.rejected, 1u);
  EXPECT_DOUBLE_EQ(b.latency_p50_ms, 50);
  EXPECT_NEAR(*b.effective_accuracy, 60, 1e-9);
  EXPECT_EQ(b.devices[kGpu], 2u);
  EXPECT_NEAR(b.cost, 0.031, 1e-12);
  EXPECT_DOUBLE_EQ(b.cost_lambda, 0.001);
  EXPECT_EQ(b.lambda_invocations, 10u);

  const WindowRow& cpu_window = sink.rows[3];  // all, window 2
  EXPECT_DOUBLE_EQ(*cpu_window.utilisation[kCpu], 0.25);
  EXPECT_DOUBLE_EQ(*cpu_window.utilisation[kGpu], 0.5);
  EXPECT_NEAR(*cpu_window.effective_accuracy, 75, 1e-9);
  EXPECT_DOUBLE_EQ(cpu_window.latency_p99_ms, 3000);
}

TEST(RunMetrics, ShortLastWindowAndEmptyWindow) {
  RecordingSink sink;
  RunMetrics m(sample_config(&sink));
  feed_sample(m);
  const WindowRow& r = sink.rows[6];
  EXPECT_DOUBLE_EQ(r.start_s, 20);
  EXPECT_DOUBLE_EQ(r.end_s, 25);
  EXPECT_EQ(r.arrivals, 1u);
  EXPECT_DOUBLE_EQ(*r.demand_qps, 0.2);  // over 5 s, not 10: half the window, above a tenth
  EXPECT_EQ(r.completed, 0u);
  EXPECT_EQ(r.unfinished, 1u);
  EXPECT_DOUBLE_EQ(r.latency_p50_ms, 0);
  EXPECT_FALSE(r.effective_accuracy);
  EXPECT_DOUBLE_EQ(*r.utilisation[kGpu], 0);
  EXPECT_TRUE(m.closed());
}

TEST(RunMetrics, Totals) {
  RunMetrics m(sample_config());
  feed_sample(m);
  const QueryCounts& c = m.total().counts();
  EXPECT_EQ(c.arrived, 8u);
  EXPECT_EQ(c.completed, 5u);
  EXPECT_EQ(c.on_time, 3u);
  EXPECT_EQ(c.late, 2u);
  EXPECT_EQ(c.dropped, 1u);
  EXPECT_EQ(c.rejected, 1u);
  EXPECT_EQ(c.unfinished, 1u);
  EXPECT_EQ(m.total(0).counts().arrived, 5u);
  EXPECT_EQ(m.total(1).counts().arrived, 3u);
  EXPECT_EQ(m.total(0).counts().completed, 4u);
  EXPECT_EQ(m.total().latency().mean(), from_millis(730));  // (100 + 300 + 50 + 3000 + 200) / 5
  EXPECT_NEAR(*m.total().accuracy_pct(), 78, 1e-9);           // (1 + .8 + .6 + .5 + 1) / 5
  EXPECT_NEAR(m.cluster().cost.total(), 0.158, 1e-12);
  // GPU: busy 30 s of 2*10 + 4*10 + 4*5 = 80 device-seconds; CPU: 2.5 of 10.
  EXPECT_DOUBLE_EQ(*m.cluster().utilisation(DeviceKind::kGpu), 0.375);
  EXPECT_DOUBLE_EQ(*m.cluster().utilisation(DeviceKind::kCpu), 0.25);
  EXPECT_FALSE(m.cluster().utilisation(DeviceKind::kInferentia));
}

TEST(RunMetrics, CostLedgerAccumulatesOverWindows) {
  RecordingSink sink;
  RunMetrics m(sample_config(&sink));
  feed_sample(m);
  const CostLedger& cost = m.cluster().cost;
  EXPECT_NEAR(cost.fixed, 0.07, 1e-12);
  EXPECT_NEAR(cost.hosted, 0.045, 1e-12);
  EXPECT_NEAR(cost.on_demand, 0.03, 1e-12);
  EXPECT_NEAR(cost.spot, 0.055, 1e-12);
  EXPECT_NEAR(cost.lambda, 0.003, 1e-12);
  ASSERT_EQ(cost.by_instance_type.size(), 2u);
  EXPECT_NEAR(cost.by_instance_type.at("m5.large"), 0.03, 1e-12);
  EXPECT_NEAR(cost.by_instance_type.at("g4dn.xlarge"), 0.055, 1e-12);
  EXPECT_EQ(m.cluster().lambda_invocations, 30u);
  EXPECT_EQ(m.cluster().lambda_cold_starts, 3u);
  // The rows' totals add up to the run's.
  double rows = 0;
  for (const auto& r : sink.rows) {
    if (r.app == "all") rows += r.cost;
  }
  EXPECT_NEAR(rows, cost.total(), 1e-12);
  const WindowRow& w2 = sink.rows[3];
  EXPECT_NEAR(w2.cost, 0.112, 1e-12);
  EXPECT_DOUBLE_EQ(w2.cost_spot, 0.05);
  EXPECT_EQ(w2.instances_spot, 2u);
}

TEST(RunMetrics, CostLedgerStaysBoundedByTheCatalog) {
  RunMetrics m(RunMetricsConfig{from_seconds(1), at_seconds(1000), {"a"}});
  for (int w = 1; w <= 1000; ++w) {
    ClusterSnapshot s;
    s.ledger.add_on_demand("m5.large", 0.001);
    s.ledger.add_spot(w % 2 ? "g4dn.xlarge" : "p3.2xlarge", 0.002);
    if (w < 1000) {
      m.close_window(at_seconds(w), s);
    } else {
      m.finish(at_seconds(w), s);
    }
  }
  EXPECT_EQ(m.cluster().cost.by_instance_type.size(), 3u);
  EXPECT_NEAR(m.cluster().cost.by_instance_type.at("p3.2xlarge"), 1.0, 1e-9);
  EXPECT_NEAR(m.cluster().cost.total(), 3.0, 1e-9);
}

TEST(RunMetrics, RejectsAnInconsistentCostLedger) {
  auto close_with = [](const ClusterSnapshot& s) {
    RunMetrics m(RunMetricsConfig{from_seconds(10), at_seconds(10), {"a"}});
    m.finish(at_seconds(10), s);
  };
  ClusterSnapshot untyped;
  untyped.ledger.on_demand = 1;  // no instance type
  EXPECT_THROW(close_with(untyped), InvariantError);
  ClusterSnapshot negative;
  negative.ledger.add_lambda(-1);
  EXPECT_THROW(close_with(negative), InvariantError);
  ClusterSnapshot not_finite;
  not_finite.ledger.add_fixed(std::numeric_limits<double>::quiet_NaN());
  EXPECT_THROW(close_with(not_finite), InvariantError);
  try {
    close_with(untyped);
  } catch (const InvariantError& e) {
    EXPECT_NE(std::string(e.what()).find("by_instance_type adds up to 0"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("10000000000 ns"), std::string::npos) << e.what();
  }
}

TEST(RunMetrics, MaxAccuracyDropIsFromTheWorstWindow) {
  RunMetrics m(sample_config());
  feed_sample(m);
  EXPECT_NEAR(*m.max_accuracy_drop(), 25, 1e-9);   // all: windows of 80 % and 75 %
  EXPECT_NEAR(*m.max_accuracy_drop(0), 25, 1e-9);  // a: 90 % then 75 %
  EXPECT_NEAR(*m.max_accuracy_drop(1), 40, 1e-9);  // b: 60 %, then windows without completions
}

TEST(RunMetrics, NoCompletionMeansNoAccuracyDrop) {
  RunMetrics m(RunMetricsConfig{from_seconds(1), at_seconds(1), {"only"}});
  m.on_arrival(0, at_seconds(0.5));
  m.finish(at_seconds(1), ClusterSnapshot{});
  EXPECT_FALSE(m.max_accuracy_drop());
}

TEST(RunMetrics, ConservationHoldsOnceEveryQueryHasAnOutcome) {
  RunMetrics m(sample_config());
  feed_sample(m);
  const std::vector<std::uint64_t> none = {0, 0};
  const std::vector<std::uint64_t> one = {0, 1};
  EXPECT_NO_THROW(m.check_conservation(none));
  EXPECT_THROW(m.check_conservation(one), InvariantError);
}

// Before the end a query may be in flight: it must be counted where it is.
TEST(RunMetrics, ConservationCountsTheQueriesInFlightPerApplication) {
  RunMetrics m(sample_config());
  m.on_arrival(0, at_seconds(1));
  m.on_arrival(1, at_seconds(1));
  m.on_outcome(outcome(1, 0, OutcomeKind::kCompleted, 1, 1.5, 2));
  const std::vector<std::uint64_t> right = {0, 1};
  const std::vector<std::uint64_t> wrong = {1, 0};
  EXPECT_NO_THROW(m.check_conservation(right));
  EXPECT_THROW(m.check_conservation(wrong), InvariantError);
  try {
    m.check_conservation(wrong);
  } catch (const InvariantError& e) {
    EXPECT_NE(std::string(e.what()).find("arrived 1"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("completed 1"), std::string::npos) << e.what();
  }
  // An outcome with no arrival: app 1 has finished more than arrived.
  m.on_outcome(outcome(2, 1, OutcomeKind::kDropped, 1, 1.5, 2));
  m.on_outcome(outcome(3, 1, OutcomeKind::kDropped, 1, 1.5, 2));
  EXPECT_THROW(m.check_conservation(none_in_flight(2)), InvariantError);
}

TEST(RunMetrics, SingleAppEmitsOnlyTheAllRow) {
  RecordingSink sink;
  RunMetrics m(RunMetricsConfig{from_seconds(10), at_seconds(20), {"solo"}, &sink});
  m.close_window(at_seconds(10), ClusterSnapshot{});
  m.finish(at_seconds(20), ClusterSnapshot{});
  ASSERT_EQ(sink.rows.size(), 2u);
  EXPECT_EQ(sink.rows[1].app, "all");
}

TEST(RunMetrics, RejectsWindowsThatSkipOrOverrun) {
  RunMetrics m(sample_config());
  EXPECT_THROW(m.close_window(at_seconds(5), ClusterSnapshot{}), InvariantError);   // short, not the last
  EXPECT_THROW(m.close_window(at_seconds(15), ClusterSnapshot{}), InvariantError);  // longer than a window
  m.close_window(at_seconds(10), ClusterSnapshot{});
  m.close_window(at_seconds(20), ClusterSnapshot{});
  EXPECT_THROW(m.finish(at_seconds(22), ClusterSnapshot{}), InvariantError);  // before the arrivals end (25 s)
  m.close_window(at_seconds(30), ClusterSnapshot{});  // the drain: windows go on past 25 s
  m.finish(at_seconds(33), ClusterSnapshot{});        // the last one may be short
  EXPECT_EQ(m.drain(), from_seconds(8));
  EXPECT_THROW(m.close_window(at_seconds(43), ClusterSnapshot{}), InvariantError);  // after the last
}

// A run whose drain ends exactly on a boundary has an empty last window: it
// gets a row only if queries ended at that instant.
TEST(RunMetrics, EmptyLastWindowHasARowOnlyForQueriesEndingThen) {
  RecordingSink sink;
  RunMetrics quiet(RunMetricsConfig{from_seconds(10), at_seconds(10), {"a"}, &sink});
  quiet.close_window(at_seconds(10), ClusterSnapshot{});
  quiet.finish(at_seconds(10), ClusterSnapshot{});
  EXPECT_EQ(sink.rows.size(), 1u);

  sink.rows.clear();
  RunMetrics busy(RunMetricsConfig{from_seconds(10), at_seconds(10), {"a"}, &sink});
  busy.on_arrival(0, at_seconds(9));
  busy.close_window(at_seconds(10), ClusterSnapshot{});
  busy.on_outcome(outcome(1, 0, OutcomeKind::kCompleted, 9, 10, 9.5));
  busy.finish(at_seconds(10), ClusterSnapshot{});
  ASSERT_EQ(sink.rows.size(), 2u);
  EXPECT_EQ(sink.rows[1].completed, 1u);
  EXPECT_FALSE(sink.rows[1].throughput_qps);  // no rate over no time
  EXPECT_EQ(busy.total().counts().completed, 1u);
}

// A drain tail shorter than a tenth of the window keeps its counts but
// writes no rates: 3 completions in 0.5 ms would read 6000 a second. At a
// tenth exactly (1 s of 10) the rates are written.
TEST(RunMetrics, ALastWindowShorterThanATenthWritesCountsButNoRates) {
  const auto last_row = [](double end_s) {
    RecordingSink sink;
    RunMetrics m(RunMetricsConfig{from_seconds(10), at_seconds(10), {"a"}, &sink});
    for (int i = 0; i < 3; ++i) m.on_arrival(0, at_seconds(9));
    m.close_window(at_seconds(10), ClusterSnapshot{});
    for (std::uint64_t id = 1; id <= 3; ++id) m.on_outcome(outcome(id, 0, OutcomeKind::kCompleted, 9, end_s, end_s + 1));
    ClusterSnapshot gpus;
    gpus.devices[kGpu] = 2;
    m.finish(at_seconds(end_s), gpus);
    return sink.rows.back();
  };
  const WindowRow tail = last_row(10.0005);
  EXPECT_DOUBLE_EQ(tail.start_s, 10);
  EXPECT_EQ(tail.completed, 3u);
  EXPECT_EQ(tail.on_time, 3u);
  EXPECT_FALSE(tail.demand_qps);
  EXPECT_FALSE(tail.throughput_qps);
  EXPECT_FALSE(tail.goodput_qps);
  EXPECT_FALSE(tail.utilisation[kGpu]);
  const WindowRow tenth = last_row(11);
  ASSERT_TRUE(tenth.throughput_qps);
  EXPECT_DOUBLE_EQ(*tenth.throughput_qps, 3);
  EXPECT_DOUBLE_EQ(*tenth.goodput_qps, 3);
  EXPECT_DOUBLE_EQ(*tenth.demand_qps, 0);
  ASSERT_TRUE(tenth.utilisation[kGpu]);
}

TEST(RunMetrics, RejectsBadInput) {
  RunMetrics m(sample_config());
  EXPECT_THROW(m.on_arrival(2, at_seconds(1)), InvariantError);
  EXPECT_THROW(m.on_outcome(outcome(1, 0, OutcomeKind::kCompleted, 2, 1, 3)), InvariantError);  // finished first
  EXPECT_THROW(RunMetrics(RunMetricsConfig{from_seconds(1), at_seconds(2), {"a", "a"}}), InvariantError);
  EXPECT_THROW(RunMetrics(RunMetricsConfig{from_seconds(1), at_seconds(2), {"all"}}), InvariantError);
  EXPECT_THROW(RunMetrics(RunMetricsConfig{Duration::zero(), at_seconds(2), {"a"}}), InvariantError);
}

}  // namespace
}  // namespace servesim

namespace servesim {
namespace {

using namespace testing_sample;

ClusterSnapshot fixed_costing(double dollars, double gpu_busy_s) {
  ClusterSnapshot s;
  s.devices[kGpu] = 1;
  s.busy_seconds[kGpu] = gpu_busy_s;
  s.ledger.add_fixed(dollars);
  return s;
}

// Warm-up 15 s, windows of 10 s, arrivals until 30 s, drain to 32 s. The
// window [10, 20) is split at 15 s, the last [30, 32) is the drain's: the rows
// show every part, the totals only [15, 30).
TEST(RunMetrics, TotalsCoverTheMeasuredSpanOnly) {
  RecordingSink sink;
  RunMetrics m(RunMetricsConfig{from_seconds(10), at_seconds(30), {"a"}, &sink, nullptr, from_seconds(15)});
  m.close_window(at_seconds(10), fixed_costing(1.0, 10));
  m.on_arrival(0, at_seconds(14));  // before the warm-up: not measured
  m.split(at_seconds(15), fixed_costing(0.5, 5));
  m.on_arrival(0, at_seconds(16));
  m.on_outcome(outcome(1, 0, OutcomeKind::kCompleted, 14, 16, 20));
  m.close_window(at_seconds(20), fixed_costing(0.5, 1));
  m.on_outcome(outcome(2, 0, OutcomeKind::kCompleted, 16, 21, 22, 0.5));
  m.on_arrival(0, at_seconds(29));
  m.close_window(at_seconds(30), fixed_costing(1.0, 4));
  m.on_outcome(outcome(3, 0, OutcomeKind::kCompleted, 29, 31, 30));  // late, in the drain
  m.finish(at_seconds(32), fixed_costing(0.2, 2));

  ASSERT_EQ(sink.rows.size(), 4u);
  EXPECT_DOUBLE_EQ(sink.rows[1].cost, 1.0);  // the split window's row has both parts
  EXPECT_DOUBLE_EQ(*sink.rows[1].utilisation[kGpu], 0.6);
  EXPECT_EQ(sink.rows[1].arrivals, 2u);
  EXPECT_DOUBLE_EQ(sink.rows[3].cost, 0.2);
  EXPECT_EQ(sink.rows[3].late, 1u);

  EXPECT_NEAR(m.cluster().cost.total(), 1.5, 1e-12);  // [15, 20) and [20, 30)
  EXPECT_DOUBLE_EQ(*m.cluster().utilisation(DeviceKind::kGpu), 5.0 / 15);
  EXPECT_EQ(m.total().counts().arrived, 2u);
  EXPECT_EQ(m.total().counts().completed, 2u);
  EXPECT_EQ(m.total().counts().late, 1u);
  EXPECT_EQ(m.in_span().completed, 1u);  // the drain's completion is no capacity
  EXPECT_DOUBLE_EQ(m.measured_seconds(), 15);
  EXPECT_EQ(m.drain(), from_seconds(2));
  // Accuracy windows start at the warm-up: [15, 25) holds the one at 21 s
  // (50 %); the drain's completion counts in the last, [25, 30): 100 %.
  EXPECT_NEAR(*m.max_accuracy_drop(), 50, 1e-9);
}

TEST(AccuracyWindows, FixedTenSecondWindowsWhateverTheReportsWindow) {
  AccuracyWindows w(SimTime::zero(), at_seconds(30));
  w.add(at_seconds(1), 1.0);
  w.add(at_seconds(9), 0.8);   // [0, 10): 90 %
  w.add(at_seconds(12), 0.7);  // [10, 20): 70 %
  w.add(at_seconds(29), 1.0);  // [20, 30)
  w.add(at_seconds(45), 0.9);  // after the end: the last window, now 95 %
  EXPECT_NEAR(*w.max_drop(), 30, 1e-9);
  EXPECT_THROW(w.add(at_seconds(5), 1.0), InvariantError);  // completions come in time order
  EXPECT_FALSE(AccuracyWindows(SimTime::zero(), at_seconds(1)).max_drop());
}

}  // namespace
}  // namespace servesim
