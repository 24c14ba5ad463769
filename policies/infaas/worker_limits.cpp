#include "policies/infaas/worker_limits.hpp"

namespace servesim::infaas {

WorkerLimits parse_worker_limits(const JsonNode& params, const PolicyWorld& world) {
  WorkerLimits limits;
  if (!params.has("max_workers")) return limits;
  const JsonNode node = params.at("max_workers");
  if (!node.raw().is_object()) node.fail("expected an object of instance type -> count");
  limits.max_by_type.resize(world.hardware->instance_types().size());
  for (const std::string& name : node.keys()) {
    const JsonNode count = node.at(name);
    const auto id = world.hardware->find_instance_type(name);
    if (!id) count.fail("unknown instance type \"" + name + "\"");
    const auto n = count.integer_in(1, 10000);  // workers
    limits.max_by_type[*id] = static_cast<std::uint32_t>(n);
  }
  return limits;
}

std::uint32_t live_workers(const MetadataStore& store, InstanceTypeId type) {
  std::uint32_t n = 0;
  for (const auto& [w, worker] : store.workers()) {
    n += worker.instance && worker.type_key == type && worker.phase != WorkerPhase::kGone && !worker.leaving;
  }
  return n;
}

bool may_launch(const WorkerLimits& limits, InstanceTypeId type, const MetadataStore& store) {
  if (type >= limits.max_by_type.size() || !limits.max_by_type[type]) return true;
  return live_workers(store, type) < *limits.max_by_type[type];
}

}  // namespace servesim::infaas
