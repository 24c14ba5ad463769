// InferLine's sample trace: the history when there is one, else the
// application's workload from a stream of its own.
#include "policies/inferline/planning_sample.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/unit/serving/engine_harness.hpp"

namespace servesim::inferline {
namespace {

using nlohmann::json;

Scenario load(const test::TempDir& dir, json app) {
  json doc = test::engine_world();
  doc["applications"] = json::array({std::move(app)});
  doc["policies"] = test::static_policy({test::place("a_fast")});
  return test::load_doc(dir, doc);
}

TEST(PlanningSample, WithoutHistoryTheWorkloadFromAnotherStream) {
  test::TempDir dir;
  const Scenario s = load(dir, {{"name", "app"}, {"family", "a"}, {"slo_ms", 100},
                                {"workload", {{"kind", "poisson"}, {"rate", 100}}}});
  const auto sample = planning_sample(s.world, 0, 2000);
  ASSERT_EQ(sample.size(), 2000u);
  EXPECT_TRUE(std::is_sorted(sample.begin(), sample.end()));
  // The same lambda (2000 arrivals in about 20 s), not the run's own arrivals.
  EXPECT_NEAR(sample.back().seconds(), 20.0, 2.0);
  auto run_stream = s.world.workloads[0].spec->open(s.world.seed, s.world.workload_streams[0]);
  EXPECT_NE(run_stream->next()->time, sample.front());
  EXPECT_EQ(planning_sample(s.world, 0, 2000), sample);  // deterministic
  EXPECT_EQ(planning_sample(s.world, 0).size(), kPrototypeSampleSize);
}

TEST(PlanningSample, WithHistoryItsLastArrivals) {
  test::TempDir dir;
  const Scenario s = load(dir, {{"name", "app"}, {"family", "a"}, {"slo_ms", 100},
                                {"workload", {{"kind", "poisson"}, {"rate", 100}}},
                                {"history", {{"kind", "poisson"}, {"rate", 10}, {"duration_s", 60}}}});
  const ArrivalHistory& history = *s.world.history_of(0);
  const auto all = planning_sample(s.world, 0, 1'000'000);
  EXPECT_EQ(all.size(), history.total());
  const auto last = planning_sample(s.world, 0, 100);
  ASSERT_EQ(last.size(), 100u);
  EXPECT_EQ(last.back(), all.back());
  EXPECT_EQ(last.front(), all[all.size() - 100]);
}

}  // namespace
}  // namespace servesim::inferline
