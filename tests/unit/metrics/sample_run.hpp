#pragma once
// A small hand-built run shared by the metrics tests: two applications, 10 s
// windows, a 25 s run (the last window is 5 s). Every expected number below is
// worked out by hand in the comments.
#include <vector>

#include "sim/metrics/run_metrics.hpp"

namespace servesim::testing_sample {

// Each kind of failure with the reason the engine gives it most often.
inline FailReason usual_reason(OutcomeKind kind) {
  switch (kind) {
    case OutcomeKind::kCompleted:
      return FailReason::kNone;
    case OutcomeKind::kDropped:
      return FailReason::kDeadline;
    case OutcomeKind::kRejected:
      return FailReason::kRejected;
    case OutcomeKind::kUnfinished:
      return FailReason::kUnfinished;
  }
  return FailReason::kNone;
}

inline QueryOutcome outcome(std::uint64_t id, std::uint32_t app, OutcomeKind kind, double arrival_s, double finish_s,
                            double deadline_s, double accuracy = 1.0) {
  QueryOutcome q;
  q.id = id;
  q.app = app;
  q.kind = kind;
  q.reason = usual_reason(kind);
  q.arrival = at_seconds(arrival_s);
  q.finish = at_seconds(finish_s);
  q.deadline = at_seconds(deadline_s);
  q.queue_wait = from_millis(1);
  q.accuracy = accuracy;
  return q;
}

inline RunMetricsConfig sample_config(WindowSink* windows = nullptr, QuerySink* queries = nullptr) {
  return RunMetricsConfig{from_seconds(10), at_seconds(25), {"a", "b"}, windows, queries};
}

constexpr auto kCpu = static_cast<std::size_t>(DeviceKind::kCpu);
constexpr auto kGpu = static_cast<std::size_t>(DeviceKind::kGpu);
constexpr auto kInferentia = static_cast<std::size_t>(DeviceKind::kInferentia);

// Window 1 [0, 10): a gets ids 1, 2, 3, 6; b gets 4, 5.
//   completions 100 ms (a, on time, acc 1.0), 300 ms (a, late, 0.8), 50 ms (b, on time, 0.6);
//   id 3 dropped, id 5 rejected, id 6 still in flight.
//   all: accuracy 80 %; a: 90 %; b: 60 %. 2 GPUs busy 10 s -> utilisation 0.5.
// Window 2 [10, 20): a gets id 7. id 6 completes after 3 s (late, 0.5), id 7 in
//   200 ms (on time, 1.0): all and a 75 %. 4 GPUs busy 20 s, 1 CPU busy 2.5 s.
// Window 3 [20, 25): b gets id 8, which is still in flight when the run ends
//   at 25 s (no drain here): it is unfinished.
// Totals: arrived 8, completed 5 (on time 3, late 2), dropped 1, rejected 1, unfinished 1.
//
// Cost, in dollars (window 1 / 2 / 3 = run):
//   fixed                 0.02  / 0.04  / 0.01  = 0.07
//   on-demand m5.large    0.01  / 0.02  / -     = 0.03  (1 instance, then 1)
//   spot g4dn.xlarge      -     / 0.05  / 0.005 = 0.055 (2 instances, then 1)
//   Lambda                0.001 / 0.002 / -     = 0.003 (10 invocations 2 cold, 20 with 1 cold)
//   total                 0.031 / 0.112 / 0.015 = 0.158
//   hosted                0.01  / 0.025 / 0.01  = 0.045 (a view of fixed, not in the total)
// m5.large is billed first, so a sorted report is not just the arrival order.
inline void feed_sample(RunMetrics& m) {
  for (double t : {1.0, 2.0, 3.0}) m.on_arrival(0, at_seconds(t));
  m.on_arrival(1, at_seconds(4));
  m.on_arrival(1, at_seconds(5));
  m.on_arrival(0, at_seconds(9));
  m.on_outcome(outcome(1, 0, OutcomeKind::kCompleted, 1, 1.1, 1.2, 1.0));
  m.on_outcome(outcome(2, 0, OutcomeKind::kCompleted, 2, 2.3, 2.2, 0.8));
  m.on_outcome(outcome(3, 0, OutcomeKind::kDropped, 3, 3.5, 3.4));
  m.on_outcome(outcome(4, 1, OutcomeKind::kCompleted, 4, 4.05, 4.5, 0.6));
  m.on_outcome(outcome(5, 1, OutcomeKind::kRejected, 5, 5, 5.5));
  ClusterSnapshot s1;
  s1.devices[kGpu] = 2;
  s1.replicas[kGpu] = 3;
  s1.busy_seconds[kGpu] = 10;
  s1.cost_per_hour = 7.2;
  s1.ledger.add_fixed(0.02);
  s1.ledger.add_hosted(0.01);
  s1.ledger.add_on_demand("m5.large", 0.01);
  s1.ledger.add_lambda(0.001);
  s1.instances_on_demand = 1;
  s1.lambda_invocations = 10;
  s1.lambda_cold_starts = 2;
  m.close_window(at_seconds(10), s1);

  m.on_arrival(0, at_seconds(12));
  m.on_outcome(outcome(6, 0, OutcomeKind::kCompleted, 9, 12, 9.5, 0.5));
  m.on_outcome(outcome(7, 0, OutcomeKind::kCompleted, 12, 12.2, 12.5, 1.0));
  ClusterSnapshot s2;
  s2.devices[kGpu] = 4;
  s2.devices[kCpu] = 1;
  s2.replicas[kGpu] = 4;
  s2.busy_seconds[kGpu] = 20;
  s2.busy_seconds[kCpu] = 2.5;
  s2.cost_per_hour = 14.4;
  s2.ledger.add_fixed(0.04);
  s2.ledger.add_hosted(0.025);
  s2.ledger.add_on_demand("m5.large", 0.02);
  s2.ledger.add_spot("g4dn.xlarge", 0.05);
  s2.ledger.add_lambda(0.002);
  s2.instances_on_demand = 1;
  s2.instances_spot = 2;
  s2.lambda_invocations = 20;
  s2.lambda_cold_starts = 1;
  m.close_window(at_seconds(20), s2);

  m.on_arrival(1, at_seconds(21));
  ClusterSnapshot s3;
  s3.devices[kGpu] = 4;
  s3.replicas[kGpu] = 4;
  s3.cost_per_hour = 7.2;
  s3.ledger.add_fixed(0.01);
  s3.ledger.add_hosted(0.01);
  s3.ledger.add_spot("g4dn.xlarge", 0.005);
  s3.instances_spot = 1;
  m.on_outcome(outcome(8, 1, OutcomeKind::kUnfinished, 21, 25, 21.5));
  m.finish(at_seconds(25), s3);
}

struct RecordingSink : WindowSink, QuerySink {
  std::vector<WindowRow> rows;
  std::vector<QueryOutcome> queries;
  void on_window(const WindowRow& row) override { rows.push_back(row); }
  void on_query(const QueryOutcome& q) override { queries.push_back(q); }
};

}  // namespace servesim::testing_sample
