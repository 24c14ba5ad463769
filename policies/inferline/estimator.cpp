#include "policies/inferline/estimator.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "sim/metrics/nearest_rank.hpp"
#include "sim/serving/pipeline_branches.hpp"

namespace servesim::inferline {
namespace {

enum EventKind : std::uint32_t { kArrival = 0, kBatchDone = 1 };

constexpr double kQuantile = 0.99;

}  // namespace

Estimator::Estimator(Pipeline pipeline, std::uint64_t seed)
    : pipeline_(std::move(pipeline)), branch_seed_(pipeline_branch_seed(seed)) {}

Estimate Estimator::run(std::span<const StageService> stages, std::span<const SimTime> arrivals, Duration slo,
                        const EstimateOptions& options) {
  const std::size_t stage_count = pipeline_.stages().size();
  if (stages.size() != stage_count) {
    throw std::invalid_argument("the plan has " + std::to_string(stages.size()) + " stages, the pipeline " +
                                std::to_string(stage_count));
  }
  for (std::size_t s = 0; s < stage_count; ++s) {
    if (stages[s].latency.size() < 2 || stages[s].replicas < 1) {
      throw std::invalid_argument("stage \"" + pipeline_.stages()[s].name + "\" needs a batch and a replica");
    }
  }
  if (arrivals.empty()) throw std::invalid_argument("the trace is empty");
  if (arrivals.size() >= std::numeric_limits<std::uint32_t>::max()) throw std::invalid_argument("the trace is too long");
  if (arrivals.front() < SimTime::zero() || !std::is_sorted(arrivals.begin(), arrivals.end())) {
    throw std::invalid_argument("the trace's arrival times must be non-negative and sorted");
  }
  const std::size_t n = arrivals.size();

  stages_ = stages;
  arrivals_ = arrivals;
  slo_ = slo;
  late_ = 0;
  finished_ = 0;
  outstanding_.assign(n, 0);
  joins_.assign(n * pipeline_.join_count(), JoinState{});
  latencies_.assign(n, Duration::infinite());

  fifos_.resize(stage_count);
  idle_offset_.assign(stage_count, 0);
  idle_count_.assign(stage_count, 0);
  replica_stage_.clear();
  batch_offset_.clear();
  std::uint32_t slots = 0;
  for (std::size_t s = 0; s < stage_count; ++s) {
    Fifo& fifo = fifos_[s];
    if (fifo.ring.empty()) fifo.ring.resize(1024);
    fifo.head = fifo.size = 0;
    idle_offset_[s] = static_cast<std::uint32_t>(replica_stage_.size());
    for (std::uint32_t k = 0; k < stages[s].replicas; ++k) {
      replica_stage_.push_back(static_cast<StageId>(s));
      batch_offset_.push_back(slots);
      slots += stages[s].batch();
    }
  }
  const std::size_t replica_count = replica_stage_.size();
  batch_size_.assign(replica_count, 0);
  batch_visits_.assign(slots, 0);
  // Every replica starts idle; the stack pops the lowest-numbered first (which
  // idle replica takes a batch does not change any latency: a stage's
  // replicas are alike).
  idle_.resize(replica_count);
  for (std::size_t s = 0; s < stage_count; ++s) {
    const std::uint32_t k = stages[s].replicas;
    for (std::uint32_t i = 0; i < k; ++i) idle_[idle_offset_[s] + i] = idle_offset_[s] + k - 1 - i;
    idle_count_[s] = k;
  }

  // P99 <= SLO holds iff at most n - ceil(0.99 n) queries are late.
  const std::uint64_t rank = nearest_rank(kQuantile, n);
  const std::uint64_t allowed_late = n - (rank + 1);

  EventLoop loop;
  loop_ = &loop;
  self_ = loop.add_handler(this);
  loop.schedule(arrivals.front(), self_, kArrival, 0);
  Estimate out;
  if (options.stop_when_infeasible) {
    out.events = loop.run_while(SimTime::never(), [&] { return late_ <= allowed_late; });
  } else {
    out.events = loop.run_until(SimTime::never());
  }
  loop_ = nullptr;

  out.late = late_;
  out.finished = finished_;
  if (finished_ < n) {
    if (late_ <= allowed_late) throw std::logic_error("the estimator stopped with queries unfinished");
    out.stopped_early = true;
    out.p99 = Duration::infinite();
    out.feasible = false;
    return out;
  }
  scratch_.assign(latencies_.begin(), latencies_.end());
  std::nth_element(scratch_.begin(), scratch_.begin() + static_cast<std::ptrdiff_t>(rank), scratch_.end());
  out.p99 = scratch_[rank];
  out.feasible = out.p99 <= slo;
  return out;
}

void Estimator::handle(const Event& event) {
  if (event.kind == kArrival) {
    on_arrival(static_cast<std::uint32_t>(event.payload));
  } else {
    on_batch_done(static_cast<std::uint32_t>(event.payload));
  }
}

// As the engine's on_arrival: a hold while the entry stages are visited, then
// the next arrival is scheduled (after any batch this one started).
void Estimator::on_arrival(std::uint32_t query) {
  outstanding_[query] = 1;
  for (StageId entry : pipeline_.entry_stages()) enqueue(query, entry);
  end_visit(query);
  if (query + 1 < arrivals_.size()) loop_->schedule(arrivals_[query + 1], self_, kArrival, query + 1);
}

// As the engine's on_batch_done: each visit's children in batch order (they
// may start batches at once), then this replica's next batch if work waits.
void Estimator::on_batch_done(std::uint32_t replica) {
  const StageId stage = replica_stage_[replica];
  const std::uint32_t* visits = batch_visits_.data() + batch_offset_[replica];
  const std::uint32_t size = batch_size_[replica];
  for (std::uint32_t i = 0; i < size; ++i) {
    resolve_edges(visits[i], stage, true);
    end_visit(visits[i]);
  }
  if (fifos_[stage].size > 0) {
    start_batch(replica, stage);
  } else {
    idle_[idle_offset_[stage] + idle_count_[stage]++] = replica;
  }
}

// Under greedy batching a stage's queue holds visits only while all its
// replicas are busy, so a new visit either starts alone on an idle replica or
// waits.
void Estimator::enqueue(std::uint32_t query, StageId stage) {
  ++outstanding_[query];
  Fifo& fifo = fifos_[stage];
  if (fifo.size == fifo.ring.size()) {  // full: unroll into a ring twice the size
    std::vector<std::uint32_t> grown(fifo.ring.size() * 2);
    for (std::size_t i = 0; i < fifo.size; ++i) grown[i] = fifo.ring[(fifo.head + i) & (fifo.ring.size() - 1)];
    fifo.ring.swap(grown);
    fifo.head = 0;
  }
  fifo.ring[(fifo.head + fifo.size) & (fifo.ring.size() - 1)] = query;
  ++fifo.size;
  if (idle_count_[stage] > 0) {
    const std::uint32_t replica = idle_[idle_offset_[stage] + --idle_count_[stage]];
    start_batch(replica, stage);
  }
}

void Estimator::start_batch(std::uint32_t replica, StageId stage) {
  Fifo& fifo = fifos_[stage];
  const StageService& service = stages_[stage];
  const auto size = static_cast<std::uint32_t>(std::min<std::size_t>(fifo.size, service.batch()));
  std::uint32_t* visits = batch_visits_.data() + batch_offset_[replica];
  const std::size_t mask = fifo.ring.size() - 1;
  for (std::uint32_t i = 0; i < size; ++i) visits[i] = fifo.ring[(fifo.head + i) & mask];
  fifo.head = (fifo.head + size) & mask;
  fifo.size -= size;
  batch_size_[replica] = size;
  loop_->schedule(loop_->now() + service.latency[size], self_, kBatchDone, replica);
}

void Estimator::resolve_edges(std::uint32_t query, StageId stage, bool visited) {
  const auto edges = pipeline_.out_edges(stage);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const bool taken = visited && branch_taken(branch_seed_, query, stage, i, edges[i].probability);
    resolve_into(query, edges[i].to, taken);
  }
}

void Estimator::resolve_into(std::uint32_t query, StageId child, bool delivered) {
  const int join = pipeline_.join_index(child);
  if (join >= 0) {
    JoinState& state = joins_[static_cast<std::size_t>(query) * pipeline_.join_count() + static_cast<std::size_t>(join)];
    if (!state.resolve(pipeline_.in_degree(child), delivered)) return;
  }
  if (delivered) {
    enqueue(query, child);
  } else {
    resolve_edges(query, child, false);
  }
}

void Estimator::end_visit(std::uint32_t query) {
  if (--outstanding_[query] != 0) return;
  const Duration latency = loop_->now() - arrivals_[query];
  latencies_[query] = latency;
  ++finished_;
  if (latency > slo_) ++late_;
}

}  // namespace servesim::inferline
