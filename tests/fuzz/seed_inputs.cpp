#include "tests/fuzz/seed_inputs.hpp"

#include <fstream>
#include <stdexcept>

#include "tests/unit/scenario/toy_scenario.hpp"

namespace servesim::fuzz {

namespace {

// Every string that names an existing file relative to the scenario's folder
// becomes absolute; names, labels and kinds are left alone.
void anchor_paths(Json& value, const std::filesystem::path& base) {
  if (value.is_structured()) {
    for (auto& child : value) anchor_paths(child, base);
  } else if (value.is_string()) {
    const std::filesystem::path p(value.get<std::string>());
    std::error_code ec;
    if (p.is_relative() && !p.empty() && std::filesystem::is_regular_file(base / p, ec)) {
      value = std::filesystem::weakly_canonical(base / p).string();
    }
  }
}

SeedInput toy_with_trace(const std::string& name, const Json& workload, const std::string& file,
                         const std::string& content) {
  SeedInput seed{name, Json::parse(servesim::test::base_scenario().dump()), {{file, content}}};
  seed.scenario["applications"][0]["workload"] = workload;
  return seed;
}

}  // namespace

std::vector<std::string> default_scenarios() {
  return {"configs/scenarios/quickstart.json", "configs/scenarios/cloud_tour.json",
          "configs/scenarios/papers/infaas/figure1_colocation.json",
          "configs/scenarios/papers/infaas/gpu_sharing.json", "configs/scenarios/papers/proteus/ablation.json"};
}

std::vector<SeedInput> seed_inputs(const std::filesystem::path& source_dir, const std::vector<std::string>& scenarios) {
  std::vector<SeedInput> seeds;
  for (const auto& relative : scenarios) {
    const auto path = source_dir / relative;
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read seed scenario " + path.string());
    SeedInput seed{relative, Json::parse(in), {}};
    anchor_paths(seed.scenario, path.parent_path());
    seeds.push_back(std::move(seed));
  }
  seeds.push_back({"toy", Json::parse(servesim::test::base_scenario().dump()), {}});
  // Trace readers: a request log (Proteus' "arrival_ms,qos,deadline_ms") and
  // per-interval counts in two formats, each a few lines long.
  seeds.push_back(toy_with_trace(
      "toy+request_replay",
      {{"kind", "request_replay"}, {"file", "trace.csv"}, {"time_unit", "ms"}, {"deadline_column", 2}}, "trace.csv",
      "arrival_ms,qos,deadline_ms\n0,1,300\n10,1,300\n25,1,150\n40,2,300\n400,1,80\n1500,1,300\n"));
  seeds.push_back(toy_with_trace("toy+rate_series",
                                 {{"kind", "rate_series"}, {"file", "counts.txt"}, {"interval_s", 0.5}},
                                 "counts.txt", "5 10 20 0 3\n"));
  seeds.push_back(toy_with_trace(
      "toy+rate_series_csv",
      {{"kind", "rate_series"}, {"file", "counts.csv"}, {"format", "csv"}, {"zeros", "hold"}}, "counts.csv",
      "second,count\n0,5\n1,7\n3,0\n4,12\n"));
  return seeds;
}

}  // namespace servesim::fuzz
