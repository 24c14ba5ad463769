#pragma once
// The artifact's INFaaS down-scaler for one family (Proteus public code,
// core/executor.py, trigger_infaas_v2_downscaling), run right after the
// up-scaler. With capacity C = sum of batch x 1000 / latency and Q the
// family's queued queries, predictor by predictor:
//  1. remove it if the others keep C' x (1 - slack) > Q;
//  2. else, unless it already runs the family's least accurate variant,
//     swap it for that variant on its kind;
//  3. else stop (switch downscale_return_discards: the pass returns and what
//     it planned for earlier predictors is dropped) once
//     C x (1 - slack) x (1 - downscale_slack) <= the last second's arrivals;
//  4. else lower its batch to the smallest of {1, 2, 4, 8} that keeps
//     C x (1 - slack) > Q;
//  5. else, a GPU predictor whose variant fits on a CPU moves to a free CPU
//     (else VPU) device if C x (1 - slack) > Q still holds, the CPU's
//     latency counted as its capacity (switch latency_as_throughput). Switch
//     downscale_moves_cpu_predictors: the artifact's guard that skips CPU and
//     VPU predictors compares an int with an Enum member and never holds, so
//     they are replaced the same way (the fresh predictor starts empty: the
//     old one's queue is lost and its dropped queries stop counting).
// Removals and swaps take effect after the pass; batch changes at once.
// Switch stale_downscale_batch: the latency in 1 and 4 is read at the batch
// size the loop variable holds from the previous predictor's turn (for the
// first, the last predictor's batch), as the artifact's code does.
#include "policies/infaas_v2/family_profile.hpp"
#include "policies/infaas_v2/predictor.hpp"

namespace servesim::infaas_v2 {

ScalingPlan downscale(std::vector<Predictor>& predictors, const FamilyProfile& profile, const FamilyLoad& load,
                      const Params& params);

}  // namespace servesim::infaas_v2
