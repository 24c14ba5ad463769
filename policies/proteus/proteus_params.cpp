#include "policies/proteus/proteus_params.hpp"

#include <algorithm>

#include "policies/catalog_refs.hpp"
#include "policies/proteus/allowed_variants.hpp"
#include "sim/core/input_limits.hpp"

namespace servesim::proteus {
namespace {

bool re_solves(Flavor flavor) { return flavor == Flavor::kProteus || flavor == Flavor::kSommelier; }

// The keys every flavor takes: its start plan and how it is solved.
std::vector<ParamSpec> start_specs(const ProteusParams& d) {
  return {
      initial_load_param("the largest load the cluster serves with the policy's variants, split evenly among the "
                         "applications"),
      number_param("beta", d.lowering.min_beta, 10, d.lowering.start_beta,
                   "headroom of the demand the MILP serves (artifact config; lowered while infeasible)"),
      custom_param("mip_gap", {{"type", "number"}, {"minimum", 0}, {"exclusiveMaximum", 1}}, "a number in [0, 1)",
                   number_text(d.limits.mip_gap), "stop a solve within this fraction of the optimum (GLPK's mip_gap)"),
      number_param("time_limit_s", kMinPeriodS, 3600, d.limits.time_limit_s,
                   "wall-clock seconds one MILP solve may take: a safety net (proteus_params.hpp)", "s"),
      custom_param("start_allocation", schema_ref("start_allocation"), "{\"file\": ..., \"device_map\": {...}}",
                   "the MILP's plan for initial_load_qps", "the artifact's start plan from a file (start_allocation.hpp)"),
      custom_param("allowed_variants", {{"anyOf", nlohmann::json::array({{{"type", "string"}},
                                                                          {{"type", "array"}, {"items", {{"type", "string"}}}}})}},
                   "a folder or a list of variant names", "every variant of the catalog",
                   "the policy's own variant list (allowed_variants.hpp)"),
      default_said(choice_param("routing", {"plan", "uniform", "capacity", "canary"},
                                "the artifact's routing rule, overriding the flavor's (routing_weights.hpp)"),
                   "plan; sommelier capacity"),
      choice_param("batching", {"paper", "artifact"},
                   "the paper's batching or the artifact's accscale (proteus, sommelier) or aimd (clipper) batcher"),
  };
}

std::string seconds_list_text(const std::vector<Duration>& times) {
  std::string out;
  for (const Duration t : times) out += (out.empty() ? "" : ", ") + number_text(t.seconds()) + " s";
  return out;
}

// The keys of the flavors that re-solve (proteus, sommelier).
std::vector<ParamSpec> solving_specs(const ProteusParams& d) {
  return {
      seconds_param("solve_interval_s", kMinPeriodS, 86'400, d.solve_interval.seconds(),
                    "section 6.1.5 (the artifact uses 10)"),
      custom_param("warmup_solves_s", {{"type", "array"}, {"items", {{"type", "number"}, {"minimum", 0}, {"maximum", 86'400}}}},
                   "a list of seconds in [0, 86400]", seconds_list_text(d.warmup_solves), "extra early solves (artifact run.py: steps 5 and 20)"),
      custom_param("solve_delay", {{"anyOf", nlohmann::json::array({{{"type", "number"}, {"minimum", 0}, {"maximum", 3600}},
                                                                    {{"const", "measured"}}})}},
                   "seconds in [0, 3600] or \"measured\"", number_text(d.solve_delay.seconds()) + " s",
                   "from a solve to its plan taking effect (section 6.8's mean solve time); measured: the solve's "
                   "wall time"),
      number_param("ewma_com", 0, 1e6, d.ewma_com, "pandas ewm(com=...) of the demand (artifact config)"),
      integer_param("ewma_window_s", 1, 3600, d.ewma_window, "one-second samples the EWMA looks at (artifact EWMA_WINDOW)"),
      number_param("burst_factor", 1, 1e6, d.burst.factor,
                   "a burst: the recent rate exceeds this times the estimate the plan was made for"),
      integer_param("burst_window_s", 1, 3600, d.burst.window_s, "over this many seconds"),
      seconds_param("burst_min_gap_s", 0, 86'400, d.burst.min_gap.seconds(),
                    "at most one burst solve per this (artifact: period 2 s in bursts)"),
      custom_param("artifact_schedule", schema_ref("artifact_schedule"), "{\"windows\": [...], \"busy\": {...}}", "none",
                   "the artifact's extra solve windows and busy rule"),
  };
}

ParamTable flavor_table(Flavor flavor) {
  ProteusParams d;
  // Sommelier's headroom is 1.5 in the artifact (configs/*/sommelier.json);
  // its heuristic decides at once, its MILP (variant_swaps) too unless told.
  if (flavor == Flavor::kSommelier) {
    d.lowering.start_beta = 1.5;
    d.solve_delay = Duration::zero();
  }
  std::vector<ParamSpec> specs = start_specs(d);
  if (flavor == Flavor::kProteus || flavor == Flavor::kSommelier) {
    for (ParamSpec& spec : solving_specs(d)) specs.push_back(std::move(spec));
  }
  if (flavor == Flavor::kProteus) {
    for (const char* key : {"model_selection", "model_placement", "query_assignment", "adaptive_batching"}) {
      specs.push_back(boolean_param(key, true, "ablation, section 6.5 (proteus_policy.hpp)"));
    }
  }
  if (flavor == Flavor::kSommelier) {
    specs.push_back(choice_param("variant_swaps", {"heuristic", "milp"},
                                 "milp: the MILP with each device's application pinned (the artifact's spec_acc)"));
  }
  return ParamTable(std::move(specs));
}

std::uint32_t count_in(const JsonNode& node, std::int64_t high) { return static_cast<std::uint32_t>(node.integer_in(1, high)); }

// Every flavor solves the MILP at least once, for its start plan.
void parse_limits(const JsonNode& params, const ParamTable& table, MilpLimits& limits) {
  if (params.has("mip_gap")) {
    const JsonNode gap = params.at("mip_gap");
    limits.mip_gap = gap.non_negative();
    if (limits.mip_gap >= 1) gap.fail("expected a relative gap in [0, 1)");
  }
  limits.time_limit_s = table.number(params, "time_limit_s");
}

void parse_solving(const JsonNode& params, const ParamTable& table, ProteusParams& p) {
  p.solve_interval = table.seconds(params, "solve_interval_s");
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
  p.ewma_com = table.number(params, "ewma_com");
  p.ewma_window = static_cast<std::uint32_t>(table.integer(params, "ewma_window_s"));
  p.burst.factor = table.number(params, "burst_factor");
  p.burst.window_s = static_cast<std::uint32_t>(table.integer(params, "burst_window_s"));
  p.burst.min_gap = table.seconds(params, "burst_min_gap_s");
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

std::optional<RoutingRule> routing_of(const std::string& rule) {
  if (rule == "uniform") return RoutingRule::kUniform;
  if (rule == "capacity") return RoutingRule::kCapacity;
  if (rule == "canary") return RoutingRule::kCanary;
  return RoutingRule::kPlanShares;
}

// The artifact flavour's switches (proteus_params.hpp).
void parse_artifact_switches(const JsonNode& params, const ParamTable& table, const PolicyWorld& world,
                             const std::filesystem::path& base, ProteusParams& p) {
  if (params.has("start_allocation")) {
    p.start_allocation = parse_start_allocation(params.at("start_allocation"), world, base);
  }
  if (params.has("allowed_variants")) {
    p.allowed_variants = parse_allowed_variants(params.at("allowed_variants"), *world.models, base);
  }
  if (params.has("routing")) p.routing = routing_of(table.choice(params, "routing"));
  p.artifact_batching = table.choice(params, "batching") == "artifact";
  if (p.flavor == Flavor::kSommelier) p.sommelier_milp = table.choice(params, "variant_swaps") == "milp";
  if (params.has("artifact_schedule")) p.artifact_schedule = artifact_schedule(params.at("artifact_schedule"));
  if (p.flavor == Flavor::kSommelier && !p.sommelier_milp && params.has("solve_delay")) {
    params.at("solve_delay").fail("Sommelier's heuristic decides at once: a solve delay needs \"variant_swaps\": \"milp\"");
  }
}

}  // namespace

const ParamTable& param_table(Flavor flavor) {
  static const ParamTable proteus = flavor_table(Flavor::kProteus);
  static const ParamTable clipper_ha = flavor_table(Flavor::kClipperHa);
  static const ParamTable clipper_ht = flavor_table(Flavor::kClipperHt);
  static const ParamTable sommelier = flavor_table(Flavor::kSommelier);
  switch (flavor) {
    case Flavor::kClipperHa: return clipper_ha;
    case Flavor::kClipperHt: return clipper_ht;
    case Flavor::kSommelier: return sommelier;
    case Flavor::kProteus: break;
  }
  return proteus;
}

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
  const ParamTable& table = param_table(flavor);
  table.check(params);
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
  p.lowering.start_beta = table.number(params, "beta");  // the flavor's default (flavor_table)
  parse_limits(params, table, p.limits);
  if (flavor == Flavor::kSommelier) p.solve_delay = Duration::zero();  // flavor_table says why
  if (re_solves(flavor)) parse_solving(params, table, p);
  parse_artifact_switches(params, table, world, base, p);
  if (flavor == Flavor::kProteus) {
    p.model_selection = table.boolean(params, "model_selection");
    p.model_placement = table.boolean(params, "model_placement");
    p.query_assignment = table.boolean(params, "query_assignment");
    p.adaptive_batching = table.boolean(params, "adaptive_batching");
  }
  return p;
}

}  // namespace servesim::proteus
