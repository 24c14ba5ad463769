#pragma once
// Dollars spent, split two ways at once: by market (on-demand and spot
// instances, Lambda, the fixed cluster) and, for elastic instances, by
// instance type; and beside them, a view of the fixed cluster that is not
// spent on top of it (hosted). The simulation fills one per window;
// RunMetrics sums them.
// by_instance_type is keyed by the catalog's instance type names, so its size
// is bounded by the catalog, never by the run's length.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace servesim {

struct CostLedger {
  // Elastic instance dollars by instance type: sums to on_demand + spot.
  // Lambda and fixed-cluster devices are not instances. std::map keeps the
  // names sorted, so reports list them in a fixed order.
  std::map<std::string, double, std::less<>> by_instance_type;
  double on_demand = 0;
  double spot = 0;
  double lambda = 0;
  double fixed = 0;  // owned/fixed-cluster devices
  // The same fixed-cluster devices priced only while they host at least one
  // replica (from its load request until it has left the device; a device
  // with two counts once), as InferLine compares plans by the hardware their
  // replicas occupy. Not in total(): `fixed` already pays for those devices,
  // whole; this is another view of them, at most `fixed`. Elastic instances'
  // devices are billed as instances, not here.
  double hosted = 0;

  double total() const { return on_demand + spot + lambda + fixed; }
  bool empty() const {
    return on_demand == 0 && spot == 0 && lambda == 0 && fixed == 0 && hosted == 0 && by_instance_type.empty();
  }

  // These keep a market and by_instance_type in step.
  void add_on_demand(std::string_view type, double dollars) {
    on_demand += dollars;
    add_type(type, dollars);
  }
  void add_spot(std::string_view type, double dollars) {
    spot += dollars;
    add_type(type, dollars);
  }
  void add_fixed(double dollars) { fixed += dollars; }
  void add_hosted(double dollars) { hosted += dollars; }
  void add_lambda(double dollars) { lambda += dollars; }

  CostLedger& operator+=(const CostLedger& other);

  // What is wrong, if anything: an amount (hosted too) negative or not finite, or
  // by_instance_type not adding up to on_demand + spot (both up to rounding).
  std::optional<std::string> problem() const;

 private:
  void add_type(std::string_view type, double dollars);
};

}  // namespace servesim
