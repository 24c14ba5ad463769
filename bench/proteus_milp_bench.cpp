// GLPK solve time of Proteus' resource-management MILP (ASPLOS'24 section
// 6.8: Gurobi averaged 4.2 s; Figure 10: run time against devices, variants
// and query types). Our target: under 1 s at paper scale.
//
// Instances come from the project's Proteus catalog
// (configs/catalogs/models/proteus_families.json: Table 3's 9 families, 51
// variants): SLO = 2 x each family's fastest CPU batch-1 latency (section
// 6.1.2), P from throughput_capacity, devices split 1/2 CPUs, 1/4 GTX 1080
// Ti, 1/8 V100, 1/8 T4 (paper scale, 40 devices: 20/10/5/5), demand split
// over query types by Zipf(1.001) (section 6.1.3) at a fraction of the
// largest total the cluster can serve (found by bisection with the MILP).
//   BM_ProteusMilpPaperScale/<load %>/<gap>: 40 devices, 51 variants, 9 query
//     types; gap: mip_gap in basis points (0: the optimum, 100: 1 %).
//   BM_ProteusMilpDevices/<d>/<gap>, BM_ProteusMilpVariants/<m>/<gap>,
//   BM_ProteusMilpQueryTypes/<q>/<gap>: Figure 10, one parameter varied from
//     paper scale at 95 % load. Fewer variants: each family's fastest ones,
//     dealt round-robin; more: "compressed" copies of every variant (copy c:
//     1 % x c less accurate, 5 % x c faster, as pruning or quantization would
//     give).
//     More query types: families reused by new applications (query type q
//     runs family q mod 9 with all its variants, so variants grow with q).
// The time reported is GLPK's (MilpPlan::solve_seconds), the median of 5
// solves of the same (deterministic) instance; building the instance is not
// timed. Measured 2026-11-22 (Release, one core of the 2-core machine): paper
// scale 50-225 ms exact, 4-38 ms at a 1 % gap; exact at 160 devices 9.9 s,
// 450 variants 0.37 s, 17 query types 1.5 s. The whole run takes ~80 s.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
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
// The catalog: one row per variant, its family, accuracy and P per device type.

// The repository root; CMake compiles with the source's absolute path.
const std::filesystem::path kRoot = std::filesystem::path(__FILE__).parent_path().parent_path();
const std::vector<std::string> kDeviceTypes = {"cpu", "gtx1080ti", "v100", "t4"};

struct CatalogVariant {
  std::uint32_t family = 0;
  double accuracy = 0;
  std::vector<double> capacity_qps;  // per kDeviceTypes entry; 0 = not allowed
};

struct Catalog {
  std::uint32_t families = 0;
  std::vector<CatalogVariant> variants;  // grouped by family, in catalog order
};

// A JsonNode points into its document: the document must outlive the parse.
template <typename Parse>
void parse_file(const std::string& relative, Parse parse) {
  const std::string path = (kRoot / relative).string();
  const nlohmann::json document = read_json_file(path);
  parse(JsonNode(document, path));
}

// Section 6.1.2: twice the family's fastest variant on a CPU at batch 1.
Duration family_slo(const ModelCatalog& models, FamilyId family) {
  const auto fastest = models.fastest_latency(family, {"cpu"});
  if (!fastest) throw std::runtime_error("family " + models.family(family).name + " has no CPU profile");
  return *fastest + *fastest;
}

Catalog load_catalog() {
  HardwareCatalog hardware;
  ModelCatalog models;
  for (const char* file :
       {"configs/catalogs/hardware/fixed_devices.json", "configs/catalogs/hardware/accelerators.json"}) {
    parse_file(file, [&](const JsonNode& node) { parse_hardware_catalog(node, hardware); });
  }
  parse_file("configs/catalogs/models/proteus_families.json",
             [&](const JsonNode& node) { parse_model_catalog(node, hardware, models); });
  Catalog out;
  out.families = static_cast<std::uint32_t>(models.families().size());
  for (FamilyId f = 0; f < out.families; ++f) {
    const Duration slo = family_slo(models, f);
    for (VariantId v : models.family(f).variants) {
      CatalogVariant row{f, models.variant(v).accuracy, {}};
      for (const std::string& type : kDeviceTypes) {
        const auto cap = throughput_capacity(models.variant(v), hardware.type(*hardware.find(type)), slo);
        row.capacity_qps.push_back(cap ? cap->qps : 0);
      }
      out.variants.push_back(std::move(row));
    }
  }
  return out;
}

