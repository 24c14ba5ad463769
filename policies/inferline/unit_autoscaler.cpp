#include "policies/inferline/unit_autoscaler.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace servesim::inferline {

UnitAutoscaler::UnitAutoscaler(AppId app, std::vector<std::uint32_t> unit, double unit_throughput_qps, Duration slo)
    : app_(app), unit_(std::move(unit)), rule_(unit_throughput_qps, slo) {
  if (unit_.empty() || std::find(unit_.begin(), unit_.end(), 0u) != unit_.end()) {
    throw std::invalid_argument("a unit needs at least one replica of every stage");
  }
}

std::uint32_t UnitAutoscaler::units(std::span<const StageReplicas> stages) const {
  if (stages.size() != unit_.size()) throw std::invalid_argument("one unit size per stage expected");
  std::uint32_t units = std::numeric_limits<std::uint32_t>::max();
  for (std::size_t s = 0; s < stages.size(); ++s) {
    units = std::min(units, static_cast<std::uint32_t>(stages[s].size() / unit_[s]));
  }
  return units;
}

UnitStep UnitAutoscaler::step(std::span<StageReplicas> stages, ClusterControl& control, const ClusterView& view) {
  UnitStep out;
  out.before = units(stages);
  out.target = rule_.decide(view.now(), view.queries_in_system(app_), out.before);
  if (out.target != out.before) {
    for (std::size_t s = 0; s < stages.size(); ++s) {
      out.replicas += stages[s].scale_to(out.target * unit_[s], control, view);
    }
  }
  out.after = units(stages);
  return out;
}

}  // namespace servesim::inferline
