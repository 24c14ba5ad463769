// Section 6's baselines as modes of the "infaas" policy (infaas_params.hpp),
// through the engine on Table 2's world at 40 QPS (A: 5 QPS per replica, two
// replicas per CPU worker): Clipper+ with A pre-loaded twice saturates near
// 10 QPS and never loads another variant or launches a worker; SM+ with A
// replicates A on more CPU workers and serves nothing else; INFaaS, free to
// upgrade, serves more queries on time than both.
#include <gtest/gtest.h>

#include <map>
#include <stdexcept>

#include "tests/unit/infaas/engine_harness.hpp"

namespace servesim::infaas::test {
namespace {

constexpr double kDuration = 60;

json at_40_qps(const json& params) {
  json doc = table2_world();
  doc["applications"][0]["workload"]["rate"] = 40;
  doc["duration_s"] = kDuration;
  for (auto& [k, v] : params.items()) doc["policies"][0]["params"][k] = v;
  return doc;
}

json clipper_plus() {
  return {{"mode", "clipper+"},
          {"fixed_variant", "A"},
          {"preload", json::array({{{"variant", "A"}, {"device_type", "box.cpu"}, {"count", 2}}})}};
}

std::uint64_t on_time(const Outcome& o) {
  std::uint64_t n = 0;
  for (const auto& q : o.run.outcomes) n += q.on_time();
  return n;
}

TEST(InfaasBaselines, ClipperPlusCpuSaturatesAtItsFixedReplicas) {
  const Outcome o = run_infaas(at_40_qps(clipper_plus()));
  EXPECT_TRUE(cloudtest::conserved(o.run));
  EXPECT_GT(o.run.counts.arrived, 2000u);
  EXPECT_LE(static_cast<double>(o.run.counts.completed) / kDuration, 10.5);
  EXPECT_GT(static_cast<double>(o.run.counts.completed) / kDuration, 8.0);
  EXPECT_LT(static_cast<double>(on_time(o)) / static_cast<double>(o.run.counts.arrived), 0.5);  // most late or dropped
  EXPECT_EQ(o.run.replicas.size(), 2u);  // the two pre-loaded, nothing else
  for (const auto& [variant, n] : o.routed) EXPECT_EQ(variant, "A");
  EXPECT_EQ(o.stats.route_loads, 0u);
  EXPECT_EQ(o.stats.replications + o.stats.upgrades + o.stats.downgrades + o.stats.removals, 0u);
  EXPECT_EQ(o.stats.workers_launched, 0u);
  EXPECT_EQ(o.instance_types, std::vector<std::string>{"cpu.w"});
}

TEST(InfaasBaselines, SmPlusCpuScalesOnlyHorizontally) {
  const Outcome o = run_infaas(at_40_qps({{"mode", "sm+"}, {"fixed_variant", "A"}}));
  EXPECT_TRUE(cloudtest::conserved(o.run));
  EXPECT_GE(o.stats.workers_launched, 1u);
  EXPECT_GE(o.stats.replications, 1u);
  EXPECT_GT(o.run.replicas.size(), 2u);
  EXPECT_EQ(o.stats.upgrades + o.stats.downgrades, 0u);
  for (const auto& t : o.instance_types) EXPECT_EQ(t, "cpu.w");
  for (const auto& [variant, n] : o.routed) EXPECT_EQ(variant, "A");
  EXPECT_EQ(o.total_routed, o.run.counts.arrived);
}

// The public code runs SM+'s per-variant scaler with two GPU instances of a
// variant allowed (src/worker/autoscaler.cc, AUTOSCALE_INDIVIDUAL sets
// GPU_MAX_REPLICAS = 2); INFaaS' own scaler keeps one. On a single GPU worker
// (section 6.2's one worker) at twice C's capacity, SM+ replicates C on it.
TEST(InfaasBaselines, SmPlusGpuHoldsTwoReplicasOfItsVariantOnOneGpu) {
  json doc = at_40_qps({{"mode", "sm+"}, {"fixed_variant", "C"}, {"initial_workers", {{"gpu.w", 1}}},
                        {"max_workers", {{"gpu.w", 1}}}});
  doc["applications"][0]["workload"]["rate"] = 1800;  // C: about 890 QPS per replica
  doc["duration_s"] = 20;
  const Outcome o = run_infaas(doc);
  EXPECT_TRUE(cloudtest::conserved(o.run));
  EXPECT_EQ(o.stats.workers_launched, 0u);
  std::map<DeviceId, int> active_on;
  for (const ReplicaInfo& r : o.run.replicas) active_on[r.device] += r.state == ReplicaState::kActive;
  ASSERT_EQ(active_on.size(), 1u);
  EXPECT_EQ(active_on.begin()->second, 2);
  EXPECT_GE(o.stats.replications, 1u);
}

TEST(InfaasBaselines, InfaasServesMoreOnTimeThanBoth) {
  const Outcome clipper = run_infaas(at_40_qps(clipper_plus()));
  const Outcome sm = run_infaas(at_40_qps({{"mode", "sm+"}, {"fixed_variant", "A"}}));
  const Outcome infaas = run_infaas(at_40_qps(json::object()));
  EXPECT_GT(on_time(infaas), on_time(clipper));
  EXPECT_GT(on_time(infaas), on_time(sm));
  EXPECT_GT(on_time(sm), on_time(clipper));
}

TEST(InfaasBaselines, ModeParamsAreChecked) {
  const auto fails = [](const json& params) {
    try {
      run_infaas(at_40_qps(params));
    } catch (const std::exception&) {
      return true;
    }
    return false;
  };
  EXPECT_TRUE(fails({{"mode", "sm+"}}));                                // no fixed_variant
  EXPECT_TRUE(fails({{"mode", "clipper+"}, {"fixed_variant", "A"}}));   // no preload
  EXPECT_TRUE(fails({{"mode", "sm+"}, {"fixed_variant", "Z"}}));        // unknown variant
  EXPECT_TRUE(fails({{"fixed_variant", "A"}}));                         // not a baseline
  EXPECT_TRUE(fails({{"mode", "clipper"}, {"fixed_variant", "A"}}));    // unknown mode
  json other = clipper_plus();
  other["preload"][0]["variant"] = "C";
  other["preload"][0]["device_type"] = "gpu";
  EXPECT_TRUE(fails(other));                                            // preload of another variant
}

}  // namespace
}  // namespace servesim::infaas::test
