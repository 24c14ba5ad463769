#pragma once
// Invariant I5 (docs/invariants.md): every input of an offline job is done,
// in its backlog, queued at a replica or running, and the replicas hold
// exactly the queued and running inputs the job counts.
#include <cstdint>
#include <optional>
#include <string>

#include "sim/serving/offline_progress.hpp"

namespace servesim {

// `submitted`: the job's inputs if it was submitted, else 0; `held_queued`
// and `held_running`: the job's inputs found in the replicas' offline queues
// and running batches. Empty when conserved, else what broke.
std::optional<std::string> offline_conservation_problem(const std::string& job, std::uint64_t submitted,
                                                        const OfflineProgress& progress, std::uint64_t held_queued,
                                                        std::uint64_t held_running);

}  // namespace servesim
