// WeightedRoute: the cached draw picks what a walk over every named replica
// would (the engine's rule before the cache), skips replicas that stopped
// accepting once the acceptance epoch moves, and draws nothing when none accepts.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "sim/core/random_stream.hpp"
#include "sim/serving/weighted_route.hpp"

namespace servesim {
namespace {

// The uncached rule: total over accepting replicas, then walk them in order.
ReplicaId walk_all(const std::vector<RoutingWeight>& weights, const std::set<ReplicaId>& gone, double u) {
  double total = 0;
  for (const auto& w : weights) total += gone.count(w.replica) ? 0.0 : w.weight;
  if (total <= 0) return kNoReplica;
  double x = u * total;
  ReplicaId last = kNoReplica;
  for (const auto& w : weights) {
    if (gone.count(w.replica) || w.weight <= 0) continue;
    last = w.replica;
    if (x < w.weight) return w.replica;
    x -= w.weight;
  }
  return last;
}

TEST(WeightedRoute, PicksWhatAWalkOverEveryReplicaPicks) {
  const std::vector<RoutingWeight> weights{{4, 0.1}, {7, 0.0}, {2, 0.35}, {9, 0.2}, {5, 0.35}};
  WeightedRoute route;
  route.set(weights);
  std::set<ReplicaId> gone;
  std::uint64_t epoch = 0;
  RandomStream rng(3, "test/weighted-route");
  for (int i = 0; i < 20000; ++i) {
    if (i == 5000) gone.insert(2), ++epoch;
    if (i == 12000) gone.insert(5), ++epoch;
    const double u = rng.uniform01();
    const ReplicaId picked = route.pick(epoch, [&](ReplicaId r) { return !gone.count(r); }, [&] { return u; });
    ASSERT_EQ(picked, walk_all(weights, gone, u)) << "draw " << i;
    ASSERT_NE(picked, 7u);  // a zero weight is never picked
  }
}

TEST(WeightedRoute, SplitsTrafficByWeightAmongAcceptingReplicas) {
  WeightedRoute route;
  route.set({{0, 1.0}, {1, 3.0}, {2, 6.0}});
  RandomStream rng(11, "test/weighted-route");
  const std::uint64_t epoch = 1;  // replica 2 stopped accepting before any draw
  int to_zero = 0;
  const int n = 40000;
  for (int i = 0; i < n; ++i) {
    const ReplicaId r = route.pick(epoch, [](ReplicaId id) { return id != 2; }, [&] { return rng.uniform01(); });
    ASSERT_NE(r, 2u);
    to_zero += r == 0;
  }
  // 1 / (1 + 3) of the draws; binomial sd = sqrt(n p (1 - p)) ~ 87: within 5 sd.
  EXPECT_NEAR(to_zero, n / 4, 5 * 87);
}

TEST(WeightedRoute, NoAcceptingReplicaDrawsNothing) {
  WeightedRoute route;
  route.set({{0, 1.0}, {1, 2.0}});
  int draws = 0;
  EXPECT_EQ(route.pick(0, [](ReplicaId) { return false; }, [&] { return ++draws, 0.5; }), kNoReplica);
  EXPECT_EQ(draws, 0);
  route.set({});
  EXPECT_EQ(route.pick(0, [](ReplicaId) { return true; }, [&] { return ++draws, 0.5; }), kNoReplica);
  EXPECT_EQ(draws, 0);
}

TEST(WeightedRoute, NewWeightsReplaceTheCachedOnesAtOnce) {
  WeightedRoute route;
  route.set({{0, 1.0}});
  EXPECT_EQ(route.pick(0, [](ReplicaId) { return true; }, [] { return 0.5; }), 0u);
  route.set({{1, 1.0}});  // same epoch: the set alone must rebuild
  EXPECT_EQ(route.pick(0, [](ReplicaId) { return true; }, [] { return 0.5; }), 1u);
}

}  // namespace
}  // namespace servesim
