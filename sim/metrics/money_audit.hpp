#pragma once
// The money invariant (docs/invariants.md, I4): what the run's ledger
// collected window by window equals what each cost comes to when computed
// once for the whole run from its rate: the fixed cluster's price times the
// run's length, each instance's bill for its whole life under its billing
// rule, the sum of every Lambda invocation's charge. A window billed twice,
// or a part of a window never billed, breaks it. The hosted view of the fixed
// cluster (not a cost of its own, CostLedger::hosted) is held to the same: its
// windows add up to its integral over the whole run, which is at most what
// the fixed cluster was billed.
#include <optional>
#include <string>

#include "sim/metrics/cost_ledger.hpp"

namespace servesim {

struct ExpectedCharges {
  double fixed = 0;      // dollars: sum of fixed devices' price x run length
  double instances = 0;  // dollars: sum of each instance's bill for its life (on-demand and spot)
  double lambda = 0;     // dollars: sum of every invocation's charge
  double hosted = 0;     // dollars: fixed devices' price x the time each hosted a replica, over the run
};

// Empty when `billed` (every window's ledger, summed) matches `expected`
// to rounding; else what differs.
std::optional<std::string> money_problem(const CostLedger& billed, const ExpectedCharges& expected);

}  // namespace servesim
