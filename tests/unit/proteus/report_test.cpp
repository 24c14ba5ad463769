// What the Proteus family reports at the end of a run (summary.json's
// "policy" object, timing.json's wall-clock figures), on the test world
// (proteus_world.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>

#include "tests/unit/proteus/proteus_world.hpp"

namespace servesim::proteus::test {
namespace {

std::optional<double> find(const PolicyCounters::Entries& entries, const std::string& name) {
  const auto it = std::find_if(entries.begin(), entries.end(), [&](const auto& e) { return e.first == name; });
  return it == entries.end() ? std::nullopt : std::optional<double>(it->second);
}

std::vector<std::string> names(const PolicyCounters::Entries& entries) {
  std::vector<std::string> out;
  for (const auto& e : entries) out.push_back(e.first);
  return out;
}

// img at 100 QPS, then `busy` QPS; txt at 10 QPS; Proteus with a fixed solve
// delay of 2 s unless `params` give one.
Outcome run(double busy, json params = json::object(), const std::string& policy = "proteus") {
  params["initial_load_qps"] = {{"img", 100}, {"txt", 10}};
  if (policy == "proteus" && !params.contains("solve_delay")) params["solve_delay"] = 2;
  return run_policy(with_policy(world(steps({{30, 100}, {40, busy}}), steps({{70, 10}}), 70), policy, params));
}

TEST(ProteusReport, CountersAreTheStatsUnderSnakeCaseNames) {
  const Outcome o = run(600);
  const PolicyCounters::Entries& c = o.counters.counters();
  EXPECT_EQ(names(c), (std::vector<std::string>{"solves", "burst_solves", "infeasible_solves", "milp_solves",
                                                "time_limit_hits", "time_limit_incumbents", "time_limit_plans_kept",
                                                "plans_applied", "reloads", "min_beta", "solve_delay_s_total"}));
  EXPECT_EQ(*find(c, "solves"), o.stats.solves);
  EXPECT_EQ(*find(c, "burst_solves"), o.stats.burst_solves);
  EXPECT_EQ(*find(c, "plans_applied"), o.stats.plans_applied);
  EXPECT_EQ(*find(c, "reloads"), o.stats.reloads);
  EXPECT_GE(o.stats.solves, 4u);  // warm-ups at 5 and 20 s, periodic at 50 s, the burst at 30 s
  EXPECT_GT(o.stats.reloads, 0u);
  // One GLPK solve per decision and one for the start plan: nothing was infeasible.
  EXPECT_EQ(*find(c, "milp_solves"), o.stats.solves + 1);
  EXPECT_EQ(*find(c, "infeasible_solves"), 0);
  EXPECT_EQ(*find(c, "time_limit_hits"), 0);
  EXPECT_DOUBLE_EQ(*find(c, "min_beta"), 1.05);
  // Every plan after the start waited out the 2 s solve delay.
  EXPECT_DOUBLE_EQ(*find(c, "solve_delay_s_total"), 2.0 * (o.stats.plans_applied - 1));
}

TEST(ProteusReport, GlpkTimeGoesToTimingOnly) {
  const Outcome o = run(600);
  EXPECT_EQ(names(o.counters.wall_seconds()), (std::vector<std::string>{"milp_wall_s"}));
  EXPECT_GT(*find(o.counters.wall_seconds(), "milp_wall_s"), 0);
  // A measured solve delay is wall-clock time too.
  const Outcome measured = run(600, {{"solve_delay", "measured"}});
  EXPECT_FALSE(find(measured.counters.counters(), "solve_delay_s_total"));
  EXPECT_GT(*find(measured.counters.wall_seconds(), "solve_delay_s_total"), 0);
}

TEST(ProteusReport, AnOverloadLowersBetaAndAnImpossibleLoadKeepsThePlan) {
  // 3000/s of img is more than the cluster serves (about 1000/s at the
  // fastest variants): beta is lowered below 1. 1e5/s is too much even at
  // beta 0.2: those decisions keep the plan in effect.
  const Outcome overload = run(3000);
  EXPECT_LT(*find(overload.counters.counters(), "min_beta"), 1.0);
  EXPECT_EQ(*find(overload.counters.counters(), "min_beta"), overload.stats.min_beta);
  EXPECT_GT(*find(overload.counters.counters(), "milp_solves"), overload.stats.solves + 1);  // the lowering's tries
  const Outcome impossible = run(1e5);
  EXPECT_GT(*find(impossible.counters.counters(), "infeasible_solves"), 0);
  EXPECT_EQ(*find(impossible.counters.counters(), "infeasible_solves"), impossible.stats.infeasible);
}

TEST(ProteusReport, SommeliersHeuristicSolvesNoMilp) {
  const Outcome o = run(600, json::object(), "sommelier");
  EXPECT_GE(*find(o.counters.counters(), "solves"), 4);
  EXPECT_EQ(*find(o.counters.counters(), "milp_solves"), 1);  // its start plan only
  EXPECT_DOUBLE_EQ(*find(o.counters.counters(), "min_beta"), 1.5);
  EXPECT_EQ(*find(o.counters.counters(), "solve_delay_s_total"), 0);  // it decides at once
}

TEST(ProteusReport, AStartCutShortByTheTimeLimitSaysSo) {
  // GLPK stops before its first subproblem at 1 ms (proteus_milp_test.cpp):
  // every beta of the start's lowering is unknown, so there is no start plan.
  try {
    run(600, {{"time_limit_s", 1e-9}});
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("time_limit_s"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace servesim::proteus::test
