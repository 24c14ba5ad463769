#include "sim/serving/offline_conservation.hpp"

namespace servesim {

std::optional<std::string> offline_conservation_problem(const std::string& job, std::uint64_t submitted,
                                                        const OfflineProgress& p, std::uint64_t held_queued,
                                                        std::uint64_t held_running) {
  const bool conserved = submitted == p.done() + p.backlog() + p.queued() + p.running();
  if (conserved && held_queued == p.queued() && held_running == p.running()) return std::nullopt;
  return "offline conservation for job \"" + job + "\": submitted " + std::to_string(submitted) + " != done " +
         std::to_string(p.done()) + " + backlog " + std::to_string(p.backlog()) + " + queued " +
         std::to_string(p.queued()) + " (replicas hold " + std::to_string(held_queued) + ") + running " +
         std::to_string(p.running()) + " (replicas run " + std::to_string(held_running) + ")";
}

}  // namespace servesim
