// GLPK solve time of Proteus' resource-management MILP (ASPLOS'24 section
// 6.8: Gurobi averaged 4.2 s on their cluster; Figure 10: run time against
// devices, variants and query types). Our target: under 1 s at paper scale.
//   BM_ProteusMilpPaperScale/<load %>: the project's Proteus catalog
//     (configs/catalogs/models/proteus_families.json: Table 3's 9 families,
//     51 variants) on 40 devices (20 CPUs, 10 GTX 1080 Ti, 5 V100, 5 T4),
//     SLO = 2 x each family's fastest CPU batch-1 latency (section 6.1.2),
//     P from throughput_capacity, demand split over families by Zipf(1.001)
//     (section 6.1.3) at <load %> of the largest total the cluster can serve.
//   BM_ProteusMilpDevices/<d>, BM_ProteusMilpVariants/<m>,
//   BM_ProteusMilpQueryTypes/<q>: Figure 10's sweeps on a deterministic
//     synthetic cluster shaped like the catalog one, one parameter varied from
//     the base 40 devices, 46 variants, 9 query types, at 95 % load.
// The time reported is GLPK's (MilpPlan::solve_seconds), the median of 5
// solves of the same instance; building the instance (which bisects on the
// cluster's capacity with the MILP itself) is not timed.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "policies/proteus/proteus_milp.hpp"
#include "policies/proteus/throughput_capacity.hpp"
#include "sim/core/json_node.hpp"
#include "sim/scenario/hardware_catalog_parser.hpp"
#include "sim/scenario/model_catalog_parser.hpp"

