// MArk's load samples (MArk, ATC'19, section 4.2): a unit's sample is its
// largest Ps-window count times Pu / Ps. Expected values by hand.
#include "policies/mark/load_samples.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "sim/core/input_error.hpp"

namespace servesim::mark {
namespace {

const Duration kPs = from_seconds(5);
const Duration kPu = from_seconds(60);

TEST(MarkLoadSamples, ASampleIsTheLargestWindowCountTimesTwelve) {
  LoadSampler sampler(kPs, kPu);
  for (int k = 0; k < 3; ++k) sampler.record_arrival(at_seconds(1 + k));   // window 0: 3
  for (int k = 0; k < 7; ++k) sampler.record_arrival(at_seconds(15.5));    // window 3: 7
  for (int k = 0; k < 2; ++k) sampler.record_arrival(at_seconds(59.999));  // window 11: 2
  sampler.record_arrival(at_seconds(60));  // a window's end opens the next: unit 1, window 0
  for (int k = 0; k < 4; ++k) sampler.record_arrival(at_seconds(64.9));  // unit 1, window 0: 5 in all
  sampler.advance_to(at_seconds(180));                                   // unit 2 has no arrival
  EXPECT_EQ(sampler.take_samples(), (std::vector<double>{84, 60, 0}));
  EXPECT_TRUE(sampler.take_samples().empty());  // each sample is taken once
}

TEST(MarkLoadSamples, AUnitYieldsItsSampleOnlyOnceWhole) {
  LoadSampler sampler(kPs, kPu);
  sampler.record_arrival(at_seconds(3));
  sampler.advance_to(at_seconds(59.9));
  EXPECT_TRUE(sampler.take_samples().empty());
  sampler.advance_to(at_seconds(60));
  EXPECT_EQ(sampler.take_samples(), (std::vector<double>{12}));
}

TEST(MarkLoadSamples, WindowCountsGiveTheSameSamples) {
  std::vector<std::uint64_t> counts(24, 1);
  counts[5] = 9;          // unit 0's largest
  counts[12] = 4;         // unit 1's largest
  counts.push_back(100);  // a partial third unit: dropped
  EXPECT_EQ(samples_from_window_counts(counts, kPs, kPu), (std::vector<double>{108, 48}));
}

TEST(MarkLoadSamples, OtherWindowsScaleByUnitOverWindow) {
  // Ps = 10 s, Pu = 30 s: three windows a unit, a sample is 3 x the largest.
  const std::vector<std::uint64_t> counts = {2, 5, 1, 0, 0, 4};
  EXPECT_EQ(samples_from_window_counts(counts, from_seconds(10), from_seconds(30)), (std::vector<double>{15, 12}));
}

TEST(MarkLoadSamples, AHistoryCountsWholeUnitsFromItsStart) {
  // Units start at 30 s; arrivals before it or at/after the end are ignored.
  const std::vector<SimTime> arrivals = {at_seconds(10), at_seconds(31),  at_seconds(32),  at_seconds(89),
                                         at_seconds(90), at_seconds(100), at_seconds(151), at_seconds(170)};
  const auto samples = samples_from_arrivals(arrivals, at_seconds(30), at_seconds(165), kPs, kPu);
  // Unit [30, 90): window [30, 35) holds 2 -> 24. Unit [90, 150): 1 each -> 12.
  // [150, 165) is a partial unit.
  EXPECT_EQ(samples, (std::vector<double>{24, 12}));
}

TEST(MarkLoadSamples, RefusesAUnitThatIsNotWholeWindows) {
  EXPECT_THROW(LoadSampler(kPs, from_seconds(62)), InvariantError);
  EXPECT_THROW(LoadSampler(Duration::zero(), kPu), InvariantError);
}

TEST(MarkLoadSamples, RefusesArrivalsOutOfOrder) {
  LoadSampler sampler(kPs, kPu);
  sampler.record_arrival(at_seconds(12));
  EXPECT_THROW(sampler.record_arrival(at_seconds(4)), InvariantError);
  EXPECT_NO_THROW(sampler.record_arrival(at_seconds(10)));  // same open window [10, 15)
}

}  // namespace
}  // namespace servesim::mark
