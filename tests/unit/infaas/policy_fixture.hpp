#pragma once
// The "infaas" policy on a FakeCluster: hand-set numbers in, decisions out.
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "policies/infaas/infaas_params.hpp"
#include "policies/infaas/infaas_policy.hpp"
#include "sim/core/input_error.hpp"
#include "tests/unit/infaas/fake_cluster.hpp"

namespace servesim::infaas::test {

// Table 2's world with one application (SLO 300 ms), for the parameter parser.
inline SimulationConfig table2_config() {
  SimulationConfig world;
  world.models = table2_models();
  world.hardware = table2_hardware();
  world.applications = {single_model_app("a", 0, 300)};
  return world;
}

inline InfaasParams parse_params(const nlohmann::json& params, const SimulationConfig& world) {
  return parse_infaas_params(JsonNode(params, "s.json", "policies[0].params"), world);
}

// The parser's error message, or "" when it accepts the parameters.
inline std::string params_error(const nlohmann::json& params, const SimulationConfig& world) {
  try {
    parse_params(params, world);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

inline nlohmann::json table2_params(nlohmann::json extra = nlohmann::json::object()) {
  nlohmann::json p = {{"worker_types", {{"cpu", "cpu.w"}, {"gpu", "gpu.w"}, {"inferentia", "inf.w"}}}};
  for (auto& [k, v] : extra.items()) p[k] = v;
  return p;
}

struct PolicyFixture {
  std::shared_ptr<ModelCatalog> models = table2_models();
  std::shared_ptr<HardwareCatalog> hardware = table2_hardware();
  SimulationConfig world;
  nlohmann::json params;
  std::unique_ptr<FakeCluster> cluster;
  std::unique_ptr<InfaasPolicy> policy;

  void build(nlohmann::json p, std::vector<Application> apps) {
    params = std::move(p);
    world.models = models;
    world.hardware = hardware;
    world.applications = apps;
    world.duration = from_seconds(1000);
    cluster = std::make_unique<FakeCluster>(models, hardware, std::move(apps));
    const JsonNode node(params, "test.json", "params");
    policy = std::make_unique<InfaasPolicy>(node, PolicyContext{world, 1, "infaas", {}});
    policy->start(*cluster, *cluster);
  }
  FakeCluster& c() { return *cluster; }
  InfaasPolicy& p() { return *policy; }

  RouteDecision route(AppId app = 0) {
    return policy->route(RouteRequest{0, app, 0, 0, cluster->time, cluster->time}, *cluster, *cluster);
  }
  // `n` queries spread over the second before `t`, then the tick at `t`.
  void load_then_tick(double t, int n, AppId app = 0) {
    for (int k = 0; k < n; ++k) route(app);
    tick(t);
  }
  void tick(double t) {
    cluster->time = at_seconds(t);
    policy->on_tick(*cluster, *cluster);
  }
  std::string variant_of(ReplicaId r) const { return models->variant(cluster->replicas.at(r).info.variant).name; }
  std::string variant_of(const RouteDecision& d) const { return variant_of(d.target); }
  std::string loaded(std::size_t k) const { return models->variant(cluster->loads.at(k).variant).name; }
  std::uint32_t profile_of(const char* variant) const {
    const auto& profiles = policy->store().profiles();
    for (std::uint32_t i = 0; i < profiles.size(); ++i) {
      if (models->variant(profiles[i].variant).name == variant) return i;
    }
    throw std::runtime_error("no profile");
  }
  DeviceId device_of_worker(std::uint32_t w, std::size_t k = 0) const { return policy->store().worker(w).devices.at(k); }
};

}  // namespace servesim::infaas::test
