// applications[i].history: a workload before the run, read by the workload
// reader (any kind) plus "duration_s", drawn once from its own random stream
// ("history/<application>") into per-second counts: the same for every load
// of the scenario, replayable arrival by arrival, and without effect on the
// run's own arrivals (common random numbers across policies).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
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
// are the same with it as without it; only the summary's provenance differs,
// which records the other scenario text.
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
  EXPECT_EQ(read_text(without_dir.path() / "out" / "static" / "timeseries.csv"),
            read_text(with_dir.path() / "out" / "static" / "timeseries.csv"));
  const auto summary = [](const TempDir& dir) {
    auto s = nlohmann::ordered_json::parse(read_text(dir.path() / "out" / "static" / "summary.json"));
    EXPECT_NE(s.at("provenance").at("scenario_sha256"), "");
    s.erase("provenance");
    return s.dump(2);
  };
  EXPECT_EQ(summary(without_dir), summary(with_dir));
}


// ArrivalHistory::thinned (a pipeline stage's share of its application's
// history): per second a binomial share of the entry's arrivals, and a replay
// that gives exactly those, each one of the entry's own arrivals.
class ThinnedHistory : public ::testing::Test {
 protected:
  void SetUp() override {
    scenario_ = std::make_unique<Scenario>(load(dir_, with_history({{"kind", "poisson"}, {"rate", 50}, {"duration_s", 3600}})));
    entry_ = scenario_->world.histories.at(0);
  }
  std::vector<SimTime> times(const ArrivalHistory& h) const {
    std::vector<SimTime> out;
    const auto stream = h.arrivals();
    while (const auto a = stream->next()) out.push_back(a->time);
    return out;
  }
  TempDir dir_;
  std::unique_ptr<Scenario> scenario_;
  std::shared_ptr<const ArrivalHistory> entry_;
};

TEST_F(ThinnedHistory, KeepsABinomialShareEverySecondAndReplaysExactlyIt) {
  const auto thinned = ArrivalHistory::thinned(entry_, 0.3, 7, "per-stage/history/app.b");
  ASSERT_EQ(thinned->per_second().size(), entry_->per_second().size());
  EXPECT_EQ(thinned->length(), entry_->length());
  for (std::size_t k = 0; k < entry_->per_second().size(); ++k) {
    ASSERT_LE(thinned->per_second()[k], entry_->per_second()[k]) << "second " << k;
  }
  // Binomial(N, 0.3) over the hour's N arrivals, within five standard deviations.
  const double n = static_cast<double>(entry_->total());
  EXPECT_NEAR(static_cast<double>(thinned->total()), 0.3 * n, 5 * std::sqrt(n * 0.3 * 0.7));

  const std::vector<SimTime> kept = times(*thinned);
  ASSERT_EQ(kept.size(), thinned->total());
  std::vector<std::uint32_t> counted(thinned->per_second().size(), 0);
  for (const SimTime t : kept) ++counted.at(static_cast<std::size_t>(t.ns / 1'000'000'000));
  EXPECT_EQ(counted, thinned->per_second());
  const std::vector<SimTime> all = times(*entry_);
  EXPECT_TRUE(std::includes(all.begin(), all.end(), kept.begin(), kept.end()));  // a subset, in order
  EXPECT_EQ(times(*thinned), kept);  // every replay the same
}

TEST_F(ThinnedHistory, TheSameNameGivesTheSameHistoryAnotherNameAnother) {
  const auto a = ArrivalHistory::thinned(entry_, 0.5, 7, "x");
  EXPECT_EQ(ArrivalHistory::thinned(entry_, 0.5, 7, "x")->per_second(), a->per_second());
  EXPECT_NE(ArrivalHistory::thinned(entry_, 0.5, 7, "y")->per_second(), a->per_second());
  EXPECT_EQ(ArrivalHistory::thinned(entry_, 1.0, 7, "x")->per_second(), entry_->per_second());
}

// last(n): the history's last n arrival times, from the tail kept while it
// was drawn, or replayed (a thinned history keeps none): the same either way.
TEST_F(ThinnedHistory, LastGivesTheLastArrivalsKeptOrReplayed) {
  const std::vector<SimTime> all = times(*entry_);
  ASSERT_GT(all.size(), 1000u);
  EXPECT_EQ(entry_->last(1000), std::vector<SimTime>(all.end() - 1000, all.end()));
  EXPECT_EQ(entry_->last(all.size() + 5), all);  // fewer than asked: all of them
  EXPECT_TRUE(entry_->last(0).empty());
  const auto thinned = ArrivalHistory::thinned(entry_, 0.5, 7, "x");
  const std::vector<SimTime> kept = times(*thinned);
  EXPECT_EQ(thinned->last(300), std::vector<SimTime>(kept.end() - 300, kept.end()));
}

// Drawn on first use, not when described (servesim validate draws none):
// a workload that counts its opens shows when, and that it is once.
class CountedOpens final : public WorkloadSpec {
 public:
  explicit CountedOpens(std::shared_ptr<const WorkloadSpec> inner) : inner_(std::move(inner)) {}
  std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const override {
    ++opens;
    return inner_->open(seed, name);
  }
  mutable int opens = 0;

 private:
  std::shared_ptr<const WorkloadSpec> inner_;
};

TEST_F(ThinnedHistory, IsDrawnOnFirstUseOnce) {
  const auto counted = std::make_shared<CountedOpens>(scenario_->world.workloads.at(0).spec);
  const auto history = std::make_shared<const ArrivalHistory>(counted, 3, "history/app", from_seconds(600));
  const auto thinned = ArrivalHistory::thinned(history, 0.5, 7, "x");
  EXPECT_EQ(counted->opens, 0);  // described, thinned: nothing drawn
  EXPECT_GT(thinned->total(), 0u);
  EXPECT_EQ(counted->opens, 1);  // the thinning drew its entry
  EXPECT_EQ(history->total(), history->total());
  EXPECT_EQ(counted->opens, 1);
}

}  // namespace
}  // namespace servesim::test
