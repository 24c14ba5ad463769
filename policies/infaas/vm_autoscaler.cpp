#include "policies/infaas/vm_autoscaler.hpp"

#include <algorithm>

namespace servesim::infaas {

VmDecision VmAutoscaler::check(std::span<const WorkerCheck> workers, std::span<const std::uint32_t> minimum) {
  VmDecision decision;
  for (auto& c : cooldown_) c = c > 0 ? c - 1 : 0;

  std::array<bool, kDeviceKindCount> booting{}, want{};
  std::array<double, kDeviceKindCount> min_util;
  min_util.fill(2.0);
  std::array<std::uint32_t, kDeviceKindCount> running{}, hosting{}, interfered{}, overloaded{};
  std::uint32_t running_total = 0, overloaded_total = 0;
  for (const WorkerCheck& w : workers) {
    const auto k = static_cast<std::size_t>(w.kind);
    if (!w.running) {
      booting[k] = true;
      continue;
    }
    ++running[k];
    ++running_total;
    min_util[k] = std::min(min_util[k], w.utilisation);
    hosting[k] += w.hosts_variants;
    interfered[k] += w.hosts_variants && w.interfered;
    overloaded[k] += w.overloaded;
    overloaded_total += w.overloaded;
  }
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    const double threshold = static_cast<DeviceKind>(k) == DeviceKind::kInferentia
                                 ? rules_.inferentia_utilisation_threshold
                                 : rules_.utilisation_threshold;
    if (running[k] > 0 && min_util[k] > threshold) want[k] = true;                 // rule 1
    if (hosting[k] > 0 && interfered[k] == hosting[k]) want[k] = true;             // rule 2
  }
  if (running_total > 0 && overloaded_total > rules_.overloaded_fraction * running_total) {  // rule 3
    const auto most = std::max_element(overloaded.begin(), overloaded.end()) - overloaded.begin();
    want[static_cast<std::size_t>(most)] = true;
  }
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    if (!want[k] || booting[k] || cooldown_[k] > 0) continue;
    decision.launch.push_back(static_cast<DeviceKind>(k));
    cooldown_[k] = rules_.cooldown_checks;
  }

  // Scale down: low-utilisation streaks, newest first, above each type's minimum.
  // A worker missing from a check has left for good: its streak goes.
  std::vector<std::uint32_t> alive(minimum.size(), 0);
  std::map<std::uint32_t, std::uint32_t> streak;
  for (const WorkerCheck& w : workers) {
    if (w.type_key >= alive.size()) alive.resize(w.type_key + 1, 0);
    ++alive[w.type_key];
    const auto before = low_streak_.find(w.worker);
    const bool low = w.running && !w.in_transition &&
                     w.utilisation <= rules_.low_utilisation[static_cast<std::size_t>(w.kind)];
    streak[w.worker] = low ? (before == low_streak_.end() ? 0 : before->second) + 1 : 0;
  }
  low_streak_ = std::move(streak);
  std::vector<const WorkerCheck*> order;
  for (const WorkerCheck& w : workers) order.push_back(&w);
  std::sort(order.begin(), order.end(), [](const WorkerCheck* a, const WorkerCheck* b) { return a->worker > b->worker; });
  for (const WorkerCheck* w : order) {
    if (low_streak_.at(w->worker) < rules_.low_utilisation_checks) continue;
    const std::uint32_t floor = w->type_key < minimum.size() ? minimum[w->type_key] : 0;
    if (alive[w->type_key] <= floor) continue;
    --alive[w->type_key];
    low_streak_.at(w->worker) = 0;
    decision.stop.push_back(w->worker);
  }
  return decision;
}

}  // namespace servesim::infaas
