#include "policies/inferline/plan_inputs.hpp"

#include <set>
#include <sstream>

#include "policies/inferline/plan_check.hpp"
#include "policies/inferline/planning_sample.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::inferline {
namespace {

// The device types of the fixed cluster: the hardware a plan may use.
std::vector<DeviceTypeId> cluster_types(const PolicyWorld& world) {
  const std::set<DeviceTypeId> types(world.devices.begin(), world.devices.end());
  return {types.begin(), types.end()};
}

}  // namespace

std::string application_label(const PolicyWorld& world, AppId app) {
  return "application \"" + world.applications[app].name + "\"";
}

std::string slo_label(const PolicyWorld& world, AppId app) {
  std::ostringstream out;
  out << "its SLO of " << world.applications[app].slo.seconds() * 1000 << " ms";
  return out.str();
}

PlanInputs plan_inputs(const PolicyWorld& world, AppId app, const PlanningParams& planning,
                       const std::string& where, const std::shared_ptr<const ArrivalOracle>& oracle) {
  return plan_inputs(world, app,
                     planning.trace == PlanningTrace::kOracle
                         ? oracle->arrivals(app, SimTime::zero() + world.duration, planning.sample_size)
                         : planning_sample(world, app, planning.sample_size),
                     planning, where);
}

std::shared_ptr<const ArrivalOracle> planning_oracle(const PlanningParams& planning, const JsonNode& params,
                                                     const PolicyContext& context) {
  if (planning.trace != PlanningTrace::kOracle) return nullptr;
  return require_oracle(context, params.at("planning"));
}

PlannerInput planner_input(const PolicyWorld& world, AppId app, const PlanInputs& in,
                           std::uint32_t max_replicas_per_stage) {
  PlannerInput input;
  input.pipeline = &world.applications[app].pipeline;
  input.slo = world.applications[app].slo;
  input.max_replicas_per_stage = max_replicas_per_stage;
  input.options = in.options;
  return input;
}

PlanInputs plan_inputs(const PolicyWorld& world, AppId app, std::vector<SimTime> trace,
                       const PlanningParams& planning, const std::string& where) {
  PlanInputs in;
  in.sample = std::move(trace);
  if (in.sample.size() < 2) {
    throw InputError(where, application_label(world, app) + ": the planning trace has fewer than 2 arrivals");
  }
  const auto types = cluster_types(world);
  for (const Stage& stage : world.applications[app].pipeline.stages()) {
    in.variants.push_back(world.models->most_accurate(stage.family));
    in.options.push_back(hardware_options(in.variants.back(), *world.models, *world.hardware, types));
    for (HardwareOption& option : in.options.back()) {
      if (world.hardware->type(option.id).kind == DeviceKind::kGpu) option.price_per_hour += planning.gpu_replica_vcpu_price;
    }
    if (in.options.back().empty()) {
      throw InputError(where, application_label(world, app) + ", stage \"" + stage.name +
                                  "\": no device type of the cluster has a profile for \"" +
                                  world.models->variant(in.variants.back()).name + "\"");
    }
  }
  return in;
}

}  // namespace servesim::inferline
