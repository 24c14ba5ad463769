// The untrained predictors behind MArk's pluggable API (MArk, ATC'19, section
// 4.2) and the factory that picks one: exact forecasts, worked out by hand.
#include "policies/mark/simple_predictors.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "policies/mark/load_predictor.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::mark {
namespace {

std::vector<double> flat(std::size_t n, double value) { return std::vector<double>(n, value); }

TEST(MarkSimplePredictors, LastValueRepeatsTheLastSample) {
  LastValuePredictor p(3);
  EXPECT_EQ(p.forecast(), flat(3, 0));
  p.observe(120);
  p.observe(84);
  EXPECT_EQ(p.forecast(), flat(3, 84));
}

TEST(MarkSimplePredictors, MovingAverageMeansTheLastKSamples) {
  MovingAveragePredictor p(2, 3);
  EXPECT_EQ(p.forecast(), flat(2, 0));
  p.observe(12);
  p.observe(24);
  EXPECT_EQ(p.forecast(), flat(2, 18));  // fewer than k: all of them
  p.observe(36);
  p.observe(60);
  EXPECT_EQ(p.forecast(), flat(2, 40));  // (24 + 36 + 60) / 3
}

TEST(MarkSimplePredictors, OracleReadsTheTruthAheadAndRepeatsItsEnd) {
  OraclePredictor p(3, {10, 20, 30, 40});
  EXPECT_EQ(p.forecast(), (std::vector<double>{10, 20, 30}));
  p.observe(10);
  EXPECT_EQ(p.forecast(), (std::vector<double>{20, 30, 40}));
  p.observe(20);
  p.observe(30);
  EXPECT_EQ(p.forecast(), (std::vector<double>{40, 40, 40}));
  p.observe(40);
  p.observe(50);
  EXPECT_EQ(p.forecast(), flat(3, 40));
  EXPECT_EQ(OraclePredictor(2, {}).forecast(), flat(2, 0));
}

TEST(MarkSimplePredictors, RunningMaxPlansOnTheFactorTimesTheLargestSample) {
  RunningMaxPredictor p(2, 1.2);
  EXPECT_EQ(p.forecast(), flat(2, 0));
  p.observe(100);
  p.observe(250);
  p.observe(50);
  EXPECT_EQ(p.forecast(), flat(2, 1.2 * 250));
}

TEST(MarkPredictorFactory, SimplePredictorsHaveSeenTheHistory) {
  const std::vector<double> history = {60, 300, 120};
  PredictorSettings settings;
  settings.window = 4;
  settings.moving_average_k = 2;
  const auto made = [&](PredictorKind kind) {
    settings.kind = kind;
    return make_load_predictor(settings, {.history = history})->forecast();
  };
  EXPECT_EQ(made(PredictorKind::kLastValue), flat(4, 120));
  EXPECT_EQ(made(PredictorKind::kMovingAverage), flat(4, 210));
  EXPECT_EQ(made(PredictorKind::kRunningMax), flat(4, 1.2 * 300));
}

TEST(MarkPredictorFactory, TheOracleStartsAtTheRunsFirstSample) {
  PredictorSettings settings;
  settings.kind = PredictorKind::kOracle;
  settings.window = 2;
  const std::vector<double> history = {1, 2};
  const std::vector<double> truth = {7, 8, 9};
  auto p = make_load_predictor(settings, {.history = history, .truth = truth});
  EXPECT_EQ(p->forecast(), (std::vector<double>{7, 8}));
  p->observe(7);
  EXPECT_EQ(p->forecast(), (std::vector<double>{8, 9}));
}

TEST(MarkPredictorFactory, AnLstmNeedsATrainedModel) {
  PredictorSettings settings;  // lstm by default
  EXPECT_THROW(make_load_predictor(settings, {}), InvariantError);
}

}  // namespace
}  // namespace servesim::mark
