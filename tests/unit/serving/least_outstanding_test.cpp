// The least-loaded scan routers share (ClusterView::least_outstanding): the
// first candidate with the fewest outstanding visits among those that accept
// and are within the limit; the first idle one ends the scan.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <vector>

#include "sim/serving/cluster_view.hpp"

namespace servesim {
namespace {

struct Loads {
  std::map<ReplicaId, std::optional<std::uint64_t>> by_replica;  // empty: does not accept
  mutable std::vector<ReplicaId> read;                           // in the order the scan asked
  ReplicaId least(const std::vector<ReplicaId>& candidates, std::uint64_t limit) const {
    read.clear();
    return least_outstanding_of(candidates, limit, [this](ReplicaId r) {
      read.push_back(r);
      return by_replica.at(r);
    });
  }
};

constexpr std::uint64_t kAny = ~std::uint64_t{0};

TEST(LeastOutstanding, FewestFirstOnTiesSkippingThoseNotAccepting) {
  Loads l;
  l.by_replica = {{1, 5}, {2, std::nullopt}, {3, 3}, {4, 3}, {5, 4}};
  EXPECT_EQ(l.least({1, 2, 3, 4, 5}, kAny), 3u);
  EXPECT_EQ(l.read, (std::vector<ReplicaId>{1, 2, 3, 4, 5}));
}

TEST(LeastOutstanding, TheLimitSkipsLoadsAboveIt) {
  Loads l;
  l.by_replica = {{1, 7}, {2, 6}, {3, 9}};
  EXPECT_EQ(l.least({1, 2, 3}, 6), 2u);  // at the limit still qualifies
  EXPECT_EQ(l.least({1, 3}, 6), kNoReplica);
}

TEST(LeastOutstanding, TheFirstIdleOneEndsTheScan) {
  Loads l;
  l.by_replica = {{1, 2}, {2, 0}, {3, 0}, {4, 1}};
  EXPECT_EQ(l.least({1, 2, 3, 4}, kAny), 2u);
  EXPECT_EQ(l.read, (std::vector<ReplicaId>{1, 2}));
}

TEST(LeastOutstanding, NoneWhenNoneAccepts) {
  Loads l;
  l.by_replica = {{1, std::nullopt}};
  EXPECT_EQ(l.least({1}, kAny), kNoReplica);
  EXPECT_EQ(l.least({}, kAny), kNoReplica);
}

}  // namespace
}  // namespace servesim
