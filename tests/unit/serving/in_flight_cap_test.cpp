// serving.max_in_flight: the arrival that would hold one query more than the
// cap in flight stops the run, naming the application, the cap and the time.
#include <gtest/gtest.h>

#include "engine_harness.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

// `n` queries at 5 ms and one a_fast replica (10 ms a batch of 1): all `n`
// are in flight together.
json burst(const TempDir& dir, int n, int cap) {
  json doc = engine_world(1);
  doc["duration_s"] = 1;
  doc["serving"]["max_in_flight"] = cap;
  doc["applications"] = single_stage_app("a", 100000, replay_at(dir, std::vector<double>(n, 5.0)));
  doc["policies"] = static_policy({place("a_fast", 1, {{"kind", "greedy"}, {"max_batch", 1}})});
  return doc;
}

TEST(InFlightCap, TheArrivalOverTheCapStopsTheRun) {
  TempDir dir;
  try {
    run_engine(dir, burst(dir, 51, 50));
    FAIL() << "the 51st query in flight should stop the run";
  } catch (const InFlightCapExceeded& stop) {
    EXPECT_EQ(stop.app(), "app");
    EXPECT_EQ(stop.cap(), 50u);
    EXPECT_EQ(stop.at().ns, at_seconds(0.005).ns);
  }
}

TEST(InFlightCap, ExactlyTheCapInFlightRuns) {
  TempDir dir;
  const EngineRun run = run_engine(dir, burst(dir, 50, 50));
  EXPECT_EQ(run.counts.completed, 50u);
}

// Queries that left make room: 50 arrive at 5 ms and 50 more at 1 s, when the
// first 50 are done (0.5 s of work), so 50 in flight at most.
TEST(InFlightCap, CountsOnlyQueriesStillInFlight) {
  TempDir dir;
  json doc = burst(dir, 50, 50);
  std::vector<double> times(50, 5.0);
  times.insert(times.end(), 50, 1000.0);
  doc["duration_s"] = 2;
  doc["applications"] = single_stage_app("a", 100000, replay_at(dir, times));
  const EngineRun run = run_engine(dir, doc);
  EXPECT_EQ(run.counts.completed, 100u);
}

// The default is a memory budget: 2 GiB of queries at 90 bytes each.
TEST(InFlightCap, TheDefaultIsTwoGibibytesOfQueries) {
  EXPECT_EQ(kDefaultMaxInFlight, 23'860'929u);
  EXPECT_EQ(memory_text(kDefaultMaxInFlight), "2.0 GiB");
  EXPECT_EQ(memory_text(100), "9 KiB");
  EXPECT_EQ(memory_text(1'000'000), "86 MiB");
}

TEST(InFlightCap, TheStopSaysWhatTheCapCostsInMemory) {
  const InFlightCapExceeded stop("app", 100, at_seconds(2));
  EXPECT_EQ(std::string(stop.what()),
            "application \"app\" would exceed the cap of 100 queries in flight (about 9 KiB of memory) at 2.000000 s");
}

}  // namespace
}  // namespace servesim::test
