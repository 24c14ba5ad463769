#pragma once
// A hand-built cluster for the INFaaS policy's unit tests and its route
// benchmark: a ClusterView whose numbers the test sets (queue lengths,
// observed latencies, served rates, utilisation) and a ClusterControl that
// records what the policy does (loads act at once unless told otherwise).
// Also the Table 2 world: family "r" with
//   A: 4 CPUs ("box.cpu", instance "cpu.w", 8 vCPUs), 200 ms x batch, 5 QPS, cost 1
//   B: one NeuronCore ("nc", instance "inf.w", 4 cores), 10 ms x batch, 100 QPS, cost 3
//   C: one V100 ("gpu", instance "gpu.w"), 2.4545 + 1.0455 x batch ms, 800 QPS at batch 12, cost 16
// (memory from INFaaS section 6.2's per-GB prices, as configs/catalogs/models/infaas_resnet50.json).
#include <algorithm>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sim/serving/cluster_control.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::infaas::test {

inline std::shared_ptr<HardwareCatalog> table2_hardware() {
  auto hw = std::make_shared<HardwareCatalog>();
  const DeviceTypeId cpu = hw->add(DeviceType{"box.cpu", DeviceKind::kCpu, 32768, 0.384, std::nullopt});
  const DeviceTypeId gpu = hw->add(DeviceType{"gpu", DeviceKind::kGpu, 16384, 3.06, std::nullopt});
  const DeviceTypeId nc = hw->add(DeviceType{"nc", DeviceKind::kInferentia, 2048, 0.146, std::nullopt});
  hw->add_instance_type(InstanceType{"cpu.w", "cpu", 8, 32768, {{cpu, 1}}, 0.384, from_seconds(10), {}, std::nullopt});
  hw->add_instance_type(InstanceType{"gpu.w", "gpu", 8, 62464, {{gpu, 1}}, 3.06, from_seconds(10), {}, std::nullopt});
  hw->add_instance_type(InstanceType{"inf.w", "inf", 8, 16384, {{nc, 4}}, 0.584, from_seconds(10), {}, std::nullopt});
  return hw;
}

inline ModelVariant linear_variant(std::string name, FamilyId family, const char* device, double intercept_ms,
                                   double slope_ms, double memory_mb, double accuracy = 1.0) {
  ModelVariant v;
  v.name = std::move(name);
  v.family = family;
  v.accuracy_raw = accuracy;
  v.accuracy = accuracy;
  v.memory_mb = memory_mb;
  v.max_batch = 64;
  v.load_latency = from_millis(700);
  std::vector<LatencyPoint> points;
  for (std::uint32_t b : {1u, 2u, 4u, 8u, 16u, 32u, 64u}) points.push_back({b, intercept_ms + slope_ms * b});
  v.latency.emplace(device, LatencyProfile(points, LatencyProfile::Fit::kLinear));
  return v;
}

inline std::shared_ptr<ModelCatalog> table2_models() {
  auto m = std::make_shared<ModelCatalog>();
  const FamilyId r = m->add_family("r");
  m->add_variant(linear_variant("A", r, "box.cpu", 0, 200, 196));
  m->add_variant(linear_variant("B", r, "nc", 0, 10, 95.937));
  m->add_variant(linear_variant("C", r, "gpu", 2.4545, 1.0455, 195.213));
  return m;
}

class FakeCluster final : public ClusterView, public ClusterControl {
 public:
  struct FakeReplica {
    ReplicaInfo info;
    std::uint64_t outstanding = 0;
    bool accepts = true;
  };
  struct FakeDevice {
    DeviceTypeId type = 0;
    std::optional<InstanceId> instance;
    double memory_free_mb = 0;
    std::vector<ReplicaId> replicas;
  };

  FakeCluster(std::shared_ptr<const ModelCatalog> models, std::shared_ptr<const HardwareCatalog> hardware,
              std::vector<Application> apps)
      : models_(std::move(models)), hardware_(std::move(hardware)), apps_(std::move(apps)) {}

  // Test controls.
  SimTime time;
  bool loads_are_instant = true;   // new replicas start Active
  bool launches_are_warm = true;   // new instances start Running
  std::vector<FakeDevice> devices;
  std::vector<FakeReplica> replicas;
  std::vector<InstanceInfo> instances;
  std::vector<ReplicaRequest> loads;     // every accepted load, in order
  std::vector<ReplicaId> unloads;
  std::vector<InstanceId> stops;
  std::vector<OfflineJob> offline;              // the scenario's offline jobs
  std::vector<std::uint64_t> offline_backlogs;  // by job; dispatch_offline moves them to offline_queued

  DeviceId add_fixed_device(const char* type) {
    const DeviceTypeId t = *hardware_->find(type);
    devices.push_back({t, std::nullopt, hardware_->type(t).memory_mb, {}});
    return static_cast<DeviceId>(devices.size() - 1);
  }
  FakeReplica& fake(ReplicaId r) { return replicas.at(r); }

