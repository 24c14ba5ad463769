#include "sim/scenario/workload_parser.hpp"

#include <cmath>
#include <functional>
#include <optional>
#include <stdexcept>

#include "sim/core/input_limits.hpp"
#include "sim/core/path_expansion.hpp"
#include "traces/application_mix.hpp"
#include "traces/diurnal_arrivals.hpp"
#include "traces/gamma_arrivals.hpp"
#include "traces/gamma_transition_arrivals.hpp"
#include "traces/mmpp_arrivals.hpp"
#include "traces/rate_series_arrivals.hpp"
#include "traces/request_replay.hpp"
#include "traces/segmented_arrivals.hpp"

namespace servesim {
namespace {

using Spec = std::shared_ptr<const WorkloadSpec>;

// Segments hold workloads, which may be segments again; reading them recurses
// once per level, so the nesting is bounded (kMaxJsonDepth bounds the document
// anyway, this gives the clearer message and keeps the spec tree shallow).
constexpr int kMaxWorkloadDepth = 16;

Spec parse_nested_workload(const JsonNode& node, const std::filesystem::path& base_dir, int depth);
// A rescaling (a factor, a spike's magnitude) within six orders of magnitude
// either way; the rate it yields is what kMaxRateQps bounds at the stream.
constexpr double kMinScaleFactor = 1e-6, kMaxScaleFactor = 1e6;
// A diurnal valley at most a thousand times below its peak (MArk's and
// Twitter's days are within 10x); see parse_diurnal for why it is bounded.
constexpr double kMaxPeakToValley = 1e3;

// The library checks the combinations a single field cannot (a reducible
// chain, a window off the interval grid) with std::invalid_argument; this
// turns them into an error at the workload's JSON path.
template <class Make>
auto build(const JsonNode& node, Make make) -> decltype(make()) {
  try {
    return make();
  } catch (const std::invalid_argument& e) {
    node.fail(e.what());
  }
}

std::size_t index_at(const JsonNode& node) { return static_cast<std::size_t>(node.integer_in(0, kMaxCount)); }

// An arrival rate in QPS (input_limits.hpp); `zero_ok` for a state or weight
// that may carry no traffic at all.
double rate_at(const JsonNode& node, bool zero_ok = false) {
  if (zero_ok && node.raw().is_number() && node.number() == 0) return 0;
  return node.number_in(kMinRateQps, kMaxRateQps, "QPS");
}
double zero_or_rate(const JsonNode& node) { return rate_at(node, true); }

// An MMPP leaves a state at most 1000 times a second (a mean sojourn of at
// least kMinPeriodS), so its jumps advance time.
constexpr double kMaxExitRate = 1 / kMinPeriodS;

double generator_entry(const JsonNode& node) { return node.number_in(-kMaxExitRate, kMaxExitRate, "per s"); }

template <class Read>
std::vector<double> numbers(const JsonNode& node, Read read) {
  std::vector<double> out;
  for (const JsonNode& item : node.items()) out.push_back(std::invoke(read, item));
  return out;
}

template <class Read>
RateMatrix square_matrix(const JsonNode& node, std::size_t n, Read read) {
  const std::vector<JsonNode> rows = node.items();
  if (rows.size() != n) node.fail("expected " + std::to_string(n) + " rows, one per state, got " + std::to_string(rows.size()));
  RateMatrix m;
  for (const JsonNode& row : rows) {
    m.push_back(numbers(row, read));
    if (m.back().size() != n) row.fail("expected " + std::to_string(n) + " entries, got " + std::to_string(m.back().size()));
  }
  return m;
}

// sd / mean from "cv", or from InferLine's squared "cv2"; exactly one.
double cv_of(const JsonNode& node) {
  const bool cv = node.has("cv"), cv2 = node.has("cv2");
  if (cv == cv2) node.fail(cv ? "give \"cv\" or \"cv2\", not both" : "missing \"cv\" (sd / mean) or \"cv2\" (squared)");
  return cv ? node.number_in("cv", kMinCv, kMaxCv) : cv_from_squared_cv(node.number_in("cv2", kMinCv * kMinCv, kMaxCv * kMaxCv));
}

std::filesystem::path trace_path(const JsonNode& node, const std::filesystem::path& base_dir) {
  const JsonNode file = node.at("file");
  std::filesystem::path path(expand_env_vars(file));  // ${VARS} allowed
  if (path.is_relative()) path = base_dir / path;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) file.fail("cannot open trace file " + path.string());
  return path;
}

Spec parse_poisson(const JsonNode& node) {
  node.expect_object({"kind", "rate"});
  return poisson_arrivals(rate_at(node.at("rate")));
}

Spec parse_gamma(const JsonNode& node) {
  node.expect_object({"kind", "rate", "cv", "cv2"});
  return gamma_arrivals(rate_at(node.at("rate")), cv_of(node));
}

std::optional<std::size_t> mmpp_initial(const JsonNode& node, std::size_t n) {
  const std::optional<JsonNode> initial = node.find("initial");
  if (!initial) return std::nullopt;
  if (initial->raw().is_string()) {
    initial->choice({"stationary"});
    return std::nullopt;
  }
  const std::size_t i = index_at(*initial);
  if (i >= n) initial->fail("expected \"stationary\" or a state index below " + std::to_string(n));
  return i;
}

Spec parse_mmpp(const JsonNode& node) {
  node.expect_object({"kind", "states", "transitions", "rates", "generator", "initial"});
  if (node.has("states") == node.has("rates")) node.fail("give either \"states\" or \"rates\" with \"generator\"");
  if (node.has("rates")) {
    if (node.has("transitions")) node.at("transitions").fail("goes with \"states\"; with \"rates\" give a \"generator\"");
    const std::vector<double> rates = numbers(node.at("rates"), zero_or_rate);
    const RateMatrix q = square_matrix(node.at("generator"), rates.size(), generator_entry);
    return build(node, [&] { return std::make_shared<MmppArrivals>(rates, q, mmpp_initial(node, rates.size())); });
  }
  if (node.has("generator")) node.at("generator").fail("goes with \"rates\"; with \"states\" give \"transitions\"");
  std::vector<double> rates, sojourns;
  for (const JsonNode& state : node.items("states")) {
    state.expect_object({"rate", "mean_sojourn_s"});
    rates.push_back(zero_or_rate(state.at("rate")));
    sojourns.push_back(state.number_in("mean_sojourn_s", kMinPeriodS, kMaxTimeSpanS, "s"));
  }
  if (rates.empty()) node.at("states").fail("expected at least one state");
  RateMatrix p;
  if (node.has("transitions")) p = square_matrix(node.at("transitions"), rates.size(), &JsonNode::probability);
  return build(node, [&] { return MmppArrivals::from_sojourns(rates, sojourns, p, mmpp_initial(node, rates.size())); });
}

Spec parse_segments(const JsonNode& node, const std::filesystem::path& base_dir, int depth) {
  node.expect_object({"kind", "repeat", "segments"});
  std::vector<Segment> segments;
  for (const JsonNode& seg : node.items("segments")) {
    seg.expect_object({"duration_s", "workload"});
    segments.push_back({seg.at("duration_s").seconds_in(kMinPeriodS), parse_nested_workload(seg.at("workload"), base_dir, depth + 1)});
  }
  if (segments.empty()) node.at("segments").fail("expected at least one segment");
  return build(node, [&] { return std::make_shared<SegmentedArrivals>(segments, node.boolean_or("repeat", false)); });
}

GammaPhase gamma_phase(const JsonNode& node) {
  node.expect_object({"rate", "cv", "cv2"});
  return {rate_at(node.at("rate")), cv_of(node)};
}

Spec parse_gamma_transition(const JsonNode& node) {
  node.expect_object({"kind", "from", "to", "start_s", "transition_s"});
  const GammaPhase from = gamma_phase(node.at("from")), to = gamma_phase(node.at("to"));
  const double start = node.number_in("start_s", 0, kMaxTimeSpanS, "s");
  const double length = node.number_in("transition_s", 0, kMaxTimeSpanS, "s");
  return build(node, [&] { return std::make_shared<GammaTransitionArrivals>(from, to, start, length); });
}

GapDistribution within_of(const JsonNode& node) {
  const std::string kind = node.at("kind").choice({"poisson", "gamma", "uniform"});
  if (kind == "gamma") {
    node.expect_object({"kind", "cv", "cv2"});
    return GapDistribution::gamma(cv_of(node));
  }
  node.expect_object({"kind"});
  return kind == "poisson" ? GapDistribution::poisson() : GapDistribution::uniform();
}

AzureRowSelection rows_of(const JsonNode& node) {
  if (node.raw().is_string()) {
    node.choice({"sum"});
    return AzureRowSelection::all();
  }
  if (node.raw().is_object()) {
    node.expect_object({"function"});
    return AzureRowSelection::by_function(node.string("function"));
  }
  std::vector<std::size_t> rows;
  for (const JsonNode& item : node.items()) {
    rows.push_back(index_at(item));
    for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
      if (rows[i] == rows.back()) item.fail("row " + std::to_string(rows.back()) + " is listed twice");
    }
  }
  if (rows.empty()) node.fail("expected at least one row index, \"sum\" or {\"function\": ...}");
  return AzureRowSelection::rows(std::move(rows));
}

