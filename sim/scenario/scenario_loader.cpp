#include "sim/scenario/scenario_loader.hpp"

#include <algorithm>
#include <cmath>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "sim/core/input_error.hpp"
#include "sim/core/input_limits.hpp"
#include "sim/core/name_hint.hpp"
#include "sim/scenario/hardware_catalog_parser.hpp"
#include "sim/scenario/model_catalog_parser.hpp"
#include "sim/scenario/cloud_parser.hpp"
#include "sim/scenario/history_parser.hpp"
#include "sim/scenario/offline_jobs_parser.hpp"
#include "sim/scenario/overrides.hpp"
#include "sim/core/path_expansion.hpp"
#include "sim/core/sha256.hpp"
#include "sim/scenario/profile_importers.hpp"
#include "sim/scenario/workload_parser.hpp"
#include "sim/serving/pipeline_paths.hpp"
#include "sim/serving/reachable_device_types.hpp"

namespace servesim {
namespace {

namespace fs = std::filesystem;

// A catalog entry is a path (relative to the scenario's folder) or an inline object.
template <typename Parse>
void for_each_catalog(const JsonNode& list, const fs::path& base, Parse&& parse) {
  for (const JsonNode& item : list.items()) {
    if (item.raw().is_object()) {
      parse(item);
      continue;
    }
    const fs::path file = resolve_path(item, base);  // ${VARS} allowed
    read_file_named_by(item, [&] {
      const nlohmann::json doc = read_json_file(file.string());
      parse(JsonNode(doc, file.string()));
    });
  }
}

void load_catalogs(const JsonNode& node, const fs::path& base, SimulationConfig& world) {
  node.expect_object({"models", "hardware"});
  auto hardware = std::make_shared<HardwareCatalog>();
  for_each_catalog(node.at("hardware"), base, [&](const JsonNode& c) { parse_hardware_catalog(c, *hardware); });
  auto models = std::make_shared<ModelCatalog>();
  for_each_catalog(node.at("models"), base, [&](const JsonNode& c) {
    // An import's relative paths are relative to the file it is written in.
    if (is_profile_import(c)) return import_model_profiles(c, fs::path(c.file()).parent_path(), *hardware, *models);
    parse_model_catalog(c, *hardware, *models);
  });
  world.hardware = hardware;
  world.models = models;
  world.cloud.lambda = hardware->lambda();  // the scenario's "cloud.lambda" may override it
}

void load_cluster(const JsonNode& node, SimulationConfig& world) {
  node.expect_object({"devices", "instances", "reserved_discount"});
  if (node.has("instances")) parse_cluster_instances(node.at("instances"), world);
  // A discount of 1 would make the cluster free; AWS's deepest is 72 %.
  world.reserved_discount = node.number_in_or("reserved_discount", 0, 0.99, 0, "fraction of the device price");
  if (!node.has("devices")) return;  // an elastic cluster: instances only
  for (const JsonNode& group : node.items("devices")) {
    group.expect_object({"type", "count"});
    const JsonNode type = group.at("type");
    const auto id = world.hardware->find(type.string());
    if (!id) type.fail("unknown device type " + type.shown() + name_hint_of(type.string(), world.hardware->types()));
    const auto count = group.integer_in_or("count", 1, kMaxCount, 1);
    world.devices.insert(world.devices.end(), static_cast<std::size_t>(count), *id);
  }
}

FamilyId family_of(const JsonNode& node, const ModelCatalog& models) {
  const auto family = models.find_family(node.string());
  if (!family) node.fail("unknown model family " + node.shown());
  return *family;
}

Pipeline parse_pipeline(const JsonNode& app, const ModelCatalog& models) {
  if (app.has("family") == app.has("pipeline")) app.fail("expected exactly one of \"family\" or \"pipeline\"");
  if (app.has("family")) {
    const JsonNode f = app.at("family");
    return Pipeline({Stage{f.string(), family_of(f, models)}}, {});
  }
  const JsonNode node = app.at("pipeline");
  node.expect_object({"stages", "edges"});
  std::vector<Stage> stages;
  std::map<std::string, StageId> index;
  for (const JsonNode& s : node.items("stages")) {
    s.expect_object({"name", "family"});
    const std::string name = s.string("name");
    if (!index.emplace(name, static_cast<StageId>(stages.size())).second) s.at("name").fail("duplicate stage name");
    stages.push_back(Stage{name, family_of(s.at("family"), models)});
  }
  std::vector<PipelineEdge> edges;
  if (node.has("edges")) {
    for (const JsonNode& e : node.items("edges")) {
      e.expect_object({"from", "to", "probability"});
      auto stage_ref = [&](const char* key) {
        const JsonNode ref = e.at(key);
        auto it = index.find(ref.string());
        if (it == index.end()) ref.fail("no stage named " + ref.shown());
        return it->second;
      };
      const double p = e.has("probability") ? e.at("probability").probability() : 1.0;
      edges.push_back(PipelineEdge{stage_ref("from"), stage_ref("to"), p});
    }
  }
  try {
    return Pipeline(std::move(stages), std::move(edges));
  } catch (const std::invalid_argument& error) {
    node.fail(error.what());
  }
}

// The fastest a query can get through the pipeline on `types`: the longest
// path of the stages' fastest batch-1 latencies there, among the variants the
// application's accuracy floor admits.
Duration fastest_end_to_end(const JsonNode& node, const Application& app, const SimulationConfig& world,
                            const std::set<std::string>& types) {
  const Pipeline& pipeline = app.pipeline;
  std::vector<std::int64_t> fastest_ns(pipeline.stages().size());
  for (StageId s : pipeline.topological_order()) {
    const FamilyId family = pipeline.stages()[s].family;
    const std::optional<Duration> best = world.models->fastest_latency(family, types, app.min_accuracy.value_or(0));
    if (!best) {
      node.fail("no variant of family \"" + world.models->family(family).name + "\" runs on this cluster's " +
                (types.size() == 1 ? *types.begin() : std::string("devices")));
    }
    fastest_ns[s] = best->ns;
  }
  return Duration{longest_path(pipeline, fastest_ns)};
}

// Proteus section 6.1.2 (and INFaaS section 6.1): an SLO set as a multiple of
// the application's fastest batch-1 latency on a CPU of this cluster, so that
// families of very different cost get comparable SLOs.
Duration slo_from_cpu_multiple(const JsonNode& node, double multiple, const Application& app,
                               const SimulationConfig& world) {
  std::set<std::string> cpus;
  for (const auto& t : reachable_device_types(world)) {
    const auto id = world.hardware->find(t);
    if (id && world.hardware->type(*id).kind == DeviceKind::kCpu) cpus.insert(t);
  }
  if (cpus.empty()) node.fail("an SLO as a multiple of the fastest CPU latency needs a CPU device type on this cluster");
  const Duration fastest = fastest_end_to_end(node, app, world, cpus);
  return scaled(fastest, multiple);
}

// A multiple below 1 is refused by the comparison with the fastest latency,
// which says why; 1e6 times a latency is beyond any useful SLO.
constexpr double kMinCpuMultiple = 1e-6, kMaxCpuMultiple = 1e6;

// slo_ms, or slo_cpu_multiple, or else the scenario's serving.slo_cpu_multiple.
Application parse_application(const JsonNode& node, const SimulationConfig& world,
                              std::optional<double> default_cpu_multiple) {
  node.expect_object({"name", "slo_ms", "slo_cpu_multiple", "min_accuracy", "family", "pipeline", "workload",
                      "offline_jobs", "history"});  // the last two: load_applications
  if (node.has("slo_ms") && node.has("slo_cpu_multiple")) node.fail("give \"slo_ms\" or \"slo_cpu_multiple\", not both");
  Application app{node.string("name"), parse_pipeline(node, *world.models), Duration{}, std::nullopt};
  // Accuracy is normalized to the family's best (1.0), so every floor in [0, 1]
  // admits at least that variant.
  if (node.has("min_accuracy")) app.min_accuracy = node.at("min_accuracy").probability();
  std::string slo_field = "slo_ms";
  if (node.has("slo_ms")) {
    app.slo = node.at("slo_ms").millis_in(1e-3);  // 1 us: below it no latency profile resolves
  } else if (node.has("slo_cpu_multiple") || default_cpu_multiple) {
    slo_field = "slo_cpu_multiple";
    const double multiple =
        node.has("slo_cpu_multiple") ? node.number_in("slo_cpu_multiple", kMinCpuMultiple, kMaxCpuMultiple) : *default_cpu_multiple;
    app.slo = slo_from_cpu_multiple(node, multiple, app, world);
  } else {
    node.at("slo_ms");  // the error names the missing field
  }
  const Duration fastest = fastest_end_to_end(node, app, world, reachable_device_types(world));
  if (app.slo < fastest) {
    const JsonNode where = node.has(slo_field) ? node.at(slo_field) : node;
    where.fail("the SLO (" + std::to_string(app.slo.millis()) + " ms) is below the fastest possible latency of this pipeline on this cluster (" +
               std::to_string(fastest.millis()) + " ms)");
  }
  return app;
}

void load_applications(const JsonNode& root, const fs::path& base, SimulationConfig& world) {
  const auto apps = root.items("applications");
  std::optional<double> default_cpu_multiple;
  if (root.has("serving") && root.at("serving").has("slo_cpu_multiple")) {
    default_cpu_multiple = root.at("serving").number_in("slo_cpu_multiple", kMinCpuMultiple, kMaxCpuMultiple);
  }
  if (apps.empty()) root.at("applications").fail("expected at least one application");
  std::set<std::string> names;
  for (AppId a = 0; a < apps.size(); ++a) {
    world.applications.push_back(parse_application(apps[a], world, default_cpu_multiple));
    const std::string& name = world.applications.back().name;
    if (name == "all") apps[a].at("name").fail("\"all\" is reserved for the whole-run rows of the reports");
    if (!names.insert(name).second) apps[a].at("name").fail("duplicate application name \"" + name + "\"");
    if (apps[a].has("offline_jobs")) parse_offline_jobs(apps[a].at("offline_jobs"), a, world);
    if (apps[a].has("history")) {
      world.histories.resize(apps.size());
      world.histories[a] = parse_history(apps[a].at("history"), base, world.seed, name);
    }
    if (apps[a].has("workload")) {
      world.workloads.push_back({parse_workload(apps[a].at("workload"), base), a});
      world.workload_streams.push_back("workload/" + name);
    } else if (!root.has("mix")) {
      apps[a].fail("expected a \"workload\" (or a top-level \"mix\" that covers every application)");
    }
  }
  if (root.has("mix")) {
    world.workloads.push_back({parse_mix(root.at("mix"), apps.size(), base), {}});
    world.workload_streams.push_back("workload/mix");
  }
}

// The largest combined speed-up of overlapping GPU batches the project
// accepts: Jain et al., "Dynamic Space-Time Scheduling for GPU Inference"
// (NeurIPS MLSys workshop 2018), measured up to 5x utilisation headroom when
// small-batch inference jobs share a GPU spatially; no measurement supports more.
constexpr double kMaxGpuConcurrencyGain = 5.0;

// An integer k (k batches overlap, no faster together than one at a time) or
// {"batches": k, "gain": g}: k batches together run g times one batch's speed.
GpuConcurrency parse_gpu_concurrency(const JsonNode& node) {
  GpuConcurrency c;
  const bool object = node.raw().is_object();
  if (object) node.expect_object({"batches", "gain"});
  const JsonNode batches = object ? node.at("batches") : node;
  const std::int64_t k = batches.positive_integer();
  if (k > 64) batches.fail("expected at most 64 overlapping batches, got " + batches.raw().dump());
  c.batches = static_cast<std::uint32_t>(k);
  if (!object || !node.has("gain")) return c;
  const JsonNode gain = node.at("gain");
  c.gain = gain.number();
  const double most = std::min<double>(c.batches, kMaxGpuConcurrencyGain);
  if (!(c.gain >= 1) || c.gain > most) {
    gain.fail("expected a combined speed-up >= 1 and <= " + std::to_string(most) +
              " (at most the batches, and at most the cited 5x), got " + gain.raw().dump());
  }
  return c;
}

// The drain's default bound: long enough for any query that can still make
// its SLO (ten SLOs), and at least a minute for a backlog to clear.
Duration default_drain_limit(const SimulationConfig& world) {
  Duration slo = Duration::zero();
  for (const auto& app : world.applications) slo = std::max(slo, app.slo);
  const double ten_slos_s = 10 * slo.seconds();
  return from_seconds(std::min(kMaxTimeSpanS, std::max(60.0, ten_slos_s)));
}

void load_serving(const JsonNode& node, SimulationConfig& world) {
  node.expect_object({"drop", "service_time", "interference", "gpu_concurrency", "drain_s", "max_in_flight",
                      "hop_delay_ms", "slo_cpu_multiple"});  // the last: load_applications
  world.cloud.interference = node.boolean_or("interference", true);
  // A hop is a latency like a cold start: at most an hour, so summed hops stay inside the clock.
  if (node.has("hop_delay_ms")) world.hop_delay = node.at("hop_delay_ms").millis_in(0, kMaxLatencyMs);
  if (node.has("max_in_flight")) {
    world.max_in_flight = static_cast<std::uint64_t>(
        node.at("max_in_flight").integer_in(1, static_cast<std::int64_t>(kLargestMaxInFlight)));
  }
  if (node.has("drain_s")) world.drain_limit = node.at("drain_s").seconds_in(0);
  if (node.has("gpu_concurrency")) world.gpu_concurrency = parse_gpu_concurrency(node.at("gpu_concurrency"));
  if (node.has("drop")) {
    const std::string drop = node.at("drop").choice({"none", "expired", "infeasible"});
    world.drop = drop == "expired" ? DropPolicy::kExpired : drop == "infeasible" ? DropPolicy::kInfeasible : DropPolicy::kNone;
  }
  if (!node.has("service_time")) return;
  const JsonNode st = node.at("service_time");
  st.expect_object({"distribution", "cv"});
  using D = ServiceTimeSpec::Distribution;
  const std::string d = st.at("distribution").choice({"deterministic", "exponential", "gamma", "lognormal"});
  world.service_time.distribution = d == "exponential" ? D::kExponential
                                    : d == "gamma"     ? D::kGamma
                                    : d == "lognormal" ? D::kLognormal
                                                       : D::kDeterministic;
  if (world.service_time.distribution == D::kGamma || world.service_time.distribution == D::kLognormal) {
    world.service_time.cv = st.number_in("cv", kMinCv, kMaxCv);
  } else if (st.has("cv")) {
    st.at("cv").fail("only \"gamma\" and \"lognormal\" take a cv");
  }
}

bool is_folder_name(const std::string& label) {
  if (label.empty() || label[0] == '.') return false;
  return std::all_of(label.begin(), label.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '.' || c == '_' || c == '-';
  });
}

// A policy's own cluster replaces the scenario's and nothing else: the same
// applications (their SLOs were set on the scenario's cluster), workload,
// outputs and rules, so that fixed-cluster and elastic policies share one
// scenario. Built from the finished world; an application's SLO must still be
// reachable on the new cluster.
std::shared_ptr<const SimulationConfig> world_with_cluster(const SimulationConfig& world, const JsonNode& cluster) {
  auto own = std::make_shared<SimulationConfig>(world);
  own->devices.clear();
  own->cloud.instances.clear();
  load_cluster(cluster, *own);
  const auto types = reachable_device_types(*own);
  for (const Application& app : own->applications) {
    const Duration fastest = fastest_end_to_end(cluster, app, *own, types);
    if (app.slo < fastest) {
      cluster.fail("application \"" + app.name + "\"'s SLO (" + std::to_string(app.slo.millis()) +
                   " ms) is below the fastest possible latency of its pipeline on this cluster (" +
                   std::to_string(fastest.millis()) + " ms)");
    }
  }
  return own;
}

void load_policies(const JsonNode& root, Scenario& scenario) {
  const auto items = root.items("policies");
  if (items.empty()) root.at("policies").fail("expected at least one policy");
  std::set<std::string> labels;
  for (const JsonNode& item : items) {
    item.expect_object({"name", "label", "params", "cluster", "oracle"});
    PolicySpec spec;
    spec.name = item.string("name");
    spec.label = item.string_or("label", spec.name);
    if (!is_folder_name(spec.label)) {
      (item.has("label") ? item.at("label") : item.at("name"))
          .fail("a label names the run folder: letters, digits, '.', '_', '-' only, not starting with '.'");
    }
    if (!labels.insert(spec.label).second) {
      item.fail("duplicate policy label \"" + spec.label + "\" (give each entry its own \"label\")");
    }
    spec.name_json = item.at("name").raw();
    spec.params = item.has("params") ? item.at("params").raw() : nlohmann::json::object();
    spec.path = item.path();
    spec.oracle = item.boolean_or("oracle", false);
    if (item.has("cluster")) spec.own_world = world_with_cluster(scenario.world, item.at("cluster"));
    scenario.policies.push_back(std::move(spec));
  }
}

// true: INFaaS section 6.2's prices; an object: those with some kinds
// repriced, e.g. {"gpu": 0.4}; false: not reported.
std::optional<MemoryPrices> memory_prices(const JsonNode& node) {
  if (node.raw().is_boolean()) return node.boolean() ? std::optional<MemoryPrices>(kDefaultMemoryPrices) : std::nullopt;
  if (!node.raw().is_object()) node.fail("expected true, false or an object of prices per GB-second by device kind");
  node.expect_object({"cpu", "gpu", "inferentia", "lambda"});  // kDeviceKindNames
  MemoryPrices prices = kDefaultMemoryPrices;
  for (std::size_t k = 0; k < kDeviceKindCount; ++k) {
    prices[k] = node.number_in_or(kDeviceKindNames[k], 0, kMaxPrice, prices[k], "$ per GB-second");
  }
  return prices;
}

void load_outputs(const JsonNode& root, Scenario& scenario) {
  scenario.outputs.dir = fs::path("results") / scenario.name;
  scenario.world.window = from_seconds(10);
  if (!root.has("outputs")) return;
  const JsonNode node = root.at("outputs");
  node.expect_object({"dir", "window_s", "warmup_s", "queries_csv", "memory_cost_per_gb_second", "metrics"});
  if (node.has("dir")) scenario.outputs.dir = node.string("dir");
  if (node.has("warmup_s")) {
    const JsonNode warmup = node.at("warmup_s");
    const double s = warmup.number();
    const double duration_s = scenario.world.duration.seconds();
    if (!(s >= 0) || s >= duration_s) {
      warmup.fail("expected seconds >= 0 and below duration_s (" + std::to_string(duration_s) + "), got " +
                  warmup.raw().dump());
    }
    scenario.world.warmup = from_seconds(s);
  }
  if (node.has("window_s")) scenario.world.window = node.at("window_s").seconds_in(kMinPeriodS);
  scenario.outputs.queries_csv = node.boolean_or("queries_csv", false);
  if (node.has("metrics")) {
    scenario.outputs.proteus_artifact_metrics =
        node.at("metrics").choice({"servesim", "proteus-artifact"}) == "proteus-artifact";
  }
  if (node.has("memory_cost_per_gb_second")) scenario.outputs.memory_prices = memory_prices(node.at("memory_cost_per_gb_second"));
}

// The time series has a row per window (per application, too, with several):
// at most this many windows over the run, arrivals and the drain's bound, so
// that a tiny outputs.window_s on a long run cannot fill the disk.
constexpr std::uint64_t kMaxWindows = 1'000'000;

void check_window_count(const JsonNode& root, const Scenario& scenario) {
  // In whole nanoseconds: the span is at most two centuries, within 64 bits.
  const auto span_ns = static_cast<std::uint64_t>(scenario.world.duration.ns + scenario.world.drain_limit.ns);
  const auto window_ns = static_cast<std::uint64_t>(scenario.world.window.ns);
  const std::uint64_t windows = span_ns / window_ns + (span_ns % window_ns != 0);
  if (windows <= kMaxWindows) return;
  std::ostringstream what;
  what << "duration_s + the drain (" << span_ns * 1e-9 << " s) in windows of " << window_ns * 1e-9 << " s make "
       << windows << " windows, over the limit of " << kMaxWindows
       << " windows per run: expected window_s >= " << span_ns * 1e-9 / kMaxWindows;
  if (root.has("outputs") && root.at("outputs").has("window_s")) root.at("outputs").at("window_s").fail(what.str());
  throw InputError(scenario.file + ": outputs.window_s", what.str() + " (the default is 10 s)");
}

}  // namespace

Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides, JsonObjectObserver* observer) {
  const std::string text = read_text_file(path);
  nlohmann::json document = parse_json_text(text, path);
  apply_overrides(document, overrides);
  const JsonNode root(document, path, "", observer);
  root.expect_object({"name", "description", "seed", "duration_s", "catalogs", "applications", "mix", "cluster",
                      "cloud", "serving", "policies", "outputs"});
  const fs::path base = fs::path(path).parent_path();
  Scenario scenario;
  scenario.file = path;
  scenario.sha256 = sha256_hex(text);
  scenario.overrides = overrides;
  scenario.name = root.string("name");
  scenario.description = root.string_or("description", "");
  scenario.world.seed = static_cast<std::uint64_t>(root.integer_in_or("seed", 1, kMaxSeed, 1));  // docs: positive
  scenario.world.duration = root.at("duration_s").seconds_in(kMinPeriodS);
  load_catalogs(root.at("catalogs"), base, scenario.world);
  load_cluster(root.at("cluster"), scenario.world);
  if (root.has("cloud")) parse_cloud(root.at("cloud"), base, scenario.world);
  load_applications(root, base, scenario.world);
  scenario.world.drain_limit = default_drain_limit(scenario.world);
  if (root.has("serving")) load_serving(root.at("serving"), scenario.world);
  load_outputs(root, scenario);
  check_window_count(root, scenario);
  load_policies(root, scenario);  // last: a policy's own cluster copies the finished world
  return scenario;
}

}  // namespace servesim
