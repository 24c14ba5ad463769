// INFaaS on a flat Poisson load (issue: "INFaaS that does not flap"): Table
// 2's world for an hour at 6 QPS, 1.2 replicas' worth of variant A (5 QPS,
// two replicas per worker). One replica fewer can never carry the load, and
// the noisy two-second load measure reaches the scale-up point (10 QPS / 1.05)
// only in rare bursts, so a scale-down that waits T_v under-used checks in a
// row (the public code's 10 on a CPU) should leave the cluster alone. With
// the paper's literal T_v (the 0.7 s load latency, under one 1 s check) every
// measure under 5 QPS removes a replica that the next one adds back.
// Measured: 1 action (a replication) against 425. One worker of each kind at
// most, as Figure 6 ran: without that bound a second loop flaps (queues at 60 %
// utilisation make a variant Overloaded now and then, the VM autoscaler adds a
// worker for it, and retires it 15 idle checks later: 25 launches an hour).
// At 4 QPS, 0.8 of one replica, INFaaS still scales 1 <-> 2 about once a
// minute: there the measure crosses the 5 % slack itself (docs/policies.md).
#include <gtest/gtest.h>

#include "tests/unit/infaas/engine_harness.hpp"

namespace servesim::infaas::test {
namespace {

json flat_hour(const char* scale_down_delay) {
  json doc = table2_world();
  doc["duration_s"] = 3600;
  doc["outputs"]["window_s"] = 60;
  doc["applications"][0]["workload"]["rate"] = 6;
  doc["policies"][0]["params"]["scale_down_delay"] = scale_down_delay;
  // One worker of each kind at most, as Figure 6 ran (section 6.2).
  doc["policies"][0]["params"]["max_workers"] = {{"cpu.w", 1}, {"gpu.w", 1}, {"inf.w", 1}};
  return doc;
}

// Model and VM scaling actions of the run (the first query's load on its path
// excluded: it is the cold start, not scaling).
std::uint64_t scaling_actions(const InfaasPolicy::Stats& s) {
  return s.replications + s.removals + s.upgrades + s.downgrades + s.workers_launched + s.workers_stopped;
}

TEST(InfaasFlatLoad, ScalesAtMostAFewTimesAnHour) {
  const Outcome o = run_infaas(flat_hour("public_code"));
  EXPECT_TRUE(cloudtest::conserved(o.run));
  EXPECT_LE(scaling_actions(o.stats), 4u);
}

TEST(InfaasFlatLoad, TheLoadLatencyWaitFlapsOnTheSameLoad) {
  const Outcome o = run_infaas(flat_hour("load_latency"));
  EXPECT_GT(scaling_actions(o.stats), 60u);  // more than one a minute
}

}  // namespace
}  // namespace servesim::infaas::test
