#pragma once
// Sommelier's model selection (Proteus section 6.1.1: it "can suggest
// alternate models to meet throughput requirements for a single server
// device and switch out a high accuracy model variant for a low accuracy
// variant when high throughput is needed"; Table 2: static placement,
// heuristic selection). Each device keeps its application (no placement at
// the cluster level); each application's devices move along their own
// accuracy/throughput frontier, one variant at a time:
//   - while the application's capacity is below headroom x its estimate,
//     the device now at the highest accuracy steps down to the next faster
//     variant (spreading the accuracy drop over the devices);
//   - otherwise, while a step up keeps the capacity at or above that, the
//     device now at the lowest accuracy steps up.
// Queries go to devices in proportion to their capacity (routing_weights.hpp,
// kCapacity), so every device of an application is equally loaded and the
// application's total capacity is what decides.
//
// A device's frontier: the application's options allowed on its type that no
// other option beats on both accuracy and capacity, most accurate first.
// Ties go to the lowest device id. Deterministic.
#include <vector>

#include "policies/proteus/device_plan.hpp"

namespace servesim::proteus {

// `current`: what each device hosts (its application never changes);
// `estimates`: by application. Each device's served_qps is its capacity share
// of its application's estimate.
DevicePlan sommelier_step(const DevicePlan& current, const std::vector<VariantOption>& options,
                          const std::vector<DeviceTypeId>& device_type, const std::vector<double>& estimates,
                          double headroom);

// The frontier of `app` on `type` (option indices, most accurate first).
std::vector<std::uint32_t> accuracy_frontier(const std::vector<VariantOption>& options, AppId app,
                                             DeviceTypeId type);

}  // namespace servesim::proteus