namespace servesim::proteus {
namespace {

// ---------------------------------------------------------------------------
// Demand: Zipf(1.001) over query types (section 6.1.3), scaled to a load
// fraction of the largest total the cluster serves.

std::vector<double> zipf_shares(std::size_t queries) {
  std::vector<double> share(queries);
  double sum = 0;
  for (std::size_t q = 0; q < queries; ++q) sum += share[q] = 1 / std::pow(q + 1.0, 1.001);
  for (double& s : share) s /= sum;
  return share;
}

void set_total_demand(MilpProblem& p, double total) {
  const std::vector<double> share = zipf_shares(p.demand_qps.size());
  for (std::size_t q = 0; q < share.size(); ++q) p.demand_qps[q] = total * share[q];
}

// The largest total demand the MILP finds feasible, to 0.5 %, by bisection
// from the sum of every device's fastest capacity (an upper bound).
double max_feasible_total(MilpProblem p) {
  double hi = 0;
  for (std::size_t t = 0; t < p.devices_per_type.size(); ++t) {
    hi += p.devices_per_type[t] * *std::max_element(p.capacity_qps[t].begin(), p.capacity_qps[t].end());
  }
  double lo = 0;
  while (hi - lo > 0.005 * hi) {
    const double mid = (lo + hi) / 2;
    set_total_demand(p, mid);
    (solve_milp(p) ? lo : hi) = mid;
  }
  return lo;
}

MilpProblem at_load(MilpProblem p, double load) {
  set_total_demand(p, load * max_feasible_total(p));
  return p;
}

// ---------------------------------------------------------------------------
// The catalog instance.

const std::filesystem::path kRoot = std::filesystem::path(__FILE__).parent_path().parent_path();

struct CatalogCluster {
  HardwareCatalog hardware;
  ModelCatalog models;
};

// A JsonNode points into its document: the document must outlive the parse.
template <typename Parse>
void parse_file(const std::string& relative, Parse parse) {
  const std::string path = (kRoot / relative).string();
  const nlohmann::json document = read_json_file(path);
  parse(JsonNode(document, path));
}

CatalogCluster load_catalogs() {
  CatalogCluster c;
  for (const char* file : {"configs/catalogs/hardware/fixed_devices.json", "configs/catalogs/hardware/accelerators.json"}) {
    parse_file(file, [&](const JsonNode& node) { parse_hardware_catalog(node, c.hardware); });
  }
  parse_file("configs/catalogs/models/proteus_families.json",
             [&](const JsonNode& node) { parse_model_catalog(node, c.hardware, c.models); });
  return c;
}

// Section 6.1.2: twice the family's fastest variant on a CPU at batch 1.
Duration family_slo(const ModelCatalog& models, const ModelFamily& family) {
  Duration fastest = Duration::infinite();
  for (VariantId v : family.variants) {
    if (const LatencyProfile* cpu = models.variant(v).profile_on("cpu")) fastest = std::min(fastest, cpu->at(1));
  }
  if (fastest.is_infinite()) throw std::runtime_error("family " + family.name + " has no CPU profile");
  return fastest + fastest;
}

MilpProblem catalog_problem() {
  const CatalogCluster c = load_catalogs();
  const std::vector<std::pair<std::string, std::uint32_t>> devices = {
      {"cpu", 20}, {"gtx1080ti", 10}, {"v100", 5}, {"t4", 5}};
  MilpProblem p;
  p.capacity_qps.resize(devices.size());
  for (const auto& [name, count] : devices) p.devices_per_type.push_back(count);
  for (FamilyId f = 0; f < c.models.families().size(); ++f) {
    const ModelFamily& family = c.models.family(f);
    const Duration slo = family_slo(c.models, family);
    for (VariantId v : family.variants) {
      const ModelVariant& variant = c.models.variant(v);
      p.variant_query_type.push_back(f);
      p.accuracy.push_back(variant.accuracy);
      for (std::size_t t = 0; t < devices.size(); ++t) {
        const auto cap = throughput_capacity(variant, c.hardware.type(*c.hardware.find(devices[t].first)), slo);
        p.capacity_qps[t].push_back(cap ? cap->qps : 0);
      }
    }
  }
  p.demand_qps.assign(c.models.families().size(), 0);
  return p;
}

// ---------------------------------------------------------------------------
// The synthetic instance of Figure 10's sweeps, shaped like the catalog one:
// half the devices are CPUs, a quarter the slowest GPU, an eighth each two
// faster GPUs; within a query type, variants grow in cost (the costliest
// 30 x the cheapest, like EfficientNet b0 to b7) and accuracy (0.8 to 1); a CPU runs only the cheapest variant of a type (the SLO rule leaves
// CPUs batch 1 of the fastest variant) and the costliest third of the
// variants does not fit the two smaller GPUs' memory.

struct Shape {
  std::uint32_t devices = 40;
  std::uint32_t variants = 46;
  std::uint32_t queries = 9;
};

std::vector<std::uint32_t> split_devices(std::uint32_t devices) {
  const std::uint32_t gpu_small = devices / 4, gpu_fast = devices / 8, gpu_mid = devices / 8;
  return {devices - gpu_small - gpu_fast - gpu_mid, gpu_small, gpu_fast, gpu_mid};
}

MilpProblem synthetic_problem(const Shape& shape) {
  constexpr double kSpeed[] = {1, 10, 14, 8};  // relative throughput per type
  constexpr bool kSmallMemory[] = {false, true, false, true};
  std::mt19937_64 rng(20240427);
  std::uniform_real_distribution<double> jitter(0.85, 1.15);
  MilpProblem p;
  p.devices_per_type = split_devices(shape.devices);
  p.capacity_qps.resize(4);
  p.demand_qps.assign(shape.queries, 0);
  for (std::uint32_t q = 0; q < shape.queries; ++q) {
    // Variants dealt round-robin: the first (variants % queries) types get one more.
    const std::uint32_t k = shape.variants / shape.queries + (q < shape.variants % shape.queries ? 1 : 0);
    const double base_qps = 20 * jitter(rng);  // the cheapest variant on a CPU
    for (std::uint32_t i = 0; i < k; ++i) {
      const double rank = k == 1 ? 1 : static_cast<double>(i) / (k - 1);
      p.variant_query_type.push_back(q);
      p.accuracy.push_back(0.8 + 0.2 * std::sqrt(rank));
      const double qps = base_qps / std::pow(30, rank) * jitter(rng);  // the costliest 30 x the cheapest
      for (std::size_t t = 0; t < 4; ++t) {
        const bool allowed = t == 0 ? i == 0 : !(kSmallMemory[t] && rank > 2.0 / 3);
        p.capacity_qps[t].push_back(allowed ? qps * kSpeed[t] * jitter(rng) : 0);
      }
    }
  }
  return p;
}

// ---------------------------------------------------------------------------

void solve_and_report(benchmark::State& state, const MilpProblem& p) {
  MilpPlan last;
  for (auto _ : state) {
    auto plan = solve_milp(p);
    if (!plan) {
      state.SkipWithError("infeasible at this load");
      return;
    }
    state.SetIterationTime(plan->solve_seconds);
    last = std::move(*plan);
  }
  double demand = 0, pairs = 0, hosted = 0;
  for (double s : p.demand_qps) demand += s;
  for (std::size_t t = 0; t < p.capacity_qps.size(); ++t) {
    for (std::size_t m = 0; m < p.capacity_qps[t].size(); ++m) {
      pairs += p.capacity_qps[t][m] > 0 ? 1 : 0;
      hosted += last.hosts[t][m];
    }
  }
  state.counters["demand_qps"] = demand;
  state.counters["int_vars"] = pairs;  // an upper bound: pairs of a query type without demand are dropped
  state.counters["hosted"] = hosted;
  state.counters["accuracy"] = demand > 0 ? last.objective / demand : 0;
}

// Instances are built once per argument: Google Benchmark calls the function
// again for every repetition, and the capacity bisection costs many solves.
template <typename Make>
const MilpProblem& memo(const std::string& key, Make make) {
  static std::map<std::string, MilpProblem> built;
  auto it = built.find(key);
  if (it == built.end()) it = built.emplace(key, make()).first;
  return it->second;
}

void BM_ProteusMilpPaperScale(benchmark::State& state) {
  const double load = state.range(0) / 100.0;
  solve_and_report(state, memo("paper/" + std::to_string(state.range(0)), [&] { return at_load(catalog_problem(), load); }));
}

void sweep(benchmark::State& state, const Shape& shape) {
  const std::string key = std::to_string(shape.devices) + "/" + std::to_string(shape.variants) + "/" +
                          std::to_string(shape.queries);
  solve_and_report(state, memo(key, [&] { return at_load(synthetic_problem(shape), 0.95); }));
}

std::uint32_t arg(const benchmark::State& state) { return static_cast<std::uint32_t>(state.range(0)); }
void BM_ProteusMilpDevices(benchmark::State& state) { sweep(state, {.devices = arg(state)}); }
void BM_ProteusMilpVariants(benchmark::State& state) { sweep(state, {.variants = arg(state)}); }
void BM_ProteusMilpQueryTypes(benchmark::State& state) { sweep(state, {.queries = arg(state)}); }

void median_of_five(benchmark::internal::Benchmark* b) {
  b->UseManualTime()->Iterations(1)->Repetitions(5)->ReportAggregatesOnly(true)->Unit(benchmark::kMillisecond);
}

BENCHMARK(BM_ProteusMilpPaperScale)->Arg(50)->Arg(80)->Arg(95)->Apply(median_of_five);
BENCHMARK(BM_ProteusMilpDevices)->Arg(10)->Arg(20)->Arg(40)->Arg(80)->Arg(160)->Apply(median_of_five);
BENCHMARK(BM_ProteusMilpVariants)->Arg(23)->Arg(46)->Arg(92)->Arg(184)->Arg(450)->Apply(median_of_five);
BENCHMARK(BM_ProteusMilpQueryTypes)->Arg(3)->Arg(5)->Arg(9)->Arg(13)->Arg(17)->Apply(median_of_five);

}  // namespace
}  // namespace servesim::proteus
