#pragma once
// Offline (batch) jobs, INFaaS section 3.1's offline_query: many inputs of one
// application, submitted at once, with no latency SLO. Their inputs are a
// lower priority class than online queries (docs/scenario.md, "Offline jobs").
#include <cstdint>
#include <optional>
#include <string>

#include "sim/core/time.hpp"
#include "sim/serving/application.hpp"
#include "sim/serving/model_catalog.hpp"

namespace servesim {

using OfflineJobId = std::uint32_t;

// As the scenario gives it: applications[i].offline_jobs[j].
struct OfflineJob {
  std::string name;  // unique within its application; default: its index there
  AppId app = 0;
  FamilyId family = 0;  // the application's (one-stage) family
  SimTime submit;       // every input arrives then, into the job's backlog
  std::uint64_t inputs = 0;
  std::optional<VariantId> variant;     // an explicit variant ...
  std::optional<double> min_accuracy;   // ... or a floor on the family's (none: any variant)
  std::optional<Duration> deadline;     // after submit; reported, never enforced

  // Whether a replica of `variant` may serve this job's inputs.
  bool served_by(VariantId v, const ModelVariant& variant_info) const {
    if (variant) return v == *variant;
    return variant_info.family == family && variant_info.accuracy >= min_accuracy.value_or(0.0);
  }
};

}  // namespace servesim
