#include "sim/serving/replica.hpp"

namespace servesim {

Replica::Replica(ReplicaId id_, VariantId variant_, DeviceId device_, std::vector<Duration> latency_,
                 std::unique_ptr<Batcher> batcher_, std::uint32_t concurrency, RandomStream rng_)
    : id(id_),
      variant(variant_),
      device(device_),
      latency(std::move(latency_)),
      batcher(std::move(batcher_)),
      batches(concurrency),
      rng(std::move(rng_)) {
  cap_batch(0);
  for (auto& b : batches) b.visits.reserve(max_batch());
}

std::uint32_t Replica::free_slot() const {
  for (std::uint32_t i = 0; i < batches.size(); ++i) {
    if (!batches[i].in_use) return i;
  }
  return static_cast<std::uint32_t>(batches.size());
}

}  // namespace servesim
