#pragma once
// What a plan of one application starts from, for InferLine's Planner and
// the coarse-grained baselines alike (SoCC'20, sections 4 and 6): the
// planning trace (the sample, or the live trace for the oracle), and per
// stage the variant it serves (its family's most accurate: the paper plans
// hardware, batch and replicas, never the model) and the hardware options
// of that variant among the fixed cluster's device types.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "policies/inferline/inferline_params.hpp"
#include "policies/inferline/planner.hpp"
#include "policies/arrival_oracle.hpp"
#include "policies/policy.hpp"
#include "sim/core/json_node.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim::inferline {

struct PlanInputs {
  std::vector<SimTime> sample;                       // sorted, at least 2 arrivals
  std::vector<VariantId> variants;                   // by stage
  std::vector<std::vector<HardwareOption>> options;  // by stage, never empty
};

// Throws InputError (at `where`) naming the application when the planning
// trace has fewer than 2 arrivals, and the stage too when no device type of
// the cluster has a profile for its variant.
// With "planning": "oracle" the trace is the run's own arrivals, from
// `oracle` (planning_oracle below), else the planning sample.
PlanInputs plan_inputs(const PolicyWorld& world, AppId app, const PlanningParams& planning,
                       const std::string& where, const std::shared_ptr<const ArrivalOracle>& oracle);
// The same on a trace given (a re-plan's recorded arrivals), not drawn.
PlanInputs plan_inputs(const PolicyWorld& world, AppId app, std::vector<SimTime> trace,
                       const PlanningParams& planning, const std::string& where);

// The oracle a policy built with these params plans on: the context's, which
// the scenario must grant, with "planning": "oracle"; null otherwise.
std::shared_ptr<const ArrivalOracle> planning_oracle(const PlanningParams& planning, const JsonNode& params,
                                                     const PolicyContext& context);

// The Planner's input for the application on these options.
PlannerInput planner_input(const PolicyWorld& world, AppId app, const PlanInputs& in,
                           std::uint32_t max_replicas_per_stage);

// `application "name"`, as the policies' messages name an application.
std::string application_label(const PolicyWorld& world, AppId app);

// `its SLO of 150 ms`: the application's SLO as the messages print it.
std::string slo_label(const PolicyWorld& world, AppId app);

}  // namespace servesim::inferline
