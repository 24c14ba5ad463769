#include "policies/proteus/proteus_params.hpp"

#include <algorithm>

#include "policies/catalog_refs.hpp"
#include "policies/proteus/allowed_variants.hpp"
#include "sim/core/input_limits.hpp"

namespace servesim::proteus {
namespace {

bool re_solves(Flavor flavor) { return flavor == Flavor::kProteus || flavor == Flavor::kSommelier; }

void expect_keys(const JsonNode& params, Flavor flavor) {
  switch (flavor) {
    case Flavor::kProteus:
      params.expect_object({"initial_load_qps", "beta", "mip_gap", "time_limit_s", "solve_interval_s",
                            "warmup_solves_s", "solve_delay", "ewma_com", "ewma_window_s", "burst_factor",
                            "burst_window_s", "burst_min_gap_s", "model_selection", "model_placement",
                            "query_assignment", "adaptive_batching", "start_allocation", "allowed_variants",
                            "routing", "batching", "artifact_schedule"});
      return;
    case Flavor::kSommelier:
      params.expect_object({"initial_load_qps", "beta", "mip_gap", "time_limit_s", "solve_interval_s",
                            "warmup_solves_s", "ewma_com", "ewma_window_s", "burst_factor", "burst_window_s",
                            "burst_min_gap_s", "start_allocation", "allowed_variants", "routing", "batching",
                            "artifact_schedule", "variant_swaps", "solve_delay"});
      return;
    case Flavor::kClipperHa:
    case Flavor::kClipperHt:
      params.expect_object({"initial_load_qps", "beta", "mip_gap", "time_limit_s", "start_allocation",
                            "allowed_variants", "routing", "batching"});
      return;
  }
}

std::uint32_t count_in(const JsonNode& node, std::int64_t high) { return static_cast<std::uint32_t>(node.integer_in(1, high)); }

// Every flavor solves the MILP at least once, for its start plan.
void parse_limits(const JsonNode& params, MilpLimits& limits) {
  if (params.has("mip_gap")) {
    const JsonNode gap = params.at("mip_gap");
    limits.mip_gap = gap.non_negative();
    if (limits.mip_gap >= 1) gap.fail("expected a relative gap in [0, 1)");
  }
  if (params.has("time_limit_s")) limits.time_limit_s = params.number_in("time_limit_s", kMinPeriodS, 3600, "s");
}

void parse_solving(const JsonNode& params, ProteusParams& p) {
  if (params.has("solve_interval_s")) p.solve_interval = params.at("solve_interval_s").seconds_in(kMinPeriodS, 86400);
  if (params.has("warmup_solves_s")) {
    p.warmup_solves.clear();
    for (const JsonNode& t : params.items("warmup_solves_s")) p.warmup_solves.push_back(t.seconds_in(0, 86400));
    std::sort(p.warmup_solves.begin(), p.warmup_solves.end());
  }
  if (params.has("solve_delay")) {
    const JsonNode delay = params.at("solve_delay");
    if (delay.raw().is_string()) {
      delay.choice({"measured"});
      p.measured_solve_delay = true;
    } else {
      p.solve_delay = delay.seconds_in(0, 3600);
    }
  }
  p.ewma_com = params.number_in_or("ewma_com", 0, 1e6, p.ewma_com);
  if (params.has("ewma_window_s")) p.ewma_window = count_in(params.at("ewma_window_s"), 3600);
  if (params.has("burst_factor")) {
    p.burst.factor = params.number_in("burst_factor", 1, 1e6);
  }
  if (params.has("burst_window_s")) p.burst.window_s = count_in(params.at("burst_window_s"), 3600);
  if (params.has("burst_min_gap_s")) p.burst.min_gap = params.at("burst_min_gap_s").seconds_in(0, 86400);
}

IntervalWindow interval_window(const JsonNode& node) {
  node.expect_object({"from_s", "to_s", "interval_s"});
  IntervalWindow w{node.at("from_s").seconds_in(0, 86400), node.at("to_s").seconds_in(0, 86400),
                   node.at("interval_s").seconds_in(1, 86400)};
  if (w.to < w.from) node.at("to_s").fail("expected to_s >= from_s");
  return w;
}

ArtifactSchedule artifact_schedule(const JsonNode& node) {
  node.expect_object({"windows", "busy"});
  ArtifactSchedule schedule;
  if (node.has("windows")) {
    for (const JsonNode& w : node.items("windows")) schedule.windows.push_back(interval_window(w));
  }
  if (node.has("busy")) {
    const JsonNode busy = node.at("busy");
    busy.expect_object({"total_qps_above", "window_s", "interval_s"});
    schedule.busy = BusyRule{busy.number_in("total_qps_above", 0, 1e9), count_in(busy.at("window_s"), 3600),
                             busy.at("interval_s").seconds_in(1, 86400)};
  }
  return schedule;
}

std::optional<RoutingRule> routing_of(const JsonNode& node) {
  const std::string rule = node.choice({"plan", "uniform", "capacity", "canary"});
  if (rule == "uniform") return RoutingRule::kUniform;
  if (rule == "capacity") return RoutingRule::kCapacity;
  if (rule == "canary") return RoutingRule::kCanary;
  return RoutingRule::kPlanShares;
}

// The artifact flavour's switches (proteus_params.hpp).
void parse_artifact_switches(const JsonNode& params, const PolicyWorld& world, const std::filesystem::path& base,
                             ProteusParams& p) {
  if (params.has("start_allocation")) {
    p.start_allocation = parse_start_allocation(params.at("start_allocation"), world, base);
  }
  if (params.has("allowed_variants")) {
    p.allowed_variants = parse_allowed_variants(params.at("allowed_variants"), *world.models, base);
  }
  if (params.has("routing")) p.routing = routing_of(params.at("routing"));
  if (params.has("batching")) p.artifact_batching = params.at("batching").choice({"paper", "artifact"}) == "artifact";
  if (params.has("variant_swaps")) p.sommelier_milp = params.at("variant_swaps").choice({"heuristic", "milp"}) == "milp";
  if (params.has("artifact_schedule")) p.artifact_schedule = artifact_schedule(params.at("artifact_schedule"));
  if (p.flavor == Flavor::kSommelier && !p.sommelier_milp && params.has("solve_delay")) {
    params.at("solve_delay").fail("Sommelier's heuristic decides at once: a solve delay needs \"variant_swaps\": \"milp\"");
  }
}

}  // namespace

std::string_view flavor_name(Flavor flavor) {
  switch (flavor) {
    case Flavor::kProteus:
      return "proteus";
    case Flavor::kClipperHa:
      return "clipper-ha";
    case Flavor::kClipperHt:
      return "clipper-ht";
    case Flavor::kSommelier:
      return "sommelier";
  }
  return "proteus";
}

ProteusParams parse_proteus_params(const JsonNode& params, const PolicyWorld& world, Flavor flavor,
                                   const std::filesystem::path& base) {
  expect_keys(params, flavor);
  ProteusParams p;
  p.flavor = flavor;
  p.where = params.where();
  for (const Application& app : world.applications) {
    if (app.pipeline.stages().size() != 1) {
      params.fail(std::string(flavor_name(flavor)) + " serves single-stage applications only (one query type is one " +
                  "model family, section 6.1.2); \"" + app.name + "\" has " +
                  std::to_string(app.pipeline.stages().size()) + " stages");
    }
  }
  if (params.has("initial_load_qps")) p.initial_load = initial_load_of(params.at("initial_load_qps"), world.applications);
  // Sommelier's headroom is 1.5 in the artifact (configs/*/sommelier.json); Proteus' 1.05.
  p.lowering.start_beta = flavor == Flavor::kSommelier ? 1.5 : 1.05;
  if (params.has("beta")) {
    p.lowering.start_beta = params.number_in("beta", p.lowering.min_beta, 10);  // headroom
  }
  parse_limits(params, p.limits);
  // Sommelier's heuristic decides at once; its MILP (variant_swaps) too unless told.
  if (flavor == Flavor::kSommelier) p.solve_delay = Duration::zero();
  if (re_solves(flavor)) parse_solving(params, p);
  parse_artifact_switches(params, world, base, p);
  p.model_selection = params.boolean_or("model_selection", true);
  p.model_placement = params.boolean_or("model_placement", true);
  p.query_assignment = params.boolean_or("query_assignment", true);
  p.adaptive_batching = params.boolean_or("adaptive_batching", true);
  return p;
}

}  // namespace servesim::proteus
