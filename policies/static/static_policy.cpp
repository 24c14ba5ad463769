#include "policies/static/static_policy.hpp"

#include <algorithm>

#include "policies/batcher_params.hpp"
#include "policies/catalog_refs.hpp"
#include "policies/device_choice.hpp"
#include "policies/static/offline_dispatch.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/name_hint.hpp"

namespace servesim {
namespace {

nlohmann::json list_of(const char* definition) {
  return {{"type", "array"}, {"items", schema_ref(definition)}};
}

}  // namespace

const ParamTable& StaticPolicy::param_table() {
  static const ParamTable table({
      custom_param("placement", list_of("placement"),
                   "a list of {\"variant\", \"device_type\", \"count\", \"batcher\", \"concurrency\", \"weight\", "
                   "\"device\"}",
                   "none", "the replicas, each on the device of its type with the most free memory, or on \"device\""),
      choice_param("routing", {"least_loaded", "round_robin", "weighted", "central_queue"},
                   "how a query picks a replica of its stage"),
      custom_param("script", list_of("script_step"), "a list of timed launches and stops (scripted_actions.hpp)",
                   "none", "cloud actions, run by a one-second tick"),
      custom_param("lambda_overflow", schema_ref("lambda_overflow"),
                   "{\"function\": name, \"queue_above\": n}", "none",
                   "a query whose replica holds more than queue_above queries (or that has none) goes to the function"),
  });
  return table;
}

StaticPolicy::StaticPolicy(const JsonNode& params, const PolicyContext& context)
    : rng_(context.seed, "policy/" + context.label + "/routing"), where_(params.where()) {
  const ParamTable& table = param_table();
  table.check(params);
  if (params.has("placement")) {
    for (const JsonNode& item : params.items("placement")) placements_.push_back(parse_placement(item, context));
  }
  if (params.has("script")) script_ = ActionScript(params.at("script"), context.world);
  if (params.has("lambda_overflow")) lambda_overflow_ = parse_overflow(params.at("lambda_overflow"), context.world);
  // Lambda alone is a deployment too (MArk section 3.1 serves a model on
  // Lambda only): with no replica every query overflows.
  if (placements_.empty() && script_.empty() && !lambda_overflow_) {
    params.fail("expected a \"placement\", a \"script\" or a \"lambda_overflow\"");
  }
  const std::string r = table.choice(params, "routing");
  routing_ = r == "round_robin"     ? Routing::kRoundRobin
             : r == "weighted"      ? Routing::kWeighted
             : r == "central_queue" ? Routing::kCentralQueue
                                    : Routing::kLeastLoaded;
}

StaticPolicy::LambdaOverflow StaticPolicy::parse_overflow(const JsonNode& node, const PolicyWorld& world) {
  node.expect_object({"function", "queue_above"});
  return LambdaOverflow{lambda_function_of(node.at("function"), world.cloud.lambda_functions),
                        static_cast<std::uint64_t>(node.integer_in_or("queue_above", 0, INT64_MAX, 0))};
}

StaticPolicy::Placement StaticPolicy::parse_placement(const JsonNode& node, const PolicyContext& context) const {
  node.expect_object({"variant", "device_type", "count", "batcher", "concurrency", "weight", "device"});
  Placement p;
  p.replica = parse_replica_params(node, *context.world.models);
  p.where = node.where();
  const JsonNode variant = node.at("variant");
  const JsonNode type = node.at("device_type");
  const auto t = context.world.hardware->find(type.string());
  if (!t) {
    type.fail("unknown device type \"" + type.string() + "\"" + name_hint_of(type.string(), context.world.hardware->types()));
  }
  p.device_type = *t;
  if (!context.world.models->variant(p.replica.variant).profile_on(type.string())) {
    type.fail("variant \"" + variant.string() + "\" has no latency profile on \"" + type.string() + "\"");
  }
  if (const auto d = node.find("device")) {
    const std::int64_t index = d->integer();
    const auto& devices = context.world.devices;
    if (index < 0 || static_cast<std::size_t>(index) >= devices.size() || devices[index] != p.device_type) {
      d->fail("expected the index of a \"" + type.string() + "\" device of the fixed cluster, got " +
              d->raw().dump());
    }
    p.device = static_cast<DeviceId>(index);
  }
  return p;
}

void StaticPolicy::start(ClusterControl& control, const ClusterView& view) {
  for (const Placement& p : placements_) place(p, control, view);
  build_candidates(view, true);
  if (routing_ == Routing::kCentralQueue) attach_to_central_queues(control, view);
  if (script_.empty()) check_offline_replicas(view);
}

// Without a script no replica comes later: a job no placed replica serves
// would never progress, a scenario mistake.
void StaticPolicy::check_offline_replicas(const ClusterView& view) const {
  const auto jobs = view.offline_jobs();
  for (const OfflineJob& job : jobs) {
    if (!offline_replicas(job, view).empty()) continue;
    throw InputError(where_, "no placed replica serves offline job \"" + job.name + "\" of application \"" +
                                 view.applications()[job.app].name + "\"" +
                                 (job.variant ? " (variant \"" + view.models().variant(*job.variant).name + "\")"
                                              : std::string(job.min_accuracy ? " (at its accuracy floor)" : "")));
  }
}

void StaticPolicy::on_offline_submitted(OfflineJobId job, ClusterControl& control, const ClusterView& view) {
  dispatch_evenly(job, control, view);
}

void StaticPolicy::place(const Placement& placement, ClusterControl& control, const ClusterView& view) {
  const ReplicaParams& r = placement.replica;
  for (std::uint32_t i = 0; i < r.count; ++i) {
    const LoadResult result =
        load_on_roomiest(view, control, ReplicaRequest{r.variant, 0, r.batcher, r.concurrency}, [&](DeviceId d) {
          return placement.device ? d == *placement.device : view.device(d).type == placement.device_type;
        });
    if (!result.replica) {
      throw InputError(placement.where, "cannot place replica " + std::to_string(i + 1) + ": " + result.refusal);
    }
    record_weight(*result.replica, r.weight);
  }
}

void StaticPolicy::record_weight(ReplicaId id, double weight) {
  if (replica_weight_.size() <= id) replica_weight_.resize(id + 1, 0.0);
  replica_weight_[id] = weight;
}

// Candidates are every accepting replica of the stage's family that meets the
// accuracy floor; rebuilt whenever the set of replicas changes. At start, a
// stage without any is a scenario error unless Lambda or a scripted launch
// will serve it; later it means rejection (or Lambda).
void StaticPolicy::build_candidates(const ClusterView& view, bool at_start) {
  stage_offset_.clear();
  candidates_.clear();
  const auto apps = view.applications();
  const std::vector<VariantId> launched = at_start ? script_.launched_variants() : std::vector<VariantId>{};
  for (AppId a = 0; a < apps.size(); ++a) {
    stage_offset_.push_back(static_cast<std::uint32_t>(candidates_.size()));
    const auto& stages = apps[a].pipeline.stages();
    for (StageId s = 0; s < stages.size(); ++s) {
      Candidates c;
      double total = 0;
      for (ReplicaId r = 0; r < view.replica_count(); ++r) {
        if (!view.accepts(r)) continue;
        const ModelVariant& v = view.models().variant(view.replica(r).variant);
        if (v.family != stages[s].family) continue;
        if (apps[a].min_accuracy && v.accuracy < *apps[a].min_accuracy) continue;
        c.replicas.push_back(r);
        total += replica_weight_[r];
        c.cumulative_weight.push_back(total);
      }
      const auto scripted = [&](VariantId id) {
        const ModelVariant& v = view.models().variant(id);
        return v.family == stages[s].family && !(apps[a].min_accuracy && v.accuracy < *apps[a].min_accuracy);
      };
      if (c.replicas.empty() && at_start && !lambda_overflow_ &&
          std::none_of(launched.begin(), launched.end(), scripted)) {
        throw InputError(where_, "no placed replica serves stage \"" + stages[s].name + "\" of application \"" +
                                     apps[a].name + "\" (family \"" + view.models().family(stages[s].family).name +
                                     "\"" + (apps[a].min_accuracy ? ", at its accuracy floor" : "") + ")");
      }
      candidates_.push_back(std::move(c));
    }
  }
}

// Rebuilt lists after replicas came or went; new replicas join their stage's
// central queue.
void StaticPolicy::refresh_candidates(ClusterControl& control, const ClusterView& view) {
  build_candidates(view, false);
  if (routing_ == Routing::kCentralQueue) attach_to_central_queues(control, view);
}

// Each replica takes from the central queue of the one stage it serves; a
// replica two stages could use would serve only one of them, and the other's
// queue might never drain, so that is a scenario error.
void StaticPolicy::attach_to_central_queues(ClusterControl& control, const ClusterView& view) {
  const auto apps = view.applications();
  for (AppId a = 0; a < apps.size(); ++a) {
    for (StageId s = 0; s < apps[a].pipeline.stages().size(); ++s) {
      const std::uint32_t list = stage_offset_[a] + s;
      for (ReplicaId r : candidates_[list].replicas) {
        if (central_list_of_.size() <= r) central_list_of_.resize(r + 1, 0);
        if (central_list_of_[r] == list + 1) continue;
        if (central_list_of_[r] != 0) {
          throw InputError(where_, "routing \"central_queue\": a replica of variant \"" +
                                       view.models().variant(view.replica(r).variant).name +
                                       "\" could serve two stages (stage \"" + apps[a].pipeline.stages()[s].name +
                                       "\" of application \"" + apps[a].name +
                                       "\" is the second); each replica takes from one stage's queue");
        }
        central_list_of_[r] = list + 1;
        control.attach_central_queue(r, a, s);
      }
    }
  }
}

// The query goes to the chosen replica or, with central_queue routing, to
// the stage's central queue; one overflow rule judges either by what already
// waits there.
RouteDecision StaticPolicy::route(const RouteRequest& request, ClusterControl& /*control*/, const ClusterView& view) {
  Candidates& c = candidates_[stage_offset_[request.app] + request.stage];
  const bool central = routing_ == Routing::kCentralQueue;
  const ReplicaId r = central || c.replicas.empty() ? kNoReplica : pick(c, view);
  const bool nowhere = c.replicas.empty() || (!central && r == kNoReplica);
  if (lambda_overflow_) {
    const auto held = [&] {
      return central ? view.central_queue_length(request.app, request.stage) : view.outstanding(r);
    };
    if (nowhere || held() > lambda_overflow_->queue_above) return RouteDecision::to_lambda(lambda_overflow_->function);
  }
  if (nowhere) return RouteDecision::reject();
  return central ? RouteDecision::to_central_queue() : RouteDecision::to(r);
}

ReplicaId StaticPolicy::pick(Candidates& c, const ClusterView& view) {
  ReplicaId chosen = kNoReplica;
  switch (routing_) {
    case Routing::kRoundRobin:
      chosen = c.replicas[c.next];
      c.next = (c.next + 1) % c.replicas.size();
      break;
    case Routing::kWeighted: {
      const double x = rng_.uniform01() * c.cumulative_weight.back();
      const auto it = std::upper_bound(c.cumulative_weight.begin(), c.cumulative_weight.end(), x);
      chosen = c.replicas[std::min<std::size_t>(it - c.cumulative_weight.begin(), c.replicas.size() - 1)];
      break;
    }
    case Routing::kLeastLoaded:
    case Routing::kCentralQueue:  // never picked: route() sends to the stage's queue
      break;
  }
  // A replica can stop accepting between rebuilds (its instance is being
  // taken back); fall back to the least loaded of those that accept.
  if (chosen != kNoReplica && view.accepts(chosen)) return chosen;
  return least_loaded(c, view);
}

// The lists are rebuilt whenever replicas come and go, so a candidate that no
// longer accepts is rare (an instance being taken back): check only the winner,
// and scan again with the check in that rare case.
ReplicaId StaticPolicy::least_loaded(const Candidates& c, const ClusterView& view) const {
  const ReplicaId best = least_loaded_of(c, view, /*check_accepts=*/false);
  return best == kNoReplica || view.accepts(best) ? best : least_loaded_of(c, view, true);
}

ReplicaId StaticPolicy::least_loaded_of(const Candidates& c, const ClusterView& view, bool check_accepts) const {
  ReplicaId best = kNoReplica;
  std::uint64_t best_load = 0;
  for (ReplicaId r : c.replicas) {
    if (check_accepts && !view.accepts(r)) continue;
    const std::uint64_t load = view.outstanding(r);
    if (best == kNoReplica || load < best_load) {
      best = r;
      best_load = load;
      if (load == 0) break;
    }
  }
  return best;
}

Duration StaticPolicy::tick_interval() const {
  return script_.empty() ? Duration::infinite() : from_seconds(1);
}

void StaticPolicy::on_tick(ClusterControl& control, const ClusterView& view) {
  script_.run_due(control, view, [&](ReplicaId r, double w) { record_weight(r, w); });
  refresh_candidates(control, view);
  redispatch_offline(control, view);
}

void StaticPolicy::on_interruption_notice(InstanceId, SimTime, ClusterControl& control, const ClusterView& view) {
  script_.on_interruption_notice(control, view, [&](ReplicaId r, double w) { record_weight(r, w); });
  refresh_candidates(control, view);
}

void StaticPolicy::on_instance_gone(InstanceId, ClusterControl& control, const ClusterView& view) {
  refresh_candidates(control, view);
  redispatch_offline(control, view);  // what the lost replicas held is back in the backlogs
}

void StaticPolicy::redispatch_offline(ClusterControl& control, const ClusterView& view) {
  for (OfflineJobId j = 0; j < view.offline_jobs().size(); ++j) dispatch_evenly(j, control, view);
}

}  // namespace servesim
