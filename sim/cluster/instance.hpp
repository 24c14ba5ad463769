#pragma once
// A cloud instance at run time: requested -> booting -> running ->
// (interruption notice) -> stopping -> stopped. Its devices exist from the
// request on (a policy may plan replicas on a booting instance; they load once
// it runs); it is billed from request to stop under its type's rule.
#include <cstdint>
#include <optional>
#include <vector>

#include "sim/cluster/cpu_credits.hpp"
#include "sim/cluster/hardware_catalog.hpp"

namespace servesim {

using InstanceId = std::uint32_t;
using DeviceId = std::uint32_t;

enum class Market : std::uint8_t { kOnDemand, kSpot };
enum class InstanceState : std::uint8_t { kBooting, kRunning, kInterrupted, kStopping, kStopped };

inline const char* market_name(Market m) { return m == Market::kSpot ? "spot" : "on_demand"; }

struct Instance {
  InstanceTypeId type = 0;
  Market market = Market::kOnDemand;
  InstanceState state = InstanceState::kBooting;
  SimTime requested;
  SimTime ready_at;
  SimTime stopped_at = SimTime::never();
  SimTime interruption_at = SimTime::never();  // spot: when the cloud takes it back
  std::vector<DeviceId> devices;
  std::optional<CpuCreditBalance> credits;  // burstable types only
  double billed = 0;  // dollars already entered in the ledger
  bool taken_back = false;  // stopped by a spot interruption, not by the policy
  bool noticed = false;     // the interruption notice came (possibly while booting)

  bool usable() const { return state == InstanceState::kRunning || state == InstanceState::kInterrupted; }
  bool alive() const { return state != InstanceState::kStopped; }
};

}  // namespace servesim
