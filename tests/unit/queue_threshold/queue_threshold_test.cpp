// The worked example of docs/adding_a_policy.md: a threshold autoscaler on
// elastic instances, run through the real engine on the cloud test world
// (cloud_harness.hpp: c5.large serves m in 100 ms, one query at a time, so
// 10 QPS an instance; boot 60 s, load 5 s).
#include "policies/queue_threshold/queue_threshold_policy.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/core/input_error.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"
#include "tests/unit/serving/engine_harness.hpp"

namespace servesim::queue_threshold {
namespace {

using nlohmann::json;
using servesim::test::TempDir;

// Evenly spaced arrivals at `rate` per second over [0, until_s).
std::vector<double> even(double rate, double until_s) {
  std::vector<double> t;
  for (double s = 0.5 / rate; s < until_s; s += 1 / rate) t.push_back(s);
  return t;
}

json world(const TempDir& dir, double rate, double load_until_s, double duration_s, json params) {
  json doc = cloudtest::cloud_world();
  doc["duration_s"] = duration_s;
  doc["serving"]["drop"] = "expired";
  doc["applications"] =
      json::array({cloudtest::app("a", "f", 2000, cloudtest::replay_at_seconds(dir, even(rate, load_until_s), "a.txt"))});
  params["instance_type"] = "c5.large";
  doc["policies"] = json::array({{{"name", "queue-threshold"}, {"params", params}}});
  return doc;
}

const QueueThresholdPolicy& policy(const servesim::test::PolicyRun& run) { return run.as<QueueThresholdPolicy>(); }

// 5 QPS is half of one instance: the queue never passes 4 a replica.
TEST(QueueThreshold, ALoadOneInstanceCarriesKeepsOne) {
  TempDir dir;
  const auto run = servesim::test::run_policy(dir, world(dir, 5, 300, 300, json::object()));
  EXPECT_EQ(policy(run).stats().scale_ups, 0u);
  EXPECT_EQ(policy(run).fleet_size(0), 1u);
  EXPECT_EQ(run.counts.arrived, 1500u);
  EXPECT_EQ(run.counts.dropped, 0u);
}

// Every instance launched is in the fleet or was removed by a scale-down
// (none is lost in this world): the counters balance.
void expect_balanced(const QueueThresholdPolicy& p, std::uint32_t initial) {
  EXPECT_EQ(p.stats().instances_launched, initial + p.stats().scale_ups);
  EXPECT_EQ(p.fleet_size(0) + p.stats().scale_downs, p.stats().instances_launched);
}

// 25 QPS needs three: instances are added, never beyond the cap. (At three
// the queue per replica falls below the scale-down threshold and the fleet
// shrinks and grows again: a queue threshold's own dynamics, which the
// counters show.)
TEST(QueueThreshold, AddsInstancesUpToTheCap) {
  TempDir dir;
  const auto run = servesim::test::run_policy(dir, world(dir, 25, 600, 600, {{"max_instances", 3}}));
  EXPECT_GE(policy(run).stats().scale_ups, 2u);
  EXPECT_EQ(policy(run).stats().peak_instances, 3u);
  expect_balanced(policy(run), 1);
}

// After the load stops, a quiet spell of scale_down_ticks ticks removes one
// instance at a time, down to min_instances.
TEST(QueueThreshold, RemovesInstancesAfterAQuietSpellDownToTheMinimum) {
  TempDir dir;
  const auto run = servesim::test::run_policy(
      dir, world(dir, 25, 400, 1200, {{"max_instances", 3}, {"scale_down_ticks", 3}, {"min_instances", 1}}));
  EXPECT_EQ(policy(run).stats().peak_instances, 3u);
  EXPECT_GE(policy(run).stats().scale_downs, 2u);
  EXPECT_EQ(policy(run).fleet_size(0), 1u);
  expect_balanced(policy(run), 1);
}

// Two instances, kept (no scale-down below a queue of 0), share 15 QPS of
// evenly spaced arrivals: the shortest queue alternates, so each replica is
// busy 7.5 x 100 ms = 75 % of the time, and nothing waits long enough to drop.
TEST(QueueThreshold, TheShortestQueueSpreadsTheLoad) {
  TempDir dir;
  const auto run = servesim::test::run_policy(
      dir, world(dir, 15, 200, 200, {{"initial_instances", 2}, {"max_instances", 2}, {"scale_down_queue", 0}}));
  ASSERT_EQ(run.replicas.size(), 2u);
  for (const ReplicaInfo& r : run.replicas) EXPECT_NEAR(r.utilisation, 0.75, 0.02);
  EXPECT_EQ(run.counts.arrived, 3000u);
  EXPECT_EQ(run.counts.dropped, 0u);
}

std::string error_of(const json& params_change, const std::string& family = "f") {
  TempDir dir;
  json doc = world(dir, 5, 10, 10, params_change);
  doc["applications"][0]["family"] = family;
  try {
    servesim::test::run_policy(dir, doc);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(QueueThreshold, BadParamsAreOneLineNamingTheField) {
  EXPECT_NE(error_of({{"scale_up_queue", 1}, {"scale_down_queue", 2}}).find("scale_down_queue must be less"),
            std::string::npos);
  EXPECT_NE(error_of({{"min_instances", 2}, {"initial_instances", 1}}).find("policies[0].params.initial_instances"),
            std::string::npos);
  EXPECT_NE(error_of({{"tick_s", 0}}).find("policies[0].params.tick_s"), std::string::npos);
  EXPECT_NE(error_of({{"instance_typo", "c5.large"}}).find("instance_typo"), std::string::npos);
  // Family fs runs on the GPU only: not on a c5.large.
  EXPECT_NE(error_of(json::object(), "fs").find("is not profiled on c5.large's devices"), std::string::npos);
}

}  // namespace
}  // namespace servesim::queue_threshold
