#pragma once
#include <cstdint>

#include "sim/core/time.hpp"
#include "sim/serving/pipeline.hpp"

namespace servesim {

// One query's visit to one pipeline stage: what replica queues hold.
struct Visit {
  std::uint32_t query = 0;  // slot in the QueryTable
  StageId stage = 0;
  SimTime enqueued;
};

}  // namespace servesim
