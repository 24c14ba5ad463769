// The shape of INFaaS' Figure 1: no slowdown at low load or alone, growth with
// load and co-runners above the threshold, and the smaller model suffers more.
#include "sim/cluster/interference.hpp"

#include <gtest/gtest.h>

namespace servesim {
namespace {

TEST(Interference, NoEffectAtLowLoad) {
  const InterferenceModel m;  // threshold 0.5, slope 0.5, weight 2
  EXPECT_EQ(m.factor(0.0, 3, 1), 1.0);
  EXPECT_EQ(m.factor(0.3, 3, 3), 1.0);
  EXPECT_EQ(m.factor(0.5, 3, 3), 1.0);  // at the threshold exactly
}

TEST(Interference, NoEffectWhenNobodyElseRuns) {
  const InterferenceModel m;
  EXPECT_EQ(m.factor(0.95, 0, 0), 1.0);
  EXPECT_EQ(m.factor(3.0, 0, 5), 1.0);  // larger_running is clamped to others_running
}

TEST(Interference, GrowsWithLoadAboveTheThreshold) {
  const InterferenceModel m;
  const double f6 = m.factor(0.6, 1, 0), f8 = m.factor(0.8, 1, 0), f10 = m.factor(1.0, 1, 0);
  EXPECT_GT(f6, 1.0);
  EXPECT_LT(f6, f8);
  EXPECT_LT(f8, f10);
  EXPECT_DOUBLE_EQ(f10, 1.0 + 0.5 * 0.5 * 1);  // the functional form
}

TEST(Interference, GrowsWithCoRunners) {
  const InterferenceModel m;
  EXPECT_LT(m.factor(0.9, 1, 0), m.factor(0.9, 2, 0));
  EXPECT_LT(m.factor(0.9, 2, 0), m.factor(0.9, 3, 0));
}

TEST(Interference, TheSmallerModelSuffersMore) {
  // A small model sharing with a larger one (larger_running = 1) versus the
  // large model sharing with a smaller one (larger_running = 0).
  const InterferenceModel m;
  const double small = m.factor(0.9, 1, 1);
  const double large = m.factor(0.9, 1, 0);
  EXPECT_GT(small, large);
  EXPECT_DOUBLE_EQ(small - 1.0, 2.0 * (large - 1.0));  // smaller_model_weight = 2
}

TEST(Interference, ZeroSlopeMeansNoInterference) {
  // The Inferentia setting: variants on separate NeuronCores (INFaaS 6.3.1).
  InterferenceModel m;
  m.slope = 0;
  EXPECT_EQ(m.factor(2.0, 4, 4), 1.0);
}

}  // namespace
}  // namespace servesim
