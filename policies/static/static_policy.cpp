#include "policies/static/static_policy.hpp"

#include <algorithm>

#include "policies/batcher_params.hpp"
#include "sim/core/input_error.hpp"

namespace servesim {

StaticPolicy::StaticPolicy(const JsonNode& params, const PolicyContext& context)
    : rng_(context.seed, "policy/" + context.label + "/routing"), where_(params.where()) {
  params.expect_object({"placement", "routing"});
  for (const JsonNode& item : params.items("placement")) placements_.push_back(parse_placement(item, context));
  if (placements_.empty()) params.at("placement").fail("expected at least one placement");
  if (params.has("routing")) {
    const std::string r = params.at("routing").choice({"least_loaded", "round_robin", "weighted"});
    routing_ = r == "round_robin" ? Routing::kRoundRobin : r == "weighted" ? Routing::kWeighted : Routing::kLeastLoaded;
  }
}

StaticPolicy::Placement StaticPolicy::parse_placement(const JsonNode& node, const PolicyContext& context) const {
  node.expect_object({"variant", "device_type", "count", "batcher", "concurrency", "weight"});
  Placement p;
  p.where = node.where();
  const JsonNode variant = node.at("variant");
  const auto v = context.world.models->find_variant(variant.string());
  if (!v) variant.fail("unknown model variant \"" + variant.string() + "\"");
  p.variant = *v;
  const JsonNode type = node.at("device_type");
  const auto t = context.world.hardware->find(type.string());
  if (!t) type.fail("unknown device type \"" + type.string() + "\"");
  p.device_type = *t;
  if (!context.world.models->variant(p.variant).profile_on(type.string())) {
    type.fail("variant \"" + variant.string() + "\" has no latency profile on \"" + type.string() + "\"");
  }
  p.count = static_cast<std::uint32_t>(node.positive_integer_or("count", 1));
  if (p.count > 100000) node.at("count").fail("expected at most 100000 replicas per placement");
  if (node.has("batcher")) p.batcher = parse_batcher(node.at("batcher"));
  p.concurrency = static_cast<std::uint32_t>(node.positive_integer_or("concurrency", 1));
  if (p.concurrency > 1024) node.at("concurrency").fail("expected at most 1024 concurrent batches per replica");
  p.weight = node.positive_or("weight", 1.0);
  return p;
}

void StaticPolicy::start(ClusterControl& control, const ClusterView& view) {
  for (const Placement& p : placements_) place(p, control, view);
  build_candidates(view);
}

void StaticPolicy::place(const Placement& placement, ClusterControl& control, const ClusterView& view) {
  for (std::uint32_t i = 0; i < placement.count; ++i) {
    std::optional<DeviceId> best;
    double best_free = -1;
    for (DeviceId d = 0; d < view.device_count(); ++d) {
      const DeviceInfo info = view.device(d);
      if (info.type == placement.device_type && info.memory_free_mb > best_free) {
        best = d;
        best_free = info.memory_free_mb;
      }
    }
    if (!best) throw InputError(placement.where, "the cluster has no device of this type");
    const LoadResult result =
        control.load_replica(ReplicaRequest{placement.variant, *best, placement.batcher, placement.concurrency});
    if (!result.replica) throw InputError(placement.where, "cannot place replica " + std::to_string(i + 1) + ": " + result.refusal);
    replica_weight_.resize(*result.replica + 1, 0.0);
    replica_weight_[*result.replica] = placement.weight;
  }
}

void StaticPolicy::build_candidates(const ClusterView& view) {
  const auto apps = view.applications();
  for (AppId a = 0; a < apps.size(); ++a) {
    stage_offset_.push_back(static_cast<std::uint32_t>(candidates_.size()));
    const auto& stages = apps[a].pipeline.stages();
    for (StageId s = 0; s < stages.size(); ++s) {
      Candidates c;
      double total = 0;
      for (ReplicaId r = 0; r < view.replica_count(); ++r) {
        const ModelVariant& v = view.models().variant(view.replica(r).variant);
        if (v.family != stages[s].family) continue;
        if (apps[a].min_accuracy && v.accuracy < *apps[a].min_accuracy) continue;
        c.replicas.push_back(r);
        total += replica_weight_[r];
        c.cumulative_weight.push_back(total);
      }
      if (c.replicas.empty()) {
        throw InputError(where_, "no placed replica serves stage \"" + stages[s].name +
                                    "\" of application \"" + apps[a].name + "\" (family \"" +
                                    view.models().family(stages[s].family).name + "\"" +
                                    (apps[a].min_accuracy ? ", at its accuracy floor" : "") + ")");
      }
      candidates_.push_back(std::move(c));
    }
  }
}

RouteDecision StaticPolicy::route(const RouteRequest& request, const ClusterView& view) {
  return RouteDecision::to(pick(candidates_[stage_offset_[request.app] + request.stage], view));
}

ReplicaId StaticPolicy::pick(Candidates& c, const ClusterView& view) {
  switch (routing_) {
    case Routing::kRoundRobin: {
      const ReplicaId r = c.replicas[c.next];
      c.next = (c.next + 1) % c.replicas.size();
      return r;
    }
    case Routing::kWeighted: {
      const double x = rng_.uniform01() * c.cumulative_weight.back();
      const auto it = std::upper_bound(c.cumulative_weight.begin(), c.cumulative_weight.end(), x);
      return c.replicas[std::min<std::size_t>(it - c.cumulative_weight.begin(), c.replicas.size() - 1)];
    }
    case Routing::kLeastLoaded:
      break;
  }
  ReplicaId best = c.replicas.front();
  std::uint64_t best_load = view.outstanding(best);
  for (std::size_t i = 1; i < c.replicas.size() && best_load > 0; ++i) {
    const std::uint64_t load = view.outstanding(c.replicas[i]);
    if (load < best_load) {
      best = c.replicas[i];
      best_load = load;
    }
  }
  return best;
}

}  // namespace servesim