const Catalog& catalog() {
  static const Catalog c = load_catalog();
  return c;
}

// ---------------------------------------------------------------------------
// Scaling the catalog for Figure 10.

struct Shape {
  std::uint32_t devices = 40;
  std::uint32_t variants = 0;  // 0: the catalog's own
  std::uint32_t queries = 9;
};

std::vector<std::uint32_t> split_devices(std::uint32_t devices) {
  const std::uint32_t gtx = devices / 4, v100 = devices / 8, t4 = devices / 8;
  return {devices - gtx - v100 - t4, gtx, v100, t4};
}

// A variant picked for the instance: catalog row and compressed-copy number.
struct Pick {
  std::size_t row = 0;
  std::uint32_t copy = 0;
};

// Fewer than the catalog: round-robin over families, each family's fastest
// variants first (the fastest defines the SLO, so every family keeps one that
// runs somewhere). More: every variant, then copies round-robin over all.
std::vector<Pick> pick_variants(const Catalog& c, std::uint32_t count) {
  std::vector<Pick> picks;
  if (count == 0 || count >= c.variants.size()) {
    for (std::size_t i = 0; i < c.variants.size(); ++i) picks.push_back({i, 0});
    for (std::size_t i = 0; picks.size() < count; ++i) {
      picks.push_back({i % c.variants.size(), static_cast<std::uint32_t>(1 + i / c.variants.size())});
    }
    return picks;
  }
  std::vector<std::vector<std::size_t>> by_family(c.families);
  for (std::size_t i = 0; i < c.variants.size(); ++i) by_family[c.variants[i].family].push_back(i);
  auto fastest = [&](std::size_t row) {
    const auto& cap = c.variants[row].capacity_qps;
    return *std::max_element(cap.begin(), cap.end());
  };
  for (auto& rows : by_family) {
    std::stable_sort(rows.begin(), rows.end(), [&](auto a, auto b) { return fastest(a) > fastest(b); });
  }
  for (std::size_t k = 0; picks.size() < count; ++k) {
    for (const auto& rows : by_family) {
      if (k < rows.size() && picks.size() < count) picks.push_back({rows[k], 0});
    }
  }
  return picks;
}

MilpProblem scaled_catalog(const Shape& shape) {
  const Catalog& c = catalog();
  MilpProblem p;
  p.devices_per_type = split_devices(shape.devices);
  p.capacity_qps.resize(kDeviceTypes.size());
  p.demand_qps.assign(shape.queries, 0);
  const std::vector<Pick> picks = pick_variants(c, shape.variants);
  for (std::uint32_t q = 0; q < shape.queries; ++q) {
    for (const Pick& pick : picks) {
      const CatalogVariant& v = c.variants[pick.row];
      if (v.family != q % c.families) continue;
      p.variant_query_type.push_back(q);
      p.accuracy.push_back(v.accuracy * (1 - 0.01 * pick.copy));
      for (std::size_t t = 0; t < kDeviceTypes.size(); ++t) {
        p.capacity_qps[t].push_back(v.capacity_qps[t] * (1 + 0.05 * pick.copy));
      }
    }
  }
  return p;
}

// ---------------------------------------------------------------------------
// Demand near capacity.

void set_total_demand(MilpProblem& p, double total) {
  std::vector<double> share(p.demand_qps.size());
  double sum = 0;
  for (std::size_t q = 0; q < share.size(); ++q) sum += share[q] = 1 / std::pow(q + 1.0, 1.001);
  for (std::size_t q = 0; q < share.size(); ++q) p.demand_qps[q] = total * share[q] / sum;
}

