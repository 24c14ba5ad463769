#include "policies/infaas_v2/infaas_v2_params.hpp"

namespace servesim::infaas_v2 {

Params parse_params(const JsonNode& node) {
  Params p;
  if (node.raw().is_null()) return p;
  node.expect_object({"slack", "downscale_slack", "scaling_interval_s", "request_accuracy", "expiry_factor",
                      "batching", "device_types", "replicate_least_accurate", "latency_as_throughput", "stale_downscale_batch",
                      "downscale_return_discards", "downscale_moves_cpu_predictors", "random_fallback", "dropped_count_as_queued"});
  p.slack = node.number_in_or("slack", 0, 0.99, p.slack);
  p.downscale_slack = node.number_in_or("downscale_slack", 0, 0.99, p.downscale_slack);
  if (node.has("scaling_interval_s")) p.scaling_interval = from_seconds(node.number_in("scaling_interval_s", 1, 3600, "s"));
  p.request_accuracy = node.number_in_or("request_accuracy", 0, 100, p.request_accuracy);
  p.expiry_factor = node.number_in_or("expiry_factor", 1, 1000, p.expiry_factor);
  if (node.has("batching")) p.batch_timer = node.at("batching").choice({"infaas", "aimd"}) == "infaas";
  if (node.has("device_types")) {
    const auto items = node.items("device_types");
    if (items.size() != kAccKinds) node.at("device_types").fail("expected 4 device types (CPU, GPU, VPU, FPGA kinds; \"\" for none)");
    for (std::size_t k = 0; k < kAccKinds; ++k) p.device_types[k] = items[k].string();
  }
  p.replicate_least_accurate = node.boolean_or("replicate_least_accurate", p.replicate_least_accurate);
  p.latency_as_throughput = node.boolean_or("latency_as_throughput", p.latency_as_throughput);
  p.stale_downscale_batch = node.boolean_or("stale_downscale_batch", p.stale_downscale_batch);
  p.downscale_return_discards = node.boolean_or("downscale_return_discards", p.downscale_return_discards);
  p.downscale_moves_cpu_predictors = node.boolean_or("downscale_moves_cpu_predictors", p.downscale_moves_cpu_predictors);
  p.random_fallback = node.boolean_or("random_fallback", p.random_fallback);
  p.dropped_count_as_queued = node.boolean_or("dropped_count_as_queued", p.dropped_count_as_queued);
  return p;
}

}  // namespace servesim::infaas_v2
