#include "policies/infaas/infaas_ilp_params.hpp"

#include "policies/catalog_refs.hpp"
#include "sim/core/input_limits.hpp"

namespace servesim::infaas {
const ParamTable& ilp_param_table() {
  static const ParamTable table({
      // 2 s: the period of INFaaS' VM-Autoscaler (section 4.2.3; public code
      // master_vm_daemon.cc), the controller-level loop this oracle replaces.
      seconds_param("tick_s", kMinPeriodS, 86'400, 2, "how often the ILP is solved on the observed rates"),
      // Section 4.2.1 leaves lambda tunable and gives no value; 0.01/s only
      // breaks ties. The bound keeps every coefficient GLPK sees finite.
      number_param("lambda", 0, 1e6, 0.01, "lambda of Cost(delta) (section 4.2.1), favouring what is loaded", "per s"),
      number_param("slack_qps", 0, kMaxRateQps, 0, "the slack of constraint (1), as in Table 3", "QPS"),
      number_param("load_quantum_qps", 0, kMaxRateQps, 0,
                   "the observed rate is rounded to a multiple of this (0: as observed)", "QPS"),
      initial_load_param("none: the first plan is made at the first tick"),
      market_param(),
      required(custom_param("workers", {{"type", "object"}, {"additionalProperties", schema_ref("ilp_workers")}},
                            "{\"instance type\": {\"max_instances\": n, \"replicas_per_instance\": r}}", "",
                            "the instance types the policy may run, each a pool")),
      custom_param("variants", {{"type", "array"}, {"items", schema_ref("ilp_variant")}},
                   "a list of {\"variant\", \"instance_type\", \"batch\"}",
                   "every variant of the family on every worker type it is profiled on",
                   "the ILP's candidates"),
      custom_param("batcher", schema_ref("batcher"), "a batcher (docs/batchers.md)", "greedy",
                   "the replicas' batcher"),
  });
  return table;
}

}  // namespace servesim::infaas
