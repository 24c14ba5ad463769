// Where INFaaS puts offline work that no loaded replica serves
// (offline_placement.hpp), and the model autoscaler keeping a variant's last
// replica while it has offline work (model_autoscaler.cpp), on Table 2's
// hand-made world (engine_harness.hpp): A runs on the CPU worker (two 4-core
// slots), C on the GPU one.
#include <gtest/gtest.h>

#include "policies/infaas/offline_placement.hpp"
#include "tests/unit/infaas/engine_harness.hpp"
#include "tests/unit/infaas/policy_fixture.hpp"

namespace servesim::infaas::test {
namespace {

struct OfflineWorld {
  PolicyFixture f;

  OfflineWorld(std::uint64_t inputs, OfflineJob job, json workers) {
    json p = table2_params({{"initial_workers", workers},
                            {"preload", json::array({{{"variant", "A"}, {"device_type", "box.cpu"}, {"count", 2}}})}});
    job.name = "j";
    job.inputs = inputs;
    f.world.offline_jobs = {job};
    f.build(p, {single_model_app("a", 0, 1000)});
    f.c().offline = {job};
    f.c().offline_backlogs = {inputs};
  }
  std::uint64_t backlog() const { return f.cluster->offline_backlogs[0]; }
};

OfflineJob of_variant(VariantId v) {
  OfflineJob job;
  job.variant = v;
  return job;
}

TEST(InfaasOfflinePlacement, AJobNoLoadedReplicaServesGetsOneOnTheLeastUtilisedWorkerThatFits) {
  OfflineWorld w(100, of_variant(2), {{"cpu.w", 1}, {"gpu.w", 1}});  // C: GPU only
  const std::size_t before = w.f.c().loads.size();
  w.f.tick(2);
  ASSERT_EQ(w.f.c().loads.size(), before + 1);
  EXPECT_EQ(w.f.c().loads.back().variant, VariantId{2});
  EXPECT_EQ(w.f.policy->stats().offline_loads, 1u);
  w.f.tick(4);  // C is loaded now: it serves the job, nothing more is loaded
  EXPECT_EQ(w.f.c().loads.size(), before + 1);
  EXPECT_LT(w.backlog(), 100u);
}

TEST(InfaasOfflinePlacement, AFamilyJobPrefersCpuVariantsThenTheCheapestPerInput) {
  OfflineWorld w(100, OfflineJob{}, {{"cpu.w", 1}, {"gpu.w", 1}});
  OfflineJob family_job;  // family r, any accuracy: A (CPU), B (Inferentia), C (GPU)
  const auto p = offline_profile(w.f.policy->store(), *w.f.cluster, family_job);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(w.f.policy->store().profile(*p).variant, VariantId{0});
  EXPECT_TRUE(offline_job_has_replica(w.f.policy->store(), *w.f.cluster, family_job));
  EXPECT_FALSE(offline_job_has_replica(w.f.policy->store(), *w.f.cluster, of_variant(2)));
}

// No online load: without offline work the autoscaler removes A's replicas
// one by one after its scale-down delay; with a job waiting it keeps the last.
TEST(InfaasOfflinePlacement, TheLastReplicaStaysWhileItsVariantHasOfflineWork) {
  auto unloads_by = [](std::uint64_t inputs) {
    OfflineWorld w(inputs, of_variant(0), {{"cpu.w", 1}});
    w.f.c().offline_backlogs = {inputs};
    for (int t = 1; t <= 60; ++t) {
      w.f.tick(t);
      for (ReplicaId r : {0u, 1u}) w.f.c().fake(r).info.offline_queued = 0;  // done at once
      if (inputs > 0) w.f.c().offline_backlogs = {inputs};                     // ... and more waiting
    }
    return w.f.c().unloads.size();
  };
  EXPECT_EQ(unloads_by(0), 2u);
  EXPECT_EQ(unloads_by(1000), 1u);
}

}  // namespace
}  // namespace servesim::infaas::test
