#include "sim/serving/front_end.hpp"

#include <algorithm>
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/serving/lambda_runtime.hpp"
#include "sim/serving/pipeline_branches.hpp"
#include "sim/serving/replica_runtime.hpp"

namespace servesim {
namespace {

std::uint32_t max_joins(const std::vector<Application>& apps) {
  std::uint32_t joins = 0;
  for (const auto& app : apps) joins = std::max(joins, app.pipeline.join_count());
  return joins;
}

}  // namespace

FrontEnd::FrontEnd(EngineContext& context, ReplicaRuntime& replicas, LambdaRuntime& lambda)
    : EnginePart(context),
      replicas_(replicas),
      lambda_(lambda),
      queries_(max_joins(context.config.applications)),
      branch_seed_(pipeline_branch_seed(context.config.seed)),
      routing_rng_(context.config.seed, "engine/weighted-routing") {
  for (const auto& app : config().applications) {
    stage_arrivals_.emplace_back(app.pipeline.stages().size());
    routing_weights_.emplace_back(app.pipeline.stages().size());
  }
  in_flight_per_app_.assign(config().applications.size(), 0);
  finished_.resize(config().applications.size());
}

void FrontEnd::handle(const Event& event) {
  switch (event.kind) {
    case kArrival:
      on_arrival(static_cast<std::uint32_t>(event.payload));
      break;
    case kHopArrival:  // packed as (query slot, stage): the slot is held by the hop, never reused meanwhile
      on_hop_arrival(payload_entity(event.payload), static_cast<StageId>(payload_generation(event.payload)));
      break;
  }
}

void FrontEnd::open_streams() {
  for (std::uint32_t i = 0; i < config().workloads.size(); ++i) {
    streams_.push_back(config().workloads[i].spec->open(config().seed, config().workload_streams.at(i)));
    pending_.emplace_back();
    pull_next_arrival(i);
  }
}

void FrontEnd::pull_next_arrival(std::uint32_t stream) {
  std::optional<Arrival> next = streams_[stream]->next();
  if (!next || next->time >= ctx_.end) return;  // the stream is done for this run
  if (const auto& fixed = config().workloads[stream].app) next->app = *fixed;
  if (next->app >= config().applications.size()) {
    throw InvariantError("workload " + config().workload_streams[stream] + " produced application index " +
                         std::to_string(next->app));
  }
  pending_[stream] = *next;
  schedule(next->time, kArrival, stream);
}

void FrontEnd::on_arrival(std::uint32_t stream) {
  const Arrival arrival = pending_[stream];
  const Application& app = config().applications[arrival.app];
  if (queries_.in_flight() >= config().max_in_flight) {
    throw InFlightCapExceeded(app.name, config().max_in_flight, arrival.time);
  }
  QueryRecord record;
  record.id = next_query_id_++;
  record.arrival = arrival.time;
  record.deadline = arrival.time + (arrival.deadline.is_infinite() ? app.slo : arrival.deadline);
  record.app = arrival.app;
  const std::uint32_t slot = queries_.add(record);
  ++in_flight_per_app_[arrival.app];
  ctx_.metrics.on_arrival(arrival.app, arrival.time);
  // Hold the query open while its entry stages are routed, so a rejection of
  // the first cannot finish it before the second is routed.
  queries_.at(slot).outstanding = 1;
  for (StageId entry : app.pipeline.entry_stages()) start_visit(slot, entry);
  end_visit(slot);
  pull_next_arrival(stream);
}

void FrontEnd::start_visit(std::uint32_t slot, StageId stage, bool again) {
  QueryRecord& q = queries_.at(slot);
  if (q.failure != FailReason::kNone) return;  // already failed: no more work
  const Application& app = config().applications[q.app];
  if (!again) stage_arrivals_[q.app][stage].add(now());
  const RouteRequest request{q.id, q.app, stage, app.pipeline.stages()[stage].family, q.arrival, q.deadline, again};
  const FailReason refused = enqueue_visit(slot, stage, ctx_.controller.route(request, ctx_.control, ctx_.view));
  if (refused != FailReason::kNone) q.failure = refused;
}

// Why the query cannot go anywhere (a rejection, a throttled Lambda, or
// weights that name no live replica), or kNone once it is on its way.
FailReason FrontEnd::enqueue_visit(std::uint32_t slot, StageId stage, const RouteDecision& decision) {
  ReplicaId target = decision.target;
  switch (decision.kind) {
    case RouteDecision::Kind::kReject:
      return FailReason::kRejected;
    case RouteDecision::Kind::kLambda:
      if (target >= config().cloud.lambda_functions.size()) {
        throw InvariantError("policy routed a query to Lambda function " + std::to_string(target) + ", which does not exist");
      }
      return lambda_.invoke(slot, stage, target) ? FailReason::kNone : FailReason::kThrottled;
    case RouteDecision::Kind::kWeighted:
      target = pick_weighted(queries_.at(slot).app, stage);
      if (target == kNoReplica) return FailReason::kNoReplica;
      break;
    case RouteDecision::Kind::kCentral:
      replicas_.enqueue_central(slot, stage);
      return FailReason::kNone;
    case RouteDecision::Kind::kReplica:
      break;
  }
  if (!replicas_.accepts(target)) {
    throw InvariantError("policy routed a query to replica " + std::to_string(target) + ", which does not accept queries");
  }
  replicas_.enqueue(target, slot, stage);
  return FailReason::kNone;
}

ReplicaId FrontEnd::pick_weighted(AppId app, StageId stage) {
  return routing_weights_[app][stage].pick(
      replicas_.acceptance_epoch(), [&](ReplicaId id) { return replicas_.accepts(id); },
      [&] { return routing_rng_.uniform01(); });
}

void FrontEnd::set_routing_weights(AppId app, StageId stage, std::vector<RoutingWeight> weights) {
  for (const auto& w : weights) {
    if (w.replica >= replicas_.replica_count() || w.weight < 0) {
      throw InvariantError("routing weight names an invalid replica");
    }
  }
  ctx_.actions.count(ControlAction::kSetRoutingWeights);
  routing_weights_.at(app).at(stage).set(std::move(weights));
}

bool FrontEnd::edge_taken(const QueryRecord& query, StageId stage, std::size_t edge_index, double probability) const {
  return branch_taken(branch_seed_, query.id, stage, edge_index, probability);
}

void FrontEnd::resolve_edges(std::uint32_t slot, StageId stage, bool visited) {
  const Pipeline& pipeline = config().applications[queries_.at(slot).app].pipeline;
  const auto edges = pipeline.out_edges(stage);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const bool taken = visited && edge_taken(queries_.at(slot), stage, i, edges[i].probability);
    if (taken) {
      deliver(slot, edges[i].to);
    } else {
      resolve_into(slot, edges[i].to, false);  // nothing travels: the child learns at once
    }
  }
}

