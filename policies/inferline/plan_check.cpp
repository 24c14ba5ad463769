#include "policies/inferline/plan_check.hpp"

#include <algorithm>

namespace servesim::inferline {

std::vector<HardwareOption> hardware_options(VariantId variant, const ModelCatalog& models,
                                             const HardwareCatalog& hardware, std::span<const DeviceTypeId> allowed) {
  const ModelVariant& v = models.variant(variant);
  std::vector<HardwareOption> options;
  for (DeviceTypeId t = 0; t < hardware.types().size(); ++t) {
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), t) == allowed.end()) continue;
    const LatencyProfile* profile = v.profile_on(hardware.type(t).name);
    if (profile == nullptr) continue;
    options.push_back(HardwareOption{t, hardware.type(t).price_per_hour, profile->table(v.max_batch)});
  }
  return options;
}

PipelineConfig to_config(const PlannerInput& input, const Plan& plan, std::span<const VariantId> stage_variants) {
  PipelineConfig config;
  for (StageId s = 0; s < plan.size(); ++s) {
    config.push_back(StageConfig{stage_variants[s], input.options[s][plan[s].hardware].id, plan[s].batch,
                                 plan[s].replicas});
  }
  return config;
}

PlanCheck estimator_check(Estimator& estimator, const PlannerInput& input, std::span<const SimTime> sample) {
  return [&estimator, &input, sample, services = std::vector<StageService>()](const Plan& plan) mutable {
    services.resize(plan.size());
    for (StageId s = 0; s < plan.size(); ++s) {
      const std::vector<Duration>& table = input.options[s][plan[s].hardware].latency;
      services[s].latency.assign(table.begin(), table.begin() + plan[s].batch + 1);
      services[s].replicas = plan[s].replicas;
    }
    const Estimate e = estimator.run(services, sample, input.slo, EstimateOptions{.stop_when_infeasible = true});
    return PlanEstimate{e.feasible, e.p99};
  };
}

}  // namespace servesim::inferline
