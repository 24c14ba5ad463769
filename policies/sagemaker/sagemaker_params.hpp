#pragma once
// The `sagemaker` policy's parameters (MArk, ATC'19, section 5.1's baseline),
// read from a scenario's policies[i].params. Every key is optional:
//
//   "instance_type": "c5.large",   // default: of "instance_family", the type
//                                  // cheapest per request (price x T_1 / its
//                                  // serving devices) whose batch-1 latency
//                                  // meets the SLO
//   "instance_family": "c5",       // where the default looks ("ml.c5" for the
//                                  // SageMaker catalog), or a list of families
//                                  // (["c5", "g4dn"]: each endpoint takes the
//                                  // cheapest of them all); not with instance_type
//   "variant": "...",              // default: the family's most accurate variant
//   "over_provisioning": 2,        // target = capacity per minute / this (section 5.1)
//   "scale_out_points": 3, "scale_in_points": 15, "scale_in_ratio": 0.9,
//   "scale_out_cooldown_s": 300, "scale_in_cooldown_s": 300,   // AWS's (target_tracking.hpp)
//   "min_instances": 1,
//   "initial_instances": n,        // default: ceil(the history's last minute / target)
//   "market": "on_demand"          // or "spot"
//
// Capacity per minute is n x 60 / T_1 (seconds), n the instance's serving
// devices (serving_device.hpp; inf1.xlarge 4, a c5 1): one query at a time on
// each, no batching, as SageMaker hosting serves one invocation per request.
//
// Each application is one SageMaker endpoint of its own (MArk section 5.1
// serves one model): the keys apply to every endpoint, and what they leave
// to a default is worked out per application (the variant of its family, the
// type cheapest per request within its SLO, the initial count from its
// history). An application must be one model (a one-stage pipeline; the
// per-stage policy applies sagemaker to each stage of a pipeline). Errors are
// one InputError naming the field.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "policies/param_table.hpp"
#include "policies/sagemaker/target_tracking.hpp"
#include "sim/cluster/instance.hpp"
#include "sim/core/json_node.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim::sagemaker {

// One endpoint's parameters: those of the application it serves.
struct SagemakerParams {
  AppId app = 0;
  VariantId variant = 0;
  InstanceTypeId instance_type = 0;
  Duration batch1_latency;         // T_1 of the variant on the type's serving device
  double capacity_per_minute = 0;  // an instance's: serving devices x 60 / T_1
  double over_provisioning = 2;
  TargetTrackingParams tracking;   // tracking.target = capacity_per_minute / over_provisioning
  std::uint32_t initial_instances = 1;
  Market market = Market::kOnDemand;
};

// The default instance type: among the types of `families` whose serving
// device `variant` is profiled on with a batch-1 latency within `slo`, the
// lowest price_per_hour x T_1 / serving devices, the price of a request
// (lowest id on ties); empty when none qualifies.
std::optional<InstanceTypeId> cheapest_per_request(const PolicyWorld& world, VariantId variant,
                                                   const std::vector<std::string>& families, Duration slo);

// Its parameters, declared once (sagemaker_params.cpp).
const ParamTable& param_table();

// One endpoint per application, in application order.
// Without size_from_history (servesim validate, which draws no history) an
// endpoint without "initial_instances" starts at its minimum.
std::vector<SagemakerParams> parse_sagemaker_params(const JsonNode& params, const PolicyWorld& world,
                                                    bool size_from_history = true);

}  // namespace servesim::sagemaker
