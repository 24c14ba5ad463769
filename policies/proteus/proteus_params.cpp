#include "policies/proteus/proteus_params.hpp"

#include <algorithm>

#include "policies/catalog_refs.hpp"

namespace servesim::proteus {
namespace {

bool re_solves(Flavor flavor) { return flavor == Flavor::kProteus || flavor == Flavor::kSommelier; }

void expect_keys(const JsonNode& params, Flavor flavor) {
  switch (flavor) {
    case Flavor::kProteus:
      params.expect_object({"initial_load_qps", "beta", "mip_gap", "time_limit_s", "solve_interval_s",
                            "warmup_solves_s", "solve_delay", "ewma_com", "ewma_window_s", "burst_factor",
                            "burst_window_s", "burst_min_gap_s", "model_selection", "model_placement",
                            "query_assignment", "adaptive_batching"});
      return;
    case Flavor::kSommelier:
      params.expect_object({"initial_load_qps", "beta", "mip_gap", "time_limit_s", "solve_interval_s",
                            "warmup_solves_s", "ewma_com", "ewma_window_s", "burst_factor", "burst_window_s",
                            "burst_min_gap_s"});
      return;
    case Flavor::kClipperHa:
    case Flavor::kClipperHt:
      params.expect_object({"initial_load_qps", "beta", "mip_gap", "time_limit_s"});
      return;
  }
}

Duration seconds_in(const JsonNode& node, double low, double high) {
  const double s = node.non_negative();
  if (s < low || s > high) {
    node.fail("expected between " + std::to_string(low) + " and " + std::to_string(high) + " seconds");
  }
  return from_seconds(s);
}

std::uint32_t count_in(const JsonNode& node, std::int64_t high) {
  const std::int64_t n = node.positive_integer();
  if (n > high) node.fail("expected at most " + std::to_string(high));
  return static_cast<std::uint32_t>(n);
}

// Every flavor solves the MILP at least once, for its start plan.
void parse_limits(const JsonNode& params, MilpLimits& limits) {
  if (params.has("mip_gap")) {
    const JsonNode gap = params.at("mip_gap");
    limits.mip_gap = gap.non_negative();
    if (limits.mip_gap >= 1) gap.fail("expected a relative gap in [0, 1)");
  }
  if (params.has("time_limit_s")) limits.time_limit_s = params.positive("time_limit_s");  // finite too
}

void parse_solving(const JsonNode& params, ProteusParams& p) {
  if (params.has("solve_interval_s")) p.solve_interval = seconds_in(params.at("solve_interval_s"), 0.001, 86400);
  if (params.has("warmup_solves_s")) {
    p.warmup_solves.clear();
    for (const JsonNode& t : params.items("warmup_solves_s")) p.warmup_solves.push_back(seconds_in(t, 0, 86400));
    std::sort(p.warmup_solves.begin(), p.warmup_solves.end());
  }
  if (params.has("solve_delay")) {
    const JsonNode delay = params.at("solve_delay");
    if (delay.raw().is_string()) {
      delay.choice({"measured"});
      p.measured_solve_delay = true;
    } else {
      p.solve_delay = seconds_in(delay, 0, 3600);
    }
  }
  p.ewma_com = params.non_negative_or("ewma_com", p.ewma_com);
  if (params.has("ewma_window_s")) p.ewma_window = count_in(params.at("ewma_window_s"), 3600);
  if (params.has("burst_factor")) {
    p.burst.factor = params.positive("burst_factor");
    if (p.burst.factor < 1) params.at("burst_factor").fail("expected a factor of at least 1");
  }
  if (params.has("burst_window_s")) p.burst.window_s = count_in(params.at("burst_window_s"), 3600);
  if (params.has("burst_min_gap_s")) p.burst.min_gap = seconds_in(params.at("burst_min_gap_s"), 0, 86400);
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

ProteusParams parse_proteus_params(const JsonNode& params, const SimulationConfig& world, Flavor flavor) {
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
    p.lowering.start_beta = params.positive("beta");
    if (p.lowering.start_beta < p.lowering.min_beta || p.lowering.start_beta > 10) {
      params.at("beta").fail("expected a headroom between " + std::to_string(p.lowering.min_beta) + " and 10");
    }
  }
  parse_limits(params, p.limits);
  if (re_solves(flavor)) parse_solving(params, p);
  p.model_selection = params.boolean_or("model_selection", true);
  p.model_placement = params.boolean_or("model_placement", true);
  p.query_assignment = params.boolean_or("query_assignment", true);
  p.adaptive_batching = params.boolean_or("adaptive_batching", true);
  return p;
}

}  // namespace servesim::proteus
