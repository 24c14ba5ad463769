#pragma once
#include <optional>
#include <string>

#include "sim/core/time.hpp"
#include "sim/serving/pipeline.hpp"

namespace servesim {

using AppId = std::uint32_t;

// What a user submits queries to: a pipeline with an end-to-end latency SLO and
// an optional accuracy floor (normalized, 1 = the family's best).
struct Application {
  std::string name;
  Pipeline pipeline;
  Duration slo;
  std::optional<double> min_accuracy;
};

}  // namespace servesim
