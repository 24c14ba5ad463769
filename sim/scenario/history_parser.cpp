#include "sim/scenario/history_parser.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>
#include <vector>

#include "sim/core/input_limits.hpp"

#include "sim/scenario/workload_parser.hpp"

namespace servesim {
namespace {

// The history's own object allows "duration_s" besides its workload's keys;
// the workload reader never sees that key (it is removed first), so an
// observer hears of it here, with the workload's keys at the history's path.
class HistoryKeys : public JsonObjectObserver {
 public:
  HistoryKeys(JsonObjectObserver& inner, std::string path) : inner_(inner), path_(std::move(path)) {}

  void object_read(const JsonNode& node, std::span<const std::string_view> allowed_keys) override {
    if (node.path() != path_) return inner_.object_read(node, allowed_keys);
    std::vector<std::string_view> keys(allowed_keys.begin(), allowed_keys.end());
    keys.push_back("duration_s");
    inner_.object_read(node, keys);
  }

 private:
  JsonObjectObserver& inner_;
  std::string path_;
};

// The arrivals a history will hold, estimated from its first
// kHistoryProbeArrivals: the rate they arrive at, times the history's length
// (exact when it holds fewer). A few milliseconds, where drawing a history of
// 1e7 QPS over a year would take days.
double expected_history_arrivals(const WorkloadSpec& spec, std::uint64_t seed, const std::string& stream,
                                 Duration length) {
  const auto arrivals = spec.open(seed, stream);
  std::uint64_t n = 0;
  SimTime last = SimTime::zero();
  while (n < kHistoryProbeArrivals) {
    const auto arrival = arrivals->next();
    if (!arrival || arrival->time >= SimTime::zero() + length) return static_cast<double>(n);
    last = arrival->time;
    ++n;
  }
  return static_cast<double>(n) * length.seconds() / std::max(last.seconds(), 1e-9);
}

}  // namespace

std::shared_ptr<const ArrivalHistory> parse_history(const JsonNode& node, const std::filesystem::path& base_dir,
                                                    std::uint64_t seed, const std::string& application) {
  if (!node.raw().is_object()) node.fail("expected a workload object with a \"kind\" and a \"duration_s\"");
  const Duration length = node.at("duration_s").seconds_in(kMinPeriodS, kMaxHistoryS);
  // The rest is a workload, read by the one workload reader; its errors name
  // the history's fields.
  nlohmann::json workload = node.raw();
  workload.erase("duration_s");
  std::optional<HistoryKeys> keys;
  if (node.observer()) keys.emplace(*node.observer(), node.path());
  const auto spec = parse_workload(JsonNode(workload, node.file(), node.path(), keys ? &*keys : nullptr), base_dir);
  // A trace the workload reads lazily is read here: its errors name the field too.
  const std::string stream = "history/" + application;
  // Refused before it is drawn; the drawing stops at the limit too, for a
  // workload whose rate rises after the probe.
  const double expected = read_file_named_by(node, [&] { return expected_history_arrivals(*spec, seed, stream, length); });
  if (expected > static_cast<double>(kMaxHistoryArrivals)) {
    std::ostringstream text;
    text << "about " << std::setprecision(3) << expected << " arrivals in " << length.seconds()
         << " s, more than the " << kMaxHistoryArrivals
         << " a history may hold (docs/scenario.md, \"Limits\"): lower its rate or its duration_s";
    node.fail(text.str());
  }
  return std::make_shared<const ArrivalHistory>(spec, seed, stream, length, node.where());
}

}  // namespace servesim
