#pragma once
// The money invariant (docs/invariants.md, I4): what the run's ledger
// collected window by window equals what each cost comes to when computed
// once for the whole run from its rate: the fixed cluster's price times the
// run's length, each instance's bill for its whole life under its billing
// rule, the sum of every Lambda invocation's charge. A window billed twice,
// or a part of a window never billed, breaks it.
#include <optional>
#include <string>

#include "sim/metrics/cost_ledger.hpp"

namespace servesim {

struct ExpectedCharges {
  double fixed = 0;      // dollars: sum of fixed devices' price x run length
  double instances = 0;  // dollars: sum of each instance's bill for its life (on-demand and spot)
  double lambda = 0;     // dollars: sum of every invocation's charge
};

// Empty when `billed` (every window's ledger, summed) matches `expected`
// to rounding; else what differs.
std::optional<std::string> money_problem(const CostLedger& billed, const ExpectedCharges& expected);

}  // namespace servesim