// The largest total demand the MILP finds feasible, to 1 %, by bisection
// from the sum of every device's fastest capacity (an upper bound). Tries
// are solved to a 1 % gap: only feasibility matters here.
double max_feasible_total(MilpProblem p) {
  p.limits.mip_gap = 0.01;
  double hi = 0;
  for (std::size_t t = 0; t < p.devices_per_type.size(); ++t) {
    hi += p.devices_per_type[t] * *std::max_element(p.capacity_qps[t].begin(), p.capacity_qps[t].end());
  }
  double lo = 0;
  for (int i = 0; i < 30 && hi - lo > 0.01 * hi; ++i) {
    const double mid = (lo + hi) / 2;
    set_total_demand(p, mid);
    (solve_milp(p) ? lo : hi) = mid;
  }
  if (lo == 0) throw std::runtime_error("some query type cannot be served on this cluster");
  return lo;
}

// Built once per shape: Google Benchmark calls the function again for every
// repetition, and the bisection costs many solves.
const MilpProblem& at_load(const Shape& shape, double load) {
  static std::map<std::vector<double>, MilpProblem> built;
  const std::vector<double> key = {double(shape.devices), double(shape.variants), double(shape.queries), load};
  auto it = built.find(key);
  if (it == built.end()) {
    MilpProblem p = scaled_catalog(shape);
    set_total_demand(p, load * max_feasible_total(p));
    it = built.emplace(key, std::move(p)).first;
  }
  return it->second;
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
  double demand = 0, hosted = 0, devices = 0;
  for (double s : p.demand_qps) demand += s;
  for (std::size_t t = 0; t < p.devices_per_type.size(); ++t) {
    devices += p.devices_per_type[t];
    for (std::uint32_t n : last.hosts[t]) hosted += n;
  }
  state.counters["devices"] = devices;
  state.counters["variants"] = static_cast<double>(p.accuracy.size());
  state.counters["queries"] = static_cast<double>(p.demand_qps.size());
  state.counters["demand_qps"] = demand;
  state.counters["hosted"] = hosted;
  state.counters["accuracy"] = demand > 0 ? last.objective / demand : 0;
}

double load_of(const benchmark::State& state) { return state.range(0) / 100.0; }
std::uint32_t arg(const benchmark::State& state) { return static_cast<std::uint32_t>(state.range(0)); }

// The second argument, when there is one, is mip_gap in basis points.
void solve_at(benchmark::State& state, const Shape& shape, double load) {
  MilpProblem p = at_load(shape, load);
  p.limits.mip_gap = state.range(1) / 1e4;
  solve_and_report(state, p);
}

constexpr double kSweepLoad = 0.95;
void BM_ProteusMilpPaperScale(benchmark::State& state) { solve_at(state, {}, load_of(state)); }
void BM_ProteusMilpDevices(benchmark::State& state) { solve_at(state, {.devices = arg(state)}, kSweepLoad); }
void BM_ProteusMilpVariants(benchmark::State& state) { solve_at(state, {.variants = arg(state)}, kSweepLoad); }
void BM_ProteusMilpQueryTypes(benchmark::State& state) { solve_at(state, {.queries = arg(state)}, kSweepLoad); }

void median_of_five(benchmark::internal::Benchmark* b) {
  b->UseManualTime()->Iterations(1)->Repetitions(5)->ReportAggregatesOnly(true)->Unit(benchmark::kMillisecond);
}

constexpr std::int64_t kExact = 0, kOnePercent = 100;
BENCHMARK(BM_ProteusMilpPaperScale)->ArgsProduct({{50, 80, 95, 99}, {kExact, kOnePercent}})->Apply(median_of_five);
BENCHMARK(BM_ProteusMilpDevices)->ArgsProduct({{10, 20, 40, 80, 160}, {kExact, kOnePercent}})->Apply(median_of_five);
BENCHMARK(BM_ProteusMilpVariants)
    ->ArgsProduct({{18, 27, 51, 102, 204, 450}, {kExact, kOnePercent}})
    ->Apply(median_of_five);
BENCHMARK(BM_ProteusMilpQueryTypes)->ArgsProduct({{3, 5, 9, 13, 17}, {kExact, kOnePercent}})->Apply(median_of_five);

}  // namespace
}  // namespace servesim::proteus
