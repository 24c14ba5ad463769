// ClusterView::finished_queries: per application, how its queries ended so
// far (on time, late, failed), Lambda's included, as a policy's SLO monitor
// reads it between two looks.
#include <gtest/gtest.h>

#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim {
// gtest prints a mismatch with this (found by argument-dependent lookup).
inline void PrintTo(const FinishedQueries& f, std::ostream* os) {
  *os << "{on_time " << f.on_time << ", late " << f.late << ", failed " << f.failed << "}";
}
}  // namespace servesim

namespace servesim::cloudtest {
namespace {

// Function f: m at 1024 MB, cold start 2 s, 250 ms from the "lambda" profile;
// the account runs 3 at once.
json with_lambda(json doc) {
  doc["cloud"] = {{"lambda",
                   {{"functions", json::array({{{"name", "f"}, {"variant", "m"}, {"memory_mb", 1024},
                                                {"cold_start_ms", 2000}}})}}}};
  return doc;
}

// App a goes to Lambda with an SLO of 1 s: a cold start (2.25 s) is late, a
// warm one (250 ms) on time, the fourth of four at once is throttled. App b is
// rejected by the policy.
TEST(FinishedQueries, CountsOnTimeLateAndFailedPerApplicationAsTheyHappen) {
  test::TempDir dir;
  json doc = with_lambda(cloud_world());
  doc["duration_s"] = 30;
  // a: 1 s cold (ends 3.25 s, late); 5 s warm (ends 5.25 s); at 10.2 s four
  // at once: one warm (ends 10.45 s), two cold (end 12.45 s, late), one
  // throttled (failed at 10.2 s).
  doc["applications"] = json::array({app("a", "f", 1000, replay_at_seconds(dir, {1, 5, 10.2, 10.2, 10.2, 10.2}, "a.txt")),
                                     app("b", "f", 1000, replay_at_seconds(dir, {20}, "b.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.router = [](const RouteRequest& request, const ClusterView&) {
    return request.app == 0 ? RouteDecision::to_lambda(0) : RouteDecision::reject();
  };
  c.tick = from_seconds(1);
  std::map<int, FinishedQueries> seen;  // app a at each whole second
  c.every_tick = [&](const ClusterView& view) {
    seen[static_cast<int>(std::lround(view.now().seconds()))] = view.finished_queries(0);
  };
  const CloudRun r = run(scenario, c);

  EXPECT_EQ(seen.at(3), (FinishedQueries{0, 0, 0}));   // the cold one is still running
  EXPECT_EQ(seen.at(4), (FinishedQueries{0, 1, 0}));
  EXPECT_EQ(seen.at(6), (FinishedQueries{1, 1, 0}));
  EXPECT_EQ(seen.at(10), (FinishedQueries{1, 1, 0}));
  EXPECT_EQ(seen.at(11), (FinishedQueries{2, 1, 1}));  // the throttled one failed at once
  EXPECT_EQ(seen.at(13), (FinishedQueries{2, 3, 1}));
  EXPECT_EQ(seen.at(13).since(seen.at(6)), (FinishedQueries{1, 2, 1}));  // between two looks

  ASSERT_EQ(r.finished.size(), 2u);
  EXPECT_EQ(r.finished[0], (FinishedQueries{2, 3, 1}));
  EXPECT_EQ(r.finished[1], (FinishedQueries{0, 0, 1}));
  // The same queries the run's own counts report.
  EXPECT_EQ(r.finished[0].total() + r.finished[1].total(), r.counts.arrived);
  EXPECT_EQ(r.finished[0].on_time + r.finished[1].on_time, r.counts.on_time);
  EXPECT_EQ(r.finished[0].late + r.finished[1].late, r.counts.late);
}

// A query dropped at a replica (its deadline passed before its batch formed)
// is a failure too.
TEST(FinishedQueries, ADropAtAReplicaIsAFailure) {
  test::TempDir dir;
  json doc = cloud_world();
  doc["duration_s"] = 5;
  doc["serving"]["drop"] = "expired";
  doc["cluster"] = {{"instances", json::array({{{"type", "c5.large"}}})}};
  // One replica of m (100 ms, concurrency 1), SLO 150 ms: of three at once the
  // first is on time, the second late (200 ms), the third expired at 200 ms.
  doc["applications"] = json::array({app("a", "f", 150, replay_at_seconds(dir, {1, 1, 1}, "a.txt"))});
  const Scenario scenario = load_doc(dir, doc);
  TestController c;
  c.tick = Duration::infinite();
  c.on_start = [](ClusterControl& control, const ClusterView& view) { load_on(control, view, 0, "m"); };
  const CloudRun r = run(scenario, c);
  ASSERT_EQ(r.finished.size(), 1u);
  EXPECT_EQ(r.finished[0], (FinishedQueries{1, 1, 1}));
  EXPECT_EQ(r.counts.dropped, 1u);
}

}  // namespace
}  // namespace servesim::cloudtest
