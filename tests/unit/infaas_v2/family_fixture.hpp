#pragma once
// A hand-made family for the infaas-v2 parts: "f" with three variants, SLO
// 100 ms (largest batch: latency under 50 ms), on the four kinds' device
// types "cpu", "gpu", "vpu", "fpga" (the artifact's AccType order):
//
//   variant  acc %  cpu / vpu (ms by batch 1,2,4,8)   gpu                 fpga
//   best     100    60 (largest 0: cannot serve)      10,12,16,24 (8)     not profiled
//   mid       90    20,30,45,90 (4)                   5,6,8,12 (8)        8,10,60,70 (2)
//   low       80    10,15,25,45 (8)                   2,3,4,6 (8)         4,5,6,8 (8)
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "policies/infaas_v2/family_profile.hpp"
#include "policies/infaas_v2/predictor.hpp"

namespace servesim::infaas_v2::test {

inline LatencyProfile profile(std::vector<double> ms) {
  std::vector<LatencyPoint> points;
  for (std::size_t i = 0; i < ms.size(); ++i) points.push_back({kBatchSizes[i], ms[i]});
  return LatencyProfile(points, LatencyProfile::Fit::kInterpolate);
}

struct Fixture {
  ModelCatalog models;
  FamilyId family = 0;
  VariantId best = 0, mid = 0, low = 0;
  Params params;

  Fixture() {
    params.device_types = {"cpu", "gpu", "vpu", "fpga"};
    family = models.add_family("f");
    best = add("best", 100, {{"cpu", profile({60})}, {"vpu", profile({60})}, {"gpu", profile({10, 12, 16, 24})}});
    mid = add("mid", 90,
              {{"cpu", profile({20, 30, 45, 90})}, {"vpu", profile({20, 30, 45, 90})}, {"gpu", profile({5, 6, 8, 12})},
               {"fpga", profile({8, 10, 60, 70})}});
    low = add("low", 80,
              {{"cpu", profile({10, 15, 25, 45})}, {"vpu", profile({10, 15, 25, 45})}, {"gpu", profile({2, 3, 4, 6})},
               {"fpga", profile({4, 5, 6, 8})}});
    models.normalize_accuracy();
  }

  VariantId add(const std::string& name, double accuracy, std::vector<std::pair<std::string, LatencyProfile>> latency) {
    ModelVariant v;
    v.name = name;
    v.family = family;
    v.accuracy_raw = accuracy;
    v.max_batch = 8;
    for (auto& [type, p] : latency) v.latency.emplace(type, p);
    return models.add_variant(std::move(v));
  }

  FamilyProfile profile_at(double slo_ms = 100) const { return FamilyProfile(models, family, params.device_types, slo_ms); }

  Predictor predictor(VariantId variant, std::size_t kind, ReplicaId replica = 0) const {
    const FamilyProfile p = profile_at();
    Predictor out;
    out.replica = replica;
    out.variant = variant;
    out.kind = kind;
    out.largest = p.largest_batch(variant, kind);
    out.batch = out.largest;
    return out;
  }
};

inline constexpr std::size_t kCpu = 0, kGpu = 1, kVpu = 2, kFpga = 3;

}  // namespace servesim::infaas_v2::test
