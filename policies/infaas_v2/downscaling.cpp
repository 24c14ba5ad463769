#include "policies/infaas_v2/downscaling.hpp"


namespace servesim::infaas_v2 {
namespace {

// The pass' running state: capacity, the family's queue, and the batch size
// the artifact's loop variable carries from one predictor to the next.
struct Pass {
  double capacity = 0;
  double queued = 0;
  std::uint32_t carried = 0;
};

Pass start_pass(const std::vector<Predictor>& predictors, const FamilyProfile& profile, const FamilyLoad& load) {
  Pass pass;
  for (std::size_t i = 0; i < predictors.size(); ++i) {
    const Predictor& p = predictors[i];
    pass.capacity += p.batch * 1000.0 / profile.latency_ms(p.variant, p.kind, p.batch);
    pass.queued += static_cast<double>(load.queued[i]);
    pass.carried = p.batch;
  }
  return pass;
}

// Step 2's table: each variant's rate on this kind at its largest batch (the
// loop leaves the last variant's largest batch in the carried variable).
double least_accurate_rate(const Predictor& p, const FamilyProfile& profile, Pass& pass) {
  double rate = 0;
  for (const VariantId v : profile.variants()) {
    const std::uint32_t batch = profile.largest_batch(v, p.kind);
    pass.carried = batch;
    if (v == profile.least_accurate()) rate = batch == 0 ? 0 : batch * 1000.0 / profile.latency_ms(v, p.kind, batch);
  }
  return rate;
}

// Step 4: the smallest batch that keeps the queue covered.
bool lower_batch(Predictor& p, double latency, double own_rate, Pass& pass, double factor) {
  for (const std::uint32_t b : kBatchSizes) {
    pass.carried = b;
    if (b > p.largest) return false;
    const double proposed = pass.capacity - own_rate + b * 1000.0 / latency;
    if (proposed * factor > pass.queued) {
      p.batch = b;
      pass.capacity = proposed;
      return true;
    }
  }
  return false;
}

// Step 5: a GPU predictor to a CPU or VPU device (switch
// downscale_moves_cpu_predictors: a CPU or VPU predictor too, to a fresh one).
void move_to_cpu(const Predictor& p, std::size_t index, const FamilyProfile& profile, const FamilyLoad& load,
                 const Params& params, double own_rate, Pass& pass, ScalingPlan& plan) {
  if (!params.downscale_moves_cpu_predictors && (p.kind == kCpuKind || p.kind == kVpuKind)) return;
  if (profile.largest_batch(p.variant, kCpuKind) == 0) return;
  if (load.available[kCpuKind] <= 0 && load.available[kVpuKind] <= 0) return;
  double cpu_rate = 0;
  if (p.largest > 0) {
    const double latency = profile.latency_ms(p.variant, kCpuKind, p.batch);
    cpu_rate = params.latency_as_throughput ? latency : p.batch * 1000.0 / latency;
  }
  const double proposed = pass.capacity - own_rate + cpu_rate;
  if (!(proposed * (1 - params.slack) > pass.queued)) return;
  pass.capacity = proposed;
  plan.remove.push_back(index);
  plan.add.emplace_back(load.available[kCpuKind] > 0 ? kCpuKind : kVpuKind, p.variant);
}

}  // namespace

ScalingPlan downscale(std::vector<Predictor>& predictors, const FamilyProfile& profile, const FamilyLoad& load,
                      const Params& params) {
  ScalingPlan plan;
  const double factor = 1 - params.slack;
  Pass pass = start_pass(predictors, profile, load);
  for (std::size_t i = 0; i < predictors.size(); ++i) {
    Predictor& p = predictors[i];
    const std::uint32_t read_at = params.stale_downscale_batch ? pass.carried : p.batch;
    const double latency = profile.latency_ms(p.variant, p.kind, read_at);
    const double own_rate = p.batch * 1000.0 / latency;
    // 1. Remove.
    if ((pass.capacity - own_rate) * factor > pass.queued) {
      plan.remove.push_back(i);
      pass.capacity -= own_rate;
      continue;
    }
    // 2. Swap for the least accurate variant.
    const double swap_rate = least_accurate_rate(p, profile, pass);
    if (p.variant != profile.least_accurate()) {
      plan.remove.push_back(i);
      plan.add.emplace_back(p.kind, profile.least_accurate());
      pass.capacity = pass.capacity - own_rate + swap_rate;
      continue;
    }
    // 3. Enough shrinking.
    if (pass.capacity * factor * (1 - params.downscale_slack) <= load.incoming) {
      if (params.downscale_return_discards) return ScalingPlan{};
      return plan;
    }
    // 4. A smaller batch, else 5. a slower device.
    if (lower_batch(p, latency, own_rate, pass, factor)) continue;
    move_to_cpu(p, i, profile, load, params, own_rate, pass, plan);
  }
  return plan;
}

}  // namespace servesim::infaas_v2
