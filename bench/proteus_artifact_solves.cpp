// Solve times of Proteus' MILP on the Proteus artifact's cluster, the one
// whose start-up solve used to run for minutes: 10 CPUs, 10 VPUs that run the
// CPU profile (the artifact's core/simulator.py), 10 GTX 1080 Ti and 10
// Ampere GPUs (as a100). Two device types with identical profiles made GLPK's
// branch and bound symmetric; device_groups.hpp now merges them.
//
// Profiles: with PROTEUS_ARTIFACT set, the artifact's measured ones through
// the proteus_csv importer ("onnxruntime_cpu" mapped to both cpu and vpu),
// SLO 300 ms (the deadline of its zipf_exponential/300 requests); otherwise
// the project's catalog (configs/catalogs/models/proteus_families.json) with
// a vpu profile copied from each variant's cpu one, SLO 2 x the family's
// fastest CPU latency (section 6.1.2).
//
// What is timed, as the policy runs it (wall clock, the policy's defaults:
// mip_gap 0, time_limit_s 5):
//   start    max_uniform_load, the bisection that finds the start load when a
//            scenario gives none (about ten solves), then the start plan;
//   run      kRunSolves decisions at a run's demands: Zipf(1.001) popularity
//            (section 6.1.3), the total through one compressed day from 20 %
//            to 120 % of the start load's total, each lowered while
//            infeasible (demand_lowering.hpp), as a re-solve does.
// Prints every figure, then the median and the largest; exits 1 if the
// median is 1 s or more, any one is over 5 s or any solve hit the time limit
// (a solve cut short is not a fast one).
//
//   build/proteus_artifact_solves
//   PROTEUS_ARTIFACT=/path/to/proteus-artifact build/proteus_artifact_solves
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <unistd.h>
#include <vector>

#include "policies/proteus/demand_lowering.hpp"
#include "policies/proteus/device_groups.hpp"
#include "policies/proteus/proteus_params.hpp"
#include "policies/proteus/variant_options.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/json_node.hpp"
#include "sim/scenario/scenario_loader.hpp"

