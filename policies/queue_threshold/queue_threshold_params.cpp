#include "policies/queue_threshold/queue_threshold_params.hpp"

#include "policies/catalog_refs.hpp"

namespace servesim::queue_threshold {

QueueThresholdParams parse_queue_threshold_params(const JsonNode& params, const PolicyWorld& world) {
  params.expect_object({"instance_type", "market", "initial_instances", "min_instances", "max_instances",
                        "scale_up_queue", "scale_down_queue", "scale_down_ticks", "tick_s"});
  QueueThresholdParams p;
  p.instance_type = instance_type_of(params.at("instance_type"), *world.hardware);
  if (params.has("market")) p.market = market_of(params.at("market"));
  const auto count = [&](const char* key, std::uint32_t fallback) {
    return static_cast<std::uint32_t>(params.integer_in_or(key, 1, 10'000, fallback));
  };
  p.min_instances = count("min_instances", p.min_instances);
  p.max_instances = count("max_instances", p.max_instances);
  p.initial_instances = count("initial_instances", std::max(p.initial_instances, p.min_instances));
  if (p.min_instances > p.max_instances) params.at("min_instances").fail("must not exceed max_instances");
  if (p.initial_instances < p.min_instances || p.initial_instances > p.max_instances) {
    params.at("initial_instances").fail("must lie in [min_instances, max_instances]");
  }
  if (params.has("scale_up_queue")) p.scale_up_queue = params.at("scale_up_queue").number_in(1e-3, 1e6);
  if (params.has("scale_down_queue")) p.scale_down_queue = params.at("scale_down_queue").number_in(0, 1e6);
  if (p.scale_down_queue >= p.scale_up_queue) {
    params.fail("scale_down_queue must be less than scale_up_queue, or every tick would both add and remove");
  }
  p.scale_down_ticks = static_cast<std::uint32_t>(params.integer_in_or("scale_down_ticks", 1, 1'000'000, 6));
  if (params.has("tick_s")) p.tick = params.at("tick_s").seconds_in(1e-3, 86'400);
  return p;
}

}  // namespace servesim::queue_threshold
