// INFaaS (ATC'21) section 6.3, Figure 7: configs/scenarios/papers/infaas/
// gpu_sharing.json. Inception-ResNetV2 (80 % of the queries) and MobileNetV1
// (20 %), TensorRT batch-1 variants, load rising 50 -> 500 QPS. The paper:
// INFaaS marked the two Interfered (around 30 and 50 s), started a second GPU
// worker (~30 s to start), created an instance of each model on it and spread
// the load over the GPUs; Clipper+, one model persisted on each of 2 GPUs, did
// not adapt, and its Inception-ResNetV2 latency and throughput degraded;
// INFaaS saved 10 % of the cost.
//
// What the policy's monitor and autoscalers did, run in-process on the same
// file (the run writes no policy state): the variant states its monitor sets
// (Figure 4), when it asks for the second worker, and where it sends the
// queries. The scenario's outcomes and the paper's claims about them are in
// the claims ledger (configs/scenarios/papers/claims.json).
//
// Measured (seed 1, with GPUs running one batch at a time, the public code's
// GPU latency rule: min(5, 15 ms / profiled) under 10 ms, counted above 0.3 of
// the peak): Inception-ResNetV2 is marked Interfered at 82 s and MobileNetV1
// at 246 s, the second GPU worker is requested at 82 s, and the mitigation
// moves a variant once (1 migration). With the 1.5x rule on these 2.6 and
// 6.1 ms variants and no load share, the scenario's former override, it was
// MobileNetV1 at 22 s, Inception-ResNetV2 at 54 s, a worker at 22 s and 18
// migrations, each making its queries wait for a load.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "policies/infaas/infaas_policy.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::test {
namespace {

namespace fs = std::filesystem;

const std::string kScenario = std::string(SERVESIM_SOURCE_DIR) + "/configs/scenarios/papers/infaas/gpu_sharing.json";
const std::string kLarge = "inception_resnet_v2";
const std::string kSmall = "mobilenet_v1";

// In-process: what the policy's monitor and autoscalers did.
TEST(InfaasGpuSharingPolicy, MarksBothInterferedThenAddsAWorkerAndSpreadsTheLoad) {
  const Scenario scenario = load_scenario(kScenario);
  auto policy = cloudtest::first_policy(scenario);
  auto& infaas = dynamic_cast<InfaasPolicy&>(*policy);
  const infaas::MetadataStore& store = infaas.store();

  std::map<std::string, double> first_interfered;  // variant family -> seconds
  double second_worker_at = -1;
  std::size_t most_gpu_workers = 0;
  std::map<std::string, std::map<std::uint32_t, std::uint64_t>> routed;  // family -> worker -> queries
  cloudtest::Forwarder forward(infaas);
  forward.every_route = [&](const RouteDecision& d, const ClusterView& view) {
    if (d.kind != RouteDecision::Kind::kReplica) return;
    const auto& vi = store.instance(store.replica(d.target).instance);
    ++routed[view.models().family(store.profile(vi.profile).family).name][vi.worker];
  };
  forward.every_tick = [&](const ClusterView& view) {
    for (const auto& [i, vi] : store.instances()) {
      if (vi.state != infaas::VariantState::kInterfered) continue;
      const std::string family = view.models().family(store.profile(vi.profile).family).name;
      first_interfered.emplace(family, view.now().seconds());
    }
    std::size_t gpu_workers = 0;
    for (const auto& [w, worker] : store.workers()) {
      gpu_workers += worker.kind == DeviceKind::kGpu && worker.phase != infaas::WorkerPhase::kGone;
    }
    most_gpu_workers = std::max(most_gpu_workers, gpu_workers);
    if (gpu_workers >= 2 && second_worker_at < 0) second_worker_at = view.now().seconds();
  };
  const cloudtest::CloudRun run = cloudtest::run(scenario, forward);

  std::printf("marked Interfered: %s at %.0f s, %s at %.0f s (the paper: ~30 s and ~50 s)\n", kLarge.c_str(),
              first_interfered.count(kLarge) ? first_interfered.at(kLarge) : -1.0, kSmall.c_str(),
              first_interfered.count(kSmall) ? first_interfered.at(kSmall) : -1.0);
  std::printf("second GPU worker requested at %.0f s; interference migrations %llu\n", second_worker_at,
              static_cast<unsigned long long>(infaas.stats().migrations));
  for (const auto& [family, by_worker] : routed) {
    for (const auto& [worker, n] : by_worker) std::printf("  %s: worker %u served %llu\n", family.c_str(), worker,
                                                         static_cast<unsigned long long>(n));
  }

  ASSERT_TRUE(first_interfered.count(kLarge)) << "Inception-ResNetV2 never marked Interfered";
  ASSERT_TRUE(first_interfered.count(kSmall)) << "MobileNetV1 never marked Interfered";
  ASSERT_GE(second_worker_at, 0) << "no second GPU worker";
  // GPUs are added only when contention is detected (section 6.3).
  EXPECT_GE(second_worker_at, std::min(first_interfered.at(kLarge), first_interfered.at(kSmall)));
  EXPECT_EQ(most_gpu_workers, 2u) << "max_workers: 2";
  EXPECT_GE(infaas.stats().migrations, 1u);
  // The popular model's load is spread over both GPUs, each carrying a good share.
  ASSERT_EQ(routed[kLarge].size(), 2u);
  std::uint64_t total = 0, least = UINT64_MAX;
  for (const auto& [worker, n] : routed[kLarge]) {
    total += n;
    least = std::min(least, n);
  }
  EXPECT_GT(static_cast<double>(least), 0.25 * static_cast<double>(total));
  EXPECT_TRUE(cloudtest::conserved(run));
}

}  // namespace
}  // namespace servesim::test
