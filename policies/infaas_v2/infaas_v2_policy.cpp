#include "policies/infaas_v2/infaas_v2_policy.hpp"

#include <algorithm>

#include "policies/infaas_v2/downscaling.hpp"
#include "policies/infaas_v2/infaas_v2_batcher.hpp"
#include "policies/infaas_v2/query_selection.hpp"
#include "policies/infaas_v2/upscaling.hpp"
#include "sim/serving/batchers/prototype_batcher_plugin.hpp"

namespace servesim {

using namespace infaas_v2;

InfaasV2Policy::InfaasV2Policy(const JsonNode& params, const PolicyContext& context)
    : params_(parse_params(params)), rng_(context.seed, "policy/" + context.label + "/fallback") {}

// One profile per family an application uses, at that application's SLO (the
// artifact's slo_dict: one deadline per request file).
void InfaasV2Policy::start(ClusterControl& /*control*/, const ClusterView& view) {
  pool_ = DevicePool(view, params_);
  families_.assign(view.models().families().size(), Family{});
  for (const Application& app : view.applications()) {
    for (const Stage& stage : app.pipeline.stages()) {
      Family& f = families_[stage.family];
      if (!f.profile) f.profile.emplace(view.models(), stage.family, params_.device_types, app.slo.millis());
    }
  }
}

// The artifact's len(request_dict): queued and executing, and (switch) every
// query the predictor ever dropped.
std::vector<std::uint64_t> InfaasV2Policy::queued_of(const Family& family, const ClusterView& view) const {
  std::vector<std::uint64_t> queued;
  queued.reserve(family.predictors.size());
  for (const Predictor& p : family.predictors) {
    queued.push_back(view.outstanding(p.replica) + (params_.dropped_count_as_queued ? view.dropped(p.replica) : 0));
  }
  return queued;
}

BatcherSpec InfaasV2Policy::batcher_for(std::uint32_t batch, bool timer_spent) const {
  // The policy's own batcher, never named in a scenario: a plug-in.
  return {std::max<std::uint32_t>(batch, 1),
          std::make_shared<const PrototypeBatcherPlugin<InfaasV2Batcher>>(
              "infaas-v2", InfaasV2Batcher(batch, params_.expiry_factor, timer_spent || !params_.batch_timer))};
}

std::optional<std::size_t> InfaasV2Policy::add_predictor(Family& family, std::size_t kind, VariantId variant,
                                                         ClusterControl& control) {
  const auto device = pool_.take(kind);
  if (!device) return std::nullopt;
  Predictor p;
  p.variant = variant;
  p.kind = kind;
  p.device = *device;
  p.largest = family.profile->largest_batch(variant, kind);
  p.batch = p.largest;
  const LoadResult loaded = control.load_replica({variant, *device, batcher_for(p.batch, false), 1});
  if (!loaded.replica) {
    pool_.release(*device);
    return std::nullopt;
  }
  p.replica = *loaded.replica;
  family.predictors.push_back(p);
  return family.predictors.size() - 1;
}

RouteDecision InfaasV2Policy::route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) {
  Family& family = families_[request.family];
  family.arrivals.count(request.arrival);
  if (!family.profile) return RouteDecision::reject();
  const std::vector<std::uint64_t> queued = queued_of(family, view);
  const double deadline_ms = (request.deadline - request.arrival).millis();
  const Selection s =
      select_predictor(family.predictors, queued, *family.profile, pool_.available(), deadline_ms, params_, rng_);
  switch (s.kind) {
    case Selection::Kind::kNewPredictor:
      if (const auto i = add_predictor(family, s.new_kind, s.new_variant, control)) {
        ++stats_.added_on_query;
        return RouteDecision::to(family.predictors[*i].replica);
      }
      break;
    case Selection::Kind::kLeastLoaded: ++stats_.least_loaded; return RouteDecision::to(family.predictors[s.index].replica);
    case Selection::Kind::kClosestAccuracy: ++stats_.closest; return RouteDecision::to(family.predictors[s.index].replica);
    case Selection::Kind::kRandom: ++stats_.random; return RouteDecision::to(family.predictors[s.index].replica);
    case Selection::Kind::kNone: break;
  }
  ++stats_.no_predictor;
  return RouteDecision::reject();
}

