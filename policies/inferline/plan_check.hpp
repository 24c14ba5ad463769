#pragma once
// What joins the Planner's search (planner.hpp) to the catalog and the
// Estimator: each stage's hardware options read from the catalog, a plan
// turned into the engine-facing PipelineConfig, and the PlanCheck that runs
// the Estimator on the sample trace.
#include <span>
#include <vector>

#include "policies/inferline/estimator.hpp"
#include "policies/inferline/pipeline_config.hpp"
#include "policies/inferline/planner.hpp"

namespace servesim::inferline {

// Every device type the variant is profiled on, as a Planner option: the
// device type's price per hour, T(b) for b = 1 up to the profile's maximum.
// `allowed` limits the types (empty: all).
std::vector<HardwareOption> hardware_options(VariantId variant, const ModelCatalog& models,
                                             const HardwareCatalog& hardware,
                                             std::span<const DeviceTypeId> allowed = {});

// The plan as the engine-facing configuration; stage_variants[s] is the
// variant stage s serves.
PipelineConfig to_config(const PlannerInput& input, const Plan& plan, std::span<const VariantId> stage_variants);

// Feasible when the Estimator's P99 on `sample` meets the SLO; it stops a
// trace early once the verdict is infeasible. `estimator` and `sample` must
// outlive the check.
PlanCheck estimator_check(Estimator& estimator, const PlannerInput& input, std::span<const SimTime> sample);

}  // namespace servesim::inferline
