#pragma once
// A cloud instance type: the devices it bundles, its on-demand price, how long
// it takes to boot and how it is billed (docs/hardware.md).
//
// Devices: a CPU instance X exposes one device of type "X.cpu" (kind cpu, the
// instance's memory), on which CPU model variants are profiled per instance
// type, as MArk profiles per instance type (section 3.3). GPU and Inferentia
// instances expose only their accelerators: their vCPUs feed the accelerator
// (pre-processing, the serving runtime), and none of the papers serves a CPU
// variant on an accelerator instance's host.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/cluster/billing_rule.hpp"
#include "sim/cluster/device_type.hpp"
#include "sim/core/time.hpp"

namespace servesim {

using InstanceTypeId = std::uint32_t;

struct DeviceSlot {
  DeviceTypeId type;
  std::uint32_t count;
};

// AWS T2 "standard" burstable CPU (docs: "Burstable performance instances").
// One credit is one vCPU at 100 % for one minute. The instance earns
// credits_per_hour continuously (= baseline_share x vcpus x 60), keeps at most
// max_credits of earned credits (24 hours of earnings), and starts with
// launch_credits (30 per vCPU), which are spent first and do not count
// towards the cap. MArk section 3.2: "a new t2 instance can sustain 100%
// utilization for 30 minutes" -- that is the launch credits alone.
struct BurstableSpec {
  double baseline_share;    // per vCPU: t2.micro 0.10, t2.large 0.30
  double credits_per_hour;  // earned, all vCPUs together
  double max_credits;       // cap on earned credits
  double launch_credits;    // granted at launch, spent first
};

struct InstanceType {
  std::string name;    // "c5.large"
  std::string family;  // "c5"
  std::uint32_t vcpus;
  double memory_mb;
  std::vector<DeviceSlot> devices;
  double price_per_hour;  // on-demand, dollars
  Duration boot_latency;  // request -> able to load models
  BillingRule billing;
  std::optional<BurstableSpec> burstable;
};

}  // namespace servesim