// The artifact scales at whole steps after the step's arrivals: 1 ns past
// each interval, so that arrivals at exactly that instant are counted first.
Duration InfaasV2Policy::tick_interval() const {
  return ticked_ ? params_.scaling_interval : params_.scaling_interval + Duration{1};
}

// Removals first (their devices free at once), then additions on the lowest
// free devices, as the artifact applies its lists.
void InfaasV2Policy::apply(Family& family, const ScalingPlan& plan, ClusterControl& control) {
  std::vector<bool> gone(family.predictors.size(), false);
  for (const std::size_t i : plan.remove) {
    if (gone[i]) continue;
    gone[i] = true;
    control.unload_replica(family.predictors[i].replica);
    pool_.release(family.predictors[i].device);
    ++stats_.removed;
  }
  std::vector<Predictor> kept;
  for (std::size_t i = 0; i < family.predictors.size(); ++i) {
    if (!gone[i]) kept.push_back(family.predictors[i]);
  }
  family.predictors = std::move(kept);
  for (const auto& [kind, variant] : plan.add) {
    if (!add_predictor(family, kind, variant, control)) continue;
    if (plan.action == ScalingPlan::Action::kUpgrade) ++stats_.added_upgrade;
    else if (plan.action == ScalingPlan::Action::kReplicate) ++stats_.added_replication;
    else ++stats_.added_swap;
  }
  if (plan.action == ScalingPlan::Action::kUpgrade) ++stats_.upgrades;
  if (plan.action == ScalingPlan::Action::kReplicate) ++stats_.replications;
}

// A predictor whose batch size the scalers changed gets a new batcher; its
// one-shot timer counts as spent (it is set within the predictor's first
// busy moments, long before a scaling pass).
void InfaasV2Policy::resize_batchers(Family& family, const std::vector<std::uint32_t>& before,
                                     ClusterControl& control) {
  for (std::size_t i = 0; i < before.size() && i < family.predictors.size(); ++i) {
    const Predictor& p = family.predictors[i];
    if (p.batch == before[i]) continue;
    control.set_batcher(p.replica, batcher_for(p.batch, true));
    ++stats_.batch_resizes;
  }
}

void InfaasV2Policy::on_tick(ClusterControl& control, const ClusterView& view) {
  ticked_ = true;
  const std::int64_t last_step = ArrivalCounter::step_of(view.now()) - 1;
  for (const bool up : {true, false}) {
    for (Family& family : families_) {
      if (!family.profile) continue;
      const std::vector<std::uint64_t> queued = queued_of(family, view);
      FamilyLoad load;
      load.queued = queued;
      load.incoming = static_cast<double>(family.arrivals.in_step(last_step));
      load.available = pool_.available();
      std::vector<std::uint32_t> before;
      for (const Predictor& p : family.predictors) before.push_back(p.batch);
      const ScalingPlan plan = up ? upscale(family.predictors, *family.profile, load, params_)
                                  : downscale(family.predictors, *family.profile, load, params_);
      // Batch changes first, while indices still match `before`.
      resize_batchers(family, before, control);
      apply(family, plan, control);
    }
  }
}

void InfaasV2Policy::report(PolicyCounters& out) const {
  out.add("predictors_added_on_query", static_cast<double>(stats_.added_on_query));
  out.add("predictors_added_upgrade", static_cast<double>(stats_.added_upgrade));
  out.add("predictors_added_replication", static_cast<double>(stats_.added_replication));
  out.add("predictors_added_swap", static_cast<double>(stats_.added_swap));
  out.add("predictors_removed", static_cast<double>(stats_.removed));
  out.add("upgrades", static_cast<double>(stats_.upgrades));
  out.add("replications", static_cast<double>(stats_.replications));
  out.add("batch_resizes", static_cast<double>(stats_.batch_resizes));
  out.add("queries_least_loaded", static_cast<double>(stats_.least_loaded));
  out.add("queries_closest_accuracy", static_cast<double>(stats_.closest));
  out.add("queries_random", static_cast<double>(stats_.random));
  out.add("queries_no_predictor", static_cast<double>(stats_.no_predictor));
}

}  // namespace servesim
