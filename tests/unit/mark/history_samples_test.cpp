// MArk's history samples against their count: servesim validate checks the
// LSTM's history on history_sample_count, which does not draw the history,
// and run trains on history_samples; the two must agree or validate passes a
// history that run rejects (or the other way round).
#include <gtest/gtest.h>

#include "policies/mark/history_samples.hpp"
#include "sim/core/time.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::mark {
namespace {

using cloudtest::json;

json mark_entry() {
  return {{"name", "mark"},
          {"params", {{"predictor", "last_value"}, {"instance_types", json::array({"c5.large"})}, {"slo_monitor_type", "c5.large"}}}};
}

// A one-application cloud world whose history lasts `history_s` at 20 QPS.
Scenario world_with_history(test::TempDir& dir, double history_s) {
  json doc = cloudtest::cloud_world();
  doc["duration_s"] = 60;
  json app = cloudtest::app("a", "f", 1000, {{"kind", "poisson"}, {"rate", 20}});
  app["history"] = {{"kind", "poisson"}, {"rate", 20}, {"duration_s", history_s}};
  doc["applications"] = json::array({app});
  doc["policies"] = json::array({mark_entry()});
  return cloudtest::load_doc(dir, doc);
}

PredictorSettings sampled(double sample_window_s, double prediction_unit_s) {
  PredictorSettings settings;
  settings.sample_window = from_seconds(sample_window_s);
  settings.prediction_unit = from_seconds(prediction_unit_s);
  return settings;
}

TEST(HistorySamples, TheCountIsTheWholeUnitsTheSamplesHoldOnEitherPath) {
  struct Case {
    double history_s, sample_window_s, prediction_unit_s;
    std::size_t whole_units;
  };
  const Case cases[] = {
      {3600, 5, 60, 60},       // whole units, per-second path
      {3630, 5, 60, 60},       // a partial first unit of 30 s, dropped
      {3659.5, 5, 60, 60},     // a partial first unit that is not whole seconds: replayed
      {3630, 2.5, 60, 60},     // a sample window that is not whole seconds: replayed
      {1000.25, 0.25, 7.5, 133},  // both, and a unit of 30 windows
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(testing::Message() << c.history_s << " s of history, Ps " << c.sample_window_s << " s, Pu "
                                    << c.prediction_unit_s << " s");
    test::TempDir dir;
    const Scenario scenario = world_with_history(dir, c.history_s);
    const PredictorSettings settings = sampled(c.sample_window_s, c.prediction_unit_s);
    EXPECT_EQ(history_samples(scenario.world, 0, settings).size(), c.whole_units);
    EXPECT_EQ(history_sample_count(scenario.world, 0, settings), c.whole_units);
  }
}

TEST(HistorySamples, AnApplicationWithoutHistoryHasNoSamples) {
  test::TempDir dir;
  json doc = cloudtest::cloud_world();
  doc["duration_s"] = 60;
  doc["applications"] = json::array({cloudtest::app("a", "f", 1000, {{"kind", "poisson"}, {"rate", 20}})});
  doc["policies"] = json::array({mark_entry()});
  const Scenario scenario = cloudtest::load_doc(dir, doc);
  EXPECT_TRUE(history_samples(scenario.world, 0, PredictorSettings{}).empty());
  EXPECT_EQ(history_sample_count(scenario.world, 0, PredictorSettings{}), 0u);
}

}  // namespace
}  // namespace servesim::mark