RateScale scale_of(const JsonNode& node) {
  node.expect_object({"factor", "min_qps", "max_qps", "mean_qps"});
  const int forms = node.has("factor") + (node.has("min_qps") || node.has("max_qps")) + node.has("mean_qps");
  if (forms != 1) node.fail("expected exactly one of {\"factor\"}, {\"min_qps\", \"max_qps\"} or {\"mean_qps\"}");
  if (node.has("factor")) return RateScale::by_factor(node.number_in("factor", kMinScaleFactor, kMaxScaleFactor));
  if (node.has("mean_qps")) return RateScale::to_mean(rate_at(node.at("mean_qps")));
  const double lo = zero_or_rate(node.at("min_qps")), hi = rate_at(node.at("max_qps"));
  if (hi < lo) node.at("max_qps").fail("expected max_qps >= min_qps");
  return RateScale::onto_range(lo, hi);
}

Spec parse_rate_series(const JsonNode& node, const std::filesystem::path& base_dir) {
  node.expect_object({"kind", "file", "format", "interval_s", "rows", "window", "scale", "zeros", "within"});
  RateSeriesOptions o;
  o.file = trace_path(node, base_dir);
  const std::string format = node.has("format") ? node.at("format").choice({"counts_line", "csv", "azure_functions"}) : "counts_line";
  o.format = format == "csv" ? RateSeriesFormat::csv
             : format == "azure_functions" ? RateSeriesFormat::azure_functions
                                           : RateSeriesFormat::counts_line;
  // A day per interval is the coarsest series any public trace gives.
  o.interval_s = node.number_in_or("interval_s", kMinPeriodS, 86400, o.format == RateSeriesFormat::azure_functions ? 60 : 1, "s");
  if (const auto rows = node.find("rows")) {
    if (o.format != RateSeriesFormat::azure_functions) rows->fail("only an azure_functions file has rows to pick");
    o.rows = rows_of(*rows);
  }
  if (const auto window = node.find("window")) {
    window->expect_object({"start_s", "length_s"});
    o.window_start_s = window->number_in_or("start_s", 0, kMaxTimeSpanS, 0, "s");
    if (window->has("length_s")) o.window_length_s = window->number_in("length_s", kMinPeriodS, kMaxTimeSpanS, "s");
  }
  if (const auto scale = node.find("scale")) o.scale = scale_of(*scale);
  if (node.has("zeros")) o.zeros = node.at("zeros").choice({"keep", "hold"}) == "hold" ? ZeroPolicy::hold : ZeroPolicy::keep;
  if (const auto within = node.find("within")) o.within = within_of(*within);
  return build(node, [&] {
    return read_file_named_by(node.at("file"), [&] { return std::make_shared<RateSeriesArrivals>(o); });
  });
}

