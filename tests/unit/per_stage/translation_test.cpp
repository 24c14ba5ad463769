// What the per-stage policy's inner policy sees, and what the engine gets from
// it: a recording stand-in for the inner policy, built by the wrapper in the
// world it derives, runs on the real engine behind a recorder of the actions
// that reach the engine.
//
// World: four box.cpu devices; "chain" (detect: fa -> classify: fb, SLO
// 1000 ms) and "solo" (fb alone, SLO 500 ms), Poisson 5 QPS each for 20 s.
// Derived applications: 0 chain.detect (400 ms), 1 chain.classify (600 ms),
// 2 solo.fb (500 ms). The stand-in loads one replica per derived application
// on device d, routes 0 and 1 by weights and 2 through its central queue.
#include <gtest/gtest.h>

#include <set>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "policies/per_stage/per_stage_policy.hpp"
#include "sim/scenario/policy_context.hpp"
#include "tests/unit/per_stage/per_stage_world.hpp"

namespace servesim::per_stage::test {
namespace {

struct SeenRoute {
  RouteRequest request;
  SimTime now;
};

struct InnerLog {
  const PolicyWorld* world = nullptr;
  std::string label;
  std::vector<std::string> view_applications;
  std::vector<SeenRoute> routes;
  std::vector<ReplicaId> replicas;                 // by derived application
  std::vector<std::vector<double>> rates;          // per tick: arrival_rate(d, 0)
  std::vector<std::vector<FinishedQueries>> finished;  // per tick: finished_queries(d)
  std::set<const void*> controls, views;                // every call's, by address
};

class RecordingInner final : public Policy {
  void seen(ClusterControl& control, const ClusterView& view) {
    log_.controls.insert(&control);
    log_.views.insert(&view);
  }

 public:
  RecordingInner(const PolicyContext& context, InnerLog& log) : log_(log) {
    log_.world = &context.world;
    log_.label = context.label;
  }
  std::string_view name() const override { return "recording"; }
  void start(ClusterControl& control, const ClusterView& view) override {
    seen(control, view);
    for (const Application& app : view.applications()) log_.view_applications.push_back(app.name);
    for (AppId d = 0; d < view.applications().size(); ++d) {
      const FamilyId family = view.applications()[d].pipeline.stages()[0].family;
      const LoadResult r = control.load_replica(ReplicaRequest{view.models().most_accurate(family), d, {}, 1});
      log_.replicas.push_back(*r.replica);
    }
    control.set_routing_weights(0, 0, {{log_.replicas[0], 1.0}});
    control.set_routing_weights(1, 0, {{log_.replicas[1], 1.0}});
    control.attach_central_queue(log_.replicas[2], 2, 0);
  }
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override {
    seen(control, view);
    log_.routes.push_back({request, view.now()});
    return request.app == 2 ? RouteDecision::to_central_queue() : RouteDecision::by_weights();
  }
  Duration tick_interval() const override { return from_seconds(1); }
  void on_tick(ClusterControl& control, const ClusterView& view) override {
    seen(control, view);
    log_.rates.emplace_back();
    log_.finished.emplace_back();
    for (AppId d = 0; d < view.applications().size(); ++d) {
      log_.rates.back().push_back(view.arrival_rate(d, 0));
      log_.finished.back().push_back(view.finished_queries(d));
    }
  }

 private:
  InnerLog& log_;
};

// What reaches the engine, then passes on.
struct EngineLog {
  std::vector<std::pair<AppId, StageId>> weights_set;
  std::vector<std::tuple<ReplicaId, AppId, StageId>> attached;
  std::map<std::pair<AppId, StageId>, Duration> budgets;
  std::vector<std::vector<double>> rates;              // per tick: arrival_rate(a, s) of (0,0), (0,1), (1,0)
  std::vector<std::vector<FinishedQueries>> finished;  // per tick: finished_queries(0), (1)
};

class RecordingControl final : public ClusterControl {
 public:
  RecordingControl(ClusterControl& real, EngineLog& log) : real_(real), log_(log) {}
  LoadResult load_replica(const ReplicaRequest& r) override { return real_.load_replica(r); }
  void unload_replica(ReplicaId id) override { real_.unload_replica(id); }
  void set_batcher(ReplicaId id, const BatcherSpec& spec) override { real_.set_batcher(id, spec); }
  InstanceId launch_instance(InstanceTypeId type, Market market) override { return real_.launch_instance(type, market); }
  void stop_instance(InstanceId id) override { real_.stop_instance(id); }
  void set_routing_weights(AppId app, StageId stage, std::vector<RoutingWeight> weights) override {
    log_.weights_set.emplace_back(app, stage);
    real_.set_routing_weights(app, stage, std::move(weights));
  }
  void attach_central_queue(ReplicaId replica, AppId app, StageId stage) override {
    log_.attached.emplace_back(replica, app, stage);
    real_.attach_central_queue(replica, app, stage);
  }
  void set_stage_budget(AppId app, StageId stage, Duration budget) override {
    log_.budgets[{app, stage}] = budget;
    real_.set_stage_budget(app, stage, budget);
  }

