#include "policies/infaas_v2/infaas_v2_params.hpp"

namespace servesim::infaas_v2 {

const ParamTable& param_table() {
  static const Params d;  // the defaults, said once in the struct
  static const ParamTable table({
      number_param("slack", 0, 0.99, d.slack, "capacity is counted at (1 - slack) of the profiled peak (infaas_slack)"),
      number_param("downscale_slack", 0, 0.99, d.downscale_slack,
                   "downscaling stops once capacity x (1 - slack) x (1 - downscale_slack) no longer exceeds the "
                   "last second's arrivals"),
      seconds_param("scaling_interval_s", 1, 3600, d.scaling_interval.seconds(),
                    "up- then down-scaling every this often (solve_interval)"),
      number_param("request_accuracy", 0, 100, d.request_accuracy, "the accuracy every query asks for"),
      number_param("expiry_factor", 1, 1000, d.expiry_factor,
                   "a batch drops queued queries older than this x SLO (drop_expired_requests)"),
      choice_param("batching", {"infaas", "aimd"},
                   "the artifact's batching; under aimd a replica short of its batch waits until the batch fills"),
      name_param("device_types", "cpu, a100, vpu, gtx1080ti",
                 "the device types of the artifact's four kinds, CPU, GPU, VPU, FPGA (\"\" for none)", true),
      boolean_param("replicate_least_accurate", d.replicate_least_accurate,
                    "replication adds the family's least accurate variant (false: copies of the predictor's own)"),
      boolean_param("latency_as_throughput", d.latency_as_throughput,
                    "upgrade and the move to a CPU count capacity with the latency in ms where a throughput is meant"),
      boolean_param("stale_downscale_batch", d.stale_downscale_batch,
                    "the downscaler reads a predictor's latency at the previous predictor's batch size"),
      boolean_param("downscale_return_discards", d.downscale_return_discards,
                    "a predictor the downscaler need not shrink drops the family's planned removals and swaps"),
      boolean_param("downscale_moves_cpu_predictors", d.downscale_moves_cpu_predictors,
                    "the downscaler's move to a free CPU or VPU device applies to CPU and VPU predictors too"),
      boolean_param("random_fallback", d.random_fallback,
                    "a query no predictor has room for goes to a random predictor of its family (false: rejected)"),
      boolean_param("dropped_count_as_queued", d.dropped_count_as_queued,
                    "a predictor's queue length counts the queries it dropped, forever"),
  });
  return table;
}

Params parse_params(const JsonNode& node) {
  if (node.raw().is_null()) return Params{};  // "params": null, as none: the artifact's config
  const ParamTable& table = param_table();
  table.check(node);
  Params p;
  p.slack = table.number(node, "slack");
  p.downscale_slack = table.number(node, "downscale_slack");
  p.scaling_interval = table.seconds(node, "scaling_interval_s");
  p.request_accuracy = table.number(node, "request_accuracy");
  p.expiry_factor = table.number(node, "expiry_factor");
  p.batch_timer = table.choice(node, "batching") == "infaas";
  if (node.has("device_types")) {
    const auto items = node.items("device_types");
    if (items.size() != kAccKinds) node.at("device_types").fail("expected 4 device types (CPU, GPU, VPU, FPGA kinds; \"\" for none)");
    for (std::size_t k = 0; k < kAccKinds; ++k) p.device_types[k] = items[k].string();
  }
  p.replicate_least_accurate = table.boolean(node, "replicate_least_accurate");
  p.latency_as_throughput = table.boolean(node, "latency_as_throughput");
  p.stale_downscale_batch = table.boolean(node, "stale_downscale_batch");
  p.downscale_return_discards = table.boolean(node, "downscale_return_discards");
  p.downscale_moves_cpu_predictors = table.boolean(node, "downscale_moves_cpu_predictors");
  p.random_fallback = table.boolean(node, "random_fallback");
  p.dropped_count_as_queued = table.boolean(node, "dropped_count_as_queued");
  return p;
}

}  // namespace servesim::infaas_v2
