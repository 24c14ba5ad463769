#include "policies/inferline/plan_inputs.hpp"

#include <set>
#include <sstream>

#include "policies/inferline/plan_check.hpp"
#include "policies/inferline/planning_sample.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::inferline {
namespace {

// The device types of the fixed cluster: the hardware a plan may use.
std::vector<DeviceTypeId> cluster_types(const SimulationConfig& world) {
  const std::set<DeviceTypeId> types(world.devices.begin(), world.devices.end());
  return {types.begin(), types.end()};
}

}  // namespace

std::string application_label(const SimulationConfig& world, AppId app) {
  return "application \"" + world.applications[app].name + "\"";
}

std::string slo_label(const SimulationConfig& world, AppId app) {
  std::ostringstream out;
  out << "its SLO of " << world.applications[app].slo.seconds() * 1000 << " ms";
  return out.str();
}

PlanInputs plan_inputs(const SimulationConfig& world, AppId app, const PlanningParams& planning,
                       const std::string& where) {
  PlanInputs in;
  in.sample = planning.trace == PlanningTrace::kOracle ? live_trace(world, app, planning.sample_size)
                                                       : planning_sample(world, app, planning.sample_size);
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
