// ClusterView::instance_state is instance(id).state without building the
// InstanceInfo: INFaaS follows its workers with it at every tick, so it must
// agree with instance() while booting, running and once stopped and freed,
// and refuse an id never handed out as instance() does.
#include <gtest/gtest.h>

#include <vector>

#include "sim/core/input_error.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::cloudtest {
namespace {

TEST(InstanceState, AgreesWithInstanceWhileBootingRunningAndFreed) {
  test::TempDir dir;
  const Scenario scenario = one_query_scenario(dir, 400);
  TestController c;
  InstanceId id = 0;
  std::vector<std::pair<InstanceState, InstanceState>> seen;  // instance().state, instance_state()
  const auto look = [&](const ClusterView& view) { seen.emplace_back(view.instance(id).state, view.instance_state(id)); };
  c.at(10, [&](ClusterControl& control, const ClusterView& view) {
    id = control.launch_instance(itype(view, "c5.large"), Market::kOnDemand);
    look(view);
  });
  c.at(200, [&](ClusterControl& control, const ClusterView& view) {
    look(view);
    control.stop_instance(id);
  });
  bool refused = false;
  c.at(300, [&](ClusterControl&, const ClusterView& view) {
    look(view);
    try {
      view.instance_state(id + 1);
    } catch (const InvariantError&) {
      refused = true;
    }
  });
  run(scenario, c);

  ASSERT_EQ(seen.size(), 3u);
  for (const auto& [info, state] : seen) EXPECT_EQ(state, info);
  EXPECT_EQ(seen[0].second, InstanceState::kBooting);
  EXPECT_EQ(seen[1].second, InstanceState::kRunning);
  EXPECT_EQ(seen[2].second, InstanceState::kStopped);
  EXPECT_TRUE(refused);
}

}  // namespace
}  // namespace servesim::cloudtest
