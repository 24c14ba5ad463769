#include "traces/mmpp_arrivals.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "trace_test_support.hpp"

namespace servesim {
namespace {

using test::kSigmas;

// Two states: rate 10 for a mean 2 s, rate 100 for a mean 0.5 s. Exit rates
// a = 0.5 and b = 2 give occupancy pi = (b, a) / (a + b) = (0.8, 0.2) and a
// mean rate of 28 per second.
constexpr double kA = 0.5, kB = 2.0;

std::shared_ptr<MmppArrivals> two_state(std::optional<std::size_t> initial = {}) {
  return MmppArrivals::from_sojourns({10, 100}, {1 / kA, 1 / kB}, {}, initial);
}

TEST(Mmpp, StationaryDistributionSolvesPiQ) {
  EXPECT_NEAR(two_state()->stationary()[0], 0.8, 1e-12);
  EXPECT_NEAR(two_state()->mean_rate(), 28, 1e-9);
  const RateMatrix q{{-3, 1, 2}, {4, -5, 1}, {1, 1, -2}};
  const std::vector<double> pi = stationary_distribution(q);
  double total = 0;
  for (std::size_t j = 0; j < 3; ++j) {
    double flow = 0;
    for (std::size_t i = 0; i < 3; ++i) flow += pi[i] * q[i][j];
    EXPECT_NEAR(flow, 0, 1e-12);
    total += pi[j];
  }
  EXPECT_NEAR(total, 1, 1e-12);
}

// The time-average occupancy of a two-state chain over T has asymptotic
// variance 2ab / ((a + b)^3 T).
TEST(Mmpp, StateOccupancyMatchesStationaryDistribution) {
  const double horizon = 200000;
  MarkovModulator chain(two_state()->generator(), 0, 0.0, RandomStream(3, "chain"));
  double now = 0, in_state0 = 0;
  while (now < horizon) {
    const double until = std::min(chain.next_switch_s(), horizon);
    if (chain.state() == 0) in_state0 += until - now;
    now = until;
    if (now < horizon) chain.jump();
  }
  const double se = std::sqrt(2 * kA * kB / (std::pow(kA + kB, 3) * horizon));
  EXPECT_NEAR(in_state0 / horizon, 0.8, kSigmas * se);
}

// Counts of a two-state MMPP over T have asymptotic variance
// T * (mean + 2 (l0 - l1)^2 ab / (a + b)^3).
TEST(Mmpp, OverallMeanRate) {
  const double horizon = 100000;
  const auto arrivals = test::take_until(*two_state()->open(5, "mmpp"), at_seconds(horizon));
  const double var = horizon * (28 + 2 * 90.0 * 90.0 * kA * kB / std::pow(kA + kB, 3));
  EXPECT_NEAR(arrivals.size(), 28 * horizon, kSigmas * std::sqrt(var));
}

// With sojourns of weeks, the state an opened stream starts in shows in how
// soon its first arrival comes (rate 0 vs 1000). The fraction of streams
// starting in state 1 is binomial around pi_1 = 0.25.
TEST(Mmpp, InitialStateIsStationaryByDefaultOrGiven) {
  const auto spec = MmppArrivals::from_sojourns({0, 1000}, {3e6, 1e6});
  const int m = 4000;
  int fast = 0;
  for (int i = 0; i < m; ++i) fast += spec->open(9, "init/" + std::to_string(i))->next()->time < at_seconds(1);
  EXPECT_NEAR(fast / double(m), 0.25, kSigmas * std::sqrt(0.25 * 0.75 / m));
  const auto pinned = MmppArrivals::from_sojourns({0, 1000}, {3e6, 1e6}, {}, std::size_t{1});
  for (int i = 0; i < 100; ++i) EXPECT_LT(pinned->open(9, "pin/" + std::to_string(i))->next()->time, at_seconds(1));
}

TEST(Mmpp, GeneratorFormMatchesSojournForm) {
  const MmppArrivals by_q({10, 100}, {{-kA, kA}, {kB, -kB}});
  EXPECT_NEAR(by_q.mean_rate(), 28, 1e-9);
  const auto a = by_q.open(4, "same"), b = two_state()->open(4, "same");
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(a->next()->time, b->next()->time);
}

TEST(Mmpp, TransitionMatrixSteersJumps) {
  // 0 -> 1 -> 2 -> 0 in a cycle with equal sojourns: each state a third of the time.
  const auto spec = MmppArrivals::from_sojourns({1, 2, 3}, {1, 1, 1}, {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}});
  for (double p : spec->stationary()) EXPECT_NEAR(p, 1.0 / 3, 1e-12);
  MarkovModulator chain(spec->generator(), 0, 0.0, RandomStream(1, "cycle"));
  for (int i = 0; i < 30; ++i) {
    const std::size_t before = chain.state();
    chain.jump();
    EXPECT_EQ(chain.state(), (before + 1) % 3);
  }
}

TEST(Mmpp, Deterministic) {
  const auto a = two_state()->open(1, "x"), b = two_state()->open(1, "x"), c = two_state()->open(1, "y");
  int same = 0;
  for (int i = 0; i < 500; ++i) {
    const SimTime t = a->next()->time;
    ASSERT_EQ(t, b->next()->time);
    same += t == c->next()->time;
  }
  EXPECT_LT(same, 5);
}

TEST(Mmpp, RejectsBadChains) {
  EXPECT_THROW(MmppArrivals({1, 2}, {{-1, 1}, {0, 0}}), std::invalid_argument);  // state 1 absorbing: reducible
  EXPECT_THROW(MmppArrivals({1, 2}, {{-1, 2}, {1, -1}}), std::invalid_argument);  // row does not sum to 0
  EXPECT_THROW(MmppArrivals({1, 2}, {{-1, 1}, {-1, 1}}), std::invalid_argument);  // negative off-diagonal
  EXPECT_THROW(MmppArrivals({0, 0}, {{-1, 1}, {1, -1}}), std::invalid_argument);  // never any arrival
  EXPECT_THROW(MmppArrivals({-1, 2}, {{-1, 1}, {1, -1}}), std::invalid_argument);
  EXPECT_THROW(MmppArrivals({1, 2}, {{-1, 1}, {1, -1}}, std::size_t{2}), std::invalid_argument);
  EXPECT_THROW(MmppArrivals::from_sojourns({1, 2}, {1, 0}), std::invalid_argument);
  EXPECT_THROW(MmppArrivals::from_sojourns({1, 2}, {1, 1}, {{0, 0.5}, {1, 0}}), std::invalid_argument);
  EXPECT_THROW(MmppArrivals::from_sojourns({1, 2}, {1, 1}, {{1, 0}, {1, 0}}), std::invalid_argument);
}

TEST(Mmpp, SingleStateIsPoisson) {
  const auto spec = MmppArrivals::from_sojourns({40}, {5});
  const auto arrivals = test::take_until(*spec->open(2, "one"), at_seconds(1000));
  EXPECT_NEAR(arrivals.size(), 40000, kSigmas * std::sqrt(40000.0));
}

}  // namespace
}  // namespace servesim