Spec parse_request_replay(const JsonNode& node, const std::filesystem::path& base_dir) {
  node.expect_object({"kind", "file", "time_column", "time_unit", "deadline_column", "start_s", "length_s"});
  RequestReplayOptions o;
  o.file = trace_path(node, base_dir);
  if (const auto c = node.find("time_column")) o.time_column = index_at(*c);
  if (node.has("time_unit")) {
    const std::string unit = node.at("time_unit").choice({"ms", "s", "us"});
    o.time_unit = unit == "s" ? TimeUnit::seconds : unit == "us" ? TimeUnit::micros : TimeUnit::millis;
  }
  if (const auto c = node.find("deadline_column")) {
    o.deadline_column = index_at(*c);
    if (*o.deadline_column == o.time_column) c->fail("must differ from time_column");
  }
  o.start_s = node.number_in_or("start_s", 0, kMaxTimeSpanS, 0, "s");
  if (node.has("length_s")) o.length_s = node.number_in("length_s", kMinPeriodS, kMaxTimeSpanS, "s");
  return build(node, [&] {
    return read_file_named_by(node.at("file"), [&] { return std::make_shared<RequestReplay>(o); });
  });
}

Spec parse_diurnal(const JsonNode& node) {
  node.expect_object({"kind", "mean_qps", "peak_to_valley", "period_s", "phase_s", "noise_cv", "step_s", "spikes"});
  DiurnalOptions o;
  // The diurnal stream walks one rate piece per step (and two per spike)
  // until an arrival: a valley of at least kMinRateQps * 2 / (1 + ratio), steps
  // of at least a second and at most one spike a second bound that walk.
  o.mean_qps = rate_at(node.at("mean_qps"));
  o.peak_to_valley = node.number_in_or("peak_to_valley", 1, kMaxPeakToValley, o.peak_to_valley);
  o.period_s = node.number_in_or("period_s", 1, kMaxTimeSpanS, o.period_s, "s");
  o.phase_s = node.number_in_or("phase_s", -kMaxTimeSpanS, kMaxTimeSpanS, o.phase_s, "s");
  o.noise_cv = node.number_in_or("noise_cv", 0, kMaxCv, o.noise_cv);
  o.step_s = node.number_in_or("step_s", 1, kMaxTimeSpanS, o.step_s, "s");
  if (const auto spikes = node.find("spikes")) {
    spikes->expect_object({"rate_per_hour", "magnitude", "duration_s"});
    o.spikes.rate_per_hour = spikes->number_in("rate_per_hour", 0, 3600, "per hour");
    o.spikes.magnitude = spikes->number_in_or("magnitude", kMinScaleFactor, kMaxScaleFactor, o.spikes.magnitude);
    o.spikes.duration_s = spikes->number_in_or("duration_s", kMinPeriodS, kMaxTimeSpanS, o.spikes.duration_s, "s");
  }
  return build(node, [&] { return std::make_shared<DiurnalArrivals>(o); });
}

