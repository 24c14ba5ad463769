#include "sim/metrics/cost_ledger.hpp"

#include <algorithm>
#include <cmath>

#include "sim/metrics/report_format.hpp"

namespace servesim {
namespace {

constexpr double kRounding = 1e-9;  // dollars, or relative to the amount

}  // namespace

void CostLedger::add_type(std::string_view type, double dollars) {
  // Look up before inserting: a known type costs no allocation.
  auto it = by_instance_type.find(type);
  if (it == by_instance_type.end()) it = by_instance_type.emplace(std::string(type), 0.0).first;
  it->second += dollars;
}

CostLedger& CostLedger::operator+=(const CostLedger& other) {
  on_demand += other.on_demand;
  spot += other.spot;
  lambda += other.lambda;
  fixed += other.fixed;
  hosted += other.hosted;
  for (const auto& [type, dollars] : other.by_instance_type) add_type(type, dollars);
  return *this;
}

std::optional<std::string> CostLedger::problem() const {
  // A per-window amount is a difference of running totals: allow its rounding.
  auto bad = [](double v) { return !std::isfinite(v) || v < -kRounding; };
  const std::pair<const char*, double> amounts[] = {
      {"on_demand", on_demand}, {"spot", spot}, {"lambda", lambda}, {"fixed", fixed}, {"hosted", hosted}};
  for (const auto& [name, dollars] : amounts) {
    if (bad(dollars)) return std::string(name) + " is " + std::to_string(dollars) + " dollars";
  }
  double by_type = 0;
  for (const auto& [type, dollars] : by_instance_type) {
    if (bad(dollars)) return "instance type '" + type + "' is " + std::to_string(dollars) + " dollars";
    by_type += dollars;
  }
  // The two sums add the same amounts in different orders.
  const double instances = on_demand + spot;
  if (std::abs(by_type - instances) > kRounding * std::max(1.0, instances)) {
    return "by_instance_type adds up to " + format_number(by_type, 9) + " dollars but on_demand + spot is " +
           format_number(instances, 9);
  }
  return std::nullopt;
}

}  // namespace servesim
