// set_routing_weights with RouteDecision::by_weights(): traffic splits by the
// weights, replicas that stop accepting are skipped, and with none accepting
// the query is rejected.
#include <gtest/gtest.h>

#include "sim/core/input_error.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::cloudtest {
namespace {

// Three GPUs with w1 (accuracy 1.0), w2 (0.9) and w3 (0.8): a completion's
// accuracy names the replica that served it. Poisson 80 QPS for 10 s.
struct WeightsCase {
  test::TempDir dir;
  Scenario scenario;
  TestController c;

  explicit WeightsCase(std::vector<RoutingWeight> weights) {
    json doc = cloud_world();
    doc["duration_s"] = 12;
    doc["cluster"] = {{"devices", json::array({{{"type", "gpu"}, {"count", 3}}})}};
    doc["applications"] = json::array(
        {app("a", "w", 1000,
             {{"kind", "segments"},
              {"segments", json::array({{{"duration_s", 10}, {"workload", {{"kind", "poisson"}, {"rate", 80}}}}})}})});
    scenario = load_doc(dir, doc);
    c.on_start = [weights](ClusterControl& control, const ClusterView& view) {
      const char* names[] = {"w1", "w2", "w3"};
      for (DeviceId d = 0; d < 3; ++d) control.load_replica(ReplicaRequest{variant(view, names[d]), d, {}, 1});
      control.set_routing_weights(0, 0, weights);
    };
    c.router = [](const RouteRequest&, const ClusterView&) { return RouteDecision::by_weights(); };
  }
};

TEST(CloudWeights, SplitByWeightsSkipNonAcceptingRejectWhenNone) {
  WeightsCase w({{0, 1.0}, {1, 3.0}, {2, 0.0}});
  w.c.at(5, [](ClusterControl& control, const ClusterView&) { control.unload_replica(1); });
  w.c.at(8, [](ClusterControl& control, const ClusterView&) { control.unload_replica(0); });
  const CloudRun r = run(w.scenario, w.c);

  std::size_t first = 0, on_r0 = 0, on_r1 = 0, middle = 0, middle_r0 = 0, late = 0, late_rejected = 0;
  for (const auto& o : r.outcomes) {
    const double t = o.arrival.seconds();
    if (t < 5) {
      ASSERT_EQ(o.kind, OutcomeKind::kCompleted);
      ++first;
      on_r0 += o.accuracy == 1.0;
      on_r1 += std::abs(o.accuracy - 0.9) < 1e-12;
    } else if (t > 5 && t < 8) {
      ++middle;
      middle_r0 += o.kind == OutcomeKind::kCompleted && o.accuracy == 1.0;
    } else if (t > 8) {
      ++late;
      late_rejected += o.kind == OutcomeKind::kRejected;
    }
  }
  EXPECT_EQ(on_r0 + on_r1, first);  // never the weight-0 replica
  EXPECT_TRUE(within_binomial(on_r0, first, 0.25)) << on_r0 << " of " << first;
  EXPECT_GT(first, 330u);
  EXPECT_EQ(middle_r0, middle);  // replica 1 unloaded: all to replica 0
  EXPECT_GT(middle, 190u);
  EXPECT_EQ(late_rejected, late);  // replica 0 unloaded too; replica 2 has weight 0
  EXPECT_GT(late, 120u);
  EXPECT_EQ(r.counts.rejected, late);
  EXPECT_TRUE(conserved(r));
}

TEST(CloudWeights, EqualWeightsSplitEvenly) {
  WeightsCase w({{0, 2.0}, {1, 2.0}, {2, 2.0}});
  const CloudRun r = run(w.scenario, w.c);
  std::array<std::size_t, 3> n{};
  for (const auto& o : r.outcomes) n[o.accuracy > 0.95 ? 0 : o.accuracy > 0.85 ? 1 : 2]++;
  const std::size_t total = n[0] + n[1] + n[2];
  EXPECT_EQ(total, r.counts.completed);
  for (int k = 0; k < 3; ++k) EXPECT_TRUE(within_binomial(n[k], total, 1.0 / 3)) << k << ": " << n[k];
}

TEST(CloudWeights, NoWeightsSetRejects) {
  WeightsCase w({});
  const CloudRun r = run(w.scenario, w.c);
  EXPECT_GT(r.counts.arrived, 0u);
  EXPECT_EQ(r.counts.rejected, r.counts.arrived);
}

TEST(CloudWeights, WeightNamingAnUnknownReplicaIsAnInvariantError) {
  WeightsCase w({{7, 1.0}});
  EXPECT_THROW(run(w.scenario, w.c), InvariantError);
  WeightsCase negative({{0, -1.0}});
  EXPECT_THROW(run(negative.scenario, negative.c), InvariantError);
}

}  // namespace
}  // namespace servesim::cloudtest
