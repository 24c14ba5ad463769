#pragma once
// What MArk's planner knows of each candidate instance type for one model
// (MArk, ATC'19, section 4.3, "Batching"): the type is profiled offline and
// then treated as a black box serving C_i requests per minute within RT_max
// with its (N_batch, W_batch). Here the profile is the model catalog's latency
// of the application's variant on the type's device, and:
//   - "tuned" batching applies section 4.3's rule to it (mark_batch_tuning.hpp,
//     one batch at a time: mu*_nb = 1 / T_1), C_i = 60 mu*;
//   - "paper" batching takes section 5.1's p2.xlarge pairs (Inception-v3 8 /
//     200 ms, NASNet 16 / 750 ms, OpenNMT 16 / 490 ms) where W + T_N <= RT_max
//     on our profile, C_i = 60 N / T_N, and the tuned rule elsewhere; a pair
//     that does not fit is counted (PaperPairs) for the run to report.
// C_i is the instance's: its serving devices (policies/serving_device.hpp;
// inf1.xlarge 4 neuroncores, a c5 or p2.xlarge 1) times one device's rate,
// each device running a replica with the (N_batch, W_batch). The launch delay
// is the type's boot (the scenario's cloud.boot_latency_s first) plus the
// variant's load; the planner's O_i is P_i times it.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "policies/mark/mark_params.hpp"
#include "policies/mark/planner_inputs.hpp"
#include "sim/serving/batchers/mark_batch_tuning.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim::mark {

struct PaperPairs {
  std::uint32_t used = 0;      // types where a section 5.1 pair serves
  std::uint32_t too_slow = 0;  // types where the pair's W + T_N exceeds RT_max
};

struct InstanceOptions {
  std::vector<InstanceTypeOption> options;  // one per candidate type, in order
  std::vector<InstanceTypeId> types;        // the instance type of each option
  // What section 4.3's rule finds for each type, whichever pair serves: the
  // tuning algorithm's output, which section 5.1 reports for p2.xlarge.
  std::vector<MarkBatchTuning> tuned;
  PaperPairs paper_pairs;
};

// $ per hour of an instance type now (its on-demand or spot price).
using PriceOf = std::function<double(InstanceTypeId)>;

// The options for `variant` on `types`. A type whose device the variant is
// not profiled on is an InputError at `where` (the instance_types field).
InstanceOptions instance_options(const PolicyWorld& world, VariantId variant,
                                 std::span<const InstanceTypeId> types, Duration rt_max, BatchingRule batching,
                                 const PriceOf& price_of, const std::string& where);

}  // namespace servesim::mark
