#pragma once
// The artifact's INFaaS up-scaler for one family (Proteus public code,
// core/executor.py, trigger_infaas_v2_upscaling), run every scaling interval:
//  - nothing when floor(capacity x (1 - slack)) covers the last second's
//    arrivals, capacity = sum of largest x 1000 / latency(batch);
//  - otherwise, predictor by predictor: raise its batch to its largest
//    allowed (free, kept whatever follows); price replication, ceil(load /
//    (peak x (1 - slack))) predictors at its cost (its accuracy drop), and
//    the cheapest upgrade over every (variant, batch) of the family on the
//    kind with the fewest instances needed (cost = that variant's drop x
//    instances; 0 x infinity is NaN, which never wins); the cheaper (upgrade
//    on ties) is carried out with as many free devices as there are, and the
//    pass ends. A predictor with no priced upgrade (no free device anywhere)
//    is skipped.
// Switches: replicate_least_accurate (replication adds the family's least
// accurate variant), latency_as_throughput (instances = load / (latency_ms
// x (1 - slack))).
#include "policies/infaas_v2/family_profile.hpp"
#include "policies/infaas_v2/predictor.hpp"

namespace servesim::infaas_v2 {

ScalingPlan upscale(std::vector<Predictor>& predictors, const FamilyProfile& profile, const FamilyLoad& load,
                    const Params& params);

}  // namespace servesim::infaas_v2
