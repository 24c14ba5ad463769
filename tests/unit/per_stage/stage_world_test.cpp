// The inner policy's world (stage_world.hpp): each (application, stage) is a
// one-stage application; its history and its run arrivals are the
// application's, each kept with the stage's visit probability from a stream of
// its own, all of them when every query visits the stage.
//
// "branchy": detect (fa) -> classify (fb) with probability 0.3, 200 ms SLO,
// Poisson 20 QPS, a 600 s history at 20 QPS; "other" (fb alone) in a mix.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "policies/mark/history_samples.hpp"
#include "policies/per_stage/stage_world.hpp"
#include "tests/unit/per_stage/per_stage_world.hpp"

namespace servesim::per_stage::test {
namespace {

json branchy_world(bool mix) {
  json doc = with_fixed_cpus(chain_world());
  json& app = doc["applications"][0];
  app["name"] = "branchy";
  app["slo_ms"] = 200;
  app["pipeline"]["edges"][0]["probability"] = 0.3;
  app["workload"] = {{"kind", "poisson"}, {"rate", 20}};
  app["history"] = {{"kind", "poisson"}, {"rate", 20}, {"duration_s", 600}};
  if (mix) {
    app.erase("workload");
    doc["applications"].push_back({{"name", "other"}, {"family", "fb"}, {"slo_ms", 200}});
    doc["mix"] = {{"workload", {{"kind", "poisson"}, {"rate", 40}}}, {"split", {{"weights", {0.5, 0.5}}}}};
  }
  return doc;
}

std::uint64_t total(const std::vector<double>& samples) {
  return static_cast<std::uint64_t>(std::llround(std::accumulate(samples.begin(), samples.end(), 0.0)));
}

class StageWorldTest : public ::testing::Test {
 protected:
  Scenario load(bool mix) { return cloudtest::load_doc(dir_, branchy_world(mix)); }
  servesim::test::TempDir dir_;
};

TEST_F(StageWorldTest, EachStageIsAOneStageApplicationWithItsBudget) {
  const Scenario s = load(false);
  const StageApplications stages(s.world, SloSplit::kFastestLatency);
  const PolicyWorld w = stage_world(s.world, stages);
  ASSERT_EQ(w.applications.size(), 2u);
  EXPECT_EQ(w.applications[0].name, "branchy.detect");
  EXPECT_EQ(w.applications[1].name, "branchy.classify");
  EXPECT_EQ(w.applications[0].slo, from_millis(80));   // 200 x 40 / 100
  EXPECT_EQ(w.applications[1].slo, from_millis(120));  // 200 x 60 / 100
  EXPECT_EQ(w.applications[1].pipeline.stages().size(), 1u);
  EXPECT_EQ(w.applications[1].pipeline.stages()[0].family, s.world.applications[0].pipeline.stages()[1].family);
  EXPECT_TRUE(w.offline_jobs.empty());
  EXPECT_EQ(w.devices, s.world.devices);
  EXPECT_EQ(stages.derived(0, 1), 1u);
  EXPECT_EQ(stages.real(1).stage, 1u);
  EXPECT_THROW(stages.real(1, 1), InvariantError);  // a derived application has stage 0 only
  EXPECT_THROW(stages.real(2), InvariantError);
}

TEST_F(StageWorldTest, AStageEveryQueryVisitsHasTheApplicationsVeryHistory) {
  const Scenario s = load(false);
  const PolicyWorld w = stage_world(s.world, StageApplications(s.world, SloSplit::kEqual));
  ASSERT_NE(w.history_of(0), nullptr);
  EXPECT_EQ(w.history_of(0), s.world.history_of(0));  // the same history, not a draw
}

TEST_F(StageWorldTest, ABranchsHistoryIsThinnedByItsVisitProbability) {
  const Scenario s = load(false);
  const StageApplications stages(s.world, SloSplit::kEqual);
  const PolicyWorld w = stage_world(s.world, stages);
  const ArrivalHistory& entry = *s.world.history_of(0);
  const ArrivalHistory& branch = *w.history_of(1);
  EXPECT_EQ(branch.length(), entry.length());
  ASSERT_EQ(branch.per_second().size(), entry.per_second().size());
  for (std::size_t k = 0; k < entry.per_second().size(); ++k) {
    ASSERT_LE(branch.per_second()[k], entry.per_second()[k]) << "second " << k;  // a subset of the arrivals
  }
  // About 0.3 of 12 000 arrivals, within 4.5 standard errors.
  EXPECT_TRUE(cloudtest::within_binomial(branch.total(), entry.total(), 0.3)) << branch.total() << " of " << entry.total();
  // Drawn from its own stream: the same again, and replayed the same.
  const PolicyWorld again = stage_world(s.world, stages);
  EXPECT_EQ(again.history_of(1)->per_second(), branch.per_second());
  std::uint64_t replayed = 0;
  for (auto stream = branch.arrivals(); stream->next();) ++replayed;
  EXPECT_EQ(replayed, branch.total());
}

// The stages' oracle (MArk's oracle predictor reads the run's arrivals per
// application) holds the applications' run arrivals, thinned alike.
TEST_F(StageWorldTest, TheRunsArrivalsAreTheApplicationsThinnedAlike) {
  for (bool mix : {false, true}) {
    const Scenario s = load(mix);
    const StageApplications stages(s.world, SloSplit::kEqual);
    const PolicyWorld w = stage_world(s.world, stages);
    const ArrivalOracle run(s.world);
    const ArrivalOracle o = stage_oracle(run, s.world, stages);
    const mark::PredictorSettings settings;
    const std::vector<double> entry = mark::run_samples(run, s.world, 0, settings);
    ASSERT_GT(total(entry), 100u) << "mix " << mix;
    EXPECT_EQ(mark::run_samples(o, w, 0, settings), entry) << "mix " << mix;  // detect: every query
    const std::uint64_t branch = total(mark::run_samples(o, w, 1, settings));
    EXPECT_LT(branch, total(entry));
    EXPECT_GT(branch, 0u);
    if (mix) {
      // "other" is derived application 2, with its own arrivals from the mix.
      EXPECT_EQ(mark::run_samples(o, w, 2, settings), mark::run_samples(run, s.world, 1, settings));
    }
  }
}

}  // namespace
}  // namespace servesim::per_stage::test