  // ClusterView
  SimTime now() const override { return time; }
  const ModelCatalog& models() const override { return *models_; }
  const HardwareCatalog& hardware() const override { return *hardware_; }
  std::span<const Application> applications() const override { return apps_; }
  std::size_t device_count() const override { return devices.size(); }
  DeviceInfo device(DeviceId id) const override {
    const FakeDevice& d = devices.at(id);
    const bool usable = !d.instance || instances[*d.instance].state == InstanceState::kRunning;
    return DeviceInfo{d.type, d.instance, usable, d.memory_free_mb, d.replicas};
  }
  DeviceOccupancy occupancy(DeviceId id) const override {
    const FakeDevice& d = devices.at(id);
    return DeviceOccupancy{d.type, d.memory_free_mb, d.replicas};
  }
  std::size_t replica_count() const override { return replicas.size(); }
  ReplicaInfo replica(ReplicaId id) const override { return replicas.at(id).info; }
  std::uint64_t outstanding(ReplicaId id) const override { return replicas[id].outstanding; }
  ReplicaBacklog backlog(ReplicaId id) const override { return {replicas[id].outstanding, 0, SimTime::never()}; }
  bool accepts(ReplicaId id) const override { return replicas[id].accepts; }
  double arrival_rate(AppId, StageId) const override { return 0; }
  std::size_t instance_count() const override { return instances.size(); }
  InstanceInfo instance(InstanceId id) const override { return instances.at(id); }
  double spot_price_per_hour(InstanceTypeId type) const override {
    return 0.3 * hardware_->instance_type(type).price_per_hour;  // the default discount, 70 % off
  }
  std::size_t lambda_function_count() const override { return 0; }
  std::span<const OfflineJob> offline_jobs() const override { return offline; }
  std::uint64_t offline_backlog(OfflineJobId job) const override { return offline_backlogs.at(job); }

  // ClusterControl
  LoadResult load_replica(const ReplicaRequest& request) override {
    FakeDevice& d = devices.at(request.device);
    const ModelVariant& v = models_->variant(request.variant);
    if (!v.profile_on(hardware_->type(d.type).name)) return {std::nullopt, "not profiled"};
    if (v.memory_mb > d.memory_free_mb) return {std::nullopt, "no memory"};
    FakeReplica r;
    r.info.variant = request.variant;
    r.info.device = request.device;
    const bool booting = d.instance && instances[*d.instance].state == InstanceState::kBooting;
    r.info.state = loads_are_instant && !booting ? ReplicaState::kActive : ReplicaState::kLoading;
    r.info.max_batch = request.batcher.max_batch;
    replicas.push_back(r);
    const auto id = static_cast<ReplicaId>(replicas.size() - 1);
    d.memory_free_mb -= v.memory_mb;
    d.replicas.push_back(id);
    loads.push_back(request);
    return {id, ""};
  }
  void unload_replica(ReplicaId id) override {
    FakeReplica& r = replicas.at(id);
    r.accepts = false;
    r.info.state = ReplicaState::kUnloaded;
    FakeDevice& d = devices.at(r.info.device);
    d.memory_free_mb += models_->variant(r.info.variant).memory_mb;
    std::erase(d.replicas, id);
    unloads.push_back(id);
  }
  void set_batcher(ReplicaId, const BatcherSpec&) override {}
  InstanceId launch_instance(InstanceTypeId type, Market market) override {
    InstanceInfo info;
    info.type = type;
    info.market = market;
    info.state = launches_are_warm ? InstanceState::kRunning : InstanceState::kBooting;
    info.requested = time;
    const auto id = static_cast<InstanceId>(instances.size());
    for (const DeviceSlot& slot : hardware_->instance_type(type).devices) {
      for (std::uint32_t k = 0; k < slot.count; ++k) {
        devices.push_back({slot.type, id, hardware_->type(slot.type).memory_mb, {}});
        info.devices.push_back(static_cast<DeviceId>(devices.size() - 1));
      }
    }
    instances.push_back(info);
    return id;
  }
  void stop_instance(InstanceId id) override {
    instances.at(id).state = InstanceState::kStopping;
    for (DeviceId d : instances[id].devices) {
      for (ReplicaId r : devices[d].replicas) replicas[r].accepts = false;
    }
    stops.push_back(id);
  }
  void set_routing_weights(AppId, StageId, std::vector<RoutingWeight>) override {}
  std::uint64_t dispatch_offline(OfflineJobId job, ReplicaId replica, std::uint64_t count) override {
    const std::uint64_t moved = std::min(count, offline_backlogs.at(job));
    offline_backlogs[job] -= moved;
    replicas.at(replica).info.offline_queued += moved;
    return moved;
  }

 private:
  std::shared_ptr<const ModelCatalog> models_;
  std::shared_ptr<const HardwareCatalog> hardware_;
  std::vector<Application> apps_;
};

inline Application single_model_app(const char* name, FamilyId family, double slo_ms,
                                    std::optional<double> min_accuracy = std::nullopt) {
  return Application{name, Pipeline({Stage{"s", family}}, {}), from_millis(slo_ms), min_accuracy};
}

}  // namespace servesim::infaas::test
