#pragma once
// The front end of one run: it turns the workload's arrivals into queries,
// asks the policy where each stage's visit goes (a replica, a central queue,
// Lambda, weights over replicas, or a rejection), follows the pipeline's
// edges and hops between stages, and finishes each query once nothing of it
// is outstanding. It owns the queries in flight.
#include <cstdint>
#include <memory>
#include <vector>

#include "sim/core/random_stream.hpp"
#include "sim/serving/engine_part.hpp"
#include "sim/serving/query_table.hpp"
#include "sim/serving/sliding_rate.hpp"
#include "sim/serving/weighted_route.hpp"

namespace servesim {

class ReplicaRuntime;
class LambdaRuntime;

class FrontEnd final : public EnginePart {
 public:
  FrontEnd(EngineContext& context, ReplicaRuntime& replicas, LambdaRuntime& lambda);

  void handle(const Event& event) override;
  // Opens the workload's arrival streams.
  void open_streams();

  // The query flow, as the runtime, Lambda and the cloud finish visits.
  // `again`: a visit routed anew after its replica was lost, not an arrival.
  void start_visit(std::uint32_t slot, StageId stage, bool again = false);
  // A visit served, and how: its query's outgoing edges are taken or not.
  void resolve_edges(std::uint32_t slot, StageId stage, bool visited);
  void end_visit(std::uint32_t slot);
  void fail_visit(std::uint32_t slot, FailReason why);
  // What is still in the system when the drain's bound ends the run.
  void fail_unfinished();

  QueryTable& queries() { return queries_; }
  const QueryTable& queries() const { return queries_; }
  const std::vector<std::uint64_t>& in_flight_per_app() const { return in_flight_per_app_; }

  // For the view.
  double arrival_rate(AppId app, StageId stage) const;
  FinishedQueries finished_queries(AppId app) const { return finished_.at(app); }
  std::uint64_t queries_in_system(AppId app) const { return in_flight_per_app_.at(app); }
  // For the control.
  void set_routing_weights(AppId app, StageId stage, std::vector<RoutingWeight> weights);

 private:
  enum EventKind : std::uint32_t { kArrival, kHopArrival };

  void on_arrival(std::uint32_t stream);
  void pull_next_arrival(std::uint32_t stream);
  FailReason enqueue_visit(std::uint32_t slot, StageId stage, const RouteDecision& decision);
  ReplicaId pick_weighted(AppId app, StageId stage);
  void resolve_into(std::uint32_t slot, StageId child, bool delivered);
  // A taken edge: the query reaches `child` after serving.hop_delay_ms.
  void deliver(std::uint32_t slot, StageId child);
  void on_hop_arrival(std::uint32_t slot, StageId child);
  bool edge_taken(const QueryRecord& query, StageId stage, std::size_t edge_index, double probability) const;
  void finish_query(std::uint32_t slot);
  void describe_service(const QueryRecord& query, QueryOutcome& outcome) const;

  ReplicaRuntime& replicas_;
  LambdaRuntime& lambda_;
  QueryTable queries_;
  std::vector<std::uint64_t> in_flight_per_app_;
  std::vector<FinishedQueries> finished_;  // by AppId, for the view
  std::uint64_t next_query_id_ = 0;
  std::uint64_t branch_seed_ = 0;
  std::vector<std::unique_ptr<ArrivalStream>> streams_;
  std::vector<Arrival> pending_;  // one pending arrival per stream
  mutable std::vector<std::vector<SlidingRate>> stage_arrivals_;  // [app][stage]; reading rolls it
  // set_routing_weights: [app][stage] -> weights over replicas.
  std::vector<std::vector<WeightedRoute>> routing_weights_;
  RandomStream routing_rng_;
};

}  // namespace servesim
