#include "policies/infaas/scenario_profiles.hpp"

#include <set>

#include "policies/infaas/replica_price.hpp"
#include "sim/serving/pipeline_paths.hpp"

namespace servesim::infaas {
namespace {

// The number of stages on the pipeline's longest path.
std::uint32_t pipeline_depth(const Pipeline& pipeline) {
  const std::vector<std::int64_t> one_each(pipeline.stages().size(), 1);
  return static_cast<std::uint32_t>(longest_path(pipeline, one_each));
}

// Device types the policy's workers can have: the worker types', the initial
// instances' and the fixed devices'.
std::set<DeviceTypeId> usable_device_types(const PolicyWorld& world, const InfaasParams& params) {
  std::set<DeviceTypeId> types(world.devices.begin(), world.devices.end());
  const auto add_instance_type = [&](InstanceTypeId id) {
    for (const DeviceSlot& slot : world.hardware->instance_type(id).devices) types.insert(slot.type);
  };
  for (const auto& t : params.worker_types) {
    if (t) add_instance_type(*t);
  }
  for (const auto& group : world.cloud.instances) add_instance_type(group.type);
  for (const auto& [type, count] : params.initial_workers) add_instance_type(type);
  return types;
}

}  // namespace

Requirements stage_requirements(const PolicyWorld& world) {
  Requirements r;
  for (const Application& app : world.applications) {
    r.first_stage.push_back(static_cast<std::uint32_t>(r.stages.size()));
    const Duration budget{app.slo.ns / pipeline_depth(app.pipeline)};
    for (const Stage& stage : app.pipeline.stages()) {
      r.stages.push_back({stage.family, budget, app.min_accuracy.value_or(0.0)});
    }
  }
  return r;
}

// One profile per (variant of a family some stage uses, usable device type),
// for the strictest budget among the stages of that family.
std::vector<VariantProfile> build_profiles(const PolicyWorld& world, const InfaasParams& params,
                                           const Requirements& req) {
  const ModelCatalog& models = *world.models;
  std::vector<std::optional<Duration>> budget(models.families().size());
  for (const auto& s : req.stages) {
    if (!budget[s.family] || s.budget < *budget[s.family]) budget[s.family] = s.budget;
  }
  const std::set<DeviceTypeId> types = usable_device_types(world, params);
  ProfileRules rules = params.profiles;
  if (params.hardware_cost == HardwareCost::kInstanceShare) rules.replica_cost_per_second = replica_cost_per_second(world, params, types);
  std::vector<VariantProfile> profiles;
  for (FamilyId f = 0; f < models.families().size(); ++f) {
    if (!budget[f]) continue;
    for (VariantId v : models.family(f).variants) {
      if (!params.fixed.allows(f, v)) continue;  // a fixed variant: a baseline's, or one the queries name
      for (DeviceTypeId t : types) {
        if (auto p = make_profile(v, models.variant(v), t, world.hardware->type(t), *budget[f], rules)) {
          profiles.push_back(*p);
        }
      }
    }
  }
  return profiles;
}

// For each profile, those of its family it may switch to: meeting every
// stage of the family (the strictest budget, the highest floor).
std::vector<std::vector<std::uint32_t>> switch_alternatives(const std::vector<VariantProfile>& profiles,
                                                            const Requirements& req, const ProfileRules& rules) {
  std::vector<std::vector<std::uint32_t>> out(profiles.size());
  for (std::uint32_t a = 0; a < profiles.size(); ++a) {
    for (std::uint32_t b = 0; b < profiles.size(); ++b) {
      if (a == b || profiles[a].family != profiles[b].family) continue;
      bool ok = true;
      for (const auto& s : req.stages) {
        if (s.family == profiles[b].family) ok = ok && meets(profiles[b], s.budget, s.min_accuracy, rules);
      }
      if (ok) out[a].push_back(b);
    }
  }
  return out;
}

}  // namespace servesim::infaas
