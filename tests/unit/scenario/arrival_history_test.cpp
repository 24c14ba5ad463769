// applications[i].history: a workload before the run, read by the workload
// reader (any kind) plus "duration_s", drawn once from its own random stream
// ("history/<application>") into per-second counts: the same for every load
// of the scenario, replayable arrival by arrival, and without effect on the
// run's own arrivals (common random numbers across policies).
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include <nlohmann/json.hpp>

#include "sim/scenario/scenario_loader.hpp"
#include "tests/regression/regression_support.hpp"
#include "toy_scenario.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

Scenario load(const TempDir& dir, const json& scenario) {
  return load_scenario(dir.write("scenario.json", scenario.dump()).string());
}

json with_history(json history) {
  json s = base_scenario();
  s["applications"][0]["history"] = std::move(history);
  return s;
}

const json kPoissonDay = {{"kind", "poisson"}, {"rate", 50}, {"duration_s", 86400}};

TEST(ArrivalHistory, CountsPerSecondTheSameOnEveryLoad) {
  TempDir dir;
  const Scenario a = load(dir, with_history(kPoissonDay));
  const Scenario b = load(dir, with_history(kPoissonDay));
  const ArrivalHistory* history = a.world.history_of(0);
  ASSERT_NE(history, nullptr);
  EXPECT_EQ(history->length(), from_seconds(86400));
  ASSERT_EQ(history->per_second().size(), 86400u);
  EXPECT_EQ(history->per_second(), b.world.history_of(0)->per_second());
  const std::uint64_t sum = std::accumulate(history->per_second().begin(), history->per_second().end(), std::uint64_t{0});
  EXPECT_EQ(sum, history->total());
  // 50 QPS for a day: 4.32 M, within five standard deviations (sqrt(4.32e6) = 2078).
  EXPECT_NEAR(static_cast<double>(history->total()), 4.32e6, 5 * 2078.5);
  // Another seed, another history.
  json other = with_history(kPoissonDay);
  other["seed"] = 4;
  EXPECT_NE(load(dir, other).world.history_of(0)->per_second(), history->per_second());
}

TEST(ArrivalHistory, TheArrivalsReplayWhatTheCountsCount) {
  TempDir dir;
  const Scenario s = load(dir, with_history({{"kind", "gamma"}, {"rate", 30}, {"cv", 2}, {"duration_s", 600.5}}));
  const ArrivalHistory& history = *s.world.history_of(0);
  ASSERT_EQ(history.per_second().size(), 601u);  // the last second is half a second
  std::vector<std::uint32_t> counted(601, 0);
  const auto stream = history.arrivals();
  SimTime previous;
  while (const auto arrival = stream->next()) {
    ASSERT_GE(arrival->time, previous);
    ASSERT_LT(arrival->time, at_seconds(600.5));
    ++counted.at(static_cast<std::size_t>(arrival->time.ns / 1'000'000'000));
    previous = arrival->time;
  }
  EXPECT_EQ(counted, history.per_second());
}

// Any workload kind, read by the same code: a request log, cut at the
// history's length.
TEST(ArrivalHistory, AnyWorkloadKindSuchAsARequestLog) {
  TempDir dir;
  dir.write("log.txt", "500\n700\n1200\n2999\n3000\n3900\n");
  const Scenario s = load(dir, with_history({{"kind", "request_replay"}, {"file", "log.txt"}, {"time_unit", "ms"},
                                             {"duration_s", 3}}));
  EXPECT_EQ(s.world.history_of(0)->per_second(), (std::vector<std::uint32_t>{2, 1, 1}));
  EXPECT_EQ(s.world.history_of(0)->total(), 4u);
}

TEST(ArrivalHistory, NoneUnlessGiven) {
  TempDir dir;
  json s = base_scenario();
  s["applications"].push_back({{"name", "other"}, {"family", "toy"}, {"slo_ms", 100},
                               {"workload", {{"kind", "poisson"}, {"rate", 5}}},
                               {"history", {{"kind", "poisson"}, {"rate", 5}, {"duration_s", 10}}}});
  const Scenario loaded = load(dir, s);
  EXPECT_EQ(loaded.world.history_of(0), nullptr);
  ASSERT_NE(loaded.world.history_of(1), nullptr);
  EXPECT_EQ(loaded.world.history_of(2), nullptr);  // no such application
  EXPECT_EQ(load(dir, base_scenario()).world.history_of(0), nullptr);
}

// The history has its own stream: the run's arrivals, and so every output,
// are the same with it as without it.
TEST(ArrivalHistory, LeavesTheRunsOutputsByteIdentical) {
  TempDir without_dir, with_dir;
  json plain = base_scenario();
  plain["duration_s"] = 30;
  json with = plain;
  with["applications"][0]["history"] = {{"kind", "poisson"}, {"rate", 20}, {"duration_s", 600}};
  for (const auto& [dir, scenario] : {std::pair<const TempDir&, const json&>{without_dir, plain}, {with_dir, with}}) {
    const auto file = dir.write("scenario.json", scenario.dump());
    ASSERT_EQ(run_servesim({"run", file.string(), "--out", (dir.path() / "out").string(), "--quiet"}, dir.path()).status, 0);
  }
  for (const char* name : {"summary.json", "timeseries.csv"}) {
    EXPECT_EQ(read_text(without_dir.path() / "out" / "static" / name), read_text(with_dir.path() / "out" / "static" / name))
        << name;
  }
}

}  // namespace
}  // namespace servesim::test
