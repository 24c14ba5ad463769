#pragma once
// What the scenario implies for INFaaS before any query: each application
// stage's latency budget and accuracy floor, the variant profiles (a catalog
// variant on a device type the policy's workers can have) the Metadata Store
// holds, and which profiles each may switch to. Built once, by the policy's
// constructor.
#include <cstdint>
#include <vector>

#include "policies/infaas/infaas_params.hpp"
#include "policies/infaas/variant_profile.hpp"
#include "policies/infaas/variant_selector.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim::infaas {

struct Requirements {
  std::vector<StageRequirements> stages;  // application by application
  std::vector<std::uint32_t> first_stage;
};

// A stage's budget is its application's SLO over the stages on the pipeline's
// longest path.
Requirements stage_requirements(const PolicyWorld& world);

std::vector<VariantProfile> build_profiles(const PolicyWorld& world, const InfaasParams& params,
                                           const Requirements& req);

std::vector<std::vector<std::uint32_t>> switch_alternatives(const std::vector<VariantProfile>& profiles,
                                                            const Requirements& req, const ProfileRules& rules);

}  // namespace servesim::infaas
