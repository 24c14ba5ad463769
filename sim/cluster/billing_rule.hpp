#pragma once
// How a cloud turns an instance's running time into a bill.
//
// kPerSecond: AWS bills Linux On-Demand, Spot and Reserved instances per
// second since 2 October 2017, with a one-minute minimum ("EC2 charges at least
// 1 minute for new instances", MArk ATC'19 section 4.2, which is why MArk
// plans in one-minute units). Partial seconds are rounded up.
// kPerStartedHour: the pre-2017 EC2 rule (and still Windows/RHEL/SUSE at the
// time of the papers): every started hour is charged in full, so 61 minutes
// cost two hours.
//
// A run of zero length is charged nothing: AWS bills from the moment an
// instance enters the running state, so an instance cancelled before it ran
// never starts a bill. Any positive run is charged at least `minimum`.
#include <cstdint>

#include "sim/core/time.hpp"

namespace servesim {

struct BillingRule {
  enum class Kind : std::uint8_t { kPerSecond, kPerStartedHour };
  Kind kind = Kind::kPerSecond;
  Duration minimum = from_seconds(60);

  // The duration the cloud charges for a run of `running`: 0 for a run <= 0,
  // otherwise max(running, minimum) rounded up to the next whole second
  // (kPerSecond) or the next whole hour (kPerStartedHour).
  Duration billed(Duration running) const;
  // Dollars for a run of `running` at `price_per_hour`.
  double charge(double price_per_hour, Duration running) const;

  static BillingRule per_second(Duration minimum = from_seconds(60)) { return {Kind::kPerSecond, minimum}; }
  static BillingRule per_started_hour() { return {Kind::kPerStartedHour, Duration::zero()}; }
};

}  // namespace servesim
