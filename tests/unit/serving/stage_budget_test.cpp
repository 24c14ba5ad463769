// Per-stage deadlines (ClusterControl::set_stage_budget, stage_deadlines.hpp):
// a stage with a budget has its batches formed against the earlier of the
// query's deadline and its start at the stage plus the budget; drops and the
// outcome stay end to end; without a budget nothing changes.
//
// One query at t = 0 through a -> b (SLO 1000 ms), both stages on Proteus
// batchers with B* 8 (engine_world: a_fast 10 ms at batch 1, 12 at 2; b1
// 20 ms at 1, 22 at 2). Alone in its queue, a Proteus batcher waits until
// T_exp(1) - T_process(2) for a second query, then runs the one it has.
#include <gtest/gtest.h>

#include <map>
#include <utility>

#include "engine_harness.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

// The static policy, with budgets set on the engine before it starts.
class WithBudgets final : public Controller {
 public:
  WithBudgets(Controller& inner, std::map<StageId, Duration> budgets) : inner_(inner), budgets_(std::move(budgets)) {}
  void start(ClusterControl& control, const ClusterView& view) override {
    for (const auto& [stage, budget] : budgets_) control.set_stage_budget(0, stage, budget);
    inner_.start(control, view);
  }
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override {
    return inner_.route(request, control, view);
  }

 private:
  Controller& inner_;
  std::map<StageId, Duration> budgets_;
};

class Outcomes final : public QuerySink {
 public:
  void on_query(const QueryOutcome& outcome) override { all.push_back(outcome); }
  std::vector<QueryOutcome> all;
};

json chain_doc(const TempDir& dir, const json& batcher_a, const json& batcher_b, const std::string& routing = "") {
  json doc = engine_world();
  doc["duration_s"] = 1;
  json app = R"({"name": "app", "slo_ms": 1000,
                 "pipeline": {"stages": [{"name": "A", "family": "a"}, {"name": "B", "family": "b"}],
                              "edges": [{"from": "A", "to": "B"}]}})"_json;
  app["workload"] = replay_at(dir, {0.0});
  doc["applications"] = json::array({app});
  doc["policies"] = static_policy({place("a_fast", 1, batcher_a), place("b1", 1, batcher_b)}, routing);
  return doc;
}

std::vector<QueryOutcome> run_with_budgets(const TempDir& dir, const json& doc, std::map<StageId, Duration> budgets) {
  const Scenario scenario = load_doc(dir, doc);
  const auto policy = first_policy(scenario);
  WithBudgets controller(*policy, std::move(budgets));
  Outcomes outcomes;
  RunMetrics metrics(RunMetricsConfig{scenario.world.window, SimTime::zero() + scenario.world.duration, {"app"},
                                      nullptr, &outcomes, scenario.world.warmup});
  Simulation simulation(scenario.world, controller, metrics);
  simulation.start();
  simulation.run();
  return outcomes.all;
}

const json kProteus = {{"kind", "proteus"}, {"max_batch", 8}};

TEST(StageBudget, AProteusBatcherStartsItsBatchByTheStageDeadline) {
  TempDir dir;
  // A: deadline min(1000, 0 + 100) = 100 ms, batch at 100 - 12 = 88, done 98.
  // B: starts at 98, deadline min(1000, 98 + 900) = 998, batch at 998 - 22 =
  // 976, done 996 ms: on time, B not starved.
  const auto out = run_with_budgets(dir, chain_doc(dir, kProteus, kProteus),
                                    {{0, from_millis(100)}, {1, from_millis(900)}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].kind, OutcomeKind::kCompleted);
  EXPECT_EQ(out[0].finish, SimTime::zero() + from_millis(996));
  EXPECT_EQ(out[0].queue_wait, from_millis(88 + 878));
  EXPECT_TRUE(out[0].on_time());
}

TEST(StageBudget, WithoutABudgetTheEndToEndDeadlineStarvesTheLaterStage) {
  TempDir dir;
  // The old behaviour: A waits until 1000 - 12 = 988, done 998; B's batch of
  // one would end at 998 + 20 > 1000, so B's early drop takes it at 998.
  const auto out = run_with_budgets(dir, chain_doc(dir, kProteus, kProteus), {});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].kind, OutcomeKind::kDropped);
  EXPECT_EQ(out[0].finish, SimTime::zero() + from_millis(998));
}

TEST(StageBudget, OnlyTheBudgetedStageChanges) {
  TempDir dir;
  // A budget on B alone: A as without (done 998); B's deadline min(1000,
  // 998 + 900) = 1000: dropped at 998 as without.
  const auto b_only = run_with_budgets(dir, chain_doc(dir, kProteus, kProteus), {{1, from_millis(900)}}).at(0);
  EXPECT_EQ(b_only.kind, OutcomeKind::kDropped);
  EXPECT_EQ(b_only.finish, SimTime::zero() + from_millis(998));
  // A budget on A alone: A done at 98 as above; B against the query's
  // deadline 1000: at 1000 - 22 = 978, done 998, on time.
  const auto a_only = run_with_budgets(dir, chain_doc(dir, kProteus, kProteus), {{0, from_millis(100)}}).at(0);
  EXPECT_EQ(a_only.kind, OutcomeKind::kCompleted);
  EXPECT_EQ(a_only.finish, SimTime::zero() + from_millis(998));
}

TEST(StageBudget, TheStageStartsWhenItsVisitEntersACentralQueue) {
  TempDir dir;
  // The same through central queues: the same times.
  const auto out = run_with_budgets(dir, chain_doc(dir, kProteus, kProteus, "central_queue"),
                                    {{0, from_millis(100)}, {1, from_millis(900)}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].finish, SimTime::zero() + from_millis(996));
}

TEST(StageBudget, DropsAndOutcomesStayEndToEnd) {
  TempDir dir;
  // A times out after 200 ms, past its 100 ms stage deadline: the engine's
  // expired-drop looks at the query's deadline (1000 ms), so the visit runs:
  // 200 + 10, then B greedy 20: done at 230 ms, on time.
  json doc = chain_doc(dir, {{"kind", "timeout"}, {"timeout_ms", 200}}, {{"kind", "greedy"}});
  doc["serving"]["drop"] = "expired";
  const auto out = run_with_budgets(dir, doc, {{0, from_millis(100)}, {1, from_millis(100)}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].kind, OutcomeKind::kCompleted);
  EXPECT_EQ(out[0].finish, SimTime::zero() + from_millis(230));
  EXPECT_TRUE(out[0].on_time());
}

TEST(StageBudget, AStageThatDoesNotExistIsAnInvariantError) {
  TempDir dir;
  EXPECT_THROW(run_with_budgets(dir, chain_doc(dir, kProteus, kProteus), {{2, from_millis(100)}}), InvariantError);
}

}  // namespace
}  // namespace servesim::test
