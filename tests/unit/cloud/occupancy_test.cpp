// ClusterView::occupancy is device() without the copy of the replica list:
// placement scans read it, so it must report the same type, free memory and
// replicas as device() at every point of a device's life, freed ones included.
#include <gtest/gtest.h>

#include <vector>

#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::cloudtest {
namespace {

struct Seen {
  DeviceTypeId type = 0;
  double memory_free_mb = 0;
  std::vector<ReplicaId> replicas;
};

void expect_same(const ClusterView& view, DeviceId d, std::vector<std::pair<Seen, Seen>>& seen) {
  const DeviceInfo info = view.device(d);
  const DeviceOccupancy occ = view.occupancy(d);
  seen.push_back({Seen{info.type, info.memory_free_mb, info.replicas},
                  Seen{occ.type, occ.memory_free_mb, {occ.replicas.begin(), occ.replicas.end()}}});
}

TEST(DeviceOccupancy, AgreesWithDeviceWhileEmptyLoadedAndFreed) {
  test::TempDir dir;
  const Scenario scenario = one_query_scenario(dir, 400);
  TestController c;
  InstanceId id = 0;
  DeviceId device = 0;
  std::vector<std::pair<Seen, Seen>> seen;  // device(), occupancy() at each look
  c.at(10, [&](ClusterControl& control, const ClusterView& view) {
    id = control.launch_instance(itype(view, "c5.large"), Market::kOnDemand);
    device = view.instance(id).devices.at(0);
    expect_same(view, device, seen);  // booting, empty
    load_on(control, view, id, "m");
    expect_same(view, device, seen);  // a replica loading: its memory taken
  });
  c.at(200, [&](ClusterControl& control, const ClusterView& view) {
    expect_same(view, device, seen);  // running, the replica loaded
    control.stop_instance(id);
  });
  c.at(300, [&](ClusterControl&, const ClusterView& view) { expect_same(view, device, seen); });  // freed
  run(scenario, c);

  ASSERT_EQ(seen.size(), 4u);
  for (const auto& [info, occ] : seen) {
    EXPECT_EQ(occ.type, info.type);
    EXPECT_DOUBLE_EQ(occ.memory_free_mb, info.memory_free_mb);
    EXPECT_EQ(occ.replicas, info.replicas);
  }
  EXPECT_TRUE(seen[0].second.replicas.empty());
  EXPECT_EQ(seen[1].second.replicas.size(), 1u);
  EXPECT_LT(seen[1].second.memory_free_mb, seen[0].second.memory_free_mb);
  EXPECT_EQ(seen[2].second.replicas.size(), 1u);
  EXPECT_TRUE(seen[3].second.replicas.empty());
  EXPECT_DOUBLE_EQ(seen[3].second.memory_free_mb, seen[0].second.memory_free_mb);
}

}  // namespace
}  // namespace servesim::cloudtest
