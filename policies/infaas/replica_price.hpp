#pragma once
// The hardware cost C of one INFaaS replica in dollars per second, by device
// type, from the scenario's own price list ("hardware_cost":
// "instance_share"). Section 4.2.1's ILP minimises "the hardware cost (in
// $/second) for running the variant"; Table 2 gives it per variant as the
// share of AWS hardware the variant holds: A "4 CPUs", B one Inferentia, C "1
// V100 GPU", normalized 1 : 3 : 16, which is 4 of an m5.2xlarge's 8 vCPUs
// ($0.192/h), an inf1.2xlarge ($0.584/h) and a p3.2xlarge ($3.06/h):
// 1 : 3.0 : 15.9. The same rule on the catalog's devices:
//   accelerator replica: its instance's price over the instance's devices
//                        (one T4 of a g4dn.xlarge; one NeuronCore, a quarter
//                        of an inf1.xlarge, since a replica holds one core)
//   CPU replica:         cores_per_replica of its instance's vCPUs, i.e. the
//                        price over the worker's CPU slots (infaas_policy.cpp)
//   fixed device:        its own price_per_hour, shared the same way (0 for
//                        an owned device: holding it costs nothing)
// A device type several of the policy's instance types carry takes the
// cheapest share: the worker INFaaS would launch for it.
#include <set>
#include <vector>

#include "policies/infaas/infaas_params.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim::infaas {

// Indexed by DeviceTypeId over the whole hardware catalog; 0 for a type
// outside `usable`.
std::vector<double> replica_cost_per_second(const PolicyWorld& world, const InfaasParams& params,
                                            const std::set<DeviceTypeId>& usable);

}  // namespace servesim::infaas
