// The Metadata Store keeps what is live, not what ever was: gone workers go
// with their instances, retired replicas once they left their device, so a
// long run's store is the size of its cluster. Ids are never reused.
#include <gtest/gtest.h>

#include <vector>

#include "tests/unit/infaas/policy_fixture.hpp"

namespace servesim::infaas::test {
namespace {

using nlohmann::json;

struct StoreOnFakeCluster {
  FakeCluster cluster{table2_models(), table2_hardware(), {}};
  MetadataStore store{std::vector<VariantProfile>(1)};

  // A worker on a new gpu.w instance, with one replica of profile 0.
  std::uint32_t worker_with_replica() {
    const InstanceId id = cluster.launch_instance(*cluster.hardware().find_instance_type("gpu.w"), Market::kOnDemand);
    Worker w;
    w.instance = id;
    w.devices = cluster.instances[id].devices;
    w.device_types.assign(w.devices.size(), cluster.devices[w.devices[0]].type);
    const std::uint32_t worker = store.add_worker(w);
    const ReplicaId r = *cluster.load_replica(ReplicaRequest{2, w.devices[0], BatcherSpec{}, 1}).replica;
    store.add_replica(r, store.instance_of(0, worker), w.devices[0], cluster.time);
    return worker;
  }
  // The engine stops its instance (its replicas leave their device); the policy marks it gone.
  void lose(std::uint32_t worker) {
    for (std::uint32_t i : store.instances_on_worker(worker)) {
      for (ReplicaId r : std::vector<ReplicaId>(store.instance(i).replicas)) cluster.unload_replica(r);
    }
    store.worker(worker).phase = WorkerPhase::kGone;
  }
};

TEST(InfaasStoreForgetting, WorkersThatCameAndWentLeaveNothingBehind) {
  StoreOnFakeCluster s;
  const std::uint32_t kept = s.worker_with_replica();
  std::uint32_t last = kept;
  for (int k = 0; k < 1000; ++k) {
    last = s.worker_with_replica();
    s.lose(last);
    s.store.prune(s.cluster);
    s.store.forget(s.cluster);
  }
  EXPECT_EQ(last, 1000u);  // ids are never reused
  ASSERT_EQ(s.store.workers().size(), 1u);
  EXPECT_EQ(s.store.workers().begin()->first, kept);
  EXPECT_EQ(s.store.instances().size(), 1u);
  EXPECT_EQ(s.store.loaded_instances(0).size(), 1u);
  EXPECT_EQ(s.store.replica_records(), 1u);
}

// Placement walks the workers with a device type from the store's list for
// that type: oldest first, as it walked all of them, and a forgotten worker
// leaves it (else placement would read a freed worker).
TEST(InfaasStoreForgetting, AForgottenWorkerLeavesItsDeviceTypesWorkerList) {
  StoreOnFakeCluster s;
  const std::uint32_t first = s.worker_with_replica();
  const std::uint32_t second = s.worker_with_replica();
  const std::uint32_t third = s.worker_with_replica();
  const DeviceTypeId type = s.store.worker(first).device_types[0];
  const auto ids = [&] {
    std::vector<std::uint32_t> out;
    for (const auto& [w, worker] : s.store.workers_offering(type)) {
      EXPECT_EQ(worker, &s.store.worker(w));
      out.push_back(w);
    }
    return out;
  };
  EXPECT_EQ(ids(), (std::vector<std::uint32_t>{first, second, third}));
  s.lose(second);
  s.store.prune(s.cluster);
  s.store.forget(s.cluster);
  EXPECT_EQ(ids(), (std::vector<std::uint32_t>{first, third}));
  EXPECT_TRUE(s.store.workers_offering(type + 1).empty());  // a type no worker has
}

TEST(InfaasStoreForgetting, ARetiredReplicaIsKeptWhileItDrainsOnItsDevice) {
  StoreOnFakeCluster s;
  const std::uint32_t w = s.worker_with_replica();
  const ReplicaId r = s.store.instance(s.store.instances_on_worker(w)[0]).replicas[0];
  s.store.retire(r);  // unload requested: the replica serves its queue first
  s.store.forget(s.cluster);
  EXPECT_TRUE(s.store.knows(r));  // the monitor still counts its busy time there
  EXPECT_FALSE(s.store.serving(r));
  s.cluster.unload_replica(r);  // drained
  s.store.forget(s.cluster);
  EXPECT_FALSE(s.store.knows(r));
  EXPECT_EQ(s.store.workers().size(), 1u);  // its worker is live
}

TEST(InfaasStoreForgetting, AGoneWorkerStaysWhileATransitionHoldsItsInstance) {
  StoreOnFakeCluster s;
  const std::uint32_t w = s.worker_with_replica();
  const std::uint32_t i = s.store.instances_on_worker(w)[0];
  s.lose(w);
  s.store.prune(s.cluster);
  s.store.instance(i).in_transition = true;
  s.store.forget(s.cluster);
  EXPECT_EQ(s.store.workers().count(w), 1u);
  EXPECT_EQ(s.store.instances().count(i), 1u);
  s.store.instance(i).in_transition = false;
  s.store.forget(s.cluster);
  EXPECT_TRUE(s.store.workers().empty());
  EXPECT_TRUE(s.store.instances().empty());
  EXPECT_EQ(s.store.replica_records(), 0u);
}

// Through the policy: workers lost (spot) and replaced, one a second, for a
// thousand seconds; the store holds the one live worker throughout.
TEST(InfaasStoreForgetting, ThePolicysStoreFollowsTheClusterNotTheRun) {
  PolicyFixture f;
  f.build({{"worker_types", {{"gpu", "gpu.w"}}},
           {"initial_workers", {{"gpu.w", 1}}},
           {"preload", json::array({{{"variant", "C"}, {"device_type", "gpu"}}})}},
          {single_model_app("a", 0, 300)});
  for (int t = 1; t <= 1000; ++t) {
    const auto live = static_cast<InstanceId>(f.c().instances.size() - 1);
    f.c().instances[live].state = InstanceState::kStopped;  // taken back: its replicas are gone
    for (DeviceId d : f.c().instances[live].devices) {
      for (ReplicaId r : std::vector<ReplicaId>(f.c().devices[d].replicas)) f.c().unload_replica(r);
    }
    f.load_then_tick(t, 100);
  }
  EXPECT_EQ(f.p().stats().workers_replaced, 1000u);
  EXPECT_EQ(f.c().loads.size(), 1001u);  // each replacement with its replica
  const MetadataStore& store = f.p().store();
  EXPECT_EQ(store.workers().size(), 1u);
  EXPECT_EQ(store.instances().size(), 1u);
  EXPECT_EQ(store.replica_records(), 1u);
}

}  // namespace
}  // namespace servesim::infaas::test