 private:
  ClusterControl& real_;
  EngineLog& log_;
};

class Harness final : public Controller {
 public:
  Harness(Policy& policy, EngineLog& log) : policy_(policy), log_(log) {}
  void start(ClusterControl& control, const ClusterView& view) override {
    RecordingControl recording(control, log_);
    policy_.start(recording, view);
  }
  RouteDecision route(const RouteRequest& request, ClusterControl& control, const ClusterView& view) override {
    RecordingControl recording(control, log_);
    return policy_.route(request, recording, view);
  }
  Duration tick_interval() const override { return policy_.tick_interval(); }
  void on_tick(ClusterControl& control, const ClusterView& view) override {
    RecordingControl recording(control, log_);
    policy_.on_tick(recording, view);
    log_.rates.push_back({view.arrival_rate(0, 0), view.arrival_rate(0, 1), view.arrival_rate(1, 0)});
    log_.finished.push_back({view.finished_queries(0), view.finished_queries(1)});
  }

 private:
  Policy& policy_;
  EngineLog& log_;
};

json two_app_world() {
  json doc = with_fixed_cpus(chain_world());
  doc["duration_s"] = 20;
  doc["applications"][0].erase("history");
  doc["applications"].push_back({{"name", "solo"}, {"family", "fb"}, {"slo_ms", 500},
                                 {"min_accuracy", 0.5}, {"workload", {{"kind", "poisson"}, {"rate", 5}}}});
  doc["policies"] = per_stage("mark");  // any name per-stage accepts: the stand-in replaces it
  return doc;
}

struct Translated {
  InnerLog inner;
  EngineLog engine;
  cloudtest::CloudRun run;
};

// One run; the scenario stays loaded only inside (the logs keep copies).
void run_translated(Translated& out, std::vector<Application>& inner_apps) {
  servesim::test::TempDir dir;
  const Scenario scenario = cloudtest::load_doc(dir, two_app_world());
  const PolicySpec& spec = scenario.policies.at(0);
  const PolicyContext context = policy_context(scenario, spec);
  PerStagePolicy policy(spec.params_node(scenario.file), context,
                        [&](const JsonNode&, const JsonNode&, const PolicyContext& inner_context) {
                          return std::make_unique<RecordingInner>(inner_context, out.inner);
                        });
  inner_apps = policy.inner_world().applications;
  Harness harness(policy, out.engine);
  out.run = cloudtest::run(scenario, harness);
}

class PerStageTranslation : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    result_ = std::make_unique<Translated>();
    apps_ = std::make_unique<std::vector<Application>>();
    run_translated(*result_, *apps_);
  }
  static void TearDownTestSuite() {
    result_.reset();
    apps_.reset();
  }
  static std::unique_ptr<Translated> result_;
  static std::unique_ptr<std::vector<Application>> apps_;
};
std::unique_ptr<Translated> PerStageTranslation::result_;
std::unique_ptr<std::vector<Application>> PerStageTranslation::apps_;

TEST_F(PerStageTranslation, TheInnerWorldHasOneSingleModelApplicationPerStage) {
  const auto& apps = *apps_;
  ASSERT_EQ(apps.size(), 3u);
  const std::vector<std::string> names{"chain.detect", "chain.classify", "solo.fb"};
  const std::vector<Duration> slos{from_millis(400), from_millis(600), from_millis(500)};
  for (std::size_t d = 0; d < 3; ++d) {
    EXPECT_EQ(apps[d].name, names[d]);
    EXPECT_EQ(apps[d].slo, slos[d]) << names[d];
    EXPECT_EQ(apps[d].pipeline.stages().size(), 1u);
  }
  EXPECT_EQ(apps[0].pipeline.stages()[0].name, "detect");
  EXPECT_FALSE(apps[1].min_accuracy.has_value());
  EXPECT_EQ(apps[2].min_accuracy, 0.5);
  EXPECT_EQ(result_->inner.view_applications, names);  // the view shows the same
  EXPECT_EQ(result_->inner.label, "mark-per-stage");   // its streams are named as the wrapper's
}