Spec parse_nested_workload(const JsonNode& node, const std::filesystem::path& base_dir, int depth) {
  if (depth > kMaxWorkloadDepth) {
    node.fail("workloads nest at most " + std::to_string(kMaxWorkloadDepth) + " levels deep (segments within segments)");
  }
  if (!node.raw().is_object()) node.fail("expected a workload object with a \"kind\"");
  const std::string kind = node.at("kind").choice(
      {"poisson", "gamma", "mmpp", "segments", "gamma_transition", "rate_series", "request_replay", "diurnal"});
  if (kind == "poisson") return parse_poisson(node);
  if (kind == "gamma") return parse_gamma(node);
  if (kind == "mmpp") return parse_mmpp(node);
  if (kind == "segments") return parse_segments(node, base_dir, depth);
  if (kind == "gamma_transition") return parse_gamma_transition(node);
  if (kind == "rate_series") return parse_rate_series(node, base_dir);
  if (kind == "request_replay") return parse_request_replay(node, base_dir);
  return parse_diurnal(node);
}

}  // namespace

std::shared_ptr<const WorkloadSpec> parse_workload(const JsonNode& node, const std::filesystem::path& base_dir) {
  return parse_nested_workload(node, base_dir, 1);
}

std::shared_ptr<const WorkloadSpec> parse_mix(const JsonNode& node, std::size_t app_count,
                                              const std::filesystem::path& base_dir) {
  node.expect_object({"workload", "split"});
  if (app_count == 0) node.fail("a workload needs at least one application to go to");
  Spec workload = parse_workload(node.at("workload"), base_dir);
  if (!node.has("split") && app_count == 1) return std::make_shared<TaggedArrivals>(workload, 0);
  const JsonNode split = node.at("split");
  split.expect_object({"zipf", "weights"});
  if (split.has("zipf") == split.has("weights")) split.fail("expected exactly one of \"zipf\" or \"weights\"");
  std::vector<double> weights;
  if (split.has("zipf")) {
    weights = zipf_weights(app_count, split.number_in("zipf", 0, 100));  // n^-100 is already 0 past n = 2
  } else {
    // Only ratios matter; the bound keeps their sum finite.
    weights = numbers(split.at("weights"), [](const JsonNode& w) { return w.number_in(0, 1e6); });
    if (weights.size() != app_count) {
      split.at("weights").fail("expected " + std::to_string(app_count) + " weights, one per application, got " + std::to_string(weights.size()));
    }
  }
  return build(split, [&] { return std::make_shared<ApplicationMix>(workload, weights); });
}

std::vector<std::pair<std::string, std::string>> workload_kinds() {
  return {
      {"poisson", "Poisson arrivals at a constant rate"},
      {"gamma", "Gamma renewal arrivals: constant rate, inter-arrival cv (or InferLine's squared cv2)"},
      {"mmpp", "Markov-modulated Poisson: per-state rates, sojourns or a generator matrix"},
      {"segments", "child workloads back to back for fixed durations, optionally repeated"},
      {"gamma_transition", "InferLine's shift: rate and cv move linearly from one Gamma to another"},
      {"rate_series", "replay of per-interval counts (counts_line, csv, azure_functions) with window and rescaling"},
      {"request_replay", "replay of a per-request log (time column, optional deadline column)"},
      {"diurnal", "synthetic day: sinusoidal rate with peak-to-valley ratio, noise and spikes"},
  };
}

}  // namespace servesim