// The hop holds the query open like a visit (outstanding), so a query still
// on its way between stages is in flight: drained, or counted unfinished at
// the drain's bound, never lost. A join resolves when the last of its inputs
// has arrived, each after its own hop. No delay, no event: the same events
// in the same order as an engine without hops.
void FrontEnd::deliver(std::uint32_t slot, StageId child) {
  if (config().hop_delay == Duration::zero()) {
    resolve_into(slot, child, true);
    return;
  }
  ++queries_.at(slot).outstanding;
  schedule_after(config().hop_delay, kHopArrival, pack_payload(slot, child));
}

void FrontEnd::on_hop_arrival(std::uint32_t slot, StageId child) {
  resolve_into(slot, child, true);
  end_visit(slot);
}

void FrontEnd::resolve_into(std::uint32_t slot, StageId child, bool delivered) {
  const Pipeline& pipeline = config().applications[queries_.at(slot).app].pipeline;
  const int join = pipeline.join_index(child);
  if (join >= 0 && !queries_.join(slot, join).resolve(pipeline.in_degree(child), delivered)) return;
  if (delivered) {
    start_visit(slot, child);
  } else {
    resolve_edges(slot, child, false);
  }
}

void FrontEnd::end_visit(std::uint32_t slot) {
  QueryRecord& q = queries_.at(slot);
  if (--q.outstanding == 0) finish_query(slot);
}

void FrontEnd::fail_visit(std::uint32_t slot, FailReason why) {
  QueryRecord& q = queries_.at(slot);
  if (q.failure == FailReason::kNone) q.failure = why;  // the first failure is the query's
  end_visit(slot);
}

void FrontEnd::finish_query(std::uint32_t slot) {
  const QueryRecord& q = queries_.at(slot);
  QueryOutcome outcome;
  outcome.id = q.id;
  outcome.app = q.app;
  outcome.kind = outcome_kind(q.failure);
  outcome.reason = q.failure;
  outcome.arrival = q.arrival;
  outcome.finish = now();
  outcome.deadline = q.deadline;
  outcome.queue_wait = q.queue_wait;
  outcome.accuracy = q.accuracy;
  if (ctx_.metrics.keeps_queries()) describe_service(q, outcome);
  ctx_.metrics.on_outcome(outcome);
  finished_[q.app].count(outcome);
  --in_flight_per_app_[q.app];
  queries_.remove(slot);
}

// The visits that served the query, and the variant, device type and replica
// behind the last; a Lambda function has only a variant.
void FrontEnd::describe_service(const QueryRecord& query, QueryOutcome& outcome) const {
  outcome.stage_visits = query.stage_visits;
  const ServedBy by = query.served_by;
  if (by.by_replica()) {
    const ReplicaRecord& r = replicas_.record(by.replica_id());
    outcome.variant = r.variant;
    outcome.device_type = r.device_type;
    outcome.replica = by.replica_id();
  } else if (by.by_lambda()) {
    outcome.variant = config().cloud.lambda_functions[by.lambda_function()].variant;
  }
}

// In query order: each is an SLO miss.
void FrontEnd::fail_unfinished() {
  std::vector<std::uint32_t> slots = queries_.live_slots();
  std::sort(slots.begin(), slots.end(),
            [&](std::uint32_t a, std::uint32_t b) { return queries_.at(a).id < queries_.at(b).id; });
  for (std::uint32_t slot : slots) {
    queries_.at(slot).failure = FailReason::kUnfinished;
    finish_query(slot);
  }
}

double FrontEnd::arrival_rate(AppId app, StageId stage) const {
  return stage_arrivals_.at(app).at(stage).per_second(now());
}

}  // namespace servesim