// The inner policy is handed one control and one view for the whole run: a
// policy may keep the control's address across calls while the engine calls
// back into it (INFaaS stops a worker from on_tick and hears of it in
// on_instance_gone meanwhile), which a per-call temporary would leave dangling.
TEST_F(PerStageTranslation, TheInnerPolicyIsHandedTheSameControlAndViewAtEveryCall) {
  ASSERT_FALSE(result_->inner.routes.empty());
  ASSERT_FALSE(result_->inner.rates.empty());
  EXPECT_EQ(result_->inner.controls.size(), 1u);
  EXPECT_EQ(result_->inner.views.size(), 1u);
}

TEST_F(PerStageTranslation, ARouteIsTheDerivedApplicationsStageZeroArrivingNowWithTheStageDeadline) {
  const auto& routes = result_->inner.routes;
  ASSERT_GT(routes.size(), 100u);
  const std::vector<Duration> budgets{from_millis(400), from_millis(600), from_millis(500)};
  std::map<std::uint64_t, SimTime> detect_routed;  // by query id
  std::size_t classify = 0;
  for (const SeenRoute& r : routes) {
    ASSERT_LT(r.request.app, 3u);
    EXPECT_EQ(r.request.stage, 0u);
    EXPECT_EQ(r.request.arrival, r.now);
    EXPECT_EQ(r.request.deadline, r.now + budgets[r.request.app]);
    if (r.request.app == 0) detect_routed[r.request.query] = r.now;
    if (r.request.app == 1) {
      ++classify;
      // The classify visit starts when detect has run (at least a1's 40 ms),
      // not at the query's arrival, and its deadline is its own.
      ASSERT_TRUE(detect_routed.count(r.request.query));
      EXPECT_GE(r.now - detect_routed[r.request.query], from_millis(40));
    }
  }
  EXPECT_EQ(classify, detect_routed.size());  // every detect visit goes on to classify
}

TEST_F(PerStageTranslation, ActionsReachTheEngineAsTheRealStages) {
  const EngineLog& e = result_->engine;
  EXPECT_EQ(e.weights_set, (std::vector<std::pair<AppId, StageId>>{{0, 0}, {0, 1}}));
  ASSERT_EQ(e.attached.size(), 1u);
  EXPECT_EQ(e.attached[0], std::make_tuple(result_->inner.replicas[2], AppId{1}, StageId{0}));
  // Set before the inner policy's start, for every real stage.
  EXPECT_EQ(e.budgets.size(), 3u);
  EXPECT_EQ(e.budgets.at({0, 0}), from_millis(400));
  EXPECT_EQ(e.budgets.at({0, 1}), from_millis(600));
  EXPECT_EQ(e.budgets.at({1, 0}), from_millis(500));
  // The weights and the central queue did route: every query completed.
  const QueryCounts& c = result_->run.counts;
  EXPECT_GT(c.arrived, 100u);
  EXPECT_EQ(c.completed, c.arrived);
}

TEST_F(PerStageTranslation, TheViewReadsTheRealStagesRatesAndTheRealApplicationsOutcomes) {
  const InnerLog& in = result_->inner;
  const EngineLog& e = result_->engine;
  ASSERT_EQ(in.rates.size(), e.rates.size());
  ASSERT_GE(in.rates.size(), 15u);
  bool some_load = false;
  for (std::size_t t = 0; t < in.rates.size(); ++t) {
    EXPECT_EQ(in.rates[t], e.rates[t]) << "tick " << t;
    some_load = some_load || e.rates[t][1] > 0;
    // Outcomes are the real application's, end to end, for each of its stages.
    EXPECT_EQ(in.finished[t][0].on_time, e.finished[t][0].on_time);
    EXPECT_EQ(in.finished[t][1].on_time, e.finished[t][0].on_time);
    EXPECT_EQ(in.finished[t][2].on_time, e.finished[t][1].on_time);
    EXPECT_EQ(in.finished[t][1].late, e.finished[t][0].late);
  }
  EXPECT_TRUE(some_load);
  EXPECT_GT(in.finished.back()[1].on_time, 0u);
}

}  // namespace
}  // namespace servesim::per_stage::test
