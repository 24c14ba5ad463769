#include "policies/infaas/variant_profile.hpp"

#include <algorithm>
#include <vector>

namespace servesim::infaas {
namespace {

// INFaaS-Accuracy's tie-break weight of the hardware cost (variant_profile.hpp):
// small against any accuracy step between variants (Proteus' families differ
// by 0.5 % or more), so hardware only orders variants of equal accuracy.
constexpr double kAccuracyModeHardwareWeight = 1e-4;

}  // namespace

std::optional<VariantProfile> make_profile(VariantId id, const ModelVariant& variant, DeviceTypeId type_id,
                                           const DeviceType& type, Duration budget, const ProfileRules& rules) {
  const LatencyProfile* latency = variant.profile_on(type.name);
  if (latency == nullptr) return std::nullopt;
  const std::uint32_t top = std::max(1u, std::min(rules.batch_cap, latency->max_batch(variant.max_batch)));
  const double limit_ns = rules.batch_latency_share * static_cast<double>(budget.ns);
  std::vector<double> throughput(top + 1, 0.0);
  double best = 0;
  for (std::uint32_t b = 1; b <= top; ++b) {
    const Duration l = latency->at(b);
    if (b > 1 && static_cast<double>(l.ns) > limit_ns) break;  // latency grows with the batch
    throughput[b] = l.ns > 0 ? b / l.seconds() : 0.0;
    best = std::max(best, throughput[b]);
  }
  std::uint32_t batch = 1;
  for (std::uint32_t b = 1; b <= top; ++b) {
    if (throughput[b] >= best * (1.0 - rules.batch_gain_tolerance)) {
      batch = b;
      break;
    }
  }
  VariantProfile p;
  p.variant = id;
  p.family = variant.family;
  p.device_type = type_id;
  p.kind = type.kind;
  p.batch = batch;
  p.inference = latency->at(batch);
  p.saturation_qps = throughput[batch];
  const double hardware = rules.replica_cost_per_second.empty()
                              ? variant.memory_mb / 1000.0 * rules.cost_per_gb_second[static_cast<std::size_t>(type.kind)]
                              : rules.replica_cost_per_second.at(type_id);
  p.cost_per_second = rules.accuracy_objective ? (1.0 - variant.accuracy) + kAccuracyModeHardwareWeight * hardware : hardware;
  p.load_latency = variant.load_latency;
  p.accuracy = variant.accuracy;
  p.memory_mb = variant.memory_mb;
  return p;
}

Duration latency_limit(Duration budget, const ProfileRules& rules) {
  if (rules.slo_latency_share >= 1.0) return budget;
  return Duration{static_cast<std::int64_t>(rules.slo_latency_share * static_cast<double>(budget.ns))};
}

bool meets(const VariantProfile& profile, Duration budget, double min_accuracy, const ProfileRules& rules) {
  if (profile.kind == DeviceKind::kCpu && budget <= rules.cpu_min_slo) return false;
  return profile.inference <= latency_limit(budget, rules) && profile.accuracy >= min_accuracy;
}

}  // namespace servesim::infaas
