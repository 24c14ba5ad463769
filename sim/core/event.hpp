#pragma once
// Events are small values dispatched by (handler, kind), never heap-allocated
// closures: scheduling one costs a heap push and nothing else.
#include <cstdint>

#include "sim/core/time.hpp"

namespace servesim {

struct Event {
  SimTime time;
  std::uint64_t seq = 0;      // insertion order; ties in (time, priority) pop in this order
  std::uint32_t handler = 0;  // index of the owner registered with the EventLoop
  std::uint32_t kind = 0;     // meaning is the owner's
  std::uint64_t payload = 0;  // meaning is the owner's (entity index, generation, ...)
  // Among events at the same time, lower priorities pop first (BLIS orders by
  // time, priority, sequence): bookkeeping that must see a clean boundary,
  // such as closing a metrics window, goes before the model's own events.
  std::uint8_t priority = kNormalPriority;

  static constexpr std::uint8_t kBoundaryPriority = 0;
  static constexpr std::uint8_t kNormalPriority = 1;
};

// Lazy cancellation: an owner stamps a timer with the entity's current
// generation and bumps the generation to cancel; a popped event whose
// generation is stale is ignored. These pack both into one payload.
constexpr std::uint64_t pack_payload(std::uint32_t entity, std::uint32_t generation) {
  return (static_cast<std::uint64_t>(generation) << 32) | entity;
}
constexpr std::uint32_t payload_entity(std::uint64_t payload) { return static_cast<std::uint32_t>(payload); }
constexpr std::uint32_t payload_generation(std::uint64_t payload) { return static_cast<std::uint32_t>(payload >> 32); }

class EventHandler {
 public:
  virtual ~EventHandler() = default;
  virtual void handle(const Event& event) = 0;
};

}  // namespace servesim
