#pragma once
// InferLine's Estimator (SoCC'20, section 4.2): a discrete-event simulation of
// one pipeline plan on a trace of arrivals, lean enough for the planner to call
// it for every candidate. It models what the engine does with the static
// policy's "central_queue" routing and greedy batchers, and nothing else (no
// devices shared between replicas, no drops, no load delays, no cost):
//
// - query i (ids 0..n-1 in arrival order, the ids the engine gives a single
//   application's queries) visits the pipeline's entry stages at arrivals[i];
// - each stage has one FIFO; an idle replica of the stage takes min(queue, b)
//   visits at once and finishes them together T(batch size) later
//   (deterministic service times);
// - a finished visit resolves its out-edges with the engine's own branch
//   draws (sim/serving/pipeline_branches.hpp: same seed, query id, stage and
//   edge index, so the same branches), a join waits until all its in-edges are
//   resolved and is visited if any was taken, and a stage not visited
//   resolves its out-edges as not taken (sim/serving/pipeline.hpp);
// - a query's latency is the finish of its last visit minus its arrival.
//
// Events go through sim/core's EventLoop in the order the engine schedules
// them (a query's visits before its successor's arrival; the children of a
// finished batch before the replica's next batch), so equal-time ties break
// as in the engine and per-query latencies match it to the nanosecond.
#include <cstdint>
#include <span>
#include <vector>

#include "policies/inferline/pipeline_config.hpp"
#include "sim/core/event.hpp"
#include "sim/core/event_loop.hpp"
#include "sim/serving/pipeline_branches.hpp"
#include "sim/serving/pipeline.hpp"

namespace servesim::inferline {

struct EstimateOptions {
  // Stop as soon as more queries are late than a P99 within the SLO allows
  // (n - ceil(0.99 n), i.e. over 1 %): the verdict, infeasible, is the one the
  // whole trace would give; P99 is then unknown.
  bool stop_when_infeasible = false;
};

struct Estimate {
  // The exact nearest-rank P99 of all n latencies (the ceil(0.99 n)-th
  // smallest, the definition LatencyHistogram::quantile approximates);
  // infinite when the run stopped early.
  Duration p99;
  std::uint64_t late = 0;      // queries with latency above the SLO (so far, when stopped early)
  std::uint64_t finished = 0;  // queries simulated to their end
  bool feasible = false;       // p99 <= SLO
  bool stopped_early = false;
  std::uint64_t events = 0;    // events dispatched
};

class Estimator final : private EventHandler {
 public:
  // `seed` is the scenario seed whose branch draws the estimate replays. The
  // pipeline is copied (a planner may build it on the fly).
  Estimator(Pipeline pipeline, std::uint64_t seed);

  // Simulates the trace (sorted, non-negative arrival times) through the plan
  // (one StageService per stage, in StageId order). Throws
  // std::invalid_argument on an empty or unsorted trace or a plan of the
  // wrong shape. Buffers are kept between calls: no allocation per query.
  Estimate run(std::span<const StageService> stages, std::span<const SimTime> arrivals, Duration slo,
               const EstimateOptions& options = {});

  // Per query id, the latency of the last run; infinite for queries a run
  // stopped early left unfinished.
  std::span<const Duration> latencies() const { return latencies_; }

 private:
  // One stage's FIFO of query ids: a ring that doubles when full.
  struct Fifo {
    std::vector<std::uint32_t> ring;  // size a power of two
    std::size_t head = 0;
    std::size_t size = 0;
  };

  void handle(const Event& event) override;
  void on_arrival(std::uint32_t query);
  void on_batch_done(std::uint32_t replica);
  void enqueue(std::uint32_t query, StageId stage);
  void start_batch(std::uint32_t replica, StageId stage);
  void resolve_edges(std::uint32_t query, StageId stage, bool visited);
  void resolve_into(std::uint32_t query, StageId child, bool delivered);
  void end_visit(std::uint32_t query);

  Pipeline pipeline_;
  std::uint64_t branch_seed_;

  // Set for the duration of run().
  EventLoop* loop_ = nullptr;
  std::uint32_t self_ = 0;
  std::span<const StageService> stages_;
  std::span<const SimTime> arrivals_;
  Duration slo_;
  std::uint64_t late_ = 0;
  std::uint64_t finished_ = 0;

  // Per query.
  std::vector<std::uint32_t> outstanding_;  // visits queued or running, plus a hold during arrival
  std::vector<JoinState> joins_;            // query * join_count + join index
  std::vector<Duration> latencies_;
  std::vector<Duration> scratch_;           // for the order statistic
  // Per stage.
  std::vector<Fifo> fifos_;
  std::vector<std::uint32_t> idle_;         // idle replicas: stage s's stack at idle_offset_[s]
  std::vector<std::uint32_t> idle_offset_;
  std::vector<std::uint32_t> idle_count_;
  // Per replica (all stages, numbered stage by stage).
  std::vector<StageId> replica_stage_;
  std::vector<std::uint32_t> batch_offset_;  // into batch_visits_, b slots each
  std::vector<std::uint32_t> batch_size_;
  std::vector<std::uint32_t> batch_visits_;
};

}  // namespace servesim::inferline