namespace servesim::proteus {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// The repository root; CMake compiles with the source's absolute path.
const fs::path kRoot = fs::path(__FILE__).parent_path().parent_path();
const std::vector<std::pair<std::string, int>> kCluster = {{"cpu", 10}, {"vpu", 10}, {"gtx1080ti", 10}, {"a100", 10}};
constexpr int kRunSolves = 30;
constexpr double kMedianLimitS = 1.0, kMaxLimitS = 5.0;

// ---------------------------------------------------------------------------
// The world: a scenario document the project's loader reads.

json artifact_models(const fs::path& artifact) {
  return {{"import", "proteus_csv"},
          {"file", (artifact / "profiling/aggregate_profiled.csv").string()},
          {"variants_dir", (artifact / "traces/model_variants").string()},
          {"device_map",
           {{"onnxruntime_cpu", {"cpu", "vpu"}}, {"onnxruntime_gpu_pascal", "gtx1080ti"},
            {"onnxruntime_gpu_ampere", "a100"}}},
          {"duplicate_rows", "first"}};
}

std::vector<std::string> artifact_families(const fs::path& artifact) {
  std::vector<std::string> out;
  for (const auto& entry : fs::directory_iterator(artifact / "traces/model_variants")) {
    out.push_back(entry.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

json catalog_models() {
  std::ifstream in(kRoot / "configs/catalogs/models/proteus_families.json");
  json catalog = json::parse(in);
  for (json& family : catalog["families"]) {
    for (json& variant : family["variants"]) variant["latency_ms"]["vpu"] = variant["latency_ms"]["cpu"];
  }
  return catalog;
}

json application(const std::string& family, const json& slo) {
  json app = {{"name", family}, {"family", family}, {"workload", {{"kind", "poisson"}, {"rate", 1}}}};
  app.update(slo);
  return app;
}

json scenario_doc(const json& models, const std::vector<std::string>& families, const json& slo) {
  json devices = json::array(), apps = json::array();
  for (const auto& [type, count] : kCluster) devices.push_back({{"type", type}, {"count", count}});
  for (const std::string& f : families) apps.push_back(application(f, slo));
  const fs::path hardware = kRoot / "configs/catalogs/hardware";
  return {{"name", "proteus-artifact-solves"},
          {"duration_s", 1},
          {"catalogs",
           {{"hardware", {(hardware / "fixed_devices.json").string(), (hardware / "accelerators.json").string()}},
            {"models", json::array({models})}}},
          {"cluster", {{"devices", devices}}},
          {"applications", apps},
          {"policies", json::array({{{"name", "proteus"}}})}};
}

json world_doc(std::string& profiles) {
  if (const char* artifact = std::getenv("PROTEUS_ARTIFACT")) {
    profiles = std::string("the artifact's, ") + artifact;
    return scenario_doc(artifact_models(artifact), artifact_families(artifact), {{"slo_ms", 300}});
  }
  profiles = "the project's catalog, proteus_families.json";
  const json models = catalog_models();
  std::vector<std::string> families;
  for (const json& f : models["families"]) families.push_back(f["name"]);
  return scenario_doc(models, families, {{"slo_cpu_multiple", 2}});
}

// The loader reads files: the document goes through a temporary one.
Scenario load_world(const json& doc) {
  const fs::path file = fs::temp_directory_path() / ("proteus_artifact_solves_" + std::to_string(::getpid()) + ".json");
  std::ofstream(file) << doc.dump(2);
  Scenario scenario = load_scenario(file.string());
  fs::remove(file);
  return scenario;
}

// ---------------------------------------------------------------------------
// Timing.

double seconds_of(const std::function<void()>& work) {
  const auto t0 = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Zipf(1.001) shares of `total` over the applications (section 6.1.3).
std::vector<double> zipf_demand(std::size_t apps, double total) {
  std::vector<double> share(apps);
  double sum = 0;
  for (std::size_t q = 0; q < apps; ++q) sum += share[q] = 1 / std::pow(q + 1.0, 1.001);
  for (double& s : share) s *= total / sum;
  return share;
}

// One compressed day: 20 % of `peak` at the ends, 120 % at noon.
double day_total(int step, double peak) {
  const double s = std::sin(M_PI * step / (kRunSolves - 1));
  return peak * (0.2 + 1.0 * s * s);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct World {
  Scenario scenario;
  std::vector<VariantOption> options;
  DeviceGroups groups;
  ProteusParams params;
};

World build(const json& doc) {
  World w{load_world(doc), {}, {}, {}};
  const SimulationConfig& world = w.scenario.world;
  std::vector<bool> present(world.hardware->types().size(), false);
  for (DeviceTypeId t : world.devices) present[t] = true;
  w.options = variant_options(world, present, {}, "bench");
  w.groups = group_devices(world.devices, w.options);
  w.params = parse_proteus_params(JsonNode(json::object(), "bench", "params"), world, Flavor::kProteus, {});
  return w;
}

void print_groups(const World& w) {
  std::printf("device groups (the MILP's device types): %zu:", w.groups.type.size());
  for (std::size_t g = 0; g < w.groups.type.size(); ++g) {
    std::printf(" [%s...] x %u", w.scenario.world.hardware->type(w.groups.type[g]).name.c_str(), w.groups.size[g]);
  }
  std::printf("\n");
}

// One timed decision as a re-solve makes it (demand lowering, plan kept on a time limit).
LoweredPlan decide(const World& w, const std::vector<double>& demand, OnTimeLimit rule, double& seconds) {
  LoweredPlan out;
  seconds = seconds_of([&] {
    out = solve_with_lowering(milp_problem(w.groups, w.options, demand, w.params.limits), w.params.lowering, rule);
  });
  return out;
}

struct Timings {
  std::vector<double> seconds;
  MilpTally tally;
};

double start_up(const World& w, std::size_t apps, Timings& t) {
  UniformLoad load;
  t.seconds.push_back(seconds_of([&] { load = max_uniform_load(w.groups, w.options, apps, w.params.limits); }));
  t.tally.add(load.tally);
  std::printf("start  max_uniform_load: %.1f QPS per application, %llu solves, %.3f s\n", load.qps,
              static_cast<unsigned long long>(load.tally.solves), t.seconds.back());
  double seconds = 0;
  const LoweredPlan plan = decide(w, std::vector<double>(apps, load.qps), OnTimeLimit::kLowerBeta, seconds);
  t.seconds.push_back(seconds);
  t.tally.add(plan.tally);
  std::printf("start  plan: beta %.2f, %.3f s\n", plan.beta, seconds);
  return load.qps;
}

void run_day(const World& w, std::size_t apps, double start_load, Timings& t) {
  for (int k = 0; k < kRunSolves; ++k) {
    const double total = day_total(k, start_load * static_cast<double>(apps));
    double seconds = 0;
    const LoweredPlan plan = decide(w, zipf_demand(apps, total), OnTimeLimit::kStop, seconds);
    t.seconds.push_back(seconds);
    t.tally.add(plan.tally);
    std::printf("run %2d demand %8.1f QPS: beta %.2f after %llu solves, %.3f s\n", k, total, plan.beta,
                static_cast<unsigned long long>(plan.tally.solves), seconds);
  }
}

int run() {
  std::string profiles;
  const World w = build(world_doc(profiles));
  const std::size_t apps = w.scenario.world.applications.size();
  std::printf("cluster: 10 cpu, 10 vpu (cpu profile), 10 gtx1080ti, 10 a100; %zu applications, %zu options; "
              "profiles: %s\n", apps, w.options.size(), profiles.c_str());
  print_groups(w);
  Timings t;
  run_day(w, apps, start_up(w, apps, t), t);
  const double med = median(t.seconds), max = *std::max_element(t.seconds.begin(), t.seconds.end());
  std::printf("timed %zu (start-up bisection, start plan, %d decisions; %llu GLPK solves): median %.3f s, max %.3f s, "
              "time limit hits %llu (targets: median < %.0f s, each <= %.0f s, no hit)\n",
              t.seconds.size(), kRunSolves, static_cast<unsigned long long>(t.tally.solves), med, max,
              static_cast<unsigned long long>(t.tally.time_limit_hits), kMedianLimitS, kMaxLimitS);
  const bool ok = med < kMedianLimitS && max <= kMaxLimitS && t.tally.time_limit_hits == 0;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace servesim::proteus

int main() {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // each figure as it comes, also into a file
  try {
    return servesim::proteus::run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "proteus_artifact_solves: %s\n", e.what());
    return 2;
  }
}
