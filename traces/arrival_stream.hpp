#pragma once
// A lazy stream of arrivals: the engine holds one pending arrival per stream,
// never a whole trace in memory.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "sim/core/time.hpp"

namespace servesim {

struct Arrival {
  SimTime time;
  // Index of the application the query belongs to; set by an application mix
  // (or by the stream of a single application), 0 otherwise.
  std::uint32_t app = 0;
  // A per-request deadline relative to the arrival (request replay files may
  // carry one); infinite means "use the application's SLO".
  Duration deadline = Duration::infinite();
};

class ArrivalStream {
 public:
  virtual ~ArrivalStream() = default;
  // The next arrival, or nullopt once the stream is exhausted. Times never decrease.
  virtual std::optional<Arrival> next() = 0;
};

// A validated, immutable description of a workload. Each policy run opens its
// own stream from the same (seed, name), so every policy sees the same queries.
class WorkloadSpec {
 public:
  virtual ~WorkloadSpec() = default;
  virtual std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const = 0;
};

}  // namespace servesim
