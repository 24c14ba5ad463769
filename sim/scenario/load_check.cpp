#include "sim/scenario/load_check.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

#include "sim/serving/in_flight_cap.hpp"

namespace servesim {

namespace {

// Arrivals per second of each application over the sampled span of the run.
std::vector<double> sampled_rates(const SimulationConfig& world) {
  std::vector<double> rates(world.applications.size(), 0.0);
  for (std::size_t i = 0; i < world.workloads.size(); ++i) {
    const WorkloadSource source = world.run_workload(i);
    const auto stream = source.spec->open(world.seed, source.name);
    std::vector<std::uint64_t> counts(world.applications.size(), 0);
    std::uint64_t sampled = 0;
    double last = 0;
    while (sampled < kLoadSampleArrivals) {
      const auto arrival = stream->next();
      if (!arrival || (!world.duration.is_infinite() && arrival->time.ns >= world.duration.ns)) break;
      const std::uint32_t app = source.app ? *source.app : arrival->app;
      if (app < counts.size()) ++counts[app];
      last = arrival->time.seconds();
      ++sampled;
    }
    // A full sample spans up to its last arrival; a short one, the whole run.
    const double span = sampled == kLoadSampleArrivals || world.duration.is_infinite() ? last
                                                                                          : world.duration.seconds();
    if (span <= 0) continue;
    for (std::size_t a = 0; a < counts.size(); ++a) rates[a] += static_cast<double>(counts[a]) / span;
  }
  return rates;
}

// Batches one device of `type` runs at once, as the engine lets it: a CPU one
// per core, a GPU at serving.gpu_concurrency's combined speed.
double parallel_batches(const SimulationConfig& world, const DeviceType& type) {
  if (type.kind == DeviceKind::kCpu) return type.cores;
  if (type.kind == DeviceKind::kGpu) return world.gpu_concurrency.gain;
  return 1.0;
}

// Queries per second one device of `type` serves at best for `family`.
double best_rate(const SimulationConfig& world, FamilyId family, const DeviceType& type) {
  double best = 0;
  for (const VariantId v : world.models->family(family).variants) {
    const ModelVariant& variant = world.models->variant(v);
    const LatencyProfile* profile = variant.profile_on(type.name);
    if (!profile) continue;
    const std::uint32_t largest = profile->max_batch(variant.max_batch);
    for (std::uint32_t b = 1; b <= largest; ++b) {
      const double seconds = profile->at(b).seconds();
      if (seconds > 0) best = std::max(best, b / seconds);
    }
  }
  return best * parallel_batches(world, type);
}

// "190", "1.5", "30000": whole above 100, else three significant digits.
std::string significant(double value) {
  char text[32];
  std::snprintf(text, sizeof text, value >= 100 ? "%.0f" : "%.3g", value);
  return text;
}

// The fixed cluster's best rate for every family a stage asks for; nothing
// when the world is not checked or a family runs on no fixed device.
std::optional<std::map<FamilyId, double>> fixed_capacity(const SimulationConfig& world) {
  if (world.devices.empty() || !world.hardware->instance_types().empty()) return std::nullopt;
  std::map<FamilyId, double> capacity;
  for (const Application& app : world.applications) {
    for (const Stage& stage : app.pipeline.stages()) {
      if (capacity.count(stage.family)) continue;
      double sum = 0;
      for (const DeviceTypeId d : world.devices) sum += best_rate(world, stage.family, world.hardware->type(d));
      if (sum <= 0) return std::nullopt;
      capacity[stage.family] = sum;
    }
  }
  return capacity;
}

// `rates`: each application's arrivals per second (sampled_rates).
std::optional<OfferedLoad> load_against(const SimulationConfig& world, const std::map<FamilyId, double>& capacity,
                                        const std::vector<double>& rates) {
  OfferedLoad load;
  double largest_share = -1;
  for (std::size_t a = 0; a < world.applications.size(); ++a) {
    const Pipeline& pipeline = world.applications[a].pipeline;
    double share = 0;
    double app_capacity = 0;  // the capacity of its busiest stage, per query
    for (StageId s = 0; s < pipeline.stages().size(); ++s) {
      const double per_query = pipeline.visit_probability(s) / capacity.at(pipeline.stages()[s].family);
      share += rates[a] * per_query;
      if (per_query > 0) app_capacity = app_capacity > 0 ? std::min(app_capacity, 1 / per_query) : 1 / per_query;
    }
    load.utilisation += share;
    if (share > largest_share) {
      largest_share = share;
      load.app = world.applications[a].name;
      load.app_qps = rates[a];
      load.app_capacity_qps = app_capacity;
    }
  }
  if (load.utilisation <= 0) return std::nullopt;
  return load;
}

}  // namespace

std::optional<OfferedLoad> offered_load(const SimulationConfig& world) {
  const auto capacity = fixed_capacity(world);
  if (!capacity) return std::nullopt;
  return load_against(world, *capacity, sampled_rates(world));
}

std::vector<std::string> overload_warnings(const Scenario& scenario) {
  std::vector<std::pair<std::string, const SimulationConfig*>> worlds{{"", &scenario.world}};
  for (const PolicySpec& p : scenario.policies) {
    if (p.own_world) worlds.emplace_back(" (policy \"" + p.label + "\"'s own cluster)", p.own_world.get());
  }
  // A policy's own cluster serves the scenario's applications and workloads:
  // the arrivals are sampled once, for every world checked.
  std::optional<std::vector<double>> rates;
  std::vector<std::string> lines;
  for (const auto& [whose, world] : worlds) {
    const auto capacity = fixed_capacity(*world);
    if (!capacity) continue;
    if (!rates) rates = sampled_rates(scenario.world);
    const auto load = load_against(*world, *capacity, *rates);
    if (!load || load->utilisation <= kOverloadWarningFactor) continue;
    std::string line = scenario.file + ": warning: the applications offer " + significant(load->utilisation) +
                       "x what the fixed cluster" + whose + " can serve at best (\"" + load->app +
                       "\": " + significant(load->app_qps) + " QPS against " + significant(load->app_capacity_qps) +
                       " QPS, every device on it with the fastest variant at its best batch)";
    if (world->drop == DropPolicy::kNone) {
      line += "; with serving.drop \"none\" the queries pile up until serving.max_in_flight (" +
              std::to_string(world->max_in_flight) + " queries, about " + memory_text(world->max_in_flight) +
              ") stops the run";
    }
    lines.push_back(line);
  }
  return lines;
}

}  // namespace servesim
