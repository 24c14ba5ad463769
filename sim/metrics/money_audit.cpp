#include "sim/metrics/money_audit.hpp"

#include <cmath>

#include "sim/metrics/report_format.hpp"

namespace servesim {
namespace {

// Sums of many small doubles: a relative error of 1e-9 plus a nano-dollar.
bool same(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)) + 1e-9; }

std::string mismatch(const char* what, double billed, double expected) {
  return std::string(what) + " billed $" + format_fixed(billed, 9) + " but its rate comes to $" +
         format_fixed(expected, 9);
}

}  // namespace

std::optional<std::string> money_problem(const CostLedger& billed, const ExpectedCharges& expected) {
  if (auto problem = billed.problem()) return problem;
  if (!same(billed.fixed, expected.fixed)) return mismatch("the fixed cluster", billed.fixed, expected.fixed);
  const double instances = billed.on_demand + billed.spot;
  if (!same(instances, expected.instances)) return mismatch("instances", instances, expected.instances);
  if (!same(billed.lambda, expected.lambda)) return mismatch("Lambda", billed.lambda, expected.lambda);
  if (!same(billed.hosted, expected.hosted)) return mismatch("hosted", billed.hosted, expected.hosted);
  if (billed.hosted > billed.fixed && !same(billed.hosted, billed.fixed)) {
    return "hosted came to $" + format_fixed(billed.hosted, 9) + ", more than the whole fixed cluster's $" +
           format_fixed(billed.fixed, 9);
  }
  return std::nullopt;
}

}  // namespace servesim
