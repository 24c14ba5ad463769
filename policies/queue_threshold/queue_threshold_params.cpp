#include "policies/queue_threshold/queue_threshold_params.hpp"

#include <algorithm>

#include "policies/catalog_refs.hpp"

namespace servesim::queue_threshold {

const ParamTable& param_table() {
  static const QueueThresholdParams d;  // the defaults, said once in the struct
  static const ParamTable table({
      required_name_param("instance_type",
                          "the instance type every application's fleet runs on; each of its serving devices holds a "
                          "replica"),
      market_param(),
      integer_param("initial_instances", 1, 10'000, d.initial_instances,
                    "instances per application at the start, in [min_instances, max_instances] (raised to "
                    "min_instances when absent)"),
      integer_param("min_instances", 1, 10'000, d.min_instances, "the fewest instances per application"),
      integer_param("max_instances", 1, 10'000, d.max_instances, "the most instances per application"),
      number_param("scale_up_queue", 1e-3, 1e6, d.scale_up_queue,
                   "queued queries per replica in service above which a tick adds an instance"),
      number_param("scale_down_queue", 0, 1e6, d.scale_down_queue,
                   "below which, scale_down_ticks ticks in a row, a tick removes one; less than scale_up_queue"),
      integer_param("scale_down_ticks", 1, 1'000'000, d.scale_down_ticks, "quiet ticks before an instance goes"),
      seconds_param("tick_s", 1e-3, 86'400, d.tick.seconds(), "how often it looks"),
  });
  return table;
}

QueueThresholdParams parse_queue_threshold_params(const JsonNode& params, const PolicyWorld& world) {
  const ParamTable& table = param_table();
  table.check(params);
  QueueThresholdParams p;
  p.instance_type = instance_type_of(params.at("instance_type"), *world.hardware);
  p.market = market_named(table.choice(params, "market"));
  const auto count = [&](const char* key) { return static_cast<std::uint32_t>(table.integer(params, key)); };
  p.min_instances = count("min_instances");
  p.max_instances = count("max_instances");
  p.initial_instances = params.has("initial_instances") ? count("initial_instances")
                                                        : std::max(count("initial_instances"), p.min_instances);
  if (p.min_instances > p.max_instances) params.at("min_instances").fail("must not exceed max_instances");
  if (p.initial_instances < p.min_instances || p.initial_instances > p.max_instances) {
    params.at("initial_instances").fail("must lie in [min_instances, max_instances]");
  }
  p.scale_up_queue = table.number(params, "scale_up_queue");
  p.scale_down_queue = table.number(params, "scale_down_queue");
  if (p.scale_down_queue >= p.scale_up_queue) {
    params.fail("scale_down_queue must be less than scale_up_queue, or every tick would both add and remove");
  }
  p.scale_down_ticks = count("scale_down_ticks");
  p.tick = table.seconds(params, "tick_s");
  return p;
}

}  // namespace servesim::queue_threshold
