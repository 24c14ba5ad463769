#include "traces/segmented_arrivals.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "traces/gamma_arrivals.hpp"
#include "traces/gamma_transition_arrivals.hpp"
#include "trace_test_support.hpp"

namespace servesim {
namespace {

using test::kSigmas;

// Poisson counts over a fixed window: sd = sqrt(mean).
double poisson_tol(double mean) { return kSigmas * std::sqrt(mean); }

SegmentedArrivals flat_burst(bool repeat) {
  return SegmentedArrivals({{from_seconds(100), poisson_arrivals(10)}, {from_seconds(50), poisson_arrivals(100)}}, repeat);
}

TEST(Segmented, EachSegmentRunsItsChildThenStops) {
  const auto arrivals = test::take_all(*flat_burst(false).open(1, "seg"));
  EXPECT_NEAR(test::count_in(arrivals, 0, 100), 1000, poisson_tol(1000));
  EXPECT_NEAR(test::count_in(arrivals, 100, 150), 5000, poisson_tol(5000));
  EXPECT_LT(arrivals.back().time, at_seconds(150));
  for (std::size_t i = 1; i < arrivals.size(); ++i) ASSERT_GE(arrivals[i].time, arrivals[i - 1].time);
}

TEST(Segmented, RepeatCyclesWithFreshDraws) {
  const auto arrivals = test::take_until(*flat_burst(true).open(1, "seg"), at_seconds(1500));
  for (int c = 0; c < 10; ++c) {
    EXPECT_NEAR(test::count_in(arrivals, 150 * c, 150 * c + 100), 1000, poisson_tol(1000));
    EXPECT_NEAR(test::count_in(arrivals, 150 * c + 100, 150 * c + 150), 5000, poisson_tol(5000));
  }
  // Cycle 1 is not cycle 0 shifted: each repetition has its own stream.
  std::vector<Duration> first, second;
  for (const Arrival& a : arrivals) {
    if (a.time < at_seconds(10)) first.push_back(a.time - SimTime::zero());
    if (a.time >= at_seconds(150) && a.time < at_seconds(160)) second.push_back(a.time - at_seconds(150));
  }
  EXPECT_NE(first, second);
}

class EmptyWorkload : public WorkloadSpec {
 public:
  std::unique_ptr<ArrivalStream> open(std::uint64_t, const std::string&) const override {
    struct Empty : ArrivalStream {
      std::optional<Arrival> next() override { return std::nullopt; }
    };
    return std::make_unique<Empty>();
  }
};

TEST(Segmented, RepeatingCycleOfDryChildrenEnds) {
  const SegmentedArrivals spec({{from_seconds(1), std::make_shared<EmptyWorkload>()}}, true);
  EXPECT_FALSE(spec.open(1, "empty")->next().has_value());
}

TEST(Segmented, SparseRepeatingChildKeepsGoing) {
  // About 2000 silent 1 ms cycles before the first arrival: silence alone never ends the stream.
  const SegmentedArrivals spec({{from_seconds(1e-3), poisson_arrivals(0.5)}}, true);
  const auto s = spec.open(1, "sparse");
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(s->next().has_value());
}

TEST(Segmented, Rejects) {
  EXPECT_THROW(SegmentedArrivals({}, false), std::invalid_argument);
  EXPECT_THROW(SegmentedArrivals({{Duration::zero(), poisson_arrivals(1)}}, false), std::invalid_argument);
  EXPECT_THROW(SegmentedArrivals({{from_seconds(1), nullptr}}, false), std::invalid_argument);
}

TEST(GammaTransition, PhaseInterpolatesRateAndCv) {
  const GammaTransitionArrivals spec({100, 1}, {300, 3}, 100, 100);
  EXPECT_DOUBLE_EQ(spec.phase_at(50).rate, 100);
  EXPECT_DOUBLE_EQ(spec.phase_at(150).rate, 200);
  EXPECT_DOUBLE_EQ(spec.phase_at(150).cv, 2);
  EXPECT_DOUBLE_EQ(spec.phase_at(125).cv, 1.5);
  EXPECT_DOUBLE_EQ(spec.phase_at(500).cv, 3);
  EXPECT_DOUBLE_EQ(GammaTransitionArrivals({1, 1}, {2, 2}, 10, 0).phase_at(10).rate, 2);
}

// Renewal counts over a window have variance about rate * T * cv^2 (using the
// largest cv of the window); the cv of n Gamma gaps has relative se
// sqrt((1 + cv^2) / (2 n)).
TEST(GammaTransition, RatesBeforeDuringAndAfter) {
  const GammaTransitionArrivals spec({100, 1}, {300, 2}, 100, 100);
  const auto arrivals = test::take_until(*spec.open(3, "shift"), at_seconds(300));
  EXPECT_NEAR(test::count_in(arrivals, 0, 100), 10000, kSigmas * std::sqrt(10000.0));
  EXPECT_NEAR(test::count_in(arrivals, 100, 200), 20000, kSigmas * std::sqrt(20000 * 4.0));
  EXPECT_NEAR(test::count_in(arrivals, 120, 130), 1500, kSigmas * std::sqrt(1500 * 1.6 * 1.6));
  EXPECT_NEAR(test::count_in(arrivals, 200, 300), 30000, kSigmas * std::sqrt(30000 * 4.0));
  std::vector<Arrival> after;
  for (const Arrival& a : arrivals) if (a.time >= at_seconds(200)) after.push_back(a);
  const test::GapStats s = test::gap_stats(after);
  EXPECT_NEAR(s.cv / 2, 1, kSigmas * std::sqrt(5 / (2.0 * s.n)));
}

TEST(GammaTransition, Rejects) {
  EXPECT_THROW(GammaTransitionArrivals({0, 1}, {1, 1}, 0, 1), std::invalid_argument);
  EXPECT_THROW(GammaTransitionArrivals({1, 1}, {1, 0}, 0, 1), std::invalid_argument);
  EXPECT_THROW(GammaTransitionArrivals({1, 1}, {1, 1}, -1, 1), std::invalid_argument);
  EXPECT_THROW(GammaTransitionArrivals({1, 1}, {1, 1}, 0, -1), std::invalid_argument);
}

}  // namespace
}  // namespace servesim
