#include "policies/coarse/coarse_params.hpp"

namespace servesim::coarse {

const ParamTable& param_table() {
  static const ParamTable table = [] {
    std::vector<ParamSpec> specs = {
        choice_param("tuner", {"autoscale", "none"},
                     "autoscale: AutoScale (section 6) every second; none: the plan alone (Figure 5's planner "
                     "comparison)"),
    };
    for (ParamSpec& s : inferline::planning_param_specs()) specs.push_back(std::move(s));
    return ParamTable(std::move(specs));
  }();
  return table;
}

CoarseParams parse_coarse_params(const JsonNode& params) {
  const ParamTable& table = param_table();
  table.check(params);
  CoarseParams p;
  p.tuner = table.choice(params, "tuner") == "none" ? CoarseTuner::kNone : CoarseTuner::kAutoscale;
  p.serve_what_fits = inferline::parse_serve_what_fits(table, params);
  p.planning = inferline::parse_planning_params(table, params);
  return p;
}

}  // namespace servesim::coarse
