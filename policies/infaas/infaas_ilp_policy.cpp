#include "policies/infaas/infaas_ilp_policy.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "policies/batcher_params.hpp"
#include "policies/catalog_refs.hpp"
#include "policies/infaas/infaas_ilp_params.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/input_limits.hpp"

namespace servesim {
namespace {

bool planned_on(InstanceState s) { return s == InstanceState::kBooting || s == InstanceState::kRunning; }

}  // namespace

InfaasIlpPolicy::InfaasIlpPolicy(const JsonNode& params, const PolicyContext& context)
    : where_(params.where()), check_only_(context.check_only) {
  const ParamTable& table = infaas::ilp_param_table();
  table.check(params);
  const PolicyWorld& world = context.world;
  tick_ = table.seconds(params, "tick_s");
  lambda_ = table.number(params, "lambda");
  slack_qps_ = table.number(params, "slack_qps");
  load_quantum_qps_ = table.number(params, "load_quantum_qps");
  market_ = market_named(table.choice(params, "market"));
  if (params.has("batcher")) batcher_ = parse_batcher(params.at("batcher"));

  const auto& apps = world.applications;
  for (AppId a = 0; a < apps.size(); ++a) {
    if (apps[a].pipeline.stages().size() != 1) {
      params.fail("infaas-ilp serves single-stage applications only; \"" + apps[a].name + "\" has " +
                  std::to_string(apps[a].pipeline.stages().size()) + " stages");
    }
  }
  if (params.has("initial_load_qps")) initial_load_ = initial_load_of(params.at("initial_load_qps"), apps);

  parse_workers(params.at("workers"), world);

  app_candidates_.assign(apps.size(), {});
  if (params.has("variants")) {
    for (const JsonNode& item : params.items("variants")) {
      item.expect_object({"variant", "instance_type", "batch"});
      const JsonNode vnode = item.at("variant");
      const auto v = world.models->find_variant(vnode.string());
      if (!v) vnode.fail("unknown model variant \"" + vnode.string() + "\"");
      const JsonNode tnode = item.at("instance_type");
      const auto pool = std::find_if(pools_.begin(), pools_.end(), [&](const Pool& p) { return p.name == tnode.string(); });
      if (pool == pools_.end()) tnode.fail("instance type \"" + tnode.string() + "\" is not among params.workers");
      std::optional<std::uint32_t> batch;
      if (item.has("batch")) batch = static_cast<std::uint32_t>(item.integer_in("batch", 1, kMaxBatch));
      bool used = false;
      for (AppId a = 0; a < apps.size(); ++a) {
        if (apps[a].pipeline.stages()[0].family != world.models->variant(*v).family) continue;
        add_candidate(a, *v, static_cast<std::uint32_t>(pool - pools_.begin()), batch, world, item);
        used = true;
      }
      if (!used) vnode.fail("no application serves the family of \"" + vnode.string() + "\"");
    }
  } else {
    for (AppId a = 0; a < apps.size(); ++a) {
      for (VariantId v : world.models->family(apps[a].pipeline.stages()[0].family).variants) {
        for (std::uint32_t p = 0; p < pools_.size(); ++p) {
          const InstanceType& type = world.hardware->instance_type(pools_[p].type);
          const bool profiled = std::any_of(type.devices.begin(), type.devices.end(), [&](const DeviceSlot& s) {
            return world.models->variant(v).profile_on(world.hardware->type(s.type).name) != nullptr;
          });
          if (profiled) add_candidate(a, v, p, std::nullopt, world, params);
        }
      }
    }
  }
  for (AppId a = 0; a < apps.size(); ++a) {
    if (app_candidates_[a].empty()) {
      params.fail("no candidate variant for application \"" + apps[a].name + "\" on the workers' instance types");
    }
  }
  plan_.assign(candidates_.size(), 0);
  last_solution_.assign(apps.size(), std::nullopt);
  routes_.assign(apps.size(), {});
}

void InfaasIlpPolicy::parse_workers(const JsonNode& node, const PolicyWorld& world) {
  if (!node.raw().is_object() || node.keys().empty()) node.fail("expected an object of instance types");
  for (const std::string& key : node.keys()) {  // sorted: the pools' order is deterministic
    const JsonNode w = node.at(key);
    w.expect_object({"max_instances", "replicas_per_instance"});
    const auto type = world.hardware->find_instance_type(key);
    if (!type) w.fail("unknown instance type \"" + key + "\"");
    Pool pool;
    pool.type = *type;
    pool.name = key;
    pool.max_instances = static_cast<std::uint32_t>(w.integer_in("max_instances", 1, 10000));
    std::uint32_t devices = 0;
    for (const DeviceSlot& s : world.hardware->instance_type(*type).devices) devices += s.count;
    pool.replicas_per_instance = static_cast<std::uint32_t>(w.integer_in_or("replicas_per_instance", 1, 1024, devices));
    pools_.push_back(std::move(pool));
  }
}

void InfaasIlpPolicy::add_candidate(AppId app, VariantId v, std::uint32_t pool, std::optional<std::uint32_t> batch,
                                    const PolicyWorld& world, const JsonNode& where) {
  const ModelVariant& variant = world.models->variant(v);
  const InstanceType& type = world.hardware->instance_type(pools_[pool].type);
  const LatencyProfile* profile = nullptr;
  DeviceTypeId device_type = 0;
  for (const DeviceSlot& s : type.devices) {
    profile = variant.profile_on(world.hardware->type(s.type).name);
    if (profile) {
      device_type = s.type;
      break;
    }
  }
  if (!profile) where.fail("variant \"" + variant.name + "\" has no latency profile on a device of " + type.name);
  const std::uint32_t max_batch = profile->max_batch(variant.max_batch);
  const Duration slo = world.applications[app].slo;
  std::uint32_t b = 1;
  if (batch) {
    if (*batch > max_batch) {
      where.at("batch").fail("expected at most " + std::to_string(max_batch) + ", the largest batch of \"" +
                             variant.name + "\" on " + type.name);
    }
    b = *batch;
  } else {
    // The largest batch that still meets the SLO (T^inf <= S, constraint (2)),
    // hence the highest saturation throughput Q_ij the SLO allows.
    for (std::uint32_t k = max_batch; k >= 1; --k) {
      if (profile->at(k) <= slo) {
        b = k;
        break;
      }
    }
  }
  Candidate c;
  c.app = app;
  c.variant = v;
  c.pool = pool;
  c.device_type = device_type;
  c.batch = b;
  c.latency_s = profile->at(b).seconds();
  c.throughput_qps = static_cast<double>(b) / c.latency_s;
  c.cost_per_hour = type.price_per_hour / static_cast<double>(pools_[pool].replicas_per_instance);
  c.name = variant.name + "@" + type.name + "/b" + std::to_string(b);
  app_candidates_[app].push_back(static_cast<std::uint32_t>(candidates_.size()));
  candidates_.push_back(std::move(c));
}

void InfaasIlpPolicy::start(ClusterControl& control, const ClusterView& view) {
  for (InstanceId i = 0; i < view.instance_count(); ++i) {
    const InstanceInfo info = view.instance(i);
    const bool pooled = std::any_of(pools_.begin(), pools_.end(), [&](const Pool& p) { return p.type == info.type; });
    if (!pooled) {
      throw InputError(where_, "the cluster's instance type \"" + view.hardware().instance_type(info.type).name +
                                   "\" is not among params.workers");
    }
    pool_instances_.insert(i);
  }
  if (initial_load_ && !check_only_) replan(control, view, true);  // validate solves no ILP
}

void InfaasIlpPolicy::on_tick(ClusterControl& control, const ClusterView& view) { replan(control, view, false); }

std::int32_t InfaasIlpPolicy::owner(ReplicaId r) const {
  const auto it = replica_candidate_.find(r);
  return it == replica_candidate_.end() ? -1 : static_cast<std::int32_t>(it->second);
}

// A replica that stopped taking queries, or an instance that is going away,
// never comes back.
void InfaasIlpPolicy::forget_gone(const ClusterView& view) {
  std::erase_if(replica_candidate_, [&](const auto& entry) { return !view.accepts(entry.first); });
  std::erase_if(pool_instances_, [&](InstanceId i) { return !planned_on(view.instance(i).state); });
}

double InfaasIlpPolicy::planning_load(AppId app, const ClusterView& view, bool at_start) const {
  if (at_start) return (*initial_load_)[app];
  const double rate = view.arrival_rate(app, 0);
  if (load_quantum_qps_ <= 0 || rate <= 0) return rate;
  return load_quantum_qps_ * std::max(1.0, std::round(rate / load_quantum_qps_));
}

void InfaasIlpPolicy::replan(ClusterControl& control, const ClusterView& view, bool at_start) {
  const std::size_t napps = app_candidates_.size();
  const std::size_t npools = pools_.size();

  // N_ij: our replicas that take queries, on instances that are (or will be) up.
  forget_gone(view);
  std::vector<std::int64_t> current(candidates_.size(), 0);
  for (const auto& [r, c] : replica_candidate_) {
    const auto instance = view.device(view.replica(r).device).instance;
    if (instance && planned_on(view.instance(*instance).state)) ++current[c];
  }
  std::vector<std::vector<std::int64_t>> use(napps, std::vector<std::int64_t>(npools, 0));
  for (std::size_t c = 0; c < candidates_.size(); ++c) use[candidates_[c].app][candidates_[c].pool] += current[c];

  for (AppId a = 0; a < napps; ++a) {
    IlpProblem problem;
    problem.load_qps = planning_load(a, view, at_start);
    problem.slack_qps = slack_qps_;
    problem.slo_s = view.applications()[a].slo.seconds();
    problem.min_accuracy = view.applications()[a].min_accuracy;
    problem.lambda_per_s = lambda_;
    for (std::size_t p = 0; p < npools; ++p) {
      problem.resource_types.push_back("slots@" + pools_[p].name);
      // Constraint (3) per application: what the other applications hold
      // (as planned this round for those before, as running for those after).
      std::int64_t others = 0;
      for (AppId o = 0; o < napps; ++o) {
        if (o != a) others += use[o][p];
      }
      const std::int64_t total = static_cast<std::int64_t>(pools_[p].max_instances) * pools_[p].replicas_per_instance;
      IlpWorker worker{pools_[p].name, std::vector<double>(npools, 0.0)};
      worker.capacity[p] = static_cast<double>(std::max<std::int64_t>(0, total - others));
      problem.workers.push_back(std::move(worker));
    }
    for (std::uint32_t c : app_candidates_[a]) {
      const Candidate& cand = candidates_[c];
      IlpVariant v;
      v.name = cand.name;
      v.throughput_qps = cand.throughput_qps;
      v.latency_s = cand.latency_s;
      v.cost = cand.cost_per_hour;
      v.load_latency_s = view.models().variant(cand.variant).load_latency.seconds();
      v.accuracy = view.models().variant(cand.variant).accuracy;
      v.resources.assign(npools, 0.0);
      v.resources[cand.pool] = 1.0;
      problem.variants.push_back(std::move(v));
      std::vector<std::int64_t> running(npools, 0);
      running[cand.pool] = current[c];
      problem.running.push_back(std::move(running));
    }
    IlpSolution solution = solve_infaas_ilp(problem);
    ++stats_.solves;
    stats_.solve_wall_s_total += solution.solve_wall_s;
    stats_.solve_wall_s_max = std::max(stats_.solve_wall_s_max, solution.solve_wall_s);
    if (!solution.optimal()) ++stats_.infeasible;
    for (std::size_t k = 0; k < app_candidates_[a].size(); ++k) {
      const std::uint32_t c = app_candidates_[a][k];
      // Infeasible: keep what runs (nothing better is known to fit).
      plan_[c] = solution.optimal() ? solution.total(k) : current[c];
      use[a][candidates_[c].pool] += plan_[c] - current[c];
    }
    last_solution_[a] = std::move(solution);
  }
  realize(control, view);
}

void InfaasIlpPolicy::realize(ClusterControl& control, const ClusterView& view) {
  // Our replicas that take queries, by the instance hosting them.
  std::map<InstanceId, std::vector<ReplicaId>> hosted;
  for (const auto& [r, c] : replica_candidate_) {
    if (!view.accepts(r)) continue;
    const auto instance = view.device(view.replica(r).device).instance;
    if (instance) hosted[*instance].push_back(r);
  }
  for (std::uint32_t p = 0; p < pools_.size(); ++p) {
    const Pool& pool = pools_[p];
    std::int64_t slots = 0;
    for (std::size_t c = 0; c < candidates_.size(); ++c) {
      if (candidates_[c].pool == p) slots += plan_[c];
    }
    const auto needed = static_cast<std::size_t>((slots + pool.replicas_per_instance - 1) / pool.replicas_per_instance);

    // Keep the instances that already serve most, running before booting.
    struct Alive {
      InstanceId id;
      std::size_t replicas;
      bool running;
    };
    std::vector<Alive> alive;
    // Those launched for another pool below are of another type.
    for (InstanceId i : pool_instances_) {
      const InstanceInfo info = view.instance(i);
      if (info.type != pool.type || !planned_on(info.state)) continue;
      const auto it = hosted.find(i);
      alive.push_back({i, it == hosted.end() ? 0 : it->second.size(), info.state == InstanceState::kRunning});
    }
    std::stable_sort(alive.begin(), alive.end(), [](const Alive& x, const Alive& y) {
      if (x.replicas != y.replicas) return x.replicas > y.replicas;
      return x.running && !y.running;
    });
    std::vector<InstanceId> keep;
    for (std::size_t k = 0; k < alive.size(); ++k) {
      if (k < needed) {
        keep.push_back(alive[k].id);
      } else {
        control.stop_instance(alive[k].id);  // drains its replicas first
      }
    }

    // Shed replicas beyond the plan (newest first), then fill free slots.
    std::map<InstanceId, std::uint32_t> used;
    std::map<std::size_t, std::vector<ReplicaId>> have;  // by candidate
    for (InstanceId i : keep) {
      used[i] = 0;
      const auto it = hosted.find(i);
      if (it == hosted.end()) continue;
      for (ReplicaId r : it->second) have[static_cast<std::size_t>(owner(r))].push_back(r);
    }
    std::map<ReplicaId, InstanceId> host_of;
    for (InstanceId i : keep) {
      const auto it = hosted.find(i);
      if (it != hosted.end()) {
        for (ReplicaId r : it->second) host_of[r] = i;
      }
    }
    for (auto& [c, replicas] : have) {
      std::sort(replicas.begin(), replicas.end());
      while (static_cast<std::int64_t>(replicas.size()) > plan_[c]) {
        control.unload_replica(replicas.back());
        replicas.pop_back();
      }
      for (ReplicaId r : replicas) ++used[host_of[r]];
    }
    for (std::size_t c = 0; c < candidates_.size(); ++c) {
      const Candidate& cand = candidates_[c];
      if (cand.pool != p) continue;
      std::vector<ReplicaId>& mine = have[c];
      while (static_cast<std::int64_t>(mine.size()) < plan_[c]) {
        std::optional<InstanceId> target;
        for (InstanceId i : keep) {
          if (used[i] < pool.replicas_per_instance) {
            target = i;
            break;
          }
        }
        bool fresh = false;
        if (!target) {
          target = control.launch_instance(pool.type, market_);
          pool_instances_.insert(*target);
          keep.push_back(*target);
          used[*target] = 0;
          fresh = true;
        }
        // The device of the candidate's type with the fewest replicas.
        std::optional<DeviceId> device;
        std::size_t fewest = 0;
        for (DeviceId d : view.instance(*target).devices) {
          const DeviceInfo info = view.device(d);
          if (info.type != cand.device_type) continue;
          if (!device || info.replicas.size() < fewest) {
            device = d;
            fewest = info.replicas.size();
          }
        }
        const LoadResult result =
            device ? control.load_replica(ReplicaRequest{cand.variant, *device, batcher_, 1}) : LoadResult{};
        if (!result.replica) {
          used[*target] = pool.replicas_per_instance;  // full for this variant: try the next one
          if (fresh) break;                             // even an empty instance refuses: give up this round
          continue;
        }
        replica_candidate_[*result.replica] = static_cast<std::uint32_t>(c);
        mine.push_back(*result.replica);
        ++used[*target];
      }
    }
  }
  rebuild_routes(view);
}

void InfaasIlpPolicy::rebuild_routes(const ClusterView& view) {
  for (auto& entries : routes_) entries.clear();
  for (const auto& [r, c] : replica_candidate_) {
    if (!view.accepts(r)) continue;
    const Candidate& cand = candidates_[c];
    routes_[cand.app].push_back({r, 1.0 / cand.throughput_qps, view.replica(r).state == ReplicaState::kActive});
  }
}

RouteDecision InfaasIlpPolicy::route(const RouteRequest& request, ClusterControl& /*control*/, const ClusterView& view) {
  ReplicaId best = kNoReplica;
  double best_score = 0;
  bool best_active = false;
  for (const RouteEntry& e : routes_[request.app]) {
    if (!view.accepts(e.replica)) continue;
    // A loading replica only when none is active, and never one whose
    // instance still boots (section 4.1, Algorithm 1: an inactive variant
    // serves the query once loaded; a boot takes tens of seconds).
    if (!e.active && (best_active || !host_running(e, view))) continue;
    // Least outstanding work per unit of throughput: with a query added, the
    // time this replica needs to clear its queue at its saturation rate.
    const double score = static_cast<double>(view.outstanding(e.replica) + 1) * e.inverse_throughput;
    const bool better = best == kNoReplica || (e.active && !best_active) ||
                        (e.active == best_active && score < best_score);
    if (better) {
      best = e.replica;
      best_score = score;
      best_active = e.active;
    }
  }
  return best == kNoReplica ? RouteDecision::reject() : RouteDecision::to(best);
}

bool InfaasIlpPolicy::host_running(const RouteEntry& e, const ClusterView& view) {
  const auto instance = view.device(view.replica(e.replica).device).instance;
  return !instance || view.instance(*instance).state == InstanceState::kRunning;
}

void InfaasIlpPolicy::on_replica_ready(ReplicaId id, ClusterControl&, const ClusterView&) {
  const std::int32_t c = owner(id);
  if (c < 0) return;
  for (RouteEntry& e : routes_[candidates_[static_cast<std::size_t>(c)].app]) {
    if (e.replica == id) e.active = true;
  }
}

void InfaasIlpPolicy::on_instance_gone(InstanceId, ClusterControl&, const ClusterView& view) {
  forget_gone(view);
  rebuild_routes(view);
}

void InfaasIlpPolicy::report(PolicyCounters& out) const {
  out.add("solves", static_cast<double>(stats_.solves));
  out.add("infeasible_solves", static_cast<double>(stats_.infeasible));
  out.add_wall_seconds("ilp_wall_s", stats_.solve_wall_s_total);
  out.add_wall_seconds("ilp_wall_s_max", stats_.solve_wall_s_max);
}

}  // namespace servesim
